/**
 * `create-auth init` on the Express fixtures (Express 5 in TypeScript, Express 4 in CommonJS JavaScript),
 * run in memory: the generated files as snapshotted, the app file edited only by insertions, idempotency,
 * dry run and refusal to overwrite.
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

/** Every line of the original is still there, unchanged and in order: init only inserted. */
function onlyInserted(after: string, before: string): boolean {
  const lines = after.split("\n");
  let at = 0;
  for (const line of before.split("\n")) {
    while (at < lines.length && lines[at] !== line) at += 1;
    if (at === lines.length) return false;
    at += 1;
  }
  return true;
}

const CASES = [
  { fixture: "express-5-ts", appFile: "src/app.ts", authFile: "src/auth.ts", language: "ts", version: "5.3.0" },
  { fixture: "express-4-js", appFile: "app.js", authFile: "auth.js", language: "js", version: "4.22.3" },
] as const;

describe.each(CASES)("create-auth init ($fixture)", ({ fixture, appFile, authFile, language, version }) => {
  const snapshots = `__snapshots__/init-${fixture}`;
  const original = path.join(repoRoot, "test/fixtures", fixture);
  let project: MemoryProject;
  let first: CliRun;

  beforeAll(async () => {
    ({ project, run: first } = await initFixture(fixture, [
      "--providers",
      "oidc,credentials",
      "--yes",
      "--no-install",
    ]));
  });

  it("recognises the project and prints the plan summary and next steps", async () => {
    expect(first.stderr).toBe("");
    expect(first.status).toBe(0);
    expect(first.stdout.split("\n")[0]).toContain(
      `Express ${version} (${language === "ts" ? "TypeScript" : "JavaScript"}`,
    );
    await expect(stable(first.stdout, project.root)).toMatchFileSnapshot(`${snapshots}/summary.txt`);
  });

  it("generates the auth module beside the app file and mounts it there, as snapshotted", async () => {
    await expect(project.read(authFile)).toMatchFileSnapshot(`${snapshots}/${path.basename(authFile)}.snap`);
    await expect(project.read(appFile)).toMatchFileSnapshot(`${snapshots}/${path.basename(appFile)}.snap`);
    await expect(project.read(".env.example")).toMatchFileSnapshot(`${snapshots}/env.example.snap`);
    await expect(project.read("package.json")).toMatchFileSnapshot(`${snapshots}/package.json.snap`);
  });

  it("edits the app file by insertion only, mounting /auth before the app's first route", () => {
    const before = read(original, appFile);
    const after = project.read(appFile);
    expect(onlyInserted(after, before)).toBe(true);
    const mount = after.indexOf('app.use("/auth", ExpressAuth(authConfig));');
    expect(mount).toBeGreaterThan(after.indexOf("express();"));
    expect(mount).toBeLessThan(after.indexOf('app.get("/"'));
    expect(after).toContain("process.loadEnvFile();");
  });

  it("writes the module syntax of the project: require in CommonJS, import in ES modules", () => {
    const auth = project.read(authFile);
    if (fixture === "express-4-js") {
      expect(auth).toContain('const { getSession } = require("@create-auth/runtime/express");');
      expect(auth).toContain("module.exports = { authConfig, requireAuth };");
      expect(auth).not.toMatch(/^import /m);
    } else {
      expect(auth).toContain("export async function requireAuth(req: Request, res: Response, next: NextFunction)");
      expect(project.read(appFile)).toContain('import { authConfig } from "./auth.js";');
    }
  });

  it("writes the credentials authorize denied by default, finding users by the runtime's email normaliser", () => {
    const body = authorizeBody(project.read(authFile));
    expect(body.map((line) => line.trim())).toContain(
      'if (email === null || typeof credentials.password !== "string") {',
    );
    expect(body.filter((line) => /\breturn\b/.test(line)).map((line) => line.trim())).toEqual([
      "return null;",
      "return null;",
    ]);
    expect(body.join("\n")).toContain('normalizeEmailAddress(String(credentials.email ?? ""))');
  });

  it("keeps the existing .env byte for byte and appends a fresh secret and provider stubs", async () => {
    const env = project.read(".env");
    expect(env.startsWith(read(original, ".env"))).toBe(true);
    const secret = /^AUTH_SECRET=(.*)$/m.exec(env)?.[1] ?? "";
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await expect(env.replace(secret, "<secret>")).toMatchFileSnapshot(`${snapshots}/env.snap`);
    expect(first.stdout).not.toContain(secret);
    expect(project.read(".gitignore").split("\n")).toContain(".env");
  });

  it("plans nothing on a second run, even after the user edited the generated module", async () => {
    const edited = project.read(authFile).replace("return null;", "return null; // edited by the user");
    project.write(authFile, edited);
    const before = project.hash();
    const second = await initInMemory(project, ["--providers", "oidc,credentials", "--yes", "--no-install", "--json"]);
    expect(second.status).toBe(0);
    expect(JSON.parse(second.stdout).plan.changes).toEqual([]);
    expect(project.hash()).toBe(before);
  });
});

