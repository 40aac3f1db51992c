/**
 * `create-auth init` on copies of the SolidStart 1 (vinxi) and SolidStart 2 (vite plugin + nitro) fixtures,
 * through the built CLI as a child process; detection of both from the projects' own files.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { detectProject } from "../../src/cli/detect/project.js";
import { diskReader } from "../../src/cli/plan/reader.js";
import { assertBuilt, copyFixture, hashTree, read, removeTemps, repoRoot, runCli } from "./support.js";

beforeAll(assertBuilt);
afterAll(removeTemps);

const ROUTE = "src/routes/api/auth/[...solidauth].ts";
const PROVIDERS = ["--providers", "oidc,credentials"];

/** Output with what changes from run to run (temp dir, runtime file count) replaced by stable markers. */
function stable(text: string, dir: string): string {
  return text
    .replaceAll(dir, "<project>")
    .replace(/\(\d+ files\)/g, "(<n> files)")
    .replace(/Wrote \d+ files/g, "Wrote <n> files");
}

for (const [fixture, version, build] of [
  ["solid-start-1", "1.3.2", "vinxi"],
  ["solid-start-2", "2.0.5", "vite"],
] as const) {
  const snapshots = `__snapshots__/init-${fixture}`;
  const fixtureEnv = read(path.join(repoRoot, "test/fixtures", fixture), ".env");

  describe(`create-auth init (${fixture})`, () => {
    let dir: string;
    let first: ReturnType<typeof runCli>;

    beforeAll(() => {
      dir = copyFixture(fixture);
      first = runCli(["init", dir, ...PROVIDERS, "--yes", "--no-install"]);
    });

    it(`detects SolidStart ${version} built with ${build}, TypeScript, the ~/ alias and .env`, () => {
      const { info, target } = detectProject(diskReader(copyFixture(fixture)), {});
      expect(target.id).toBe("solid-start");
      expect(info.framework).toMatchObject({ id: "solid-start", version, build, routesDir: "src/routes" });
      expect(info).toMatchObject({ language: "ts", srcDir: true, envFile: ".env", existingAuthFiles: [] });
      expect(info.aliases).toContainEqual({ prefix: "~/", directory: "src" });
    });

    it("exits 0 and prints the plan summary and next steps", async () => {
      expect(first.stderr).toBe("");
      expect(first.status).toBe(0);
      await expect(stable(first.stdout, dir)).toMatchFileSnapshot(`${snapshots}/summary.txt`);
    });

    it("generates the auth config, the API route, the session queries and the env example as snapshotted", async () => {
      await expect(read(dir, "src/auth.ts")).toMatchFileSnapshot(`${snapshots}/auth.ts.snap`);
      await expect(read(dir, ROUTE)).toMatchFileSnapshot(`${snapshots}/route.ts.snap`);
      await expect(read(dir, "src/lib/session.ts")).toMatchFileSnapshot(`${snapshots}/session.ts.snap`);
      await expect(read(dir, ".env.example")).toMatchFileSnapshot(`${snapshots}/env.example.snap`);
      await expect(read(dir, "package.json")).toMatchFileSnapshot(`${snapshots}/package.json.snap`);
    });

    it("keeps .env byte for byte and appends a fresh secret, AUTH_URL and the provider stubs", async () => {
      const env = read(dir, ".env");
      expect(env.startsWith(fixtureEnv)).toBe(true);
      const secret = /^AUTH_SECRET=(.*)$/m.exec(env)?.[1] ?? "";
      expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(env).toContain("\nAUTH_URL=http://localhost:3000\n");
      await expect(env.replace(secret, "<secret>")).toMatchFileSnapshot(`${snapshots}/env.snap`);
      expect(first.stdout).not.toContain(secret);
    });

    it("leaves .gitignore alone: it already ignores .env", () => {
      expect(read(dir, ".gitignore")).toBe(read(path.join(repoRoot, "test/fixtures", fixture), ".gitignore"));
    });

    it("writes the runtime's solid-start module into the runtime package", () => {
      expect(read(dir, "vendor/auth-runtime/solid-start.js")).toBe(
        read(path.join(repoRoot, "dist/runtime"), "solid-start.js"),
      );
    });

    it("plans nothing on a second run, even after the user edited the generated files", () => {
      for (const file of ["src/auth.ts", ROUTE, "src/lib/session.ts"]) {
        writeFileSync(path.join(dir, file), `// edited by the user\n${read(dir, file)}`);
      }
      const before = hashTree(dir);
      const second = runCli(["init", dir, ...PROVIDERS, "--yes", "--no-install", "--json"]);
      expect(second.status).toBe(0);
      const result = JSON.parse(second.stdout);
      expect(result.plan.changes).toEqual([]);
      expect(result.outcome).toMatchObject({ applied: false, filesWritten: 0 });
      expect(hashTree(dir)).toBe(before);
    });
  });
}

