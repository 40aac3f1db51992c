/**
 * The passwords table the CLI writes, applied as a user applies it (`auth migrate` on the app folder) on a
 * real SQLite, PostgreSQL and MariaDB, then used by the adapters' password methods: the SQL adapters on an
 * app that added the provider later (0001 then 0002_passwords.sql), and the drizzle adapter handed the Drizzle
 * tables `init --orm drizzle --providers password` wrote (imported from the app's own schema module). A hash
 * is stored, replaced in place, and goes with its user (the foreign key cascades). Also: a migration adapted to
 * an app's own users table (integer ids) gets a passwords table whose user_id holds on PostgreSQL, and SQLite's
 * client module, after add-provider, creates the table when first imported.
 */
import { symlinkSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle as betterSqlite } from "drizzle-orm/better-sqlite3";
import { drizzle as mysqlDatabase } from "drizzle-orm/mysql2";
import { drizzle as nodePostgres } from "drizzle-orm/node-postgres";
import mysql2 from "mysql2/promise";
import pg from "pg";
import { afterAll, describe, expect, test } from "vitest";
import { passwords, tables } from "../../../src/cli/database/model.js";
import { nextMigration } from "../../../src/cli/database/sql/migrations.js";
import { type AdoptedUsers, adaptedSchema } from "../../../src/cli/database/sql/users.js";
import drizzle, { type DrizzleTables } from "../../../src/runtime/adapters/drizzle.js";
import mysql from "../../../src/runtime/adapters/mysql.js";
import postgres from "../../../src/runtime/adapters/postgres.js";
import sqlite from "../../../src/runtime/adapters/sqlite.js";
import type { Adapter } from "../../../src/runtime/types.js";
import { createMariaDBDatabase } from "../../support/mariadb.mjs";
import { createPostgresDatabase } from "../../support/postgres.mjs";
import { type CliRun, initFixture, materialize, removeTemps, repoRoot, runInMemory } from "../support.js";
import { migrateIn } from "../support-migrate.js";

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  removeTemps();
});

type Dialect = "sqlite" | "postgres" | "mysql";

/** The database of one test: the env its app reads, and clients on it (closed after the file). */
interface TestDatabase {
  env: Record<string, string>;
  sqlAdapter(): Adapter;
  drizzleDb(): unknown;
}

async function databaseFor(dialect: Dialect, root: string): Promise<TestDatabase> {
  if (dialect === "sqlite") {
    let db: Database.Database | null = null;
    const open = () => {
      db ??= new Database(path.join(root, "auth.db"));
      db.pragma("foreign_keys = ON");
      return db;
    };
    cleanups.push(async () => void db?.close());
    return {
      env: { AUTH_DATABASE_FILE: "auth.db" },
      sqlAdapter: () => sqlite(open()),
      drizzleDb: () => betterSqlite(open()),
    };
  }
  if (dialect === "postgres") {
    const database = await createPostgresDatabase();
    const { host, port, user, password, database: name } = database.connection;
    const pool = new pg.Pool({ ...database.connection, max: 2 });
    cleanups.push(async () => {
      await pool.end();
      await database.drop();
    });
    return {
      env: { DATABASE_URL: `postgres://${user}:${password}@${host}:${port}/${name}` },
      sqlAdapter: () => postgres(pool),
      drizzleDb: () => nodePostgres(pool),
    };
  }
  const database = await createMariaDBDatabase();
  const { host, port, user, password, database: name } = database.connection;
  const pool = mysql2.createPool({ ...database.connection, connectionLimit: 2, timezone: "Z" });
  cleanups.push(async () => {
    await pool.end();
    await database.drop();
  });
  return {
    env: { DATABASE_URL: `mysql://${user}:${password}@${host}:${port}/${name}` },
    sqlAdapter: () => mysql(pool),
    drizzleDb: () => mysqlDatabase(pool, { mode: "default" }),
  };
}

function expectSuccess(run: CliRun): void {
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
}

/** The app on disk with this repository's node_modules (its drivers, drizzle-orm), its migrations applied. */
async function migrated(project: Parameters<typeof materialize>[0], dialect: Dialect) {
  const root = materialize(project);
  symlinkSync(path.join(repoRoot, "node_modules"), path.join(root, "node_modules"), "dir");
  const database = await databaseFor(dialect, root);
  const migrate = await migrateIn(root, database.env);
  expect(migrate.error).toBeNull();
  return { root, database, migrate };
}

