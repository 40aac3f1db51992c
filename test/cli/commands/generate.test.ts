import { appendFileSync, symlinkSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS_DIR } from "../../../src/cli/database/sql/migrations.js";
import { sqlSchema } from "../../../src/cli/database/sql/render.js";
import {
  assertBuilt,
  type CliRun,
  copyFixture,
  hashTree,
  initFixture,
  type MemoryProject,
  materialize,
  memoryFixture,
  read,
  removeTemps,
  repoRoot,
  runCli,
  runInMemory,
  stable,
} from "../support.js";
import { migrateIn } from "../support-migrate.js";

afterAll(removeTemps);

const SNAPSHOTS = "__snapshots__/generate";

function generate(project: MemoryProject, args: string[] = []): Promise<CliRun> {
  return runInMemory(project, ["generate", project.root, ...args], { bin: "auth" });
}

/** sqlSchema as an older model wrote it: without the authenticators table (and its index). */
function withoutAuthenticators(sql: string): string {
  return sql
    .replace(/\nCREATE TABLE IF NOT EXISTS authenticators \([\s\S]*?\)[^;]*;\n/, "\n")
    .replace(/\nCREATE INDEX IF NOT EXISTS authenticators_user_id_idx[^;]*;\n/, "\n");
}

/** A JSON run's one object. */
function json(run: CliRun): Record<string, unknown> {
  expect(run.stdout.trim().startsWith("{")).toBe(true);
  return JSON.parse(run.stdout) as Record<string, unknown>;
}

