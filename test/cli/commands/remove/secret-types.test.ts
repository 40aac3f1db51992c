/**
 * `auth remove` after a walk on Node 24, with no commit between the steps: init with SQLite (node:sqlite, whose
 * types init adds as @types/node to a TypeScript app that declares none), the AUTH_SECRET line deleted and
 * `create-auth secret` writing a new one, then remove, through the real program on a real disk copy of
 * Express 5 (TypeScript). What init and secret wrote goes; an @types/node the app declared itself stays.
 */
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { listFilesRecursive } from "../../../../src/cli/project/reader.js";
import { onNode } from "../../on-node.js";
import { removeTemps, repoRoot, tempDir } from "../../support.js";
import { runOnDisk } from "../../support-disk.js";

afterAll(removeTemps);

const FIXTURE = path.join(repoRoot, "test/fixtures/express-5-ts");

/** The app's files, without auth-migrations/: data, which remove keeps by design. */
function tree(dir: string): Map<string, string> {
  return new Map(
    listFilesRecursive(dir)
      .filter((file) => !file.startsWith("auth-migrations/"))
      .map((file) => [file, readFileSync(path.join(dir, file), "utf8")]),
  );
}

/** The fixture with package.json's @types/node set to `types` (undefined: none declared). */
function appCopy(types: string | undefined): string {
  const dir = path.join(tempDir("remove-secret-types"), "app");
  cpSync(FIXTURE, dir, { recursive: true });
  const file = path.join(dir, "package.json");
  const pkg = JSON.parse(readFileSync(file, "utf8")) as { devDependencies: Record<string, string | undefined> };
  pkg.devDependencies["@types/node"] = types;
  writeFileSync(file, `${JSON.stringify(pkg, null, 2)}\n`);
  return dir;
}

async function cli(dir: string, ...argv: string[]) {
  const result = await runOnDisk(argv, { cwd: dir });
  expect(result.status, `${argv.join(" ")}\n${result.stdout}\n${result.stderr}`).toBe(0);
  return result;
}

/** init with SQLite, then the secret line deleted and a new one written by `secret`. */
async function walk(dir: string): Promise<void> {
  await cli(dir, "init", "--providers", "github", "--db", "sqlite", "--yes", "--no-install");
  expect(readFileSync(path.join(dir, "src/auth-db.ts"), "utf8")).toContain('"node:sqlite"');
  const env = path.join(dir, ".env");
  const lines = readFileSync(env, "utf8").split("\n");
  writeFileSync(env, lines.filter((line) => !line.startsWith("AUTH_SECRET=")).join("\n"));
  await cli(dir, "secret", "--yes");
  expect(readFileSync(env, "utf8")).toMatch(/^AUTH_SECRET=.{43}$/m);
}

describe("remove after init with node:sqlite and `create-auth secret` (express-5-ts, Node 24)", () => {
  onNode("24.11.0");

  it("takes out the @types/node init added and the AUTH_SECRET secret wrote: the app is as it was", async () => {
    const dir = appCopy(undefined);
    const before = tree(dir);
    await walk(dir);
    const added = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as {
      devDependencies: Record<string, string>;
    };
    expect(added.devDependencies["@types/node"]).toBe("^22.13.0");
    const removed = await cli(dir, "remove", "--yes", "--no-install");
    expect(removed.stdout).not.toContain("a value you set");
    const after = tree(dir);
    expect(after.get("package.json")).toBe(before.get("package.json"));
    expect(after.get(".env")).toBe(before.get(".env"));
    expect(after).toEqual(before);
  });

  it("keeps the @types/node the app declared before init, and says why", async () => {
    const dir = appCopy("^24.0.0");
    const before = tree(dir);
    await walk(dir);
    const removed = await cli(dir, "remove", "--yes", "--no-install");
    expect(removed.stdout).toContain("@types/node stays in package.json");
    expect(tree(dir)).toEqual(before);
  });
});