/** A user's hash stored, replaced in place, and deleted with the user. */
async function expectPasswordMethods(adapter: Adapter): Promise<void> {
  expect(adapter.setPasswordHash).toBeTypeOf("function");
  await adapter.createUser?.({ id: "user-1", email: "ada@example.test", emailVerified: null });
  expect(await adapter.getPasswordHash?.("user-1")).toBeNull();
  await adapter.setPasswordHash?.("user-1", "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaA");
  await adapter.setPasswordHash?.("user-1", "$argon2id$v=19$m=65536,t=3,p=1$bmV3c2FsdA$bmV3aGFzaA");
  expect(await adapter.getPasswordHash?.("user-1")).toBe("$argon2id$v=19$m=65536,t=3,p=1$bmV3c2FsdA$bmV3aGFzaA");
  await adapter.deleteUser?.("user-1");
  expect(await adapter.getPasswordHash?.("user-1")).toBeNull();
}

const STORIES = [
  { dialect: "sqlite", name: "SQLite" },
  { dialect: "postgres", name: "PostgreSQL" },
  { dialect: "mysql", name: "MariaDB" },
] as const;

describe.each(STORIES)("on $name", ({ dialect }) => {
  test("add-provider password's migration, applied by migrate after the first, serves the SQL adapter", async () => {
    const { project, run } = await initFixture("next-app", [
      ...["--providers", "github", "--strategy", "database", "--db", dialect, "--yes", "--no-install"],
    ]);
    expectSuccess(run);
    expectSuccess(await runInMemory(project, ["add-provider", "password", project.root, "--yes", "--no-install"]));
    const { database, migrate } = await migrated(project, dialect);
    expect(migrate.stdout).toContain("0002_passwords.sql");
    await expectPasswordMethods(database.sqlAdapter());
  }, 60_000);

  test("init --orm drizzle --providers password: the app's Drizzle tables serve the drizzle adapter", async () => {
    const { project, run } = await initFixture("next-app", [
      ...["--providers", "password", "--strategy", "database", "--db", dialect, "--orm", "drizzle"],
      ...["--yes", "--no-install"],
    ]);
    expectSuccess(run);
    const { root, database } = await migrated(project, dialect);
    const schema = (await import(path.join(root, "auth-schema.ts"))) as Record<string, unknown>;
    const tables = Object.fromEntries(
      ["users", "accounts", "sessions", "verificationTokens", "authenticators", "passwords"].map((key) => [
        key,
        schema[key],
      ]),
    ) as unknown as DrizzleTables;
    await expectPasswordMethods(drizzle(database.drizzleDb() as never, tables));
  }, 60_000);
});

describe("an app whose migrations were adapted to its own users table (integer ids)", () => {
  test("the passwords migration types user_id like users.id, so it applies on PostgreSQL and serves the adapter", async () => {
    const adopted: AdoptedUsers = {
      idKind: "integer",
      fill: [],
      idType: "INTEGER",
      missing: [],
      addUniqueEmail: false,
    };
    const first = { name: "0001_auth_tables.sql", sql: adaptedSchema("postgres", adopted) };
    const next = nextMigration([first], "postgres", [...tables, passwords]);
    expect(next?.name).toBe("0002_passwords.sql");
    expect(next?.sql).toContain("  user_id INTEGER NOT NULL,");
    const database = await createPostgresDatabase();
    const pool = new pg.Pool({ ...database.connection, max: 2 });
    cleanups.push(async () => {
      await pool.end();
      await database.drop();
    });
    await pool.query(
      "CREATE TABLE users (id SERIAL PRIMARY KEY, name TEXT, email TEXT, email_verified TIMESTAMPTZ(3), image TEXT)",
    );
    await pool.query(first.sql);
    await pool.query(next!.sql);
    const adapter = postgres(pool, { userIds: "integer" });
    const user = await adapter.createUser?.({ id: "ignored", email: "ada@example.test", emailVerified: null });
    await adapter.setPasswordHash?.(user!.id, "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaA");
    expect(await adapter.getPasswordHash?.(user!.id)).toBe("$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaA");
  }, 60_000);
});

test("SQLite's client module, after add-provider password, creates the passwords table on first open", async () => {
  const { project, run } = await initFixture("next-app", [
    ...["--providers", "github", "--strategy", "database", "--db", "sqlite", "--yes", "--no-install"],
  ]);
  expectSuccess(run);
  expectSuccess(await runInMemory(project, ["add-provider", "password", project.root, "--yes", "--no-install"]));
  const root = materialize(project);
  symlinkSync(path.join(repoRoot, "node_modules"), path.join(root, "node_modules"), "dir");
  const file = path.join(root, "opened.db");
  const saved = process.env["AUTH_DATABASE_FILE"];
  process.env["AUTH_DATABASE_FILE"] = file;
  try {
    const client = (await import(path.join(root, "auth-db.ts"))) as { db: { close(): void } };
    client.db.close();
  } finally {
    if (saved === undefined) delete process.env["AUTH_DATABASE_FILE"];
    else process.env["AUTH_DATABASE_FILE"] = saved;
  }
  const db = new Database(file, { readonly: true });
  const names = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all();
  db.close();
  expect(names).toContainEqual({ name: "passwords" });
  expect(names).toContainEqual({ name: "users" });
}, 60_000);
