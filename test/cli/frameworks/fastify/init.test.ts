/**
 * `create-auth init` on a fastify-cli app (TypeScript, @fastify/autoload over src/plugins and src/routes), run
 * in memory: the generated files as snapshotted (JWT, and database sessions in SQLite), no file of the user's
 * edited, idempotency, a JavaScript (CommonJS) variant, and the refusal of Fastify 4.
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
  stable,
} from "../../support.js";

const FIXTURE = "fastify-5-cli";
const original = path.join(repoRoot, "test/fixtures", FIXTURE);
/** The user's own files: init writes beside them and changes none. */
const USER_FILES = [
  "src/app.ts",
  "src/layout.ts",
  "src/notes.ts",
  "src/plugins/sensible.ts",
  "src/plugins/support.ts",
  "src/routes/root.ts",
  "src/routes/notes/index.ts",
  "src/routes/api/notes/index.ts",
  "tsconfig.json",
];

const CASES = [
  { name: "jwt", args: ["--providers", "oidc,credentials"] },
  { name: "database-sqlite", args: ["--providers", "oidc,credentials", "--strategy", "database", "--db", "sqlite"] },
] as const;

describe.each(CASES)("create-auth init (fastify-cli app, $name)", ({ name, args }) => {
  const snapshots = `__snapshots__/init-${FIXTURE}-${name}`;
  let project: MemoryProject;
  let first: CliRun;

  beforeAll(async () => {
    ({ project, run: first } = await initFixture(FIXTURE, [...args, "--yes", "--no-install"]));
  });

  it("recognises the app and prints the plan summary and next steps", async () => {
    expect(first.stderr).toBe("");
    expect(first.status).toBe(0);
    expect(first.stdout.split("\n")[0]).toContain("Fastify 5.12.8 (TypeScript");
    await expect(stable(first.stdout, project.root)).toMatchFileSnapshot(`${snapshots}/summary.txt`);
  });

  it("writes the auth module beside src/app.ts and a plugin of its own into src/plugins/, as snapshotted", async () => {
    await expect(project.read("src/auth.ts")).toMatchFileSnapshot(`${snapshots}/auth.ts.snap`);
    await expect(project.read("src/plugins/auth.ts")).toMatchFileSnapshot(`${snapshots}/plugin-auth.ts.snap`);
    await expect(project.read(".env.example")).toMatchFileSnapshot(`${snapshots}/env.example.snap`);
    await expect(project.read("package.json")).toMatchFileSnapshot(`${snapshots}/package.json.snap`);
  });

  it("edits no file of the user's: the autoloader registers the plugin before the routes", () => {
    for (const file of USER_FILES) expect(project.read(file), file).toBe(read(original, file));
    const plugin = project.read("src/plugins/auth.ts");
    expect(plugin).toContain('import fp from "fastify-plugin";');
    expect(plugin).toContain('await fastify.register(FastifyAuth(authConfig), { prefix: "/auth" });');
    expect(plugin).toContain('import { authConfig } from "../auth.js";');
    // fastify start loads .env itself, before the app: the plugin loads nothing.
    expect(plugin).not.toContain("loadEnvFile");
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
    project.write("src/plugins/auth.ts", `${project.read("src/plugins/auth.ts")}// mine\n`);
    const before = project.hash();
    const second = await initInMemory(project, [...args, "--yes", "--no-install", "--json"]);
    expect(second.status).toBe(0);
    expect(JSON.parse(second.stdout).plan.changes).toEqual([]);
    expect(project.hash()).toBe(before);
  });
});