describe("SQL migrations: an app init set up with --db postgres", () => {
  let project: MemoryProject;
  const first = `${MIGRATIONS_DIR}/0001_auth_tables.sql`;

  beforeAll(async () => {
    ({ project } = await initFixture("next-app", [
      "--providers",
      "github",
      "--db",
      "postgres",
      "--yes",
      "--no-install",
    ]));
  }, 60_000);

  it("finds nothing to do: init wrote the first migration, with every table", async () => {
    expect(project.read(first)).toBe(sqlSchema("postgres"));
    const before = project.hash();
    const run = await generate(project, ["--yes"]);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    await expect(stable(run.stdout, project.root)).toMatchFileSnapshot(`${SNAPSHOTS}-postgres/nothing-to-do.txt`);
    expect(run.stdout).toContain(`Nothing to do: ${MIGRATIONS_DIR} already has every auth table and column.`);
    expect(project.hash()).toBe(before);
  });

  it("adds the table an older 0001 lacks as 0002, and only it", async () => {
    project.write(first, withoutAuthenticators(sqlSchema("postgres")));
    const run = await generate(project, ["--yes"]);
    expect(run.status).toBe(0);
    await expect(stable(run.stdout, project.root)).toMatchFileSnapshot(`${SNAPSHOTS}-postgres/older.txt`);
    const added = `${MIGRATIONS_DIR}/0002_authenticators.sql`;
    await expect(project.read(added)).toMatchFileSnapshot(`${SNAPSHOTS}-postgres/0002_authenticators.sql`);
    expect(project.read(added)).toContain("CREATE TABLE IF NOT EXISTS authenticators (");
    expect(project.read(added)).not.toContain("CREATE TABLE IF NOT EXISTS users");
    expect((await generate(project, ["--yes"])).stdout).toContain("Nothing to do");
  });

  it("keeps a user's own column on users (role) and adds nothing for it", async () => {
    const withRole = project
      .read(first)
      .replace("  name TEXT,\n", "  name TEXT,\n  role TEXT NOT NULL DEFAULT 'reader',\n");
    expect(withRole).not.toBe(project.read(first));
    project.write(first, withRole);
    project.write(`${MIGRATIONS_DIR}/0003_user_roles.sql`, "CREATE INDEX users_role_idx ON users (role);\n");
    const before = project.hash();
    const run = await generate(project, ["--yes"]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("Nothing to do");
    expect(project.hash()).toBe(before);
  });
});

describe("SQL migrations: review, --json and --out", () => {
  /** An app init set up with a database, its migrations not written yet (as an init before migrations left it). */
  async function setUp(db: "sqlite" | "postgres" | "mysql" = "sqlite") {
    const { project } = await initFixture("sveltekit-2", [
      "--providers",
      "github",
      "--db",
      db,
      "--yes",
      "--no-install",
    ]);
    expect(project.has(MIGRATIONS_DIR)).toBe(true);
    for (const file of [...project.files.keys()]) if (file.startsWith(`${MIGRATIONS_DIR}/`)) project.remove(file);
    return project;
  }

  it("--dry-run shows the new migration's diff and writes nothing", async () => {
    const project = await setUp("mysql");
    const before = project.hash();
    const run = await generate(project, ["--dry-run"]);
    expect(run.status).toBe(0);
    expect(project.hash()).toBe(before);
    await expect(stable(run.stdout, project.root)).toMatchFileSnapshot(`${SNAPSHOTS}-mysql/dry-run.txt`);
    expect(run.stdout).toContain(`+++ b/${MIGRATIONS_DIR}/0001_auth_tables.sql`);
    expect(run.stdout).toContain("Dry run: nothing was written.");
  });

  it("--json prints one object: the database found, the schema written, what was added, the plan and outcome", async () => {
    const project = await setUp("sqlite");
    const result = json(await generate(project, ["--json", "--yes"]));
    expect(result).toMatchObject({
      ok: true,
      command: "generate",
      dryRun: false,
      project: { root: project.root, framework: { id: "sveltekit" } },
      database: {
        dialect: "sqlite",
        orm: "none",
        evidence: ["src/auth.ts imports @create-auth/runtime/adapters/sqlite"],
      },
      schema: { kind: "sql", path: MIGRATIONS_DIR },
      migrationsDir: MIGRATIONS_DIR,
      added: ["users", "accounts", "sessions", "verification_tokens", "authenticators"],
      plan: { changes: [{ kind: "create", path: `${MIGRATIONS_DIR}/0001_auth_tables.sql` }] },
      outcome: { applied: true, filesWritten: 1, created: [`${MIGRATIONS_DIR}/0001_auth_tables.sql`] },
      nextSteps: [
        "Create the tables in the database AUTH_DATABASE_FILE (or DATABASE_URL) names: npx create-auth migrate",
      ],
    });
    const again = json(await generate(project, ["--json", "--yes"]));
    expect(again).toMatchObject({ ok: true, added: [], plan: { changes: [] }, outcome: { applied: false } });
  });

  it("--out puts the migrations in another folder inside the project, and migrate is told where", async () => {
    const project = await setUp("postgres");
    const run = await generate(project, ["--out", "db/auth", "--yes"]);
    expect(run.status).toBe(0);
    expect(project.read("db/auth/0001_auth_tables.sql")).toBe(sqlSchema("postgres"));
    expect(run.stdout).toContain("npx create-auth migrate --migrations db/auth");
    expect(project.has(MIGRATIONS_DIR)).toBe(false);
    // An absolute path inside the project is the same folder.
    expect((await generate(project, ["--out", `${project.root}/db/auth`, "--yes"])).stdout).toContain("Nothing to do");
  });

  it.each([["../elsewhere"], ["db/../../elsewhere"], ["/tmp/auth-migrations"], ["."]])(
    "refuses --out %s, outside the project (exit 2, nothing written)",
    async (out) => {
      const project = await setUp();
      const before = project.hash();
      const run = await generate(project, ["--out", out, "--yes"]);
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(
        /^auth: --out .* (?:is outside it|is the app's folder itself): the schema or migrations folder it names must be inside the app's folder \(.*\)\.\n$/,
      );
      expect(project.hash()).toBe(before);
    },
  );

  it("refuses a --db that contradicts the adapter init wired, naming both (exit 2)", async () => {
    const project = await setUp("sqlite");
    const run = await generate(project, ["--db", "postgres", "--yes"]);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(
      "auth: --db postgres contradicts this app's setup: src/auth.ts imports @create-auth/runtime/adapters/sqlite. Drop --db postgres, or change the setup first.\n",
    );
  });

  it("says in one line which flag names the database when nothing in the app does (exit 2)", async () => {
    const project = memoryFixture("next-app");
    const run = await generate(project, ["--yes"]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(
      /^auth: No database setup found in .*: say which with --db sqlite\|postgres\|mysql\.\n$/,
    );
    const given = await generate(project, ["--db", "sqlite", "--yes"]);
    expect(given.status).toBe(0);
    expect(project.read(`${MIGRATIONS_DIR}/0001_auth_tables.sql`)).toBe(sqlSchema("sqlite"));
  });
});

describe("SQL migrations: a JWT app init set up without a database", () => {
  it("the next step says to name the database first, and following it, migrate creates the tables", async () => {
    const { project, run: init } = await initFixture("sveltekit-2", [
      "--providers",
      "github",
      "--db",
      "none",
      "--yes",
      "--no-install",
    ]);
    expect(init.status).toBe(0);
    const run = await generate(project, ["--db", "sqlite", "--yes"]);
    expect(run.status).toBe(0);
    const steps = run.stdout.slice(run.stdout.indexOf("Next steps:")).trim().split("\n");
    expect(steps).toEqual([
      "Next steps:",
      "  1. Set AUTH_DATABASE_FILE (or DATABASE_URL) in .env, where nothing names a database yet: AUTH_DATABASE_FILE=auth.db for a SQLite file. Then create the tables in it: npx create-auth migrate",
    ]);

    // As the user meets it: migrate before the setting refuses; with the line the step gives, it creates the tables.
    const root = materialize(project);
    symlinkSync(path.join(repoRoot, "node_modules"), path.join(root, "node_modules"), "dir");
    const early = await migrateIn(root, {});
    expect(early.status).toBe(1);
    expect(early.error?.message).toMatch(/^No database to connect to: set DATABASE_URL/);
    const line = /: (AUTH_DATABASE_FILE=\S+) for a SQLite file\./.exec(steps[1]!)![1]!;
    appendFileSync(path.join(root, ".env"), `${line}\n`);
    const migrated = await migrateIn(root, {}, { json: true });
    expect(migrated.json).toMatchObject({
      database: { dialect: "sqlite", target: "auth.db" },
      applied: ["0001_auth_tables.sql"],
    });
  }, 60_000);
});

describe.each([
  { fixture: "next-app", orm: "drizzle", db: "postgres", schema: "auth-schema.ts" },
  { fixture: "express-5-ts", orm: "drizzle", db: "mysql", schema: "src/auth-schema.ts" },
  { fixture: "sveltekit-2", orm: "drizzle", db: "sqlite", schema: "src/lib/server/auth-schema.ts" },
  { fixture: "orm-drizzle-next", orm: "drizzle", db: "postgres", schema: "src/db/schema.ts" },
  { fixture: "orm-prisma-express", orm: "prisma", db: "sqlite", schema: "prisma/schema.prisma" },
  { fixture: "orm-prisma-sveltekit", orm: "prisma", db: "postgres", schema: "prisma/schema" },
])("an app init set up with --orm $orm --db $db ($fixture)", ({ fixture, orm, db, schema }) => {
  it("finds the schema init wrote the auth tables to, and nothing to do", async () => {
    const { project, run } = await initFixture(fixture, [
      "--providers",
      "github",
      "--orm",
      orm,
      "--db",
      db,
      "--yes",
      "--no-install",
    ]);
    expect(run.status).toBe(0);
    const before = project.hash();
    const again = await generate(project, ["--yes"]);
    expect(again.stderr).toBe("");
    expect(again.status).toBe(0);
    expect(again.stdout).toContain(`Nothing to do: ${schema} already has every auth table and column.`);
    expect(again.stdout).toMatch(new RegExp(`from [^)]*imports @create-auth/runtime/adapters/${orm}`));
    expect(project.hash()).toBe(before);
  });
});

describe("Prisma: the auth models merged into the app's own schema", () => {
  it("one file (orm-prisma-express): adds the models and User's missing fields, keeps role, then nothing to do", async () => {
    const project = memoryFixture("orm-prisma-express");
    const schema = "prisma/schema.prisma";
    const original = project.read(schema);
    const dry = await generate(project, ["--dry-run"]);
    expect(dry.stderr).toBe("");
    expect(dry.status).toBe(0);
    await expect(stable(dry.stdout, project.root)).toMatchFileSnapshot(`${SNAPSHOTS}-prisma-express/dry-run.txt`);

    const run = await generate(project, ["--yes"]);
    expect(run.status).toBe(0);
    await expect(project.read(schema)).toMatchFileSnapshot(`${SNAPSHOTS}-prisma-express/schema.prisma`);
    expect(run.stdout).toContain("npx prisma generate");
    // No Prisma migrations beside the schema: db push, as migrate and doctor say (database/state.ts).
    expect(run.stdout).toContain("Create the tables: npx prisma db push");
    // Every line of the user's schema is still there, role and its comment among them.
    const after = project.read(schema);
    for (const line of original.split("\n")) expect(after).toContain(line);
    expect(after).toContain('role  String  @default("writer") // "writer" or "editor"');

    const before = project.hash();
    const again = await generate(project, ["--yes"]);
    expect(again.status).toBe(0);
    expect(again.stdout).toContain(`Nothing to do: ${schema} already has every auth table and column.`);
    expect(project.hash()).toBe(before);
  });

  it("a schema folder (orm-prisma-sveltekit): the new models go in their own file of the folder", async () => {
    const project = memoryFixture("orm-prisma-sveltekit");
    const before = new Map(project.files);
    const run = await generate(project, ["--yes"]);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    await expect(stable(run.stdout, project.root)).toMatchFileSnapshot(`${SNAPSHOTS}-prisma-sveltekit/summary.txt`);
    const changed = [...project.files.keys()].filter((file) => before.get(file) !== project.files.get(file));
    expect(changed.every((file) => file.startsWith("prisma/schema/"))).toBe(true);
    for (const file of changed)
      await expect(project.read(file)).toMatchFileSnapshot(
        `${SNAPSHOTS}-prisma-sveltekit/${file.replaceAll("/", "__")}`,
      );
    expect((await generate(project, ["--yes"])).stdout).toContain("Nothing to do");

    // A field of the user's own on an auth model after it was generated (role on User) is kept.
    const user = changed.find((file) => /\bmodel User \{/.test(project.read(file)));
    if (!user) throw new Error("no changed file holds model User");
    const withRole = project.read(user).replace(/(model User \{\n)/, '$1  role String @default("reader")\n');
    expect(withRole).not.toBe(project.read(user));
    project.write(user, withRole);
    const kept = project.hash();
    expect((await generate(project, ["--yes"])).stdout).toContain("Nothing to do");
    expect(project.hash()).toBe(kept);
  });

  it("refuses a --db other than the datasource's provider, naming both (exit 2)", async () => {
    const project = memoryFixture("orm-prisma-express");
    const run = await generate(project, ["--db", "postgres"]);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(
      'auth: --db postgres contradicts this app\'s setup: prisma/schema.prisma declares provider "sqlite". Drop --db postgres, or change the setup first.\n',
    );
  });

  it("refuses a model it cannot merge safely (an Int id nothing numbers): exit 1, the model to add by hand, nothing written", async () => {
    const project = memoryFixture("orm-prisma-express");
    const schema = "prisma/schema.prisma";
    project.write(schema, project.read(schema).replace("id    String  @id @default(cuid())", "id    Int     @id"));
    const before = project.hash();
    const run = await generate(project, ["--yes"]);
    expect(run.status).toBe(1);
    expect(project.hash()).toBe(before);
    await expect(stable(run.stdout, project.root)).toMatchFileSnapshot(`${SNAPSHOTS}-prisma-express/unsupported.txt`);
    expect(run.stdout).toContain("model User {");
    expect(run.stderr).toMatch(
      /^auth: prisma\/schema\.prisma: .*; nothing was written \(add the lines printed above by hand\)\.\n$/,
    );

    // With --json, stdout holds the one failure object; the models to add go to stderr.
    const quiet = await generate(project, ["--json", "--yes"]);
    expect(quiet.status).toBe(1);
    expect(json(quiet)).toMatchObject({ ok: false, error: { code: "UnsupportedProject" } });
    expect(quiet.stderr).toContain("model User {");
    expect(project.hash()).toBe(before);
  });

  it("a prisma.config naming a schema not written yet: a whole schema, where it says", async () => {
    const project = memoryFixture("next-app");
    project.write(
      "prisma.config.ts",
      'import { defineConfig } from "prisma/config";\n\nexport default defineConfig({ schema: "db/auth.prisma" });\n',
    );
    const run = await generate(project, ["--orm", "prisma", "--db", "sqlite", "--yes"]);
    expect(run.stderr).toBe("");
    expect(project.read("db/auth.prisma")).toContain("model Authenticator {");
    expect(project.has("prisma/schema.prisma")).toBe(false);
  });

  it("an app without Prisma yet, with --orm prisma: a whole schema, where --out says", async () => {
    const project = memoryFixture("next-app");
    const run = await generate(project, ["--orm", "prisma", "--db", "postgres", "--out", "db/schema.prisma", "--yes"]);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const schema = project.read("db/schema.prisma");
    expect(schema).toContain('provider = "postgresql"');
    expect(schema).toContain("model Authenticator {");
    expect(run.stdout).toContain(
      "Note: This app does not depend on Prisma yet: install prisma (dev) and @prisma/client",
    );
  });
});

describe("Drizzle: the auth tables merged into the app's own schema module", () => {
  it("the app's own users table (orm-drizzle-next): columns and tables added, role kept, drizzle-kit makes the migration", async () => {
    const project = memoryFixture("orm-drizzle-next");
    const schema = "src/db/schema.ts";
    const original = project.read(schema);
    const dry = await generate(project, ["--dry-run"]);
    expect(dry.stderr).toBe("");
    expect(dry.status).toBe(0);
    await expect(stable(dry.stdout, project.root)).toMatchFileSnapshot(`${SNAPSHOTS}-drizzle-next/dry-run.txt`);

    const run = await generate(project, ["--yes"]);
    expect(run.status).toBe(0);
    await expect(project.read(schema)).toMatchFileSnapshot(`${SNAPSHOTS}-drizzle-next/schema.ts.snap`);
    // Every line of the app's module stays (its drizzle-orm/pg-core import gains the builders the new tables use).
    for (const line of original.split("\n").filter((line) => !line.includes('from "drizzle-orm/pg-core"')))
      expect(project.read(schema)).toContain(line);
    // Its users table is already in its database: no CREATE TABLE IF NOT EXISTS users that would skip the new columns.
    expect(project.has(MIGRATIONS_DIR)).toBe(false);
    expect(run.stdout).toContain(`Create what was added to ${schema} in your database: npx drizzle-kit push`);

    const before = project.hash();
    const again = await generate(project, ["--yes"]);
    expect(again.status).toBe(0);
    expect(again.stdout).toContain(`Nothing to do: ${schema} already has every auth table and column.`);
    expect(project.hash()).toBe(before);
  });

  it("an app keeping drizzle-kit migrations (a journal in drizzle.config's out folder): generate, then migrate with drizzle-kit", async () => {
    const project = memoryFixture("orm-drizzle-next");
    project.write("drizzle/meta/_journal.json", '{ "version": "7", "dialect": "postgresql", "entries": [] }\n');
    const run = await generate(project, ["--yes"]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(
      "Create what was added to src/db/schema.ts in your database: npx drizzle-kit generate, then npx drizzle-kit migrate",
    );
  });

  it("the next step names the variable drizzle.config reads the database from, the one migrate reads", async () => {
    const project = memoryFixture("orm-drizzle-sveltekit");
    project.write(
      "drizzle.config.ts",
      project.read("drizzle.config.ts").replaceAll("process.env.DATABASE_URL", "process.env.NOTES_DATABASE"),
    );
    project.write(".env", project.read(".env").replace(/^DATABASE_URL=/m, "NOTES_DATABASE="));
    const run = await generate(project, ["--yes"]);
    expect(run.stdout).toContain(
      "Create the tables in the database AUTH_DATABASE_FILE (or NOTES_DATABASE) names: npx create-auth migrate",
    );
  });

  it("auth tables all new (orm-drizzle-sveltekit): the module and 0001; role added later survives; an older module gets 0002", async () => {
    const project = memoryFixture("orm-drizzle-sveltekit");
    const schema = "src/lib/server/db/schema.ts";
    const run = await generate(project, ["--yes"]);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    await expect(stable(run.stdout, project.root)).toMatchFileSnapshot(`${SNAPSHOTS}-drizzle-sveltekit/first.txt`);
    expect(project.read(`${MIGRATIONS_DIR}/0001_auth_tables.sql`)).toBe(sqlSchema("sqlite"));
    expect(run.stdout).toContain("npx create-auth migrate");

    // The user adds a column of their own to the auth users table: generate leaves it.
    const withRole = project
      .read(schema)
      .replace(
        /(export const users = sqliteTable\(\s*'users',\s*\{\n)/,
        "$1\t\trole: text('role').notNull().default('reader'),\n",
      );
    expect(withRole).not.toBe(project.read(schema));
    project.write(schema, withRole);
    const before = project.hash();
    expect((await generate(project, ["--yes"])).stdout).toContain("Nothing to do");
    expect(project.hash()).toBe(before);

    // A module and 0001 from before authenticators: both gain it, role stays.
    project.write(schema, withRole.replace(/\nexport const authenticators = [\s\S]*?\n\);\n/, "\n"));
    project.write(`${MIGRATIONS_DIR}/0001_auth_tables.sql`, withoutAuthenticators(sqlSchema("sqlite")));
    const older = await generate(project, ["--dry-run"]);
    expect(older.status).toBe(0);
    await expect(stable(older.stdout, project.root)).toMatchFileSnapshot(`${SNAPSHOTS}-drizzle-sveltekit/older.txt`);
    expect((await generate(project, ["--yes"])).status).toBe(0);
    expect(project.read(schema)).toContain("role: text('role').notNull().default('reader'),");
    expect(project.read(schema)).toContain("export const authenticators = sqliteTable(");
    expect(project.read(`${MIGRATIONS_DIR}/0002_authenticators.sql`)).toContain(
      "CREATE TABLE IF NOT EXISTS authenticators (",
    );
  });

  it("a schema folder (orm-drizzle-schema-folder, MySQL): the module that defines users takes the auth tables", async () => {
    const project = memoryFixture("orm-drizzle-schema-folder");
    const result = json(await generate(project, ["--json", "--yes"]));
    expect(result).toMatchObject({
      ok: true,
      database: { dialect: "mysql", orm: "drizzle" },
      schema: { kind: "drizzle", path: "src/db/schema/users.ts" },
      migrationsDir: null,
    });
    await expect(project.read("src/db/schema/users.ts")).toMatchFileSnapshot(
      `${SNAPSHOTS}-drizzle-schema-folder/users.ts.snap`,
    );
    expect(project.read("src/db/schema/users.ts")).toContain('role: mysqlEnum(["customer", "staff", "admin"])');
  });

  it("refuses a module it cannot merge safely (users not exported): exit 1, the table to add by hand, nothing written", async () => {
    const project = memoryFixture("orm-drizzle-next");
    const schema = "src/db/schema.ts";
    project.write(schema, project.read(schema).replace("export const users = pgTable(", "const users = pgTable("));
    const before = project.hash();
    const run = await generate(project, ["--yes"]);
    expect(run.status).toBe(1);
    expect(project.hash()).toBe(before);
    await expect(stable(run.stdout, project.root)).toMatchFileSnapshot(`${SNAPSHOTS}-drizzle-next/unsupported.txt`);
    expect(run.stdout).toContain("export const users = pgTable(");
    expect(run.stderr).toMatch(
      /^auth: src\/db\/schema\.ts defines the users table .*; nothing was written \(add the lines printed above by hand\)\.\n$/,
    );
  });

  it("--out names the module: a new one holds the auth tables, and 0001 creates them", async () => {
    const project = memoryFixture("orm-drizzle-sveltekit");
    const module = "src/lib/server/db/auth-schema.ts";
    const run = await generate(project, ["--out", module, "--yes"]);
    expect(run.status).toBe(0);
    expect(project.read(module)).toContain("export const users = sqliteTable(");
    expect(project.read(`${MIGRATIONS_DIR}/0001_auth_tables.sql`)).toBe(sqlSchema("sqlite"));
    expect((await generate(project, ["--out", module, "--yes"])).stdout).toContain(
      `Nothing to do: ${module} already has every auth table and column.`,
    );
  });

  it("an app without Drizzle yet, with --orm drizzle: a new module, 0001, and a note to install drizzle-orm", async () => {
    const project = memoryFixture("next-app");
    const run = await generate(project, ["--orm", "drizzle", "--db", "sqlite", "--yes"]);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(project.read("db/auth-schema.ts")).toContain("export const users = sqliteTable(");
    expect(project.read(`${MIGRATIONS_DIR}/0001_auth_tables.sql`)).toBe(sqlSchema("sqlite"));
    expect(run.stdout).toContain("Note: This app does not depend on drizzle-orm yet");
  });

  it("refuses --out that names no module for Drizzle (exit 2)", async () => {
    const run = await generate(memoryFixture("orm-drizzle-sveltekit"), ["--out", "src/lib/server/db", "--yes"]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("--out for Drizzle names the schema module the auth tables go in");
  });
});

/** The built CLI as users run it (`auth generate` in the app's folder), on a copy of a fixture on disk. */
function generateCli(args: string[], cwd: string): CliRun {
  return runCli(["generate", ...args], { cwd, bin: "auth" });
}

describe("black box: the built CLI on a copy of orm-prisma-express", () => {
  it("--dry-run writes nothing, then the models are merged on disk, then a second run changes nothing", () => {
    assertBuilt();
    const dir = copyFixture("orm-prisma-express");
    const untouched = hashTree(dir);
    const dry = generateCli(["--dry-run"], dir);
    expect(dry.stderr).toBe("");
    expect(dry.status).toBe(0);
    expect(dry.stdout).toContain("+++ b/prisma/schema.prisma");
    expect(hashTree(dir)).toBe(untouched);

    const run = generateCli(["--yes"], dir);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(read(dir, "prisma/schema.prisma")).toContain("model Authenticator {");
    expect(read(dir, "prisma/schema.prisma")).toContain('role  String  @default("writer") // "writer" or "editor"');

    const written = hashTree(dir);
    const again = generateCli(["--json"], dir);
    expect(again.status).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ ok: true, command: "generate", plan: { changes: [] } });
    expect(hashTree(dir)).toBe(written);
  });
});
