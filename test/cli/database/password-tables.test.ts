/**
 * The passwords table is written exactly when the app configures the password provider, the way a user
 * types the commands, on the next-app fixture in memory: `init --providers password` on SQLite, PostgreSQL and
 * MySQL with SQL migrations, Drizzle and Prisma (the new outputs snapshotted; the same init with another
 * provider writes no passwords table); `add-provider password` on an app set up with a database (a new
 * migration creating only passwords, SQLite's client module creating it on open, the Drizzle table merged and
 * handed to the adapter, the Prisma model with User's `password Password?`); `generate` after the provider
 * was added to the auth module by hand; add-provider on SvelteKit, Express, Qwik City and SolidStart on SQLite;
 * remove naming passwords first among the tables to drop. The tables on real databases: password-tables-databases.test.ts.
 */
import { afterAll, describe, expect, test } from "vitest";
import { passwords, tables } from "../../../src/cli/database/model.js";
import { MIGRATIONS_DIR } from "../../../src/cli/database/sql/migrations.js";
import { sqlSchema, tableStatements } from "../../../src/cli/database/sql/render.js";
import { type CliRun, initFixture, type MemoryProject, removeTemps, runInMemory } from "../support.js";

afterAll(removeTemps);

const DIALECTS = ["sqlite", "postgres", "mysql"] as const;
const ORMS = ["none", "drizzle", "prisma"] as const;
const FIRST = `${MIGRATIONS_DIR}/0001_auth_tables.sql`;
const APPLY = ["--yes", "--no-install"];

/** Where init writes each flavour's schema on next-app (no src/ folder). */
const SCHEMA_FILE = { none: FIRST, drizzle: "auth-schema.ts", prisma: "prisma/schema.prisma" } as const;

function init(providers: string, db: string, orm: string): Promise<{ project: MemoryProject; run: CliRun }> {
  return initFixture("next-app", [
    "--providers",
    providers,
    "--strategy",
    "database",
    "--db",
    db,
    "--orm",
    orm,
    ...APPLY,
  ]);
}

function expectSuccess(run: CliRun): void {
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
}

describe.each(ORMS)("init --providers password --orm %s", (orm) => {
  test.each(DIALECTS)("--db %s writes the passwords table beside the auth tables", async (db) => {
    const { project, run } = await init("password", db, orm);
    expectSuccess(run);
    await expect(project.read(SCHEMA_FILE[orm])).toMatchFileSnapshot(
      `__snapshots__/password-tables/init-${orm}-${db}.snap`,
    );
    if (orm !== "prisma") expect(project.read(FIRST)).toBe(sqlSchema(db, [...tables, passwords]));
    if (orm === "none" && db === "sqlite") {
      // The client module creates the tables on first open: passwords with them.
      expect(project.read("auth-db.ts")).toContain(tableStatements(passwords, "sqlite")[0]);
    }
    if (orm === "drizzle") {
      const auth = project.read("auth.ts");
      expect(auth).toMatch(/import \{[^}]*\bauthenticators, passwords \} from "\.\/auth-schema";/);
      expect(auth).toMatch(/drizzle\(db, \{[^}]*\bauthenticators, passwords \}\)/);
    }
    if (orm === "prisma") {
      const schema = project.read(SCHEMA_FILE.prisma);
      expect(schema).toMatch(/model Password \{[^}]*@@map\("passwords"\)/);
      expect(schema).toMatch(/model User \{[^}]*\n {2}password +Password\?\n/);
    }
  });

  test("with other providers writes no passwords table", async () => {
    const { project, run } = await init("github,nodemailer", "postgres", orm);
    expectSuccess(run);
    expect(project.read(SCHEMA_FILE[orm])).not.toMatch(/passwords|model Password/);
    expect(project.read("auth.ts")).not.toContain("passwords");
  });
});

/** init with GitHub on a database, then `add-provider password`, as typed. */
async function addedLater(db: string, orm: string): Promise<{ project: MemoryProject; run: CliRun }> {
  const { project, run: first } = await init("github", db, orm);
  expectSuccess(first);
  const run = await runInMemory(project, ["add-provider", "password", project.root, ...APPLY]);
  return { project, run };
}

