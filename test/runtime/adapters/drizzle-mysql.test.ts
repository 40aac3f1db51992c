// The drizzle adapter on a real MariaDB (Drizzle's mysql2 driver, a fresh database for this file, tables
// from the table model's DDL): the shared conformance suite, then what is particular to MySQL/MariaDB.
import { drizzle as drizzleDatabase } from "drizzle-orm/mysql2";
import mysql2 from "mysql2/promise";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import drizzle from "../../../src/runtime/adapters/drizzle.js";
import mysql from "../../../src/runtime/adapters/mysql.js";
import { runAdapterTests } from "../../../src/runtime/adapters/testing.js";
import { createMariaDBDatabase } from "../../support/mariadb.mjs";
import { authSchema } from "./auth-schema.js";
import { modelReads } from "./model-reads.js";

const database = await createMariaDBDatabase();
// `timezone: "Z"` for the direct reads and the mysql adapter; Drizzle itself reads and writes DATETIME as UTC.
const pool = mysql2.createPool({ ...database.connection, connectionLimit: 4, timezone: "Z" });

beforeAll(async () => {
  const connection = await mysql2.createConnection({ ...database.connection, multipleStatements: true });
  try {
    await connection.query(authSchema("mysql"));
  } finally {
    await connection.end();
  }
});
afterAll(async () => {
  await pool.end();
  await database.drop();
});

runAdapterTests({
  adapter: drizzle(drizzleDatabase(pool)),
  db: modelReads(async (table, where, values) => {
    const conditions = where.map((column) => `${column} = ?`).join(" AND ");
    const [rows] = await pool.query(`SELECT * FROM ${table} WHERE ${conditions}`, values);
    return rows as Record<string, unknown>[];
  }),
  runner: { describe, test, beforeAll, afterAll },
});

describe("drizzle adapter on MariaDB", () => {
  test("reads what the mysql adapter wrote (one schema for both)", async () => {
    const id = crypto.randomUUID();
    const expires = new Date("2031-01-02T03:04:05.678Z");
    await mysql(pool).createUser?.({ id, email: `${id}@example.test`, emailVerified: null });
    await mysql(pool).createSession?.({ sessionToken: id, userId: id, expires });
    const found = await drizzle(drizzleDatabase(pool)).getSessionAndUser?.(id);
    expect(found?.session).toEqual({ sessionToken: id, userId: id, expires });
  });
});
