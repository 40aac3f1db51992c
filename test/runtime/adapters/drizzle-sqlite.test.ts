// The drizzle adapter on SQLite (Drizzle's better-sqlite3 driver, tables from the table model's DDL): the
// shared conformance suite read back through the model, then what is particular to Drizzle on SQLite.
import Database from "better-sqlite3";
import { drizzle as drizzleDatabase } from "drizzle-orm/better-sqlite3";
import { integer, primaryKey, sqliteTable, text, unique } from "drizzle-orm/sqlite-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sqlSchema } from "../../../src/cli/database/sql/render.js";
import drizzle from "../../../src/runtime/adapters/drizzle.js";
import * as defaultTables from "../../../src/runtime/adapters/drizzle-tables/sqlite.js";
import sqlite from "../../../src/runtime/adapters/sqlite.js";
import { runAdapterTests } from "../../../src/runtime/adapters/testing.js";
import { sqliteModelReader } from "../../support/adapter-sqlite-reader.mjs";
import { authSchema } from "./auth-schema.js";

/** A fresh in-memory database with the tables `create-auth init --db sqlite` writes, and the passwords table. */
function databaseWithSchema(): Database.Database {
  const db = new Database(":memory:");
  db.exec(authSchema("sqlite"));
  return db;
}

describe("drizzle adapter on better-sqlite3, tables from the model's DDL", () => {
  const db = databaseWithSchema();
  runAdapterTests({
    adapter: drizzle(drizzleDatabase(db)),
    db: { ...sqliteModelReader(db), disconnect: async () => void db.close() },
    runner: { describe, test, beforeAll, afterAll },
  });
});

describe("drizzle adapter on SQLite", () => {
  test("stores dates as integer milliseconds since the epoch, as the sqlite adapter does", async () => {
    const db = databaseWithSchema();
    await drizzle(drizzleDatabase(db)).createUser?.({
      id: "u1",
      email: "a@example.test",
      emailVerified: new Date(1_700_000_000_123),
    });
    expect(db.prepare("SELECT email_verified FROM users WHERE id = 'u1'").get()).toEqual({
      email_verified: 1_700_000_000_123,
    });
  });

  test("reads what the sqlite adapter wrote (one schema for both)", async () => {
    const db = databaseWithSchema();
    const expires = new Date("2031-01-02T03:04:05.678Z");
    await sqlite(db).createUser?.({ id: "u1", email: "a@example.test", emailVerified: null });
    await sqlite(db).createSession?.({ sessionToken: "s1", userId: "u1", expires });
    const found = await drizzle(drizzleDatabase(db)).getSessionAndUser?.("s1");
    expect(found?.session).toEqual({ sessionToken: "s1", userId: "u1", expires });
    expect(found?.user).toMatchObject({ id: "u1", email: "a@example.test" });
  });

  test("deleteUser removes what the user owned even on a connection with foreign keys turned off", async () => {
    const db = databaseWithSchema();
    db.pragma("foreign_keys = OFF");
    const adapter = drizzle(drizzleDatabase(db));
    await adapter.createUser?.({ id: "u1", email: "a@example.test", emailVerified: null });
    await adapter.createSession?.({ sessionToken: "s1", userId: "u1", expires: new Date() });
    await adapter.linkAccount?.({ userId: "u1", type: "oauth", provider: "github", providerAccountId: "1" });
    await adapter.deleteUser?.("u1");
    const counts = ["sessions", "accounts"].map(
      (table) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n,
    );
    expect(counts).toEqual([0, 0]);
  });

  test("getSessionAndUser makes one query", async () => {
    const db = databaseWithSchema();
    const statements: string[] = [];
    const adapter = drizzle(drizzleDatabase(db, { logger: { logQuery: (sql) => statements.push(sql) } }));
    await adapter.createUser?.({ id: "u1", email: "a@example.test", emailVerified: null });
    await adapter.createSession?.({ sessionToken: "s1", userId: "u1", expires: new Date() });
    statements.length = 0;
    expect(await adapter.getSessionAndUser?.("s1")).toMatchObject({ user: { id: "u1" } });
    expect(statements).toHaveLength(1);
  });

  test("uses the tables it is given: a users table with a column of the app's own", async () => {
    const db = databaseWithSchema();
    db.exec("ALTER TABLE users ADD COLUMN role TEXT NOT NULL DEFAULT 'member'");
    const users = sqliteTable(
      "users",
      {
        id: text("id").notNull(),
        name: text("name"),
        email: text("email"),
        emailVerified: integer("email_verified", { mode: "timestamp_ms" }),
        image: text("image"),
        role: text("role").notNull().default("member"),
      },
      (table) => [primaryKey({ name: "users_pkey", columns: [table.id] }), unique("users_email_key").on(table.email)],
    );
    const adapter = drizzle(drizzleDatabase(db), { ...defaultTables, users });
    const created = await adapter.createUser?.({ id: "u1", email: "a@example.test", emailVerified: null });
    expect(created).toMatchObject({ id: "u1", role: "member" });
  });

  test("without an authenticators table, the passkey methods say what is missing", async () => {
    const { authenticators: _, ...withoutPasskeys } = defaultTables;
    const adapter = drizzle(drizzleDatabase(databaseWithSchema()), withoutPasskeys);
    await expect(adapter.getAuthenticator?.("c1") ?? Promise.resolve()).rejects.toThrow(/authenticators table/);
  });

  test("without a passwords table in its tables, the adapter has no password methods (the provider refuses it by name)", () => {
    const adapter = drizzle(drizzleDatabase(databaseWithSchema()), defaultTables);
    expect([adapter.getPasswordHash, adapter.setPasswordHash]).toEqual([undefined, undefined]);
    expect(adapter.deleteUserSessions).toBeTypeOf("function");
  });

  test("with the default tables on a database without the passwords table, the password methods say what to add and deleteUser still works", async () => {
    const db = new Database(":memory:");
    db.exec(sqlSchema("sqlite"));
    const adapter = drizzle(drizzleDatabase(db));
    await adapter.createUser?.({ id: "u1", email: "a@example.test", emailVerified: null });
    await expect(Promise.resolve(adapter.getPasswordHash?.("u1"))).rejects.toThrow(
      /no passwords table.*docs\/adapters\.md#passwords/,
    );
    await expect(Promise.resolve(adapter.setPasswordHash?.("u1", "$x$"))).rejects.toThrow(/no passwords table/);
    expect(await adapter.deleteUser?.("u1")).toMatchObject({ id: "u1" });
  });

  test("deleteUser removes the user's hash even on a connection with foreign keys turned off", async () => {
    const db = databaseWithSchema();
    db.pragma("foreign_keys = OFF");
    const adapter = drizzle(drizzleDatabase(db));
    await adapter.createUser?.({ id: "u1", email: "a@example.test", emailVerified: null });
    await adapter.setPasswordHash?.("u1", "$argon2id$x");
    await adapter.deleteUser?.("u1");
    expect(db.prepare("SELECT count(*) AS n FROM passwords").get()).toEqual({ n: 0 });
  });

  test("refuses an object that is not a Drizzle database", () => {
    expect(() => drizzle(new Database(":memory:") as never)).toThrow(/needs a Drizzle database/);
  });
});