describe("create-auth init (fastify-cli app): other shapes", () => {
  it("writes CommonJS for a JavaScript fastify-cli app (fastify generate without --lang=ts)", async () => {
    const project = memoryFixture(FIXTURE);
    project.remove("tsconfig.json");
    project.write(
      "app.js",
      [
        "'use strict'",
        "",
        "const path = require('node:path')",
        "const AutoLoad = require('@fastify/autoload')",
        "",
        "module.exports = async function (fastify, opts) {",
        "  fastify.register(AutoLoad, { dir: path.join(__dirname, 'plugins'), options: Object.assign({}, opts) })",
        "  fastify.register(AutoLoad, { dir: path.join(__dirname, 'routes'), options: Object.assign({}, opts) })",
        "}",
        "",
      ].join("\n"),
    );
    const pkg = JSON.parse(project.read("package.json"));
    pkg.main = "app.js";
    pkg.scripts = { start: "fastify start -l info app.js" };
    project.write("package.json", `${JSON.stringify(pkg, null, 2)}\n`);
    const run = await initInMemory(project, ["--providers", "github", "--yes", "--no-install"]);
    expect([run.status, run.stderr]).toEqual([0, ""]);
    const plugin = project.read("plugins/auth.js");
    expect(plugin).toContain('const fp = require("fastify-plugin");');
    expect(plugin).toContain('const { authConfig } = require("../auth");');
    expect(plugin).toContain("module.exports = fp(");
    expect(project.read("auth.js")).toContain("module.exports = { authConfig };");
    expect(project.read("auth.js")).not.toMatch(/^import /m);
  });

  it("loads .env in the plugin when the start script does not (node on the built app)", async () => {
    const project = memoryFixture(FIXTURE);
    const pkg = JSON.parse(project.read("package.json"));
    pkg.scripts.start = "npm run build:ts && node dist/server.js";
    pkg.scripts["dev:start"] = "node --watch dist/server.js";
    project.write("package.json", `${JSON.stringify(pkg, null, 2)}\n`);
    const run = await initInMemory(project, ["--providers", "github", "--yes", "--no-install"]);
    expect([run.status, run.stderr]).toEqual([0, ""]);
    // dist/server.js has no source here: the common names find src/app.ts.
    expect(project.read("src/plugins/auth.ts")).toContain("process.loadEnvFile();");
  });

  it("finds the app file that only fastify-cli's dev:start names (no main, a start script without a file)", async () => {
    const project = memoryFixture(FIXTURE);
    project.write("src/service.ts", project.read("src/app.ts"));
    project.remove("src/app.ts");
    const pkg = JSON.parse(project.read("package.json"));
    delete pkg.main;
    pkg.scripts.start = "npm run build:ts && fastify start -l info";
    pkg.scripts["dev:start"] = "fastify start --ignore-watch=.ts$ -w -l info -P dist/service.js";
    project.write("package.json", `${JSON.stringify(pkg, null, 2)}\n`);
    const run = await initInMemory(project, ["--providers", "github", "--yes", "--no-install"]);
    expect([run.status, run.stderr]).toEqual([0, ""]);
    // dist/service.js maps back to src/service.ts, which autoloads src/plugins/: the plugin goes there.
    expect(project.read("src/plugins/auth.ts")).toContain('from "../auth.js"');
    expect(project.read("src/auth.ts")).toContain("src/plugins/auth.ts registers it under /auth");
  });

  it("without fastify-plugin, exports the auth plugin itself (not encapsulated) with its prefix for the autoloader", async () => {
    const project = memoryFixture(FIXTURE);
    const pkg = JSON.parse(project.read("package.json"));
    delete pkg.dependencies["fastify-plugin"];
    project.write("package.json", `${JSON.stringify(pkg, null, 2)}\n`);
    const run = await initInMemory(project, ["--providers", "github", "--yes", "--no-install"]);
    expect([run.status, run.stderr]).toEqual([0, ""]);
    const plugin = project.read("src/plugins/auth.ts");
    expect(plugin).not.toContain('fastify-plugin"');
    expect(plugin).toContain("export default FastifyAuth(authConfig);");
    expect(plugin).toContain('export const autoConfig = { prefix: "/auth" };');
  });

  it("refuses a Fastify 4 app, saying which version it supports and how to move", async () => {
    const project = memoryFixture(FIXTURE);
    const pkg = JSON.parse(project.read("package.json"));
    pkg.dependencies.fastify = "^4.28.1";
    project.write("package.json", `${JSON.stringify(pkg, null, 2)}\n`);
    const before = project.hash();
    const run = await initInMemory(project, ["--providers", "github", "--yes", "--no-install"]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      "This app runs Fastify 4 (fastify ^4.28.1 in package.json); create-auth supports Fastify 5",
    );
    expect(run.stderr).toContain("Migration-Guide-V5");
    expect(project.hash()).toBe(before);
  });
});