describe("add-provider password on an app set up with a database", () => {
  test.each(DIALECTS)("SQL migrations on %s: a new migration creates only passwords", async (db) => {
    const { project, run } = await addedLater(db, "none");
    expectSuccess(run);
    const second = `${MIGRATIONS_DIR}/0002_passwords.sql`;
    expect(project.read(FIRST)).toBe(sqlSchema(db));
    const statements = project
      .read(second)
      .replace(/^--.*\n/gm, "")
      .trim();
    expect(statements).toBe(tableStatements(passwords, db).join("\n\n"));
    expect(run.stdout).toContain(second);
    expect(run.stdout).toContain("npx create-auth migrate");
    if (db === "sqlite") expect(project.read("auth-db.ts")).toContain(tableStatements(passwords, "sqlite")[0]);
  });

  test("Drizzle: the table merged into the auth schema and handed to the adapter", async () => {
    const { project, run } = await addedLater("postgres", "drizzle");
    expectSuccess(run);
    expect(project.read("auth-schema.ts")).toContain('export const passwords = pgTable(\n  "passwords",');
    const auth = project.read("auth.ts");
    expect(auth).toMatch(/import \{[^}]*\bauthenticators, passwords \} from "\.\/auth-schema";/);
    expect(auth).toMatch(/drizzle\(db, \{[^}]*\bauthenticators, passwords \}\)/);
    expect(project.read(`${MIGRATIONS_DIR}/0002_passwords.sql`)).toContain("CREATE TABLE IF NOT EXISTS passwords");
  });

  test("Prisma: the Password model, and User's back-relation password Password?", async () => {
    const { project, run } = await addedLater("mysql", "prisma");
    expectSuccess(run);
    const schema = project.read(SCHEMA_FILE.prisma);
    expect(schema).toMatch(/model Password \{[^}]*@@map\("passwords"\)/);
    expect(schema).toMatch(/model User \{[^}]*\n {2}password +Password\?\n/);
    expect(run.stdout).toContain("npx prisma generate");
  });

  test("then generate finds nothing to do", async () => {
    const { project, run } = await addedLater("postgres", "none");
    expectSuccess(run);
    const generate = await runInMemory(project, ["generate", project.root, "--yes"]);
    expectSuccess(generate);
    expect(generate.stdout).toContain("Nothing to do");
  });
});

describe("generate after the password provider was added to the auth module by hand", () => {
  test.each(ORMS)("--orm %s writes the passwords table", async (orm) => {
    const { project, run } = await init("github", "postgres", orm);
    expectSuccess(run);
    // The auth module as init writes it with the password provider: what a person adding it by hand ends with.
    const { project: withPassword } = await init("github,password", "postgres", orm);
    project.write("auth.ts", withPassword.read("auth.ts"));
    const generate = await runInMemory(project, ["generate", project.root, "--yes"]);
    expectSuccess(generate);
    if (orm === "prisma") expect(project.read(SCHEMA_FILE.prisma)).toContain("model Password {");
    else expect(project.read(`${MIGRATIONS_DIR}/0002_passwords.sql`)).toContain("CREATE TABLE IF NOT EXISTS passwords");
    const again = await runInMemory(project, ["generate", project.root, "--yes"]);
    expect(again.stdout).toContain("Nothing to do");
  });
});

describe("remove and remove-provider leave the passwords table and its data", () => {
  test("remove names passwords first among the tables to drop, so users can go after it", async () => {
    const { project, run } = await init("password", "postgres", "none");
    expectSuccess(run);
    const remove = await runInMemory(project, ["remove", project.root, "--yes", "--no-install"]);
    expectSuccess(remove);
    expect(remove.stdout).toContain(
      "DROP TABLE passwords, authenticators, verification_tokens, sessions, accounts, users;",
    );
  });

  test("after remove-provider password, remove still names the passwords table its migration created", async () => {
    const { project, run } = await addedLater("postgres", "none");
    expectSuccess(run);
    const removed = await runInMemory(project, ["remove-provider", "password", project.root, "--yes", "--no-install"]);
    expectSuccess(removed);
    expect(removed.stdout).toContain("The passwords table stays in the database");
    expect(project.has(`${MIGRATIONS_DIR}/0002_passwords.sql`)).toBe(true);
    const remove = await runInMemory(project, ["remove", project.root, "--yes", "--no-install"]);
    expect(remove.stdout).toContain("DROP TABLE passwords, authenticators,");
  });
});

describe.each(["sveltekit-2", "express-5-ts", "qwik-city-1", "solid-start-2"])(
  "add-provider password on %s set up with SQLite",
  (fixture) => {
    test("writes 0002_passwords.sql and the client module creates the table on open", async () => {
      const { project, run } = await initFixture(fixture, [
        ...["--providers", "github", "--strategy", "database", "--db", "sqlite", ...APPLY],
      ]);
      expectSuccess(run);
      const client = [...project.files.keys()].find((file) => /auth-db\.[jt]s$/.test(file))!;
      expect(project.read(client)).not.toContain("passwords");
      expectSuccess(await runInMemory(project, ["add-provider", "password", project.root, ...APPLY]));
      expect(project.read(`${MIGRATIONS_DIR}/0002_passwords.sql`)).toContain("CREATE TABLE IF NOT EXISTS passwords");
      expect(project.read(client)).toContain(tableStatements(passwords, "sqlite")[0]);
    });
  },
);
