/**
 * `auth remove` on a real disk, through the process's own apply (apply/apply.ts): an Express app initialised
 * in memory, written to a temp folder, edited by its owner, then removed with runRemove. Every file is back
 * as it was plus the owner's edits (the env value they set kept), no temp or backup file of the apply is
 * left, and a second run finds nothing to remove. On a terminal, each file init wrote that the owner edited
 * since is asked about (the prompt module answers in the test, as clack needs a real TTY).
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { applyPlan } from "../../../../src/cli/apply/apply.js";
import type { Host } from "../../../../src/cli/commands/host.js";
import { runRemove } from "../../../../src/cli/commands/remove.js";
import { createOutput } from "../../../../src/cli/output.js";
import { diskReader, listFilesRecursive } from "../../../../src/cli/project/reader.js";
import { loadRuntimeSource } from "../../../../src/cli/runtime-package/source.js";
import { initFixture, materialize, memoryFixture, removeTemps, repoRoot } from "../../support.js";

afterAll(removeTemps);

// The terminal's questions (clack needs a real TTY): answered in order, each one recorded.
const answers: boolean[] = [];
const questions: string[] = [];
vi.mock("../../../../src/cli/commands/answers/prompt.js", () => ({
  confirm: async (message: string) => {
    questions.push(message);
    const answer = answers.shift();
    if (answer === undefined) throw new Error(`unexpected question: ${message}`);
    return answer;
  },
}));
beforeEach(() => {
  answers.length = 0;
  questions.length = 0;
});

function diskHost(dir: string, output: { stdout: string }, terminal = false): Host {
  return {
    cwd: dir,
    env: {},
    terminal,
    stdout: (text) => {
      output.stdout += text;
    },
    stderr: () => undefined,
    reader: diskReader,
    apply: applyPlan,
    install: () => Promise.reject(new Error("no install in this test")),
    runtime: () => loadRuntimeSource(path.join(repoRoot, "dist/runtime/")),
  };
}

function tree(dir: string): Map<string, string> {
  return new Map(listFilesRecursive(dir).map((file) => [file, readFileSync(path.join(dir, file), "utf8")]));
}

/** Folders left with nothing in them. */
function emptyFolders(dir: string, at = ""): string[] {
  const entries = readdirSync(path.join(dir, at), { withFileTypes: true });
  if (at !== "" && entries.length === 0) return [at];
  return entries.filter((e) => e.isDirectory()).flatMap((e) => emptyFolders(dir, at ? `${at}/${e.name}` : e.name));
}

describe("remove on disk (express-5-ts)", () => {
  it("gives back the files, leaves no temp file, and has nothing to do the second time", async () => {
    const original = memoryFixture("express-5-ts").files;
    const { project, run } = await initFixture("express-5-ts", ["--providers", "github", "--yes", "--no-install"]);
    expect(run.status, run.stderr).toBe(0);
    const dir = materialize(project);
    const route = 'app.get("/team", (_req: Request, res: Response) => res.send("team"));\n';
    writeFileSync(path.join(dir, "src/app.ts"), readFileSync(path.join(dir, "src/app.ts"), "utf8") + route);
    const env = readFileSync(path.join(dir, ".env"), "utf8").replace(/^AUTH_GITHUB_ID=$/m, "AUTH_GITHUB_ID=mine");
    writeFileSync(path.join(dir, ".env"), env);

    const output = { stdout: "" };
    await runRemove(
      dir,
      { yes: true, install: false, json: true },
      createOutput(true, (t) => (output.stdout += t)),
      diskHost(dir, output),
    );
    const report = JSON.parse(output.stdout) as { outcome: { applied: boolean; install: string }; nextSteps: string[] };
    expect(report.outcome).toMatchObject({ applied: true, install: "skipped" });
    expect(report.nextSteps[0]).toBe("Install dependencies: npm install --no-audit --no-fund");

    const after = tree(dir);
    const expected = new Map(original);
    expected.set("src/app.ts", original.get("src/app.ts")! + route);
    const files = [...new Set([...expected.keys(), ...after.keys()])].filter((file) => file !== ".env").sort();
    expect(files.filter((file) => expected.get(file) !== after.get(file))).toEqual([]);
    expect(after.get(".env")).toContain("AUTH_GITHUB_ID=mine");
    expect([...after.keys()].filter((file) => file.includes(".create-auth-"))).toEqual([]);
    // apply removes files, not the folders they leave empty (vendor/auth-runtime/…): listed, not hidden.
    expect(emptyFolders(dir).every((folder) => folder.startsWith("vendor"))).toBe(true);

    const again = { stdout: "" };
    await runRemove(
      dir,
      { yes: true, install: false },
      createOutput(false, (t) => (again.stdout += t)),
      diskHost(dir, again),
    );
    expect(again.stdout).toContain("Nothing to remove");
  });
});

