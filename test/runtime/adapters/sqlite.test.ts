import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import sqlite from "../../../src/runtime/adapters/sqlite.js";
import { runAdapterTests } from "../../../src/runtime/adapters/testing.js";
import { sqliteModelReader } from "../../support/adapter-sqlite-reader.mjs";
import { ensureNode24 } from "../../support/node24.mjs";
import { runCommand } from "../../support/processes.mjs";
import { authSchema } from "./auth-schema.js";

/** A fresh in-memory database with the tables `create-auth init --db sqlite` writes, and the passwords table. */
function databaseWithSchema(): Database.Database {
  const db = new Database(":memory:");
  db.exec(authSchema("sqlite"));
  return db;
}

describe("sqlite adapter on better-sqlite3, tables from the model's DDL", () => {
  const db = databaseWithSchema();
  runAdapterTests({
    adapter: sqlite(db),
    db: { ...sqliteModelReader(db), disconnect: async () => void db.close() },
    runner: { describe, test, beforeAll, afterAll },
  });
});

describe("sqlite adapter", () => {
  test("stores dates as integer milliseconds since the epoch", async () => {
    const db = databaseWithSchema();
    const adapter = sqlite(db);
    await adapter.createUser?.({ id: "u1", email: "a@example.test", emailVerified: new Date(1_700_000_000_123) });
    expect(db.prepare("SELECT email_verified FROM users WHERE id = 'u1'").get()).toEqual({
      email_verified: 1_700_000_000_123,
    });
  });

  test("deleteUser cascades even on a connection with foreign keys turned off", async () => {
    const db = databaseWithSchema();
    db.pragma("foreign_keys = OFF");
    const adapter = sqlite(db);
    await adapter.createUser?.({ id: "u1", email: "a@example.test", emailVerified: null });
    await adapter.createSession?.({ sessionToken: "s1", userId: "u1", expires: new Date() });
    await adapter.deleteUser?.("u1");
    expect(db.prepare("SELECT count(*) AS n FROM sessions").get()).toEqual({ n: 0 });
  });

  test("on a connection with foreign keys turned off, no hash is stored for a missing user and deleteUser removes the hash", async () => {
    const db = databaseWithSchema();
    db.pragma("foreign_keys = OFF");
    const adapter = sqlite(db);
    await expect(adapter.setPasswordHash!("nobody", "$argon2id$x")).rejects.toThrow(/no user with id "nobody"/);
    await adapter.createUser?.({ id: "u1", email: "a@example.test", emailVerified: null });
    await adapter.setPasswordHash!("u1", "$argon2id$x");
    await adapter.deleteUser?.("u1");
    expect(db.prepare("SELECT count(*) AS n FROM passwords").get()).toEqual({ n: 0 });
  });

  test("a failing deleteUser leaves everything in place (one transaction)", async () => {
    const db = databaseWithSchema();
    const adapter = sqlite(db);
    await adapter.createUser?.({ id: "u1", email: "a@example.test", emailVerified: null });
    await adapter.createSession?.({ sessionToken: "s1", userId: "u1", expires: new Date() });
    db.exec("CREATE TRIGGER refuse BEFORE DELETE ON users BEGIN SELECT RAISE(ABORT, 'refused'); END");
    await expect(adapter.deleteUser?.("u1")).rejects.toThrow(/refused/);
    expect(db.prepare("SELECT count(*) AS n FROM sessions").get()).toEqual({ n: 1 });
  });

  test("works inside a transaction the caller opened", async () => {
    const db = databaseWithSchema();
    const adapter = sqlite(db);
    await adapter.createUser?.({ id: "u1", email: "a@example.test", emailVerified: null });
    db.exec("BEGIN");
    await adapter.deleteUser?.("u1");
    db.exec("ROLLBACK");
    expect(await adapter.getUser?.("u1")).toMatchObject({ id: "u1" });
  });

  test("refuses something that is not a SQLite database, naming what it needs", () => {
    expect(() => sqlite({} as never)).toThrow(/node:sqlite DatabaseSync or a better-sqlite3 Database/);
  });
});

describe("sqlite adapter on node:sqlite", () => {
  test("passes the conformance suite under Node 24 with node:test", { timeout: 240_000 }, async () => {
    const { node } = await ensureNode24();
    const script = path.join(import.meta.dirname, "..", "..", "support", "adapter-sqlite-node24.mjs");
    // runCommand rejects, with the failing tests in the output's tail, when any test fails (exit code 1).
    const { output } = await runCommand(node, ["--test-reporter=tap", script], { timeoutMs: 120_000 });
    expect(output).toMatch(/^# fail 0$/m);
    expect(Number(/^# pass (\d+)$/m.exec(output)?.[1])).toBeGreaterThan(30);
  });
});
