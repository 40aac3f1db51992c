/**
 * `create-auth init` on copies of the Qwik City 1 fixture, through the built CLI as a child process.
 */
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertBuilt, copyFixture, hashTree, read, removeTemps, repoRoot, runCli } from "./support.js";

beforeAll(assertBuilt);
afterAll(removeTemps);

const FIXTURE = "qwik-city-1";
const FIXTURE_DIR = path.join(repoRoot, "test/fixtures", FIXTURE);
const PLUGIN = "src/routes/plugin@auth.ts";
const SNAPSHOTS = "__snapshots__/init-qwik";

/** Output with what changes from run to run (temp dir, runtime file count) replaced by stable markers. */
function stable(text: string, dir: string): string {
  return text
    .replaceAll(dir, "<project>")
    .replace(/\(\d+ files\)/g, "(<n> files)")
    .replace(/Wrote \d+ files/g, "Wrote <n> files");
}

describe("create-auth init (Qwik City 1)", () => {
  let dir: string;
  let first: ReturnType<typeof runCli>;

  beforeAll(() => {
    dir = copyFixture(FIXTURE);
    first = runCli(["init", dir, "--providers", "oidc,credentials", "--yes", "--no-install"]);
  });

  it("recognises Qwik City, exits 0 and prints the plan summary and next steps", async () => {
    expect(first.stderr).toBe("");
    expect(first.status).toBe(0);
    await expect(stable(first.stdout, dir)).toMatchFileSnapshot(`${SNAPSHOTS}/summary.txt`);
  });

  it("writes the auth plugin, the env example, the dependencies and the .gitignore fix as snapshotted", async () => {
    await expect(read(dir, PLUGIN)).toMatchFileSnapshot(`${SNAPSHOTS}/plugin@auth.ts.snap`);
    await expect(read(dir, ".env.example")).toMatchFileSnapshot(`${SNAPSHOTS}/env.example.snap`);
    await expect(read(dir, "package.json")).toMatchFileSnapshot(`${SNAPSHOTS}/package.json.snap`);
    await expect(read(dir, ".gitignore")).toMatchFileSnapshot(`${SNAPSHOTS}/gitignore.snap`);
  });

  it("keeps the existing .env byte for byte and appends a fresh secret and the provider's keys", async () => {
    const env = read(dir, ".env");
    expect(env.startsWith(read(FIXTURE_DIR, ".env"))).toBe(true);
    const secret = /^AUTH_SECRET=(.*)$/m.exec(env)?.[1] ?? "";
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await expect(env.replace(secret, "<secret>")).toMatchFileSnapshot(`${SNAPSHOTS}/env.snap`);
    expect(first.stdout).not.toContain(secret);
  });

  it("leaves every file of the app itself untouched: a plugin file is picked up by its name", () => {
    for (const file of [
      "src/routes/layout.tsx",
      "src/routes/index.tsx",
      "src/routes/journal/index.tsx",
      "vite.config.ts",
    ]) {
      expect(read(dir, file), file).toBe(read(FIXTURE_DIR, file));
    }
  });

  it("writes the runtime package as a Qwik library: a qwik field and the hooks in a *.qwik.js file", () => {
    const runtimeDir = path.join(dir, "vendor/auth-runtime");
    const pkg = JSON.parse(read(runtimeDir, "package.json")) as { qwik: string };
    // Qwik's vite plugin resolves the field to a real path; a missing file would drop every Qwik library.
    expect(existsSync(path.join(runtimeDir, pkg.qwik))).toBe(true);
    expect(read(runtimeDir, "qwik/auth.qwik.js")).toContain("globalAction$(");
    expect(read(runtimeDir, "qwik.js")).toBe(read(path.join(repoRoot, "dist/runtime"), "qwik.js"));
  });

  it("plans nothing on a second run and keeps AUTH_SECRET", () => {
    const before = hashTree(dir);
    const second = runCli(["init", dir, "--providers", "oidc,credentials", "--yes", "--no-install", "--json"]);
    expect(second.status).toBe(0);
    const result = JSON.parse(second.stdout);
    expect(result.plan.changes).toEqual([]);
    expect(result.project.framework).toMatchObject({ id: "qwik", name: "Qwik City" });
    expect(hashTree(dir)).toBe(before);
  });

  it("still plans nothing after the user edited the generated plugin", () => {
    const edited = read(dir, PLUGIN).replace("return null;", "return null; // edited by the user");
    writeFileSync(path.join(dir, PLUGIN), edited);
    const again = runCli(["init", dir, "--providers", "oidc,credentials", "--yes", "--no-install"]);
    expect(again.status).toBe(0);
    expect(again.stdout).toContain("Nothing to do");
    expect(read(dir, PLUGIN)).toBe(edited);
  });
});

describe("create-auth init (Qwik City): safety", () => {
  it("--dry-run prints the plan with diffs (secret masked) and writes nothing", () => {
    const dir = copyFixture(FIXTURE);
    const before = hashTree(dir);
    const run = runCli(["init", dir, "--providers", "github", "--yes", "--no-install", "--dry-run"]);
    expect(run.status).toBe(0);
    expect(hashTree(dir)).toBe(before);
    expect(run.stdout).toContain("Dry run: nothing was written.");
    expect(run.stdout).toContain(`+++ b/${PLUGIN}`);
    expect(run.stdout).toContain('+      clientId: event.env.get("AUTH_GITHUB_ID"),');
    expect(run.stdout).toContain("+AUTH_SECRET=<hidden>");
  });

  it("does not overwrite a plugin@auth.ts the user already has", () => {
    const dir = copyFixture(FIXTURE);
    writeFileSync(path.join(dir, PLUGIN), "export const onRequest = () => {};\n");
    const before = hashTree(dir);
    const run = runCli(["init", dir, "--providers", "github", "--yes", "--no-install"]);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain("plugin@auth.ts already exists");
    expect(hashTree(dir)).toBe(before);
  });

  it("refuses a Qwik 2 project with one line naming what is supported", () => {
    const dir = copyFixture(FIXTURE);
    const pkgFile = path.join(dir, "package.json");
    const pkg = JSON.parse(read(dir, "package.json"));
    delete pkg.devDependencies["@builder.io/qwik-city"];
    delete pkg.devDependencies["@builder.io/qwik"];
    pkg.devDependencies["@qwik.dev/router"] = "2.0.0-beta.45";
    pkg.devDependencies["@qwik.dev/core"] = "2.0.0-beta.45";
    writeFileSync(pkgFile, JSON.stringify(pkg, null, 2));
    const before = hashTree(dir);
    const run = runCli(["init", dir, "--providers", "github", "--yes", "--no-install"]);
    expect(run.status).not.toBe(0);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toMatch(/Qwik 2 .*Qwik City 1/);
    expect(hashTree(dir)).toBe(before);
  });
});
