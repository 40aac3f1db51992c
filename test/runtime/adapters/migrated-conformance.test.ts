// The runtime's SQL adapters through the shared conformance suite on tables that `auth migrate`'s migrator
// created: the table model's SQL for each dialect written as auth-migrations/0001_auth_tables.sql in an app
// folder and the passwords table as 0002_passwords.sql (as the password provider adds it later), applied
// through openDatabase (the app's drivers) and the migrator, then handed to the adapter on its own client.
// SQLite (a file, better-sqlite3), PostgreSQL and MariaDB on loopback.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import mysql2 from "mysql2/promise";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase } from "../../../src/cli/database/connect.js";
import { migrate } from "../../../src/cli/database/migrator.js";
import { passwords } from "../../../src/cli/database/model.js";
import { migrationFiles } from "../../../src/cli/database/sql/migrations.js";
import { type SqlDialect, sqlSchema, tableStatements } from "../../../src/cli/database/sql/render.js";
import { diskReader } from "../../../src/cli/project/reader.js";
import mysql from "../../../src/runtime/adapters/mysql.js";
import postgres from "../../../src/runtime/adapters/postgres.js";
import sqlite from "../../../src/runtime/adapters/sqlite.js";
import { runAdapterTests } from "../../../src/runtime/adapters/testing.js";
import { sqliteModelReader } from "../../support/adapter-sqlite-reader.mjs";
import { createMariaDBDatabase } from "../../support/mariadb.mjs";
import { createPostgresDatabase } from "../../support/postgres.mjs";
import { modelReads } from "./model-reads.js";

const repoRoot = path.resolve(import.meta.dirname, "../../..");
const runner = { describe, test, beforeAll, afterAll };

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/** An app folder with the drivers in node_modules and the dialect's 0001 and 0002 migrations. */
function appWithMigration(dialect: SqlDialect): string {
  const root = mkdtempSync(path.join(os.tmpdir(), `create-auth-migrated-${dialect}-`));
  roots.push(root);
  writeFileSync(path.join(root, "package.json"), JSON.stringify({ name: "app", private: true }));
  symlinkSync(path.join(repoRoot, "node_modules"), path.join(root, "node_modules"), "dir");
  mkdirSync(path.join(root, "auth-migrations"));
  writeFileSync(path.join(root, "auth-migrations/0001_auth_tables.sql"), sqlSchema(dialect));
  writeFileSync(
    path.join(root, "auth-migrations/0002_passwords.sql"),
    `${tableStatements(passwords, dialect).join("\n\n")}\n`,
  );
  return root;
}

/** Applies the app's migrations as `auth migrate` does; what it applied and what it recorded. */
async function migrateApp(
  root: string,
  env: Record<string, string>,
): Promise<{ applied: string[]; recorded: unknown[] }> {
  const db = await openDatabase(root, env);
  try {
    const result = await migrate(db, migrationFiles(diskReader(root), "auth-migrations"));
    return { applied: result.appliedNow, recorded: await db.query("SELECT name FROM create_auth_migrations") };
  } finally {
    await db.close();
  }
}

const migrated = {
  applied: ["0001_auth_tables.sql", "0002_passwords.sql"],
  recorded: [{ name: "0001_auth_tables.sql" }, { name: "0002_passwords.sql" }],
};

const sqliteRoot = appWithMigration("sqlite");
const sqliteMigration = await migrateApp(sqliteRoot, { AUTH_DATABASE_FILE: "auth.db" });
const sqliteDb = new Database(path.join(sqliteRoot, "auth.db"));

describe("sqlite adapter on tables created by auth migrate", () => {
  afterAll(() => sqliteDb.close());
  test("auth migrate applied and recorded 0001 and 0002", () => expect(sqliteMigration).toEqual(migrated));
  runAdapterTests({ adapter: sqlite(sqliteDb), db: sqliteModelReader(sqliteDb), runner });
});

const postgresDatabase = await createPostgresDatabase();
const pgPool = new pg.Pool({ ...postgresDatabase.connection, max: 4 });
const pgMigration = await (() => {
  const { host, port, user, password, database } = postgresDatabase.connection;
  return migrateApp(appWithMigration("postgres"), {
    DATABASE_URL: `postgres://${user}:${password}@${host}:${port}/${database}`,
  });
})();

describe("postgres adapter on tables created by auth migrate", () => {
  afterAll(async () => {
    await pgPool.end();
    await postgresDatabase.drop();
  });
  test("auth migrate applied and recorded 0001 and 0002", () => expect(pgMigration).toEqual(migrated));
  runAdapterTests({
    adapter: postgres(pgPool),
    db: modelReads(async (table, where, values) => {
      const conditions = where.map((column, index) => `${column} = $${index + 1}`).join(" AND ");
      return (await pgPool.query(`SELECT * FROM ${table} WHERE ${conditions}`, values)).rows;
    }),
    runner,
  });
});

const mariadbDatabase = await createMariaDBDatabase();
// `timezone: "Z"` as the adapter's documentation advises: DATETIME holds no zone, the pool supplies it.
const mysqlPool = mysql2.createPool({ ...mariadbDatabase.connection, connectionLimit: 4, timezone: "Z" });
const mysqlMigration = await (() => {
  const { host, port, user, password, database } = mariadbDatabase.connection;
  return migrateApp(appWithMigration("mysql"), {
    DATABASE_URL: `mysql://${user}:${password}@${host}:${port}/${database}`,
  });
})();

describe("mysql adapter on tables created by auth migrate (MariaDB)", () => {
  afterAll(async () => {
    await mysqlPool.end();
    await mariadbDatabase.drop();
  });
  test("auth migrate applied and recorded 0001 and 0002", () => expect(mysqlMigration).toEqual(migrated));
  runAdapterTests({
    adapter: mysql(mysqlPool),
    db: modelReads(async (table, where, values) => {
      const conditions = where.map((column) => `${column} = ?`).join(" AND ");
      const [rows] = await mysqlPool.query(`SELECT * FROM ${table} WHERE ${conditions}`, values);
      return rows as Record<string, unknown>[];
    }),
    runner,
  });
});
