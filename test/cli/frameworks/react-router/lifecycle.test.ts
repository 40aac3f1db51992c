/**
 * The commands after init on the React Router fixture, each as a user types it: add-provider and remove-provider
 * (the auth module given back), generate with each ORM
 * (nothing left to do after init), migrate on SQLite (the tables created from the migration init wrote),
 * and update (nothing to update right after init). They know no framework; this proves React Router's auth module
 * and wiring are what they expect. Doctor's React Router checks: test/cli/commands/doctor/react-router-wiring.test.ts.
 */
import { symlinkSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { initFixture, materialize, removeTemps, repoRoot, runInMemory } from "../../support.js";
import { migrateIn } from "../../support-migrate.js";

const FIXTURE = "react-router-7";
const APPLY = ["--yes", "--no-install"];

afterAll(() => removeTemps());

describe("add-provider and remove-provider on an initialised React Router app", () => {
  it("adds GitHub to the auth module and .env, then takes it out of the module again", async () => {
    const { project } = await initFixture(FIXTURE, ["--providers", "credentials", ...APPLY]);
    const auth = project.read("app/auth.server.ts");
    const add = await runInMemory(project, ["add-provider", "github", project.root, ...APPLY], { bin: "auth" });
    expect([add.status, add.stderr]).toEqual([0, ""]);
    expect(project.read("app/auth.server.ts")).toContain('import GitHub from "@create-auth/runtime/providers/github";');
    expect(project.read("app/auth.server.ts")).toContain("    GitHub(),");
    expect(project.read(".env")).toMatch(/^AUTH_GITHUB_ID=/m);
    expect(add.stdout).toContain("http://localhost:5173/auth/callback/github");

    const removed = await runInMemory(project, ["remove-provider", "github", project.root, ...APPLY], { bin: "auth" });
    expect([removed.status, removed.stderr]).toEqual([0, ""]);
    expect(project.read("app/auth.server.ts")).toBe(auth);
  });
});

describe.each([
  { orm: "drizzle", db: "postgres", schema: "app/auth-schema.ts" },
  { orm: "prisma", db: "sqlite", schema: "prisma/schema.prisma" },
])("generate on a React Router app init set up with --orm $orm --db $db", ({ orm, db, schema }) => {
  it("finds the schema init wrote the auth tables to, and nothing to do", async () => {
    const { project, run } = await initFixture(FIXTURE, ["--providers", "github", "--orm", orm, "--db", db, ...APPLY]);
    expect([run.status, run.stderr]).toEqual([0, ""]);
    expect(project.read("app/auth.server.ts")).toContain(`from "@create-auth/runtime/adapters/${orm}"`);
    const before = project.hash();
    const again = await runInMemory(project, ["generate", project.root, "--yes"], { bin: "auth" });
    expect([again.status, again.stderr]).toEqual([0, ""]);
    expect(again.stdout).toContain(`Nothing to do: ${schema} already has every auth table and column.`);
    expect(project.hash()).toBe(before);
  });
});

describe("migrate on a React Router app init set up with --db sqlite", () => {
  it("creates the auth tables from the migration init wrote, once", async () => {
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
    const first = await migrateIn(root, {}, { json: true });
    expect(first.error).toBeNull();
    expect(first.json).toMatchObject({ database: { dialect: "sqlite" }, applied: ["0001_auth_tables.sql"] });
    const second = await migrateIn(root, {}, { json: true });
    expect(second.json).toMatchObject({ applied: [] });
  });
});

describe("update on an initialised React Router app", () => {
  it("has nothing to update right after init, and changes no file", async () => {
    const { project } = await initFixture(FIXTURE, ["--providers", "github", ...APPLY]);
    const before = project.hash();
    const update = await runInMemory(project, ["update", project.root, "--yes", "--json"]);
    expect([update.status, update.stderr]).toEqual([0, ""]);
    expect(JSON.parse(update.stdout)).toMatchObject({ ok: true, plan: { changes: [] } });
    expect(project.hash()).toBe(before);
  });
});