describe("remove on a terminal (next-app)", () => {
  it("asks about each file init wrote that the owner edited, deleting only those they agree to", async () => {
    const { project } = await initFixture("next-app", ["--providers", "github", "--yes", "--no-install"]);
    const dir = materialize(project);
    writeFileSync(path.join(dir, "auth.ts"), `${readFileSync(path.join(dir, "auth.ts"), "utf8")}// ours now\n`);
    const patched = "vendor/auth-runtime/next.js";
    writeFileSync(path.join(dir, patched), `${readFileSync(path.join(dir, patched), "utf8")}// a local fix\n`);
    answers.push(true, false, true);

    const output = { stdout: "" };
    await runRemove(
      dir,
      { install: false },
      createOutput(false, (t) => (output.stdout += t)),
      diskHost(dir, output, true),
    );
    expect(questions).toEqual([
      "auth.ts (auth module (NextAuth config, providers)) was edited after init. Delete it anyway?",
      `${patched} (runtime package) was edited after init. Delete it anyway?`,
      expect.stringMatching(/^Apply \d+ changes\?$/),
    ]);
    const after = tree(dir);
    expect(after.has("auth.ts")).toBe(false);
    expect(after.get(patched)).toContain("// a local fix");
    // The manifest stays with the kept file, so update and doctor can still tell it from ours.
    expect(after.has("vendor/auth-runtime/MANIFEST.json")).toBe(true);
    expect([...after.keys()].filter((file) => file.startsWith("vendor/"))).toEqual(
      [patched, "vendor/auth-runtime/MANIFEST.json"].sort(),
    );
  });

  it("still asks about an edited file under --yes (it accepts the plan, not the loss of the edit)", async () => {
    const { project } = await initFixture("next-app", ["--providers", "github", "--yes", "--no-install"]);
    const dir = materialize(project);
    const patched = "vendor/auth-runtime/next.js";
    writeFileSync(path.join(dir, patched), `${readFileSync(path.join(dir, patched), "utf8")}// a local fix\n`);
    answers.push(false);

    const output = { stdout: "" };
    await runRemove(
      dir,
      { yes: true, install: false },
      createOutput(false, (t) => (output.stdout += t)),
      diskHost(dir, output, true),
    );
    expect(questions).toEqual([`${patched} (runtime package) was edited after init. Delete it anyway?`]);
    expect(readFileSync(path.join(dir, patched), "utf8")).toContain("// a local fix");
  });

  it("refuses, writing nothing, when the owner keeps the edited auth module whose runtime would go", async () => {
    const { project } = await initFixture("next-app", ["--providers", "github", "--yes", "--no-install"]);
    const dir = materialize(project);
    writeFileSync(path.join(dir, "auth.ts"), `${readFileSync(path.join(dir, "auth.ts"), "utf8")}// ours now\n`);
    const before = tree(dir);
    answers.push(false);

    const output = { stdout: "" };
    await expect(
      runRemove(
        dir,
        { yes: true, install: false },
        createOutput(false, (t) => (output.stdout += t)),
        diskHost(dir, output, true),
      ),
    ).rejects.toThrow(
      "auth.ts imports @create-auth/runtime, which remove takes out, so the app would no longer build.",
    );
    expect(tree(dir)).toEqual(before);
  });
});
