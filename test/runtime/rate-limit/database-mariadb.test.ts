/**
 * The database counter store on a real MariaDB (a fresh utf8mb4 database for this file, `rate_limits` from the
 * table model): the store contract through the mysql adapter, the drizzle adapter (mysql2) and the prisma
 * adapter (a real Prisma 7 client with the RateLimit model, through @prisma/adapter-mariadb); 200 takers at
 * once on two pools getting exactly `max`; attempts recorded on the database's clock whatever the session's
 * time zone; a database that does not answer making take throw and the limiter fail in the rule's direction;
 * and the latency docs/rate-limits.md reports (printed).
 */
import { PrismaMariaDb } from "@prisma/adapter-mariadb";
import { drizzle as drizzleDatabase } from "drizzle-orm/mysql2";
import mysql2 from "mysql2/promise";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimits } from "../../../src/cli/database/model.js";
import { prismaModelSource } from "../../../src/cli/database/prisma/render.js";
import drizzle from "../../../src/runtime/adapters/drizzle.js";
import mysql from "../../../src/runtime/adapters/mysql.js";
import prisma, { type PrismaClientLike } from "../../../src/runtime/adapters/prisma.js";
import { createDatabaseStore } from "../../../src/runtime/rate-limit/database-store.js";
import { createRateLimiter } from "../../../src/runtime/rate-limit/limiter.js";
import { createMariaDBDatabase } from "../../support/mariadb.mjs";
import { freePort } from "../../support/ports.mjs";
import { generatePrismaClient } from "../../support/prisma-client.mjs";
import { expectOneLimitAcross, latencyLine, rateLimitsTable, takeLatency } from "./database-support.js";
import { storeConformance } from "./store-conformance.js";

interface GeneratedClient extends PrismaClientLike {
  $disconnect(): Promise<void>;
}
type PrismaClientClass = new (options: { adapter: PrismaMariaDb }) => GeneratedClient;

const generated = await generatePrismaClient(
  `generator client {\n  provider = "prisma-client"\n  output   = "../generated/prisma"\n}\n\n` +
    `datasource db {\n  provider = "mysql"\n}\n\n${prismaModelSource(rateLimits, "mysql")}\n`,
);
const { PrismaClient } = generated.client as { PrismaClient: PrismaClientClass };
const database = await createMariaDBDatabase();
// Two pools, as two app instances have; the second in another session time zone, which must not matter.
const pool = mysql2.createPool({ ...database.connection, connectionLimit: 6 });
const otherPool = mysql2.createPool({ ...database.connection, connectionLimit: 6, timezone: "+05:00" });
const prismaClient = new PrismaClient({ adapter: new PrismaMariaDb({ ...database.connection, connectionLimit: 4 }) });

beforeAll(async () => {
  for (const statement of rateLimitsTable("mysql")) await pool.query(statement);
  // A session time zone far from UTC on the second pool's connections.
  otherPool.on("connection", (connection) => void connection.query("SET time_zone = '+09:00'"));
});
afterAll(async () => {
  await prismaClient.$disconnect();
  await pool.end();
  await otherPool.end();
  await database.drop();
  await generated.remove();
});

storeConformance("the database store on the mysql adapter (MariaDB)", () => createDatabaseStore(mysql(pool)));
storeConformance("the database store on the drizzle adapter (MariaDB)", () =>
  createDatabaseStore(drizzle(drizzleDatabase(pool))),
);
storeConformance("the database store on the prisma adapter (MariaDB)", () => createDatabaseStore(prisma(prismaClient)));

describe("the database store on MariaDB", () => {
  it("counts one limit for 200 takers at once on two pools, through the mysql and drizzle adapters", async () => {
    const slowest = await expectOneLimitAcross([mysql(pool), drizzle(drizzleDatabase(otherPool))], 200, 25);
    console.info(`MariaDB, 200 takers at once: the slowest answered after ${slowest.toFixed(0)} ms`);
  });

  it("counts one limit for 100 takers at once on two pools through prisma and mysql", async () => {
    const slowest = await expectOneLimitAcross([prisma(prismaClient), mysql(otherPool)], 100, 10);
    console.info(`MariaDB, 100 takers at once: the slowest answered after ${slowest.toFixed(0)} ms`);
  });

  it("records each attempt at the database's clock in UTC, whatever the session's time zone", async () => {
    const key = `clock:${crypto.randomUUID()}`;
    const before = Date.now();
    await mysql(otherPool).takeRateLimit?.(key, { windowMs: 10_000, max: 2 });
    const after = Date.now();
    const [rows] = await pool.query("SELECT attempts, expires_at FROM rate_limits WHERE id = ?", [key]);
    const [row] = rows as { attempts: string; expires_at: number }[];
    const at = Number(row?.attempts);
    // The server runs on this machine: its clock is this one's, so the attempt falls between the two readings.
    expect(at).toBeGreaterThanOrEqual(before - 5);
    expect(at).toBeLessThanOrEqual(after + 5);
    expect(Number(row?.expires_at)).toBe(at + 10_000);
  });

  it("throws when the database does not answer, and the limiter fails each rule in its direction", async () => {
    const dead = mysql2.createPool({ ...database.connection, port: await freePort(), connectTimeout: 1_000 });
    try {
      await expect(mysql(dead).takeRateLimit?.("k", { windowMs: 1_000, max: 1 })).rejects.toThrow();
      const limiter = createRateLimiter({ store: createDatabaseStore(mysql(dead)), onStoreError() {} });
      const rule = { name: "down-open", window: 60, max: 5, whenStoreDown: "open" as const };
      expect(await limiter.consume("ip:x", rule)).toEqual({ allowed: true, remaining: 0, unchecked: true });
    } finally {
      await dead.end();
    }
  });

  it("measures a take's latency (printed for docs/rate-limits.md)", async () => {
    for (const [name, adapter] of [
      ["mysql adapter", mysql(pool)],
      ["drizzle adapter", drizzle(drizzleDatabase(pool))],
      ["prisma adapter", prisma(prismaClient)],
    ] as const) {
      const measured = await takeLatency(adapter, 500);
      console.info(latencyLine(`MariaDB, ${name}`, measured));
      expect(measured.allowed.median).toBeGreaterThan(0);
    }
  }, 120_000);
});
