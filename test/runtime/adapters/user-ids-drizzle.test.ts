// The drizzle adapter on an app's own tables whose users.id is an integer, a bigint beyond 2^53 or a uuid, on
// SQLite (better-sqlite3), PostgreSQL (node-postgres) and MariaDB (mysql2), with the app's Drizzle definitions
// of those columns: the shared conformance suite on each kind, the id kind inferred from tables.users.id,
// a mismatched option refused, exact bigints, and `newUserColumns` by field key.

import { drizzle as sqliteDrizzle } from "drizzle-orm/better-sqlite3";
import { drizzle as mysqlDrizzle } from "drizzle-orm/mysql2";
import { drizzle as pgDrizzle } from "drizzle-orm/node-postgres";
import { customType, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sqlDialects } from "../../../src/cli/database/sql/render.js";
import drizzle, { type DrizzleDatabase, type DrizzleTables } from "../../../src/runtime/adapters/drizzle.js";
import * as defaultPgTables from "../../../src/runtime/adapters/drizzle-tables/pg.js";
import { runAdapterTests } from "../../../src/runtime/adapters/testing.js";
import type { AdapterOptions } from "../../../src/runtime/adapters/user-ids.js";
import { databaseWith, type TestDatabase } from "./user-id-databases.js";
import { drizzleTablesWith } from "./user-id-drizzle-tables.js";
import { beyondSafeInteger, otherIdKinds, schemaWithUserIds, userIdReads } from "./user-id-tables.js";

const runner = { describe, test, beforeAll, afterAll };

function drizzleDatabase(database: TestDatabase): DrizzleDatabase {
  if (database.dialect === "sqlite") return sqliteDrizzle(database.db);
  if (database.dialect === "postgres") return pgDrizzle(database.pool);
  return mysqlDrizzle(database.pool);
}

const databases = new Map<string, TestDatabase>();
await Promise.all(
  sqlDialects.flatMap((dialect) =>
    otherIdKinds.map(async (kind) => {
      databases.set(`${dialect}/${kind}`, await databaseWith(dialect, schemaWithUserIds(dialect, kind)));
    }),
  ),
);
afterAll(async () => {
  await Promise.all([...databases.values()].map((database) => database.close()));
});

for (const dialect of sqlDialects) {
  for (const kind of otherIdKinds) {
    const database = databases.get(`${dialect}/${kind}`)!;
    describe(`drizzle adapter on ${dialect}, users.id ${kind} (inferred from the table)`, () => {
      runAdapterTests({
        // No userIds option: the adapter reads the kind from tables.users.id.
        adapter: drizzle(drizzleDatabase(database), drizzleTablesWith[dialect](kind)),
        db: userIdReads(dialect, database.run),
        runner,
        userIds: kind,
      });
    });
  }
}

describe.each(sqlDialects)("drizzle adapter on %s at the id boundary", (dialect) => {
  test("a bigint id beyond 2^53 round-trips exactly, though the column's mode is number", async () => {
    const database = databases.get(`${dialect}/bigint`)!;
    const adapter = drizzle(drizzleDatabase(database), drizzleTablesWith[dialect]("bigint"), { userIds: "bigint" });
    const user = await adapter.createUser!({
      id: "",
      email: `${crypto.randomUUID()}@example.test`,
      emailVerified: null,
    });
    expect(BigInt(user.id) >= beyondSafeInteger).toBe(true);
    expect((await adapter.getUser!(user.id))?.id).toBe(user.id);
    const session = await adapter.createSession!({
      sessionToken: crypto.randomUUID(),
      userId: user.id,
      expires: new Date(Date.now() + 60_000),
    });
    expect(await adapter.getSessionAndUser!(session.sessionToken)).toMatchObject({
      session: { userId: user.id },
      user: { id: user.id },
    });
    expect(await adapter.getUser!(String(BigInt(user.id) + 1n))).toBeNull();
  });

  test("refuses a userIds option that does not match tables.users.id, naming both", () => {
    const db = drizzleDatabase(databases.get(`${dialect}/integer`)!);
    expect(() => drizzle(db, drizzleTablesWith[dialect]("integer"), { userIds: "uuid" })).toThrow(
      /options\.userIds is "uuid" but users\.id \(\w+, "id"\) holds "integer"/,
    );
    expect(() => drizzle(db, drizzleTablesWith[dialect]("uuid"), { userIds: "integer" })).toThrow(
      /options\.userIds is "integer" but users\.id/,
    );
  });
});

test("a users.id of a custom column type is taken at the option's word", async () => {
  const database = databases.get("sqlite/integer")!;
  const rowId = customType<{ data: number; driverData: number }>({ dataType: () => "integer" });
  const users = sqliteTable("users", {
    id: rowId("id").primaryKey(),
    name: text("name"),
    email: text("email"),
    emailVerified: integer("email_verified", { mode: "timestamp_ms" }),
    image: text("image"),
  });
  const tables = { ...drizzleTablesWith.sqlite("integer"), users: users as unknown as DrizzleTables["users"] };
  const adapter = drizzle(drizzleDatabase(database), tables, { userIds: "integer" });
  const user = await adapter.createUser!({ id: "", email: `${crypto.randomUUID()}@example.test`, emailVerified: null });
  expect(user.id).toMatch(/^[1-9][0-9]*$/);
  expect(await adapter.getUser!("abc")).toBeNull();
});

test("the create-auth tables (text ids) refuse an integer userIds option", () => {
  const db = drizzleDatabase(databases.get("postgres/integer")!);
  expect(() => drizzle(db, defaultPgTables, { userIds: "integer" })).toThrow(/holds "text" or "uuid" ids/);
});

describe("drizzle adapter with newUserColumns on an app's users table with required columns", () => {
  const users = sqliteTable("users", {
    id: integer("id", { mode: "number" }).primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    email: text("email"),
    emailVerified: integer("email_verified", { mode: "timestamp_ms" }),
    image: text("image"),
    role: text("role").notNull(),
  });
  let database: TestDatabase;
  let tables: DrizzleTables;
  beforeAll(async () => {
    const schema = schemaWithUserIds("sqlite", "integer").replace(
      "  name TEXT,",
      "  name TEXT NOT NULL,\n  role TEXT NOT NULL,",
    );
    database = await databaseWith("sqlite", schema);
    tables = { ...drizzleTablesWith.sqlite("integer"), users: users as unknown as DrizzleTables["users"] };
  });
  afterAll(async () => {
    await database.close();
  });
  const newUserColumns: AdapterOptions["newUserColumns"] = (user) => ({
    name: user.email?.split("@")[0] ?? "Member",
    role: "member",
  });

  test("fills name where the user has none, and the app's role, by field key", async () => {
    const adapter = drizzle(drizzleDatabase(database), tables, { newUserColumns });
    const nameless = await adapter.createUser!({ id: "", email: "ada@example.test", name: null, emailVerified: null });
    const named = await adapter.createUser!({ id: "", email: "bob@example.test", name: "Bob", emailVerified: null });
    expect(nameless).toMatchObject({ name: "ada", role: "member" });
    expect(named).toMatchObject({ name: "Bob", role: "member" });
  });

  test("refuses a key that is no column of tables.users", async () => {
    const adapter = drizzle(drizzleDatabase(database), tables, { newUserColumns: () => ({ plan: "free" }) });
    await expect(adapter.createUser!({ id: "", email: "c@example.test", emailVerified: null })).rejects.toThrow(
      /"plan", no column of tables\.users/,
    );
  });
});
