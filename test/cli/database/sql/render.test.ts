import Database from "better-sqlite3";
import { describe, expect, test } from "vitest";
import { tables } from "../../../../src/cli/database/model.js";
import { sqlDialects, sqlSchema } from "../../../../src/cli/database/sql/render.js";

describe("sqlSchema", () => {
  for (const dialect of sqlDialects) {
    test(`writes the ${dialect} DDL from the table model`, async () => {
      await expect(sqlSchema(dialect)).toMatchFileSnapshot(`__snapshots__/schema.${dialect}.sql`);
    });
  }

  test("every dialect creates every table of the model", () => {
    for (const dialect of sqlDialects) {
      const created = [...sqlSchema(dialect).matchAll(/CREATE TABLE IF NOT EXISTS (\w+)/g)].map((match) => match[1]);
      expect(created).toEqual(tables.map((table) => table.name));
    }
  });
});

describe("the SQLite DDL on a real SQLite", () => {
  function freshDatabase() {
    const db = new Database(":memory:");
    db.pragma("foreign_keys = ON");
    db.exec(sqlSchema("sqlite"));
    return db;
  }

  test("creates each table with exactly the model's columns, nullability and primary key", () => {
    const db = freshDatabase();
    for (const table of tables) {
      const info = db.prepare(`PRAGMA table_info(${table.name})`).all() as Array<{
        name: string;
        notnull: number;
        pk: number;
      }>;
      expect(info.map((column) => column.name)).toEqual(table.columns.map((column) => column.name));
      expect(info.map((column) => column.notnull === 0)).toEqual(table.columns.map((column) => column.nullable));
      const primaryKey = info.filter((column) => column.pk > 0).sort((a, b) => a.pk - b.pk);
      expect(primaryKey.map((column) => column.name)).toEqual(table.primaryKey);
    }
  });

  test("runs a second time without error or change (idempotent)", () => {
    const db = freshDatabase();
    const before = db.prepare("SELECT sql FROM sqlite_master ORDER BY name").all();
    db.exec(sqlSchema("sqlite"));
    expect(db.prepare("SELECT sql FROM sqlite_master ORDER BY name").all()).toEqual(before);
  });

  test("deleting a user deletes its accounts, sessions and authenticators", () => {
    const db = freshDatabase();
    db.prepare("INSERT INTO users (id, email) VALUES ('u1', 'a@example.com')").run();
    db.prepare(
      "INSERT INTO accounts (user_id, type, provider, provider_account_id) VALUES ('u1', 'oauth', 'github', '1')",
    ).run();
    db.prepare("INSERT INTO sessions (session_token, user_id, expires) VALUES ('s1', 'u1', 0)").run();
    db.prepare(
      "INSERT INTO authenticators (credential_id, user_id, provider_account_id, credential_public_key, counter, credential_device_type, credential_backed_up) VALUES ('c1', 'u1', 'c1', 'k', 0, 'singleDevice', 0)",
    ).run();
    db.prepare("DELETE FROM users WHERE id = 'u1'").run();
    const remaining = ["accounts", "sessions", "authenticators"].map(
      (table) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n,
    );
    expect(remaining).toEqual([0, 0, 0]);
  });

  test("allows many users without an email but not two with the same one", () => {
    const db = freshDatabase();
    db.prepare("INSERT INTO users (id) VALUES ('u1'), ('u2')").run();
    db.prepare("INSERT INTO users (id, email) VALUES ('u3', 'a@example.com')").run();
    expect(() => db.prepare("INSERT INTO users (id, email) VALUES ('u4', 'a@example.com')").run()).toThrow(/UNIQUE/);
  });

  test("refuses a value of the wrong type (STRICT tables)", () => {
    const db = freshDatabase();
    expect(() =>
      db.prepare("INSERT INTO users (id, email_verified) VALUES ('u1', '2026-01-01T00:00:00.000Z')").run(),
    ).toThrow(/cannot store TEXT value in INTEGER column/);
  });
});
