/**
 * `create-auth init` on a Nuxt 4 app (app/ for the Vue app, server/ for Nitro; the team's own pages, layout,
 * route and server middleware, API route and server utils), run in memory: the five generated files as
 * snapshotted (JWT, and database sessions in SQLite), each in the folder Nuxt scans for it so no file of the
 * user's is edited, idempotency, a JavaScript app, an app still laid out as Nuxt 3's (srcDir at the root), and
 * the refusal of Nuxt 3.
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

const FIXTURE = "nuxt-4";
const original = path.join(repoRoot, "test/fixtures", FIXTURE);
/** The user's own files: init writes beside them and changes none. */
const USER_FILES = [
  "nuxt.config.ts",
  "tsconfig.json",
  "app/app.vue",
  "app/layouts/default.vue",
  "app/pages/index.vue",
  "app/pages/notes.vue",
  "app/middleware/page-views.global.ts",
  "server/middleware/build-header.ts",
  "server/utils/notes.ts",
  "server/api/notes.get.ts",
];
/** What init writes, by snapshot name. */
const WRITTEN = {
  "auth.ts": "server/utils/auth.ts",
  "route.ts": "server/routes/auth/[...].ts",
  "plugin.ts": "server/plugins/auth.ts",
  "useSession.ts": "app/composables/useSession.ts",
  "middleware.ts": "app/middleware/auth.ts",
};

const CASES = [
  { name: "jwt", args: ["--providers", "oidc,credentials"] },
  { name: "database-sqlite", args: ["--providers", "oidc,credentials", "--strategy", "database", "--db", "sqlite"] },
] as const;

describe.each(CASES)("create-auth init (Nuxt 4 app, $name)", ({ name, args }) => {
  const snapshots = `__snapshots__/init-${FIXTURE}-${name}`;
  let project: MemoryProject;
  let first: CliRun;

  beforeAll(async () => {
    ({ project, run: first } = await initFixture(FIXTURE, [...args, "--yes", "--no-install"]));
  });

  it("recognises the app and prints the plan summary and next steps", async () => {
    expect(first.stderr).toBe("");
    expect(first.status).toBe(0);
    expect(first.stdout.split("\n")[0]).toContain("Nuxt 4.5.2 (TypeScript");
    await expect(stable(first.stdout, project.root)).toMatchFileSnapshot(`${snapshots}/summary.txt`);
  });

  it("writes the auth module, the route, the Nitro plugin, the composable and the middleware, as snapshotted", async () => {
    for (const [snapshot, file] of Object.entries(WRITTEN)) {
      await expect(project.read(file)).toMatchFileSnapshot(`${snapshots}/${snapshot}.snap`);
    }
    await expect(project.read(".env.example")).toMatchFileSnapshot(`${snapshots}/env.example.snap`);
    await expect(project.read("package.json")).toMatchFileSnapshot(`${snapshots}/package.json.snap`);
    if (name === "database-sqlite") {
      await expect(project.read("server/auth-db.ts")).toMatchFileSnapshot(`${snapshots}/auth-db.ts.snap`);
      expect(project.read("server/utils/auth.ts")).toContain('from "../auth-db";');
    }
  });

  it("edits no file of the user's: Nuxt scans the folders the files are written into", () => {
    for (const file of USER_FILES) expect(project.read(file), file).toBe(read(original, file));
    expect(project.read("server/routes/auth/[...].ts")).toContain("export default defineEventHandler(auth.handler);");
    expect(project.read("server/plugins/auth.ts")).toContain("export default defineNitroPlugin(auth.plugin);");
    // The production server (node .output/server/index.mjs) reads no .env: the auth module loads it.
    expect(project.read("server/utils/auth.ts")).toContain('nodeProcess.loadEnvFile(".env");');
  });

  it("writes the credentials authorize denied by default", () => {
    const body = authorizeBody(project.read("server/utils/auth.ts"));
    expect(body.filter((line) => /\breturn\b/.test(line)).map((line) => line.trim())).toEqual([
      "return null;",
      "return null;",
    ]);
  });

  it("keeps the existing .env byte for byte, appends a secret, and keeps .env ignored", async () => {
    const env = project.read(".env");
    expect(env.startsWith(read(original, ".env"))).toBe(true);
    const secret = /^AUTH_SECRET=(.*)$/m.exec(env)?.[1] ?? "";
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await expect(env.replace(secret, "<secret>")).toMatchFileSnapshot(`${snapshots}/env.snap`);
    expect(first.stdout).not.toContain(secret);
    expect(project.read(".gitignore").startsWith(read(original, ".gitignore"))).toBe(true);
  });

  it("plans nothing on a second run, even after the user edited the generated files", async () => {
    project.write(
      "server/utils/auth.ts",
      project.read("server/utils/auth.ts").replace("return null;", "return null; // mine"),
    );
    project.write("app/middleware/auth.ts", `${project.read("app/middleware/auth.ts")}// mine\n`);
    project.write("server/plugins/auth.ts", `${project.read("server/plugins/auth.ts")}// mine\n`);
    const before = project.hash();
    const second = await initInMemory(project, [...args, "--yes", "--no-install", "--json"]);
    expect(second.status).toBe(0);
    expect(JSON.parse(second.stdout).plan.changes).toEqual([]);
    expect(project.hash()).toBe(before);
  });
});

