/**
 * `create-auth init` on a plain Fastify app (fastify-5-plain: TypeScript `src/server.ts` creating the
 * instance, its hook and routes, `app.listen`; `node dist/server.js`), run in memory: the auth module and the
 * registration in src/server.ts as snapshotted (JWT, and database sessions in SQLite), the rest of the file
 * byte for byte, idempotency, a CommonJS JavaScript app (the Getting Started shape), a factory init cannot
 * edit (the printed line, saying why), and remove giving back every file.
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

const FIXTURE = "fastify-5-plain";
const original = path.join(repoRoot, "test/fixtures", FIXTURE);
const APPLY = ["--yes", "--no-install"];

const CASES = [
  { name: "jwt", args: ["--providers", "oidc,credentials"] },
  { name: "database-sqlite", args: ["--providers", "oidc,credentials", "--strategy", "database", "--db", "sqlite"] },
] as const;

/** The original with init's inserted lines taken out again: init only inserted. */
function onlyInserted(result: string, source: string): boolean {
  const lines = result.split("\n");
  let at = 0;
  for (const line of source.split("\n")) {
    while (at < lines.length && lines[at] !== line) at += 1;
    if (at === lines.length) return false;
    at += 1;
  }
  return true;
}

describe.each(CASES)("create-auth init (plain Fastify app, $name)", ({ name, args }) => {
  const snapshots = `__snapshots__/init-${FIXTURE}-${name}`;
  let project: MemoryProject;
  let first: CliRun;

  beforeAll(async () => {
    ({ project, run: first } = await initFixture(FIXTURE, [...args, ...APPLY]));
  }, 60_000);

  it("finds src/server.ts from the start script and prints the plan and next steps", async () => {
    expect(first.stderr).toBe("");
    expect(first.status).toBe(0);
    expect(first.stdout.split("\n")[0]).toContain("Fastify 5.12.8 (TypeScript");
    expect(first.stdout).toContain("edit    src/server.ts");
    await expect(stable(first.stdout, project.root)).toMatchFileSnapshot(`${snapshots}/summary.txt`);
  });

  it("registers the plugin in src/server.ts after the instance and its hook, before the routes, as snapshotted", async () => {
    const server = project.read("src/server.ts");
    await expect(server).toMatchFileSnapshot(`${snapshots}/server.ts.snap`);
    await expect(project.read("src/auth.ts")).toMatchFileSnapshot(`${snapshots}/auth.ts.snap`);
    await expect(project.read(".env.example")).toMatchFileSnapshot(`${snapshots}/env.example.snap`);
    expect(onlyInserted(server, read(original, "src/server.ts"))).toBe(true);
    // The file's own style: single quotes, no semicolons; awaited, as the file awaits listen.
    const register = server.indexOf("await app.register(FastifyAuth(authConfig), { prefix: '/auth' })\n");
    expect(register).toBeGreaterThan(server.indexOf("app.addHook('onSend'"));
    expect(register).toBeLessThan(server.indexOf("app.get('/',"));
    expect(server).toContain("import { authConfig } from './auth.js'\n");
    // node dist/server.js loads no env file: the module does, right after its imports.
    expect(server).toContain("  process.loadEnvFile()\n");
    for (const file of ["src/notes.ts", "src/views.ts", "tsconfig.json"])
      expect(project.read(file), file).toBe(read(original, file));
    // The auth module's header names the registration init made, on the module's own instance (app).
    const auth = project.read("src/auth.ts");
    expect(auth).toContain("src/server.ts registers it under /auth:\n// `app.register(FastifyAuth(authConfig)");
    expect(auth).toContain("the `app.requireAuth` guard");
  });

  it("plans nothing on a second run", async () => {
    const before = project.hash();
    const second = await initInMemory(project, [...args, ...APPLY, "--json"]);
    expect(second.status).toBe(0);
    expect(JSON.parse(second.stdout).plan.changes).toEqual([]);
    expect(project.hash()).toBe(before);
  });
});

