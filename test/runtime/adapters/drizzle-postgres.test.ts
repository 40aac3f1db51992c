// The drizzle adapter on a real PostgreSQL (Drizzle's node-postgres driver, a fresh database for this file,
// tables from the table model's DDL): the shared conformance suite, then what is particular to PostgreSQL.
import { drizzle as drizzleDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import drizzle from "../../../src/runtime/adapters/drizzle.js";
import postgres from "../../../src/runtime/adapters/postgres.js";
import { runAdapterTests } from "../../../src/runtime/adapters/testing.js";
import { createPostgresDatabase } from "../../support/postgres.mjs";
import { authSchema } from "./auth-schema.js";
import { modelReads } from "./model-reads.js";

const database = await createPostgresDatabase();
const pool = new pg.Pool({ ...database.connection, max: 4 });

beforeAll(async () => {
  await pool.query(authSchema("postgres"));
});
afterAll(async () => {
  await pool.end();
  await database.drop();
});

runAdapterTests({
  adapter: drizzle(drizzleDatabase(pool)),
  db: modelReads(async (table, where, values) => {
    const conditions = where.map((column, index) => `${column} = $${index + 1}`).join(" AND ");
    return (await pool.query(`SELECT * FROM ${table} WHERE ${conditions}`, values)).rows;
  }),
  runner: { describe, test, beforeAll, afterAll },
});

describe("drizzle adapter on PostgreSQL", () => {
  test("reads what the postgres adapter wrote (one schema for both)", async () => {
    const id = crypto.randomUUID();
    const expires = new Date("2031-01-02T03:04:05.678Z");
    await postgres(pool).createUser?.({ id, email: `${id}@example.test`, emailVerified: null });
    await postgres(pool).createSession?.({ sessionToken: id, userId: id, expires });
    const found = await drizzle(drizzleDatabase(pool)).getSessionAndUser?.(id);
    expect(found?.session).toEqual({ sessionToken: id, userId: id, expires });
  });
});
