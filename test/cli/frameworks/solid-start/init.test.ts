/**
 * `create-auth init` on the SolidStart 1 (vinxi) and SolidStart 2 (vite plugin + nitro) fixtures, run in
 * memory; detection of both from the projects' own files.
 */
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { detectProject } from "../../../../src/cli/frameworks/detect-project.js";
import {
  type CliRun,
  initFixture,
  initInMemory,
  type MemoryProject,
  memoryFixture,
  read,
  repoRoot,
  stable,
} from "../../support.js";

const ROUTE = "src/routes/api/auth/[...solidauth].ts";
const PROVIDERS = ["--providers", "oidc,credentials"];

for (const [fixture, version, build] of [
  ["solid-start-1", "1.3.2", "vinxi"],
  ["solid-start-2", "2.0.5", "vite"],
] as const) {
  const snapshots = `__snapshots__/init-${fixture}`;
  const fixtureEnv = read(path.join(repoRoot, "test/fixtures", fixture), ".env");

  describe(`create-auth init (${fixture})`, () => {
    let project: MemoryProject;
    let first: CliRun;

    beforeAll(async () => {
      ({ project, run: first } = await initFixture(fixture, [...PROVIDERS, "--yes", "--no-install"]));
    });

    it(`detects SolidStart ${version} built with ${build}, TypeScript, the ~/ alias and .env`, async () => {
      const { info, target } = await detectProject(memoryFixture(fixture).reader(), {});
      expect(target.id).toBe("solid-start");
      expect(info.framework).toMatchObject({ id: "solid-start", version, build, routesDir: "src/routes" });
      expect(info).toMatchObject({ language: "ts", srcDir: true, envFile: ".env", existingAuthFiles: [] });
      expect(info.aliases).toContainEqual({ prefix: "~/", directory: "src" });
    });

    it("exits 0 and prints the plan summary and next steps", async () => {
      expect(first.stderr).toBe("");
      expect(first.status).toBe(0);
      await expect(stable(first.stdout, project.root)).toMatchFileSnapshot(`${snapshots}/summary.txt`);
    });

    it("generates the auth config, the API route, the session queries and the env example as snapshotted", async () => {
      await expect(project.read("src/auth.ts")).toMatchFileSnapshot(`${snapshots}/auth.ts.snap`);
      await expect(project.read(ROUTE)).toMatchFileSnapshot(`${snapshots}/route.ts.snap`);
      await expect(project.read("src/lib/session.ts")).toMatchFileSnapshot(`${snapshots}/session.ts.snap`);
      await expect(project.read(".env.example")).toMatchFileSnapshot(`${snapshots}/env.example.snap`);
      await expect(project.read("package.json")).toMatchFileSnapshot(`${snapshots}/package.json.snap`);
    });

    it("keeps .env byte for byte and appends a fresh secret and the provider stubs, leaving AUTH_URL unset for any local port", async () => {
      const env = project.read(".env");
      expect(env.startsWith(fixtureEnv)).toBe(true);
      const secret = /^AUTH_SECRET=(.*)$/m.exec(env)?.[1] ?? "";
      expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(env).not.toMatch(/^AUTH_URL=/m);
      await expect(env.replace(secret, "<secret>")).toMatchFileSnapshot(`${snapshots}/env.snap`);
      expect(first.stdout).not.toContain(secret);
    });

    it("leaves .gitignore alone: it already ignores .env", () => {
      expect(project.read(".gitignore")).toBe(read(path.join(repoRoot, "test/fixtures", fixture), ".gitignore"));
    });

    it("writes the runtime's solid-start module into the runtime package", () => {
      expect(project.read("vendor/auth-runtime/solid-start.js")).toBe(
        read(path.join(repoRoot, "dist/runtime"), "solid-start.js"),
      );
    });

    it("plans nothing on a second run, even after the user edited the generated files", async () => {
      for (const file of ["src/auth.ts", ROUTE, "src/lib/session.ts"]) {
        project.write(file, `// edited by the user\n${project.read(file)}`);
      }
      const before = project.hash();
      const second = await initInMemory(project, [...PROVIDERS, "--yes", "--no-install", "--json"]);
      expect(second.status).toBe(0);
      const result = JSON.parse(second.stdout);
      expect(result.plan.changes).toEqual([]);
      expect(result.outcome).toMatchObject({ applied: false, filesWritten: 0 });
      expect(project.hash()).toBe(before);
    });
  });
}

describe("create-auth init (SolidStart): safety and detection", () => {
  it("imports the auth config relatively when no alias points at src/", async () => {
    const project = memoryFixture("solid-start-1");
    const tsconfig = JSON.parse(project.read("tsconfig.json"));
    delete tsconfig.compilerOptions.paths;
    project.write("tsconfig.json", JSON.stringify(tsconfig));
    const run = await initInMemory(project, ["--providers", "github", "--yes", "--no-install"]);
    expect(run.status).toBe(0);
    expect(project.read(ROUTE)).toContain('from "../../../auth";');
    expect(project.read("src/lib/session.ts")).toContain('from "../auth";');
  });

  it("writes JavaScript for a JavaScript project, typed through JSDoc", async () => {
    const project = memoryFixture("solid-start-2");
    project.remove("tsconfig.json");
    const run = await initInMemory(project, ["--providers", "credentials", "--yes", "--no-install"]);
    expect(run.status).toBe(0);
    const auth = project.read("src/auth.js");
    expect(auth).toContain('/** @type {import("@create-auth/runtime/solid-start").SolidAuthConfig} */');
    expect(auth).not.toMatch(/import type|: SolidAuthConfig/);
    expect(project.read("src/lib/session.js")).toContain("async (returnTo) =>");
    expect(project.read("src/routes/api/auth/[...solidauth].js")).toContain("SolidAuth(authConfig)");
  });

  it("tells SolidStart 1 from 2 by the project's files when nothing is installed", async () => {
    const project = memoryFixture("solid-start-2");
    const pkg = JSON.parse(project.read("package.json"));
    pkg.dependencies["@solidjs/start"] = "^1.3.0";
    project.write("package.json", JSON.stringify(pkg));
    // A vite config and no vinxi: the vite plugin setup, whatever the declared range says.
    expect((await detectProject(project.reader(), {})).info.framework).toMatchObject({
      version: "1.3.0",
      build: "vite",
    });
    project.write("app.config.ts", "export default {};\n");
    expect((await detectProject(project.reader(), {})).info.framework).toMatchObject({ build: "vinxi" });
  });
});