describe("create-auth init (plain Fastify app): other shapes, and remove", () => {
  it("writes CommonJS for the Getting Started server.js, registering without await (no top-level await there)", async () => {
    const project = memoryFixture(FIXTURE);
    for (const file of ["tsconfig.json", "src/server.ts", "src/notes.ts", "src/views.ts"]) project.remove(file);
    const server = [
      "// Require the framework and instantiate it",
      "const fastify = require('fastify')({",
      "  logger: true",
      "})",
      "",
      "// Declare a route",
      "fastify.get('/', async function handler (request, reply) {",
      "  return { hello: 'world' }",
      "})",
      "",
      "// Run the server!",
      "fastify.listen({ port: 3000 }, (err) => {",
      "  if (err) {",
      "    fastify.log.error(err)",
      "    process.exit(1)",
      "  }",
      "})",
      "",
    ].join("\n");
    project.write("server.js", server);
    const pkg = JSON.parse(project.read("package.json"));
    delete pkg.type;
    pkg.scripts = { start: "node server.js" };
    delete pkg.devDependencies;
    project.write("package.json", `${JSON.stringify(pkg, null, 2)}\n`);
    const run = await initInMemory(project, ["--providers", "github", ...APPLY]);
    expect([run.status, run.stderr]).toEqual([0, ""]);
    const edited = project.read("server.js");
    expect(onlyInserted(edited, server)).toBe(true);
    expect(edited).toContain("const { FastifyAuth } = require('@create-auth/runtime/fastify')\n");
    expect(edited).toContain("const { authConfig } = require('./auth')\n");
    expect(edited).toContain("\nfastify.register(FastifyAuth(authConfig), { prefix: '/auth' })\n");
    expect(edited.indexOf("process.loadEnvFile()")).toBeLessThan(edited.indexOf("require('fastify')"));
    expect(project.read("auth.js")).toContain("module.exports = { authConfig };");
    expect(run.stdout).toContain("Protect a route in a plugin registered after the auth plugin");

    const removed = await runInMemory(project, ["remove", project.root, ...APPLY], { bin: "auth" });
    expect([removed.status, removed.stderr]).toEqual([0, ""]);
    expect(project.read("server.js")).toBe(server);
  });

  it("leaves a factory it cannot edit as it is, writing the auth module and saying why and what to add", async () => {
    const project = memoryFixture(FIXTURE);
    const factory = [
      "import Fastify from 'fastify'",
      "",
      "export function buildApp () {",
      "  const app = Fastify({ logger: true })",
      "  app.get('/', async () => 'home')",
      "  return app",
      "}",
      "",
    ].join("\n");
    project.write("src/app.ts", factory);
    project.write("src/server.ts", "import { buildApp } from './app.js'\n\nawait buildApp().listen({ port: 3000 })\n");
    const run = await initInMemory(project, ["--providers", "github", ...APPLY]);
    expect([run.status, run.stderr]).toEqual([0, ""]);
    expect(project.read("src/app.ts")).toBe(factory);
    expect(project.read("src/auth.ts")).toContain("export const authConfig");
    expect(run.stdout.replace(/\s+/g, " ")).toContain(
      'src/app.ts creates the Fastify instance inside a function (buildApp), which init does not edit: register the auth plugin yourself where you create the Fastify instance, before your routes: await app.register(FastifyAuth(authConfig), { prefix: "/auth" })',
    );
  });

  it("remove gives back every file of the app, keeping the env file and its ignore line", async () => {
    const project = memoryFixture(FIXTURE);
    const files = [...project.files.keys()];
    const init = await runInMemory(project, ["init", project.root, "--providers", "github,credentials", ...APPLY]);
    expect([init.status, init.stderr]).toEqual([0, ""]);
    const removed = await runInMemory(project, ["remove", project.root, ...APPLY], { bin: "auth" });
    expect([removed.status, removed.stderr]).toEqual([0, ""]);
    expect([...project.files.keys()].sort()).toEqual(files.sort());
    for (const file of files.filter((file) => file !== ".env" && file !== ".gitignore"))
      expect(project.read(file), file).toBe(read(original, file));
  });
});
