/**
 * `create-auth init` on the Hono fixture (Hono 4 on @hono/node-server, TypeScript; and the same app in
 * JavaScript), run in memory: the generated files as snapshotted for JWT and for database sessions in
 * SQLite, the entry module edited only by insertions (the handler after the app's middleware, before its
 * routes), idempotency, refusal of another major, and remove giving the entry module back.
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

const FIXTURE = "hono-4-node";
const ORIGINAL = path.join(repoRoot, "test/fixtures", FIXTURE);
const MOUNT = 'app.on(["GET", "POST"], "/auth/*", auth.handler);';

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
  { name: "jwt", args: [] as string[] },
  { name: "database-sqlite", args: ["--strategy", "database", "--db", "sqlite"] },
] as const;

describe.each(CASES)("create-auth init (hono-4-node, $name)", ({ name, args }) => {
  const snapshots = `__snapshots__/init-${FIXTURE}-${name}`;
  const flags = ["--providers", "oidc,credentials", ...args, "--yes", "--no-install"];
  let project: MemoryProject;
  let first: CliRun;

  beforeAll(async () => {
    ({ project, run: first } = await initFixture(FIXTURE, flags));
  });

  it("recognises the project and prints the plan summary and next steps", async () => {
    expect(first.stderr).toBe("");
    expect(first.status).toBe(0);
    expect(first.stdout.split("\n")[0]).toContain("Hono 4.13.19 (TypeScript");
    await expect(stable(first.stdout, project.root)).toMatchFileSnapshot(`${snapshots}/summary.txt`);
  });

  it("generates the auth module beside the entry module and mounts it there, as snapshotted", async () => {
    await expect(project.read("src/auth.ts")).toMatchFileSnapshot(`${snapshots}/auth.ts.snap`);
    await expect(project.read("src/index.ts")).toMatchFileSnapshot(`${snapshots}/index.ts.snap`);
    await expect(project.read(".env.example")).toMatchFileSnapshot(`${snapshots}/env.example.snap`);
    await expect(project.read("package.json")).toMatchFileSnapshot(`${snapshots}/package.json.snap`);
    if (name === "database-sqlite") {
      await expect(project.read("src/auth-db.ts")).toMatchFileSnapshot(`${snapshots}/auth-db.ts.snap`);
    }
  });

  it("edits the entry module by insertion only: the handler after the logger and the app's middleware, before its routes", () => {
    const before = read(ORIGINAL, "src/index.ts");
    const after = project.read("src/index.ts");
    expect(onlyInserted(after, before)).toBe(true);
    const mount = after.indexOf(MOUNT);
    expect(mount).toBeGreaterThan(after.indexOf('app.use(releaseHeader("2026.11"));'));
    expect(mount).toBeLessThan(after.indexOf('app.get("/"'));
    expect(after).toContain('import { auth } from "./auth.js";');
    // The production start (node dist/index.js) reads no env file by itself: the entry module loads it.
    expect(after.indexOf("process.loadEnvFile();")).toBeLessThan(after.indexOf("const app = new Hono();"));
  });

  it("writes the credentials authorize denied by default, finding users by the runtime's email normaliser", () => {
    const body = authorizeBody(project.read("src/auth.ts"));
    expect(body.filter((line) => /\breturn\b/.test(line)).map((line) => line.trim())).toEqual([
      "return null;",
      "return null;",
    ]);
    expect(body.join("\n")).toContain('normalizeEmailAddress(String(credentials.email ?? ""))');
  });

  it("keeps the existing .env byte for byte and appends a fresh secret and provider stubs", () => {
    const env = project.read(".env");
    expect(env.startsWith(read(ORIGINAL, ".env"))).toBe(true);
    expect(/^AUTH_SECRET=(.*)$/m.exec(env)?.[1] ?? "").toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(project.read(".gitignore").split("\n")).toContain(".env");
  });

  it("plans nothing on a second run, even after the user edited the generated module", async () => {
    const edited = project.read("src/auth.ts").replace("return null;", "return null; // edited by the user");
    project.write("src/auth.ts", edited);
    const before = project.hash();
    const second = await initInMemory(project, [...flags, "--json"]);
    expect(second.status).toBe(0);
    expect(JSON.parse(second.stdout).plan.changes).toEqual([]);
    expect(project.hash()).toBe(before);
  });

  it("remove gives the entry module back byte for byte", async () => {
    const copy = memoryFixture(FIXTURE);
    const init = await initInMemory(copy, flags);
    expect([init.status, init.stderr]).toEqual([0, ""]);
    const removed = await runInMemory(copy, ["remove", copy.root, "--yes", "--no-install"], { bin: "auth" });
    expect([removed.status, removed.stderr]).toEqual([0, ""]);
    expect(copy.read("src/index.ts")).toBe(read(ORIGINAL, "src/index.ts"));
    expect(copy.has("src/auth.ts")).toBe(false);
  });
});

/** The fixture as a JavaScript app: the same entry module without its types, no tsconfig, no build. */
function javascriptApp(): MemoryProject {
  const project = memoryFixture(FIXTURE);
  const pkg = JSON.parse(project.read("package.json"));
  pkg.scripts = { start: "node src/index.js", dev: "node --watch src/index.js" };
  pkg.devDependencies = {};
  project.write("package.json", `${JSON.stringify(pkg, null, 2)}\n`);
  for (const file of [...project.files.keys()]) {
    if (file === "tsconfig.json") project.files.delete(file);
    if (file.endsWith(".ts")) {
      const js = project
        .read(file)
        .replace(/^import type .*\n/gm, "")
        .replace(/: (MiddlewareHandler|Note\[\]|Body|number|string)\b/g, "")
        .replace(/^export interface [\s\S]*?\n}\n/m, "")
        .replace(/^type Body = .*\n\n/m, "");
      project.files.delete(file);
      project.write(file.replace(/\.ts$/, ".js"), js);
    }
  }
  return project;
}