describe("create-auth init (Express): the app file and its env loading", () => {
  it("follows the start script through the entry file to the file that creates the app", async () => {
    const project = memoryFixture("express-5-ts");
    const run = await initInMemory(project, ["--providers", "credentials", "--yes", "--no-install", "--json"]);
    expect(run.status).toBe(0);
    const paths = JSON.parse(run.stdout).plan.changes.map((change: { path: string }) => change.path);
    expect(paths).toEqual(expect.arrayContaining(["src/auth.ts", "src/app.ts"]));
    expect(paths).not.toContain("src/server.ts");
  });

  it("leaves env loading to a start script that already loads the env file", async () => {
    const project = memoryFixture("express-4-js");
    const pkg = JSON.parse(project.read("package.json"));
    pkg.scripts.start = "node --env-file=.env app.js";
    project.write("package.json", `${JSON.stringify(pkg, null, 2)}\n`);
    const run = await initInMemory(project, ["--providers", "credentials", "--yes", "--no-install"]);
    expect(run.status).toBe(0);
    expect(project.read("app.js")).not.toContain("loadEnvFile");
    expect(project.read("app.js")).toContain('app.use("/auth", ExpressAuth(authConfig));');
  });
});

describe("create-auth init on express-generator 4.16's app (npx express-generator --view=pug)", () => {
  let project: MemoryProject;
  let run: CliRun;

  beforeAll(async () => {
    ({ project, run } = await initFixture("express-generator-4", ["--providers", "github", "--yes", "--no-install"]));
  });

  it("mounts /auth after morgan, the body parsers, cookie-parser and static files, before the routers", () => {
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const lines = project.read("app.js").split("\n");
    const at = (line: string) => lines.indexOf(line);
    const mount = at("app.use('/auth', ExpressAuth(authConfig));");
    expect(mount).toBeGreaterThan(at("app.use(logger('dev'));"));
    expect(mount).toBeGreaterThan(at("app.use(express.static(path.join(__dirname, 'public')));"));
    expect(mount).toBeLessThan(at("app.use('/', indexRouter);"));
    expect(
      onlyInserted(project.read("app.js"), read(path.join(repoRoot, "test/fixtures/express-generator-4"), "app.js")),
    ).toBe(true);
  });

  it("writes its lines in app.js's own style: var, single quotes, semicolons", () => {
    const original = read(path.join(repoRoot, "test/fixtures/express-generator-4"), "app.js").split("\n");
    const inserted = project
      .read("app.js")
      .split("\n")
      .filter((line) => !original.includes(line) && line.trim() !== "" && !line.trim().startsWith("//"));
    expect(inserted).toEqual([
      "try {",
      "  process.loadEnvFile();",
      "} catch (error) {",
      "  if (error.code !== 'ENOENT') throw error;",
      "}",
      "var { ExpressAuth } = require('@create-auth/runtime/express');",
      "var { authConfig } = require('./auth');",
      "app.use('/auth', ExpressAuth(authConfig));",
    ]);
  });

  it("remove takes those lines out again: app.js is as express-generator wrote it", async () => {
    const copy = memoryFixture("express-generator-4");
    const init = await initInMemory(copy, ["--providers", "github", "--yes", "--no-install"]);
    expect([init.status, init.stderr]).toEqual([0, ""]);
    const removed = await runInMemory(copy, ["remove", copy.root, "--yes", "--no-install"], { bin: "auth" });
    expect([removed.status, removed.stderr]).toEqual([0, ""]);
    expect(copy.read("app.js")).toBe(read(path.join(repoRoot, "test/fixtures/express-generator-4"), "app.js"));
  });

  it("writes the auth module in CommonJS beside app.js, and bin/www stays as it is", () => {
    expect(project.read("auth.js")).toContain('require("@create-auth/runtime/express")');
    expect(project.read("bin/www")).toBe(read(path.join(repoRoot, "test/fixtures/express-generator-4"), "bin/www"));
  });
});
