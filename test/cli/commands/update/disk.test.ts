/**
 * `auth update` as built (dist/), on a disk copy of the older build's app (test/fixtures/update-older-next):
 * the runtime store found beside the built CLI, the plan applied to the disk, the merged runtime loaded by
 * Node, and the per-file question answered on a real pseudo-terminal (util-linux `script`). The built
 * `runUpdate` is called by a small module run as its own process, with the real host (processHost), as the
 * program calls it (update.test.ts types the command through the argv parser).
 */
import { spawn, spawnSync } from "node:child_process";
import { readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertBuilt, copyFixture, read, removeTemps, repoRoot } from "../../support.js";

beforeAll(assertBuilt);
afterAll(removeTemps);

const RUNTIME = "vendor/auth-runtime";
const MY_NOTE = "// my note: kept through updates";
const OLD_IMPORT = 'import type { AuthConfig, Session, User } from "../types.js";';

/** Runs the built update in `dir` with `flags` (as the program passes them); prints what it prints. */
function updateModule(dir: string, flags: Record<string, unknown>): string {
  const file = path.join(dir, ".run-update.mjs");
  const dist = (module: string) => JSON.stringify(path.join(repoRoot, "dist/cli", module));
  writeFileSync(
    file,
    [
      `import { runUpdate } from ${dist("commands/update.js")};`,
      `import { processHost } from ${dist("commands/host.js")};`,
      `import { createOutput } from ${dist("output.js")};`,
      `import { CliError } from ${dist("errors.js")};`,
      "const host = processHost();",
      `const flags = ${JSON.stringify(flags)};`,
      "try { await runUpdate(undefined, flags, createOutput(Boolean(flags.json), host.stdout), host); }",
      "catch (error) { if (!(error instanceof CliError)) throw error; console.error(error.message); process.exitCode = 1; }",
    ].join("\n"),
  );
  return file;
}

/** The older app on disk with an edit merged cleanly and one that conflicts; node_modules linked for Node. */
function editedApp(): string {
  const dir = copyFixture("update-older-next");
  symlinkSync(path.join(repoRoot, "node_modules"), path.join(dir, "node_modules"));
  const merged = path.join(dir, RUNTIME, "errors.d.ts");
  const lines = readFileSync(merged, "utf8").split("\n");
  lines.splice(99, 0, MY_NOTE);
  writeFileSync(merged, lines.join("\n"));
  const conflicted = path.join(dir, RUNTIME, "next/types.d.ts");
  writeFileSync(conflicted, readFileSync(conflicted, "utf8").replace(OLD_IMPORT, `${OLD_IMPORT} // mine`));
  return dir;
}

describe("update, built, on a disk", () => {
  it("merges with the base from the store beside dist/, and the merged runtime loads", () => {
    const dir = editedApp();
    const result = spawnSync(process.execPath, [updateModule(dir, { yes: true })], { cwd: dir, encoding: "utf8" });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("1 file needs your attention:");
    const merged = read(dir, `${RUNTIME}/errors.d.ts`);
    expect(merged).toContain(MY_NOTE);
    // This runtime's change: an error class added since the older runtime.
    expect(merged).toContain("export declare class AccountLinkRefused extends SignInError {");
    expect(read(dir, `${RUNTIME}/next/types.d.ts`)).toContain(`${OLD_IMPORT} // mine`);
    // Node resolves and runs the updated package: its entries and the chunks they import are all there.
    const load = spawnSync(
      process.execPath,
      ["--input-type=module", "-e", `const m = await import("./${RUNTIME}/index.js"); console.log(typeof m.Auth);`],
      { cwd: dir, encoding: "utf8" },
    );
    expect(load.stderr).toBe("");
    expect(load.stdout.trim()).toBe("function");
  });

  const hasScript = spawnSync("script", ["--version"], { stdio: "ignore" }).status === 0;
  it.skipIf(!hasScript)(
    "on a terminal: the question about the conflicting file, answered yes, writes the markers",
    async () => {
      const dir = editedApp();
      const command = `stty cols 200 rows 50; exec ${process.execPath} ${updateModule(dir, {})}`;
      const child = spawn("script", ["-qec", command, "/dev/null"], { cwd: dir, stdio: ["pipe", "pipe", "pipe"] });
      let screen = "";
      child.stdout.on("data", (chunk: Buffer) => {
        screen += chunk.toString("utf8");
      });
      const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
      const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const answer = async (prompt: string, keys: string[]) => {
        for (let waited = 0; !screen.includes(prompt); waited += 50) {
          if (waited > 10_000) throw new Error(`prompt "${prompt}" never appeared:\n${screen}`);
          await sleep(50);
        }
        for (const key of keys) {
          await sleep(80);
          child.stdin.write(key);
        }
      };
      // clack's confirm starts on the default (No); the left arrow moves to Yes.
      await answer("Write it with conflict markers", ["\x1b[D", "\r"]);
      await answer("Apply", ["\r"]);
      expect(await exited).toBe(0);
      const text = read(dir, `${RUNTIME}/next/types.d.ts`);
      expect(text).toContain(`<<<<<<< yours\n${OLD_IMPORT} // mine\n`);
      expect(text).toContain(`||||||| base (create-auth 0.1.0)\n${OLD_IMPORT}\n`);
      expect(screen).toContain("Resolve the conflict markers in vendor/auth-runtime/next/types.d.ts");
    },
  );
});
