// `auth migrate` (the SQL adapters' path) on a database that already holds the app's own users table: the first
// migration says CREATE TABLE IF NOT EXISTS users, so it would keep that table and reference it. A table that
// does not fit (integer ids, missing columns, an email without a unique constraint, a required column sign-up
// cannot fill) is refused before any statement runs, by the dry run too, naming each misfit and the ways on;
// one that fits is kept, and migrate says so. SQLite and PostgreSQL, typed as users type it.
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { openDatabase } from "../../../src/cli/database/connect.js";
import type { Host } from "../../../src/cli/host.js";
import { run } from "../../../src/cli/main.js";
import { diskReader } from "../../../src/cli/plan/reader.js";
import { type SqlDialect, sqlSchema } from "../../../src/cli/schema/sql.js";
import { createPostgresDatabase } from "../../support/postgres.mjs";
import { removeTemps, repoRoot, tempDir } from "../support.js";

afterAll(removeTemps);

/** An app folder with the first migration init writes, this repository's node_modules (the drivers). */
function app(dialect: SqlDialect): string {
  const root = tempDir("existing-users");
  writeFileSync(path.join(root, "package.json"), JSON.stringify({ name: "app", private: true }));
  symlinkSync(path.join(repoRoot, "node_modules"), path.join(root, "node_modules"), "dir");
  mkdirSync(path.join(root, "auth-migrations"));
  writeFileSync(path.join(root, "auth-migrations/0001_auth_tables.sql"), sqlSchema(dialect));
  return root;
}

async function migrate(root: string, env: Record<string, string>, dryRun = false) {
  let stdout = "";
  let stderr = "";
  const unused = () => {
    throw new Error("auth migrate writes no files");
  };
  const host: Host = {
    cwd: os.tmpdir(),
    env,
    terminal: false,
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    reader: diskReader,
    apply: unused,
    install: unused,
    runtime: unused,
  };
  const status = await run(["migrate", root, ...(dryRun ? ["--dry-run"] : [])], "auth", host);
  return { status, stdout, stderr };
}

async function tables(root: string, env: Record<string, string>, sql: string[]): Promise<string[]> {
  const db = await openDatabase(root, env);
  try {
    for (const statement of sql) await db.query(statement);
    const rows =
      db.dialect === "sqlite"
        ? await db.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        : await db.query(
            "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY 1",
          );
    return rows.map((row) => String(row["name"]));
  } finally {
    await db.close();
  }
}

describe("migrate on a database with the app's own users table", () => {
  const SQLITE = { AUTH_DATABASE_FILE: "app.db" };

  test("SQLite: integer ids, missing columns, a shared address, a required role: refused before anything runs", async () => {
    const root = app("sqlite");
    await tables(root, SQLITE, [
      "CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT, name TEXT, role TEXT NOT NULL)",
      "INSERT INTO users (email, role) VALUES ('ada@example.test', 'a'), ('ada@example.test', 'b')",
    ]);
    for (const dryRun of [true, false]) {
      const result = await migrate(root, SQLITE, dryRun);
      expect(result.status).not.toBe(0);
      const message = result.stderr;
      expect(message).toContain("SQLite app.db already has a users table of its own");
      expect(message).toContain("auth-migrations/0001_auth_tables.sql would keep (CREATE TABLE IF NOT EXISTS)");
      expect(message).toContain("its id is integer");
      expect(message).toContain("it lacks email_verified, image");
      expect(message).toContain("addresses already shared: ada@example.test");
      expect(message).toContain("role is required without a default");
      expect(message).toContain("create-auth init --orm drizzle or --orm prisma");
    }
    expect(await tables(root, SQLITE, [])).toEqual(["users"]);
  });

  test("SQLite: a users table with every column the adapter uses is kept, and migrate says so", async () => {
    const root = app("sqlite");
    const authUsers = sqlSchema("sqlite").match(/CREATE TABLE IF NOT EXISTS users \([^;]*;/)![0];
    await tables(root, SQLITE, [authUsers, "ALTER TABLE users ADD COLUMN role TEXT NOT NULL DEFAULT 'member'"]);
    const result = await migrate(root, SQLITE);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(
      "SQLite app.db already has a users table with every column the adapter uses: auth-migrations/0001_auth_tables.sql keeps it as it is",
    );
    expect(await tables(root, SQLITE, [])).toContain("accounts");
  });

  test("PostgreSQL: serial ids are refused with the reason, not a foreign-key error halfway through", async () => {
    const database = await createPostgresDatabase();
    try {
      const { host, port, user, password, database: name } = database.connection;
      const env = { DATABASE_URL: `postgres://${user}:${password}@${host}:${port}/${name}` };
      const root = app("postgres");
      await tables(root, env, [
        "CREATE TABLE users (id serial PRIMARY KEY, name text, email text UNIQUE, email_verified timestamptz(3), image text)",
      ]);
      const result = await migrate(root, env);
      expect(result.status).not.toBe(0);
      expect(result.stderr).toContain(
        "its id is integer, and the auth tables' user_id columns in the migration are text",
      );
      expect(result.stderr).not.toContain("foreign key");
      expect(await tables(root, env, [])).toEqual(["users"]);
    } finally {
      await database.drop();
    }
  });
});
