/**
 * The database counter store on a real PostgreSQL (a fresh database for this file, `rate_limits` from the
 * table model): the store contract through the postgres adapter, the drizzle adapter (node-postgres) and the
 * prisma adapter (a real Prisma 7 client with the RateLimit model, through @prisma/adapter-pg); 200 takers at
 * once on two pools, through both SQL adapters, getting exactly `max`; attempts recorded on the database's
 * clock; a database that does not answer making take throw and the limiter fail in the rule's direction; and
 * the latency docs/rate-limits.md reports (printed).
 */
import { PrismaPg } from "@prisma/adapter-pg";
import { drizzle as drizzleDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimits } from "../../../src/cli/database/model.js";
import { prismaModelSource } from "../../../src/cli/database/prisma/render.js";
import drizzle from "../../../src/runtime/adapters/drizzle.js";
import postgres from "../../../src/runtime/adapters/postgres.js";
import prisma, { type PrismaClientLike } from "../../../src/runtime/adapters/prisma.js";
import { createDatabaseStore } from "../../../src/runtime/rate-limit/database-store.js";
import { createRateLimiter } from "../../../src/runtime/rate-limit/limiter.js";
import { freePort } from "../../support/ports.mjs";
import { createPostgresDatabase } from "../../support/postgres.mjs";
import { generatePrismaClient } from "../../support/prisma-client.mjs";
import { expectOneLimitAcross, latencyLine, rateLimitsTable, takeLatency } from "./database-support.js";
import { storeConformance } from "./store-conformance.js";

interface GeneratedClient extends PrismaClientLike {
  $disconnect(): Promise<void>;
}
type PrismaClientClass = new (options: { adapter: PrismaPg }) => GeneratedClient;

const generated = await generatePrismaClient(
  `generator client {\n  provider = "prisma-client"\n  output   = "../generated/prisma"\n}\n\n` +
    `datasource db {\n  provider = "postgresql"\n}\n\n${prismaModelSource(rateLimits, "postgresql")}\n`,
);
const { PrismaClient } = generated.client as { PrismaClient: PrismaClientClass };
const database = await createPostgresDatabase();
// Two pools, as two app instances have: each take runs on whichever connection its pool hands out.
const pool = new pg.Pool({ ...database.connection, max: 6 });
const otherPool = new pg.Pool({ ...database.connection, max: 6 });
const prismaClient = new PrismaClient({ adapter: new PrismaPg({ ...database.connection, max: 4 }) });

beforeAll(async () => {
  for (const statement of rateLimitsTable("postgres")) await pool.query(statement);
});
afterAll(async () => {
  await prismaClient.$disconnect();
  await pool.end();
  await otherPool.end();
  await database.drop();
  await generated.remove();
});

storeConformance("the database store on the postgres adapter", () => createDatabaseStore(postgres(pool)));
storeConformance("the database store on the drizzle adapter (PostgreSQL)", () =>
  createDatabaseStore(drizzle(drizzleDatabase(pool))),
);
storeConformance("the database store on the prisma adapter (PostgreSQL)", () =>
  createDatabaseStore(prisma(prismaClient)),
);

describe("the database store on PostgreSQL", () => {
  it("counts one limit for 200 takers at once on two pools, through the postgres and drizzle adapters", async () => {
    const slowest = await expectOneLimitAcross([postgres(pool), drizzle(drizzleDatabase(otherPool))], 200, 25);
    console.info(`PostgreSQL, 200 takers at once: the slowest answered after ${slowest.toFixed(0)} ms`);
  });

  it("counts one limit for 100 takers at once on two pools through prisma and postgres", async () => {
    const slowest = await expectOneLimitAcross([prisma(prismaClient), postgres(otherPool)], 100, 10);
    console.info(`PostgreSQL, 100 takers at once: the slowest answered after ${slowest.toFixed(0)} ms`);
  });

  it("records each attempt at the database's clock", async () => {
    const key = `clock:${crypto.randomUUID()}`;
    const before = Number(
      (await pool.query("SELECT floor(extract(epoch from clock_timestamp()) * 1000) AS t")).rows[0]?.t,
    );
    await postgres(pool).takeRateLimit?.(key, { windowMs: 10_000, max: 2 });
    const after = Number(
      (await pool.query("SELECT floor(extract(epoch from clock_timestamp()) * 1000) AS t")).rows[0]?.t,
    );
    const { rows } = await pool.query("SELECT attempts, expires_at FROM rate_limits WHERE id = $1", [key]);
    const at = Number(rows[0]?.attempts);
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(after);
    expect(Number(rows[0]?.expires_at)).toBe(at + 10_000);
  });

  it("throws when the database does not answer, and the limiter fails each rule in its direction", async () => {
    const dead = new pg.Pool({ ...database.connection, port: await freePort(), connectionTimeoutMillis: 1_000 });
    try {
      await expect(postgres(dead).takeRateLimit?.("k", { windowMs: 1_000, max: 1 })).rejects.toThrow();
      const limiter = createRateLimiter({ store: createDatabaseStore(postgres(dead)), onStoreError() {} });
      const rule = { name: "down-closed", window: 60, max: 5, whenStoreDown: "closed" as const };
      expect(await limiter.consume("ip:x", rule)).toEqual({
        allowed: false,
        reason: "store-unavailable",
        retryAfterSeconds: 5,
      });
    } finally {
      await dead.end();
    }
  });

  it("measures a take's latency (printed for docs/rate-limits.md)", async () => {
    for (const [name, adapter] of [
      ["postgres adapter", postgres(pool)],
      ["drizzle adapter", drizzle(drizzleDatabase(pool))],
      ["prisma adapter", prisma(prismaClient)],
    ] as const) {
      const measured = await takeLatency(adapter, 500);
      console.info(latencyLine(`PostgreSQL, ${name}`, measured));
      expect(measured.allowed.median).toBeGreaterThan(0);
    }
  }, 120_000);
});