describe("create-auth init (SolidStart): safety and detection", () => {
  it("--dry-run prints the diffs with the secret masked and writes nothing", () => {
    const dir = copyFixture("solid-start-2");
    const before = hashTree(dir);
    const run = runCli(["init", dir, "--providers", "github", "--yes", "--no-install", "--dry-run"]);
    expect(run.status).toBe(0);
    expect(hashTree(dir)).toBe(before);
    expect(run.stdout).toContain("Dry run: nothing was written.");
    expect(run.stdout).toContain(`+++ b/${ROUTE}`);
    expect(run.stdout).toContain("+AUTH_SECRET=<hidden>");
  });

  it("does not overwrite a user's own src/lib/session.ts and says which file", () => {
    const dir = copyFixture("solid-start-1");
    const sessionFile = path.join(dir, "src/lib/session.ts");
    mkdirSync(path.dirname(sessionFile), { recursive: true });
    writeFileSync(sessionFile, "export const sessionTimeoutMinutes = 30;\n");
    const before = hashTree(dir);
    const run = runCli(["init", dir, "--providers", "github", "--yes", "--no-install"]);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain("src/lib/session.ts already exists");
    expect(hashTree(dir)).toBe(before);
  });

  it("imports the auth config relatively when no alias points at src/", () => {
    const dir = copyFixture("solid-start-1");
    const tsconfig = JSON.parse(read(dir, "tsconfig.json"));
    delete tsconfig.compilerOptions.paths;
    writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify(tsconfig));
    const run = runCli(["init", dir, "--providers", "github", "--yes", "--no-install"]);
    expect(run.status).toBe(0);
    expect(read(dir, ROUTE)).toContain('from "../../../auth";');
    expect(read(dir, "src/lib/session.ts")).toContain('from "../auth";');
  });

  it("writes JavaScript for a JavaScript project, typed through JSDoc", () => {
    const dir = copyFixture("solid-start-2");
    rmSync(path.join(dir, "tsconfig.json"));
    const run = runCli(["init", dir, "--providers", "credentials", "--yes", "--no-install"]);
    expect(run.status).toBe(0);
    const auth = read(dir, "src/auth.js");
    expect(auth).toContain('/** @type {import("@create-auth/runtime/solid-start").SolidAuthConfig} */');
    expect(auth).not.toMatch(/import type|: SolidAuthConfig/);
    expect(read(dir, "src/lib/session.js")).toContain("async (returnTo) =>");
    expect(read(dir, "src/routes/api/auth/[...solidauth].js")).toContain("SolidAuth(authConfig)");
  });

  it("tells SolidStart 1 from 2 by the project's files when nothing is installed", () => {
    const dir = copyFixture("solid-start-2");
    const pkg = JSON.parse(read(dir, "package.json"));
    pkg.dependencies["@solidjs/start"] = "^1.3.0";
    writeFileSync(path.join(dir, "package.json"), JSON.stringify(pkg));
    // A vite config and no vinxi: the vite plugin setup, whatever the declared range says.
    expect(detectProject(diskReader(dir), {}).info.framework).toMatchObject({ version: "1.3.0", build: "vite" });
    writeFileSync(path.join(dir, "app.config.ts"), "export default {};\n");
    expect(detectProject(diskReader(dir), {}).info.framework).toMatchObject({ build: "vinxi" });
  });
});
