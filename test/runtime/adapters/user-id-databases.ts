// A fresh database of each dialect for the id-kind tests, holding a schema script: SQLite in memory
// (better-sqlite3), PostgreSQL and MariaDB on loopback (a new database each, dropped on close). Each hands
// out its driver object for the adapter under test and a `run` for the suite's direct reads.
import Database from "better-sqlite3";
import mysql2 from "mysql2/promise";
import pg from "pg";
import type { SqlDialect } from "../../../src/cli/database/sql/render.js";
import { createMariaDBDatabase, type MariaDBConnection } from "../../support/mariadb.mjs";
import { createPostgresDatabase } from "../../support/postgres.mjs";
import type { RunQuery } from "./user-id-tables.js";

export type TestDatabase =
  | { dialect: "sqlite"; db: Database.Database; run: RunQuery; close(): Promise<void> }
  | { dialect: "postgres"; pool: pg.Pool; connection: pg.PoolConfig; run: RunQuery; close(): Promise<void> }
  | {
      dialect: "mysql";
      pool: mysql2.Pool;
      connection: MariaDBConnection;
      run: RunQuery;
      close(): Promise<void>;
    };

/** A new database of `dialect` with `schema` (a multi-statement script) applied. */
export async function databaseWith(dialect: SqlDialect, schema: string): Promise<TestDatabase> {
  if (dialect === "sqlite") {
    const db = new Database(":memory:");
    db.exec(schema);
    return {
      dialect,
      db,
      run: async (sql, values) => db.prepare(sql).all(...values) as Record<string, unknown>[],
      close: async () => void db.close(),
    };
  }
  if (dialect === "postgres") {
    const database = await createPostgresDatabase();
    const pool = new pg.Pool({ ...database.connection, max: 4 });
    await pool.query(schema);
    return {
      dialect,
      pool,
      connection: database.connection,
      run: async (sql, values) => (await pool.query(sql, values)).rows,
      async close() {
        await pool.end();
        await database.drop();
      },
    };
  }
  const database = await createMariaDBDatabase();
  const setup = await mysql2.createConnection({ ...database.connection, multipleStatements: true });
  try {
    await setup.query(schema);
  } finally {
    await setup.end();
  }
  // `timezone: "Z"` as the mysql adapter's documentation advises: DATETIME holds no zone, the pool supplies it.
  const pool = mysql2.createPool({ ...database.connection, connectionLimit: 4, timezone: "Z" });
  return {
    dialect,
    pool,
    connection: database.connection,
    run: async (sql, values) => (await pool.query(sql, values))[0] as Record<string, unknown>[],
    async close() {
      await pool.end();
      await database.drop();
    },
  };
}
