/**
 * The database store across processes: two Node processes (the runtime transpiled from src, each with its
 * own connection or pool) take one key at the same moment, 60 takers each, on one SQLite file, on the test
 * PostgreSQL and on the test MariaDB. Together they get exactly `max`, with the counts 1..max: no two takers,
 * in one process or across both, ever get the same slot.
 */
import { execFile } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import mysql2 from "mysql2/promise";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StoreAnswer } from "../../../src/runtime/rate-limit/store.js";
import { createMariaDBDatabase } from "../../support/mariadb.mjs";
import { createPostgresDatabase } from "../../support/postgres.mjs";
import { copyRuntime, type RuntimeCopy } from "../../support/runtime-copy.mjs";
import { rateLimitsTable } from "./database-support.js";

// The child: opens its database, warms its pool, waits for the common start, takes, prints the answers.
const TAKER = `
import { createDatabaseStore } from "./rate-limit/database-store.js";
const { kind, target, key, takers, max, startAt } = JSON.parse(process.argv[2]);
let adapter;
let close;
if (kind === "sqlite") {
  const Database = (await import("better-sqlite3")).default;
  const db = new Database(target);
  adapter = (await import("./adapters/sqlite.js")).default(db);
  close = async () => db.close();
} else if (kind === "postgres") {
  const pg = (await import("pg")).default;
  const pool = new pg.Pool({ ...target, max: 6 });
  adapter = (await import("./adapters/postgres.js")).default(pool);
  close = () => pool.end();
} else {
  const mysql2 = (await import("mysql2/promise")).default;
  const pool = mysql2.createPool({ ...target, connectionLimit: 6 });
  adapter = (await import("./adapters/mysql.js")).default(pool);
  close = () => pool.end();
}
const store = createDatabaseStore(adapter);
await Promise.all(Array.from({ length: 6 }, (_, i) => store.take("warm:" + process.pid + ":" + i, { windowMs: 1000, max: 1 })));
await new Promise((resolve) => setTimeout(resolve, Math.max(0, startAt - Date.now())));
const answers = await Promise.all(Array.from({ length: takers }, () => store.take(key, { windowMs: 60000, max })));
process.stdout.write(JSON.stringify(answers));
await close();
`;

let runtime: RuntimeCopy;
// Transpiling the runtime took over 10 s with the whole unit project running on the machine's two cores.
beforeAll(() => {
  runtime = copyRuntime();
  writeFileSync(path.join(runtime.dir, "taker.mjs"), TAKER);
}, 120_000);
afterAll(() => runtime?.close());

function taker(job: object): Promise<StoreAnswer[]> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [path.join(runtime.dir, "taker.mjs"), JSON.stringify(job)],
      { timeout: 60_000 },
      (error, stdout, stderr) =>
        error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(JSON.parse(stdout)),
    );
  });
}

/** Two processes, 60 takers each, one key, `max` 15, starting together a second from now. */
async function expectOneLimitAcrossProcesses(kind: string, target: unknown): Promise<void> {
  const job = {
    kind,
    target,
    key: `processes:${crypto.randomUUID()}`,
    takers: 60,
    max: 15,
    startAt: Date.now() + 1_500,
  };
  const answers = (await Promise.all([taker(job), taker(job)])).flat();
  expect(answers).toHaveLength(120);
  const allowed = answers.filter((answer) => answer.allowed);
  expect(allowed.map((answer) => answer.count).sort((a, b) => a - b)).toEqual(
    Array.from({ length: 15 }, (_, i) => i + 1),
  );
}

describe("the database store across two processes", () => {
  it("counts one limit on one SQLite file (WAL)", async () => {
    const file = path.join(runtime.dir, "shared.db");
    const db = new Database(file);
    db.exec("PRAGMA journal_mode = WAL");
    db.exec(rateLimitsTable("sqlite").join("\n"));
    db.close();
    await expectOneLimitAcrossProcesses("sqlite", file);
  });

  it("counts one limit on PostgreSQL", async () => {
    const database = await createPostgresDatabase();
    try {
      const pool = new pg.Pool(database.connection);
      for (const statement of rateLimitsTable("postgres")) await pool.query(statement);
      await pool.end();
      await expectOneLimitAcrossProcesses("postgres", database.connection);
    } finally {
      await database.drop();
    }
  });

  it("counts one limit on MariaDB", async () => {
    const database = await createMariaDBDatabase();
    try {
      const connection = await mysql2.createConnection(database.connection);
      for (const statement of rateLimitsTable("mysql")) await connection.query(statement);
      await connection.end();
      await expectOneLimitAcrossProcesses("mysql", database.connection);
    } finally {
      await database.drop();
    }
  });
});
