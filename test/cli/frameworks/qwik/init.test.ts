/**
 * `create-auth init` on the Qwik City 1 fixture, run in memory.
 */
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type CliRun,
  initFixture,
  initInMemory,
  type MemoryProject,
  memoryFixture,
  read,
  repoRoot,
  runInMemory,
  stable,
} from "../../support.js";

const FIXTURE = "qwik-city-1";
const FIXTURE_DIR = path.join(repoRoot, "test/fixtures", FIXTURE);
const PLUGIN = "src/routes/plugin@auth.ts";
const SNAPSHOTS = "__snapshots__/init-qwik";

describe("create-auth init (Qwik City 1)", () => {
  let project: MemoryProject;
  let first: CliRun;

  beforeAll(async () => {
    ({ project, run: first } = await initFixture(FIXTURE, [
      "--providers",
      "oidc,credentials",
      "--yes",
      "--no-install",
    ]));
  });

  it("recognises Qwik City, exits 0 and prints the plan summary and next steps", async () => {
    expect(first.stderr).toBe("");
    expect(first.status).toBe(0);
    await expect(stable(first.stdout, project.root)).toMatchFileSnapshot(`${SNAPSHOTS}/summary.txt`);
  });

  it("writes the auth plugin, the env example, the dependencies and the .gitignore fix as snapshotted", async () => {
    await expect(project.read(PLUGIN)).toMatchFileSnapshot(`${SNAPSHOTS}/plugin@auth.ts.snap`);
    await expect(project.read(".env.example")).toMatchFileSnapshot(`${SNAPSHOTS}/env.example.snap`);
    await expect(project.read("package.json")).toMatchFileSnapshot(`${SNAPSHOTS}/package.json.snap`);
    await expect(project.read(".gitignore")).toMatchFileSnapshot(`${SNAPSHOTS}/gitignore.snap`);
  });

  it("keeps the existing .env byte for byte and appends a fresh secret and the provider's keys", async () => {
    const env = project.read(".env");
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
      expect(project.read(file), file).toBe(read(FIXTURE_DIR, file));
    }
  });

  it("writes the runtime package as a Qwik library: a qwik field and the hooks in a *.qwik.js file", () => {
    const runtimeDir = "vendor/auth-runtime";
    const pkg = JSON.parse(project.read(`${runtimeDir}/package.json`)) as { qwik: string };
    // Qwik's vite plugin resolves the field to a real path; a missing file would drop every Qwik library.
    expect(project.has(path.posix.join(runtimeDir, pkg.qwik))).toBe(true);
    expect(project.read(`${runtimeDir}/qwik/auth.qwik.js`)).toContain("globalAction$(");
    expect(project.read(`${runtimeDir}/qwik.js`)).toBe(read(path.join(repoRoot, "dist/runtime"), "qwik.js"));
  });

  it("plans nothing on a second run and keeps AUTH_SECRET", async () => {
    const before = project.hash();
    const second = await initInMemory(project, ["--providers", "oidc,credentials", "--yes", "--no-install", "--json"]);
    expect(second.status).toBe(0);
    const result = JSON.parse(second.stdout);
    expect(result.plan.changes).toEqual([]);
    expect(result.project.framework).toMatchObject({ id: "qwik", name: "Qwik City" });
    expect(project.hash()).toBe(before);
  });

  it("still plans nothing after the user edited the generated plugin", async () => {
    const edited = project.read(PLUGIN).replace("return null;", "return null; // edited by the user");
    project.write(PLUGIN, edited);
    const again = await initInMemory(project, ["--providers", "oidc,credentials", "--yes", "--no-install"]);
    expect(again.status).toBe(0);
    expect(again.stdout).toContain("Nothing to do");
    expect(project.read(PLUGIN)).toBe(edited);
  });
});

describe("create-auth init (Qwik City): safety", () => {
  it("refuses a Qwik 2 project with one line naming what is supported", async () => {
    const project = memoryFixture(FIXTURE);
    const pkg = JSON.parse(project.read("package.json"));
    delete pkg.devDependencies["@builder.io/qwik-city"];
    delete pkg.devDependencies["@builder.io/qwik"];
    pkg.devDependencies["@qwik.dev/router"] = "2.0.0-beta.45";
    pkg.devDependencies["@qwik.dev/core"] = "2.0.0-beta.45";
    project.write("package.json", JSON.stringify(pkg, null, 2));
    const before = project.hash();
    const run = await initInMemory(project, ["--providers", "github", "--yes", "--no-install"]);
    expect(run.status).not.toBe(0);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toMatch(/Qwik 2 .*Qwik City 1/);
    expect(project.hash()).toBe(before);
  });
});

describe("add-provider and remove-provider on Qwik's closure holding a providers variable", () => {
  it("edits the list inside QwikAuth$((event) => { const providers = […]; return { providers }; })", async () => {
    const project = memoryFixture(FIXTURE);
    const init = await initInMemory(project, ["--providers", "github", "--yes", "--no-install"]);
    expect([init.status, init.stderr]).toEqual([0, ""]);
    // The shape a user gives the generated plugin to build the list in steps (docs/cli-add-provider.md).
    const generated = project.read(PLUGIN);
    const [head, rest] = generated.split("QwikAuth$(\n  (event) => ({\n    providers: [\n");
    const entries = rest!.slice(0, rest!.indexOf("\n    ],\n  }),\n);\n"));
    const closure = [
      `${head}QwikAuth$((event) => {`,
      "  const providers = [",
      ...entries.split("\n").map((line) => line.slice(2)),
      "  ];",
      "  return { providers };",
      "});",
      "",
    ].join("\n");
    expect(closure).toContain("return { providers };");
    project.write(PLUGIN, closure);

    const add = await runInMemory(project, ["add-provider", "google", "--yes", "--no-install", "--json"]);
    expect([add.status, add.stderr]).toEqual([0, ""]);
    expect(JSON.parse(add.stdout).manual ?? null).toBeNull();
    const added = project.read(PLUGIN);
    expect(added).toMatch(
      / {4}Google\(\{\n {6}clientId: event\.env\.get\("AUTH_GOOGLE_ID"\),[\s\S]*\n {2}\];\n {2}return \{ providers \};/,
    );

    const remove = await runInMemory(project, ["remove-provider", "github", "--yes", "--no-install"]);
    expect([remove.status, remove.stderr]).toEqual([0, ""]);
    const left = project.read(PLUGIN);
    expect(left).not.toContain("GitHub");
    expect(left).toContain("Google(");
    expect(left).toContain("return { providers };");
  });
});