describe("create-auth init (Nuxt 4 app): other shapes", () => {
  it("writes JavaScript for an app without a tsconfig", async () => {
    const project = memoryFixture(FIXTURE);
    project.remove("tsconfig.json");
    project.rename("nuxt.config.ts", "nuxt.config.js");
    const run = await initInMemory(project, ["--providers", "github", "--yes", "--no-install"]);
    expect([run.status, run.stderr]).toEqual([0, ""]);
    const auth = project.read("server/utils/auth.js");
    expect(auth).toContain('/** @type {import("@create-auth/runtime/nuxt").NuxtAuthConfig} */');
    expect(auth).not.toContain(" as {");
    expect(project.read("server/routes/auth/[...].js")).toContain("defineEventHandler(auth.handler)");
    expect(project.has("app/composables/useSession.js")).toBe(true);
    expect(project.has("app/middleware/auth.js")).toBe(true);
  });

  it("writes the Vue app's files at the root of an app laid out as Nuxt 3's, and into the config's srcDir", async () => {
    const project = memoryFixture(FIXTURE);
    for (const file of [...project.files.keys()].filter((candidate) => candidate.startsWith("app/"))) {
      project.rename(file, file.slice("app/".length));
    }
    const run = await initInMemory(project, ["--providers", "github", "--yes", "--no-install"]);
    expect([run.status, run.stderr]).toEqual([0, ""]);
    expect(project.has("composables/useSession.ts")).toBe(true);
    expect(project.has("middleware/auth.ts")).toBe(true);
    expect(project.has("server/utils/auth.ts")).toBe(true);

    const custom = memoryFixture(FIXTURE);
    custom.write(
      "nuxt.config.ts",
      custom
        .read("nuxt.config.ts")
        .replace('compatibilityDate: "2025-07-15",', 'compatibilityDate: "2025-07-15",\n  srcDir: "src/",'),
    );
    const second = await initInMemory(custom, ["--providers", "github", "--yes", "--no-install"]);
    expect([second.status, second.stderr]).toEqual([0, ""]);
    expect(custom.has("src/composables/useSession.ts")).toBe(true);
  });

  it("refuses a Nuxt 3 app, saying which version it supports and how to move", async () => {
    const project = memoryFixture(FIXTURE);
    const pkg = JSON.parse(project.read("package.json"));
    pkg.dependencies.nuxt = "^3.17.0";
    project.write("package.json", `${JSON.stringify(pkg, null, 2)}\n`);
    const before = project.hash();
    const run = await initInMemory(project, ["--providers", "github", "--yes", "--no-install"]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("This app runs Nuxt 3 (nuxt ^3.17.0 in package.json); create-auth supports Nuxt 4");
    expect(run.stderr).toContain("https://nuxt.com/docs/getting-started/upgrade");
    expect(project.hash()).toBe(before);
  });
});
