/**
 * `create-auth init` on an Astro 7 app (@astrojs/node, output "server", its own middleware, layout, pages and
 * API route), run in memory: the generated files as snapshotted (JWT, and database sessions in SQLite), the
 * auth middleware merged first into the app's own (or a middleware of its own when the app has none), no other
 * file of the user's edited, idempotency, a JavaScript variant, the notes for an app without an adapter or
 * without server output, and the refusal of another major.
 */
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  authorizeBody,
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

const FIXTURE = "astro-7-node";
const original = path.join(repoRoot, "test/fixtures", FIXTURE);
/** The user's own files: init writes beside them and changes none (src/middleware.ts is merged into). */
const USER_FILES = [
  "astro.config.mjs",
  "src/layouts/Layout.astro",
  "src/lib/notes.ts",
  "src/pages/index.astro",
  "src/pages/notes.astro",
  "src/pages/whoami.astro",
  "src/pages/api/notes.ts",
];

const CASES = [
  { name: "jwt", args: ["--providers", "oidc,credentials"] },
  { name: "database-sqlite", args: ["--providers", "oidc,credentials", "--strategy", "database", "--db", "sqlite"] },
] as const;

describe.each(CASES)("create-auth init (Astro 7 app, $name)", ({ name, args }) => {
  const snapshots = `__snapshots__/init-${FIXTURE}-${name}`;
  let project: MemoryProject;
  let first: CliRun;

  beforeAll(async () => {
    ({ project, run: first } = await initFixture(FIXTURE, [...args, "--yes", "--no-install"]));
  });

  it("recognises the app and prints the plan summary and next steps", async () => {
    expect(first.stderr).toBe("");
    expect(first.status).toBe(0);
    expect(first.stdout.split("\n")[0]).toContain("Astro 7.3.5 (TypeScript");
    await expect(stable(first.stdout, project.root)).toMatchFileSnapshot(`${snapshots}/summary.txt`);
  });

  it("writes the auth module and the auth routes' file, as snapshotted", async () => {
    await expect(project.read("src/auth.ts")).toMatchFileSnapshot(`${snapshots}/auth.ts.snap`);
    await expect(project.read("src/pages/auth/[...auth].ts")).toMatchFileSnapshot(`${snapshots}/route.ts.snap`);
    await expect(project.read(".env.example")).toMatchFileSnapshot(`${snapshots}/env.example.snap`);
    await expect(project.read("package.json")).toMatchFileSnapshot(`${snapshots}/package.json.snap`);
    await expect(project.read("src/middleware.ts")).toMatchFileSnapshot(`${snapshots}/middleware.ts.snap`);
  });

  it("puts auth.middleware first in the app's own middleware, whose body stays", () => {
    const middleware = project.read("src/middleware.ts");
    expect(middleware).toContain('import { defineMiddleware, sequence } from "astro:middleware";');
    expect(middleware).toContain("export const onRequest = sequence(auth.middleware, appOnRequest);");
    const body = read(original, "src/middleware.ts").split("export const onRequest")[1]!;
    expect(middleware).toContain(`const appOnRequest${body.split("\n\n")[0]}`);
  });

  it("edits no other file of the user's: Astro routes by file", () => {
    for (const file of USER_FILES) expect(project.read(file), file).toBe(read(original, file));
    // The one shared tooling edit: the type checker skips the written runtime (its own .d.ts ship with it).
    expect(JSON.parse(project.read("tsconfig.json")).exclude).toEqual(["dist", "vendor/auth-runtime"]);
    const route = project.read("src/pages/auth/[...auth].ts");
    expect(route).toContain('import { auth } from "../../auth";');
    expect(route).toContain("export const prerender = false;");
    expect(route).toContain("export const { GET, POST } = auth;");
    // Neither astro dev nor node ./dist/server/entry.mjs puts .env in process.env: the auth module does.
    expect(project.read("src/auth.ts")).toContain('nodeProcess.loadEnvFile(".env");');
  });

  it("writes the credentials authorize denied by default", () => {
    const body = authorizeBody(project.read("src/auth.ts"));
    expect(body.filter((line) => /\breturn\b/.test(line)).map((line) => line.trim())).toEqual([
      "return null;",
      "return null;",
    ]);
  });

  it("keeps the existing .env byte for byte, appends a secret, and ignores .env in git", async () => {
    const env = project.read(".env");
    expect(env.startsWith(read(original, ".env"))).toBe(true);
    const secret = /^AUTH_SECRET=(.*)$/m.exec(env)?.[1] ?? "";
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await expect(env.replace(secret, "<secret>")).toMatchFileSnapshot(`${snapshots}/env.snap`);
    expect(first.stdout).not.toContain(secret);
    const ignores = project.read(".gitignore");
    expect(ignores.startsWith(read(original, ".gitignore"))).toBe(true);
    expect(ignores.split("\n")).toContain(".env");
  });

  it("plans nothing on a second run, even after the user edited the generated files", async () => {
    project.write("src/auth.ts", project.read("src/auth.ts").replace("return null;", "return null; // mine"));
    project.write("src/pages/auth/[...auth].ts", `${project.read("src/pages/auth/[...auth].ts")}// mine\n`);
    const before = project.hash();
    const second = await initInMemory(project, [...args, "--yes", "--no-install", "--json"]);
    expect(second.status).toBe(0);
    expect(JSON.parse(second.stdout).plan.changes).toEqual([]);
    expect(project.hash()).toBe(before);
  });
});