describe("create-auth init on the same app in JavaScript", () => {
  let project: MemoryProject;
  let run: CliRun;

  beforeAll(async () => {
    project = javascriptApp();
    run = await initInMemory(project, ["--providers", "github", "--yes", "--no-install"]);
  });

  it("writes auth.js with a JSDoc type beside src/index.js and mounts it there", async () => {
    expect([run.status, run.stderr]).toEqual([0, ""]);
    expect(run.stdout.split("\n")[0]).toContain("Hono 4.13.19 (JavaScript");
    const auth = project.read("src/auth.js");
    expect(auth).toContain('/** @type {import("@create-auth/runtime/hono").HonoAuthConfig} */');
    expect(auth).toContain("export const auth = HonoAuth(authConfig);");
    const index = project.read("src/index.js");
    expect(index).toContain(MOUNT);
    expect(index).toContain('import { auth } from "./auth.js";');
    expect(index).toContain('  if (error.code !== "ENOENT") throw error;');
    await expect(run.stdout).toContain("npm start");
  });
});

describe("create-auth init on other Hono apps", () => {
  it("refuses Hono 3, naming the supported version and the upgrade", async () => {
    const project = memoryFixture(FIXTURE);
    project.write("package.json", project.read("package.json").replace('"hono": "4.13.19"', '"hono": "3.12.12"'));
    const run = await initInMemory(project, ["--providers", "github", "--yes", "--no-install"]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      "Hono 3 is not supported: create-auth sets up Hono 4 (on Node with @hono/node-server)",
    );
    expect(project.has("src/auth.ts")).toBe(false);
  });

  it("leaves env loading to the runtime when the app has no @hono/node-server, and says so", async () => {
    const project = memoryFixture(FIXTURE);
    project.write("package.json", project.read("package.json").replace(/\s*"@hono\/node-server": "[^"]*",/, ""));
    const run = await initInMemory(project, ["--providers", "github", "--yes", "--no-install"]);
    expect([run.status, run.stderr]).toEqual([0, ""]);
    expect(project.read("src/index.ts")).toContain(MOUNT);
    expect(project.read("src/index.ts")).not.toContain("loadEnvFile");
    expect(run.stdout).toContain("@hono/node-server is not in package.json");
  });

  it("does not mount on an app served under basePath(), and says how to", async () => {
    const project = memoryFixture(FIXTURE);
    project.write(
      "src/index.ts",
      project.read("src/index.ts").replace("const app = new Hono();", 'const app = new Hono().basePath("/app");'),
    );
    const run = await initInMemory(project, ["--providers", "github", "--yes", "--no-install"]);
    expect(run.status).toBe(0);
    expect(project.read("src/index.ts")).not.toContain("auth.handler");
    expect(run.stdout).toContain('set `basePath: "/app/auth"` in the auth config');
  });
});
