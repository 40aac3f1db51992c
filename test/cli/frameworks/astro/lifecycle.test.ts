/**
 * The commands after `init` on the Astro 7 app, each checked once: add-provider and remove-provider edit
 * src/auth.ts and name the callback on astro dev's port (doctor's wiring checks:
 * test/cli/commands/doctor/astro-wiring.test.ts); generate finds the auth tables init put in the Drizzle schema;
 * migrate creates the SQLite tables from init's migration on disk; update writes a deleted runtime file again;
 * remove gives every file of the app back. Framework-agnostic commands, proved on this framework's layout.
 */
import { cpSync, existsSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  initFixture,
  materialize,
  memoryFixture,
  read,
  removeTemps,
  repoRoot,
  runInMemory,
  tempDir,
} from "../../support.js";
import { runOnDisk } from "../../support-disk.js";
import { migrateIn } from "../../support-migrate.js";

const FIXTURE = "astro-7-node";
const ROUTE = "src/pages/auth/[...auth].ts";
const original = path.join(repoRoot, "test/fixtures", FIXTURE);
const APPLY = ["--yes", "--no-install"];

afterAll(removeTemps);

describe("the Astro app after init: providers and remove", () => {
  it("add-provider and remove-provider edit the auth module, and only it", async () => {
    const { project } = await initFixture(FIXTURE, ["--providers", "github", ...APPLY]);
    const route = project.read(ROUTE);
    const add = await runInMemory(project, ["add-provider", "google", project.root, ...APPLY], { bin: "auth" });
    expect([add.status, add.stderr]).toEqual([0, ""]);
    expect(project.read("src/auth.ts")).toContain('import Google from "@create-auth/runtime/providers/google";');
    expect(add.stdout).toContain("http://localhost:4321/auth/callback/google");
    const gone = await runInMemory(project, ["remove-provider", "google", project.root, ...APPLY], { bin: "auth" });
    expect([gone.status, gone.stderr]).toEqual([0, ""]);
    expect(project.read("src/auth.ts")).not.toContain("Google");
    expect(project.read(ROUTE)).toBe(route);
  });

  it("remove gives back every file of the app, keeping the env file and its ignore line", async () => {
    const project = memoryFixture(FIXTURE);
    const files = [...project.files.keys()];
    const init = await runInMemory(project, ["init", project.root, "--providers", "github,credentials", ...APPLY]);
    expect([init.status, init.stderr]).toEqual([0, ""]);
    const removed = await runInMemory(project, ["remove", project.root, ...APPLY], { bin: "auth" });
    expect([removed.status, removed.stderr]).toEqual([0, ""]);
    expect([...project.files.keys()].sort()).toEqual(files.sort());
    // The env file stays (with what the user filled in), so .gitignore keeps it out of git; all else is as it was.
    for (const file of files.filter((name) => name !== ".env" && name !== ".gitignore"))
      expect(project.read(file), file).toBe(read(original, file));
    expect(project.read(".gitignore").startsWith(read(original, ".gitignore"))).toBe(true);
  });

  it("remove gives back a middleware written as an export list, as its owner wrote it", async () => {
    const project = memoryFixture(FIXTURE);
    const middleware = "src/middleware.ts";
    const own = project
      .read(middleware)
      .replace("export const onRequest = defineMiddleware(", "const release = defineMiddleware(")
      .concat("\nexport { release as onRequest };\n");
    project.write(middleware, own);
    const init = await runInMemory(project, ["init", project.root, "--providers", "github", ...APPLY]);
    expect([init.status, init.stderr]).toEqual([0, ""]);
    expect(project.read(middleware)).toContain("export const onRequest = sequence(auth.middleware, release);");
    const removed = await runInMemory(project, ["remove", project.root, ...APPLY], { bin: "auth" });
    expect([removed.status, removed.stderr]).toEqual([0, ""]);
    expect(project.read(middleware)).toBe(own);
  });
});

describe("the Astro app after init: its database and runtime", () => {
  it("generate finds the auth tables init merged into the Drizzle schema, and has nothing to do", async () => {
    const { project, run } = await initFixture(FIXTURE, [
      "--providers",
      "github",
      "--orm",
      "drizzle",
      "--db",
      "sqlite",
      ...APPLY,
    ]);
    expect([run.status, run.stderr]).toEqual([0, ""]);
    const before = project.hash();
    const again = await runInMemory(project, ["generate", project.root, "--yes"], { bin: "auth" });
    expect([again.status, again.stderr]).toEqual([0, ""]);
    expect(again.stdout).toContain("Nothing to do: src/auth-schema.ts already has every auth table and column.");
    expect(project.hash()).toBe(before);
  });

  it("migrate creates the SQLite auth tables from init's migration", async () => {
    const { project } = await initFixture(FIXTURE, [
      "--providers",
      "github",
      "--strategy",
      "database",
      "--db",
      "sqlite",
      ...APPLY,
    ]);
    const root = materialize(project);
    symlinkSync(path.join(repoRoot, "node_modules"), path.join(root, "node_modules"), "dir");
    const run = await migrateIn(root, { AUTH_DATABASE_FILE: "auth.db" }, { json: true });
    expect(run.json).toMatchObject({ applied: ["0001_auth_tables.sql"] });
    expect(existsSync(path.join(root, "auth.db"))).toBe(true);
  });

  it("update writes a deleted runtime file again (on disk, the built CLI's commands)", async () => {
    const dir = tempDir("astro-update");
    cpSync(original, dir, { recursive: true });
    expect((await runOnDisk(["init", "--providers", "github", ...APPLY], { cwd: dir })).status).toBe(0);
    const file = path.join(dir, "vendor/auth-runtime/astro.js");
    const text = readFileSync(file, "utf8");
    rmSync(file);
    const update = await runOnDisk(["update", "--json", ...APPLY], { cwd: dir });
    expect(update.status).toBe(0);
    expect((JSON.parse(update.stdout) as { files: Record<string, unknown> }).files["restored"]).toEqual([
      "vendor/auth-runtime/astro.js",
    ]);
    expect(readFileSync(file, "utf8")).toBe(text);
  });
});