describe("create-auth init (Astro 7 app): other shapes", () => {
  it("writes a middleware of its own for an app without one, as snapshotted", async () => {
    const project = memoryFixture(FIXTURE);
    project.remove("src/middleware.ts");
    const run = await initInMemory(project, ["--providers", "github", "--yes", "--no-install"]);
    expect([run.status, run.stderr]).toEqual([0, ""]);
    await expect(project.read("src/middleware.ts")).toMatchFileSnapshot(
      `__snapshots__/init-${FIXTURE}-no-middleware/middleware.ts.snap`,
    );
    expect(run.stdout).toMatch(/create {2}src\/middleware\.ts/);
    // remove deletes the middleware init wrote, as it wrote it.
    const removed = await runInMemory(project, ["remove", project.root, "--yes", "--no-install"], { bin: "auth" });
    expect([removed.status, removed.stderr]).toEqual([0, ""]);
    expect(project.files.has("src/middleware.ts")).toBe(false);
  });

  it("merges into src/middleware/index.ts, importing the auth module from the folder above", async () => {
    const project = memoryFixture(FIXTURE);
    project.rename("src/middleware.ts", "src/middleware/index.ts");
    const run = await initInMemory(project, ["--providers", "github", "--yes", "--no-install"]);
    expect([run.status, run.stderr]).toEqual([0, ""]);
    const middleware = project.read("src/middleware/index.ts");
    expect(middleware).toContain('import { auth } from "../auth";');
    expect(middleware).toContain("export const onRequest = sequence(auth.middleware, appOnRequest);");
    expect(project.files.has("src/middleware.ts")).toBe(false);
  });

  it("writes JavaScript for an app without a tsconfig, as snapshotted", async () => {
    const project = memoryFixture(FIXTURE);
    project.remove("tsconfig.json");
    project.rename("src/middleware.ts", "src/middleware.js");
    project.rename("src/lib/notes.ts", "src/lib/notes.js");
    project.rename("src/pages/api/notes.ts", "src/pages/api/notes.js");
    const run = await initInMemory(project, ["--providers", "github,credentials", "--yes", "--no-install"]);
    expect([run.status, run.stderr]).toEqual([0, ""]);
    const auth = project.read("src/auth.js");
    expect(auth).not.toMatch(/: AstroAuthConfig|as \{|declare global/);
    await expect(auth).toMatchFileSnapshot(`__snapshots__/init-${FIXTURE}-js/auth.js.snap`);
    expect(project.read("src/pages/auth/[...auth].js")).toContain("export const { GET, POST } = auth;");
    expect(project.read("src/middleware.js")).toContain(
      "export const onRequest = sequence(auth.middleware, appOnRequest);",
    );
  });

  it("says an app without an adapter needs one, and a static app's session pages need prerender = false", async () => {
    const project = memoryFixture(FIXTURE);
    const pkg = JSON.parse(project.read("package.json"));
    delete pkg.dependencies["@astrojs/node"];
    project.write("package.json", `${JSON.stringify(pkg, null, 2)}\n`);
    const run = await initInMemory(project, ["--providers", "github", "--yes", "--no-install"]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("No server adapter in package.json");
    expect(run.stdout).toContain("npx astro add node");

    const staticApp = memoryFixture(FIXTURE);
    staticApp.write("astro.config.mjs", staticApp.read("astro.config.mjs").replace('  output: "server",\n', ""));
    const second = await initInMemory(staticApp, ["--providers", "github", "--yes", "--no-install"]);
    expect(second.status).toBe(0);
    expect(second.stdout).toContain('astro.config.mjs does not set output: "server"');
  });

  it("writes into the folder the config's srcDir names, and says when it cannot read one", async () => {
    const project = memoryFixture(FIXTURE);
    for (const file of [...project.files.keys()].filter((name) => name.startsWith("src/")))
      project.rename(file, file.replace(/^src\//, "app/"));
    const config = project
      .read("astro.config.mjs")
      .replace('  output: "server",', '  srcDir: "./app",\n  output: "server",');
    project.write("astro.config.mjs", config);
    const run = await initInMemory(project, ["--providers", "github", "--yes", "--no-install"]);
    expect([run.status, run.stderr]).toEqual([0, ""]);
    expect(project.read("app/auth.ts")).toContain("export const auth = AstroAuth(authConfig);");
    expect(project.read("app/pages/auth/[...auth].ts")).toContain("export const { GET, POST } = auth;");
    expect(project.files.has("src/auth.ts")).toBe(false);

    const computed = memoryFixture(FIXTURE);
    computed.write(
      "astro.config.mjs",
      computed
        .read("astro.config.mjs")
        .replace('  output: "server",', '  srcDir: process.env.SRC ?? "./src",\n  output: "server",'),
    );
    const second = await initInMemory(computed, ["--providers", "github", "--yes", "--no-install"]);
    expect(second.status).toBe(0);
    expect(second.stdout).toContain("astro.config.mjs sets srcDir in a way init cannot read");
    expect(computed.read("src/pages/auth/[...auth].ts")).toContain("export const { GET, POST } = auth;");
  });

  it("refuses an Astro 6 app, saying which version it supports and how to move", async () => {
    const project = memoryFixture(FIXTURE);
    const pkg = JSON.parse(project.read("package.json"));
    pkg.dependencies.astro = "^6.2.0";
    project.write("package.json", `${JSON.stringify(pkg, null, 2)}\n`);
    const before = project.hash();
    const run = await initInMemory(project, ["--providers", "github", "--yes", "--no-install"]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("This app runs Astro 6 (astro ^6.2.0 in package.json); create-auth sets up Astro 7");
    expect(run.stderr).toContain("npx @astrojs/upgrade");
    expect(project.hash()).toBe(before);
  });
});
