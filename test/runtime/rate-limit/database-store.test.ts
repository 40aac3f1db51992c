/**
 * The database counter store (rate-limit/database-store.ts) without a database server: the store contract on
 * the memory adapter, the sqlite adapter (better-sqlite3), the drizzle adapter on SQLite and the prisma adapter
 * on SQLite (a real Prisma 7 client generated with the RateLimit model); two SQLite connections on one file
 * counting one limit; expired rows pruned; the key bound; a missing table; and `rateLimit.store: "database"`
 * chosen, or refused with a message naming the missing methods. The servers' runs are database-postgres and
 * database-mariadb.test.ts.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import Database from "better-sqlite3";
import { drizzle as drizzleDatabase } from "drizzle-orm/better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { rateLimits } from "../../../src/cli/database/model.js";
import { prismaModelSource } from "../../../src/cli/database/prisma/render.js";
import drizzle from "../../../src/runtime/adapters/drizzle.js";
import memory from "../../../src/runtime/adapters/memory.js";
import prisma, { type PrismaClientLike } from "../../../src/runtime/adapters/prisma.js";
import { MAX_RATE_LIMIT_KEY } from "../../../src/runtime/adapters/rate-limit-log.js";
import sqlite from "../../../src/runtime/adapters/sqlite.js";
import { resolveRateLimits } from "../../../src/runtime/core/limits/settings.js";
import { createDatabaseStore } from "../../../src/runtime/rate-limit/database-store.js";
import { RateLimitConfigError } from "../../../src/runtime/rate-limit/errors.js";
import { DEFAULT_RULES } from "../../../src/runtime/rate-limit/rules.js";
import type { AuthConfig, LoggerInstance } from "../../../src/runtime/types.js";
import { generatePrismaClient } from "../../support/prisma-client.mjs";
import { expectOneLimitAcross, latencyLine, rateLimitsTable, takeLatency } from "./database-support.js";
import { storeConformance } from "./store-conformance.js";

function sqliteWithTable(file = ":memory:"): Database.Database {
  const db = new Database(file);
  db.exec(rateLimitsTable("sqlite").join("\n"));
  return db;
}

interface GeneratedClient extends PrismaClientLike {
  $disconnect(): Promise<void>;
}
type PrismaClientClass = new (options: { adapter: PrismaBetterSqlite3 }) => GeneratedClient;

// A Prisma schema of the RateLimit model alone, as docs/adapters.md gives it: the adapter needs no other model
// to build, and its rate-limit methods use only this one.
const generated = await generatePrismaClient(
  `generator client {\n  provider = "prisma-client"\n  output   = "../generated/prisma"\n}\n\n` +
    `datasource db {\n  provider = "sqlite"\n}\n\n${prismaModelSource(rateLimits, "sqlite")}\n`,
);
const { PrismaClient } = generated.client as { PrismaClient: PrismaClientClass };
const prismaFile = path.join(generated.folder, "rate-limits.db");
// WAL, as init's client modules open SQLite (the mode stays with the file).
const prismaSetup = sqliteWithTable(prismaFile);
prismaSetup.exec("PRAGMA journal_mode = WAL");
prismaSetup.close();
const prismaClient = new PrismaClient({ adapter: new PrismaBetterSqlite3({ url: prismaFile }) });
const opened: Database.Database[] = [];
afterAll(async () => {
  await prismaClient.$disconnect();
  for (const db of opened) db.close();
  await generated.remove();
});
function open(file?: string): Database.Database {
  const db = sqliteWithTable(file);
  opened.push(db);
  return db;
}

storeConformance("the database store on the memory adapter", () => createDatabaseStore(memory()));
storeConformance("the database store on the sqlite adapter", () => createDatabaseStore(sqlite(open())));
storeConformance("the database store on the drizzle adapter (SQLite)", () =>
  createDatabaseStore(drizzle(drizzleDatabase(open()))),
);
storeConformance("the database store on the prisma adapter (SQLite)", () => createDatabaseStore(prisma(prismaClient)));

describe("the database store on SQLite", () => {
  it("counts one limit for 120 takers at once on two connections to one file, sqlite and drizzle", async () => {
    const file = path.join(generated.folder, "shared.db");
    const [first, second] = [open(file), open(file)] as [Database.Database, Database.Database];
    await expectOneLimitAcross([sqlite(first), drizzle(drizzleDatabase(second))], 120, 10);
  });

  it("deletes the rows whose every attempt has expired, and keeps the others", async () => {
    const db = open();
    const adapter = sqlite(db);
    const insert = db.prepare("INSERT INTO rate_limits (id, attempts, expires_at) VALUES (?, ?, ?)");
    insert.run("old", "1000 2000", 2000 + 60_000);
    insert.run("live", `${Date.now()}`, Date.now() + 60_000);
    await adapter.takeRateLimit?.("fresh", { windowMs: 1_000, max: 1 });
    const ids = db.prepare("SELECT id FROM rate_limits ORDER BY id").all() as { id: string }[];
    expect(ids.map((row) => row.id)).toEqual(["fresh", "live"]);
  });

  it("refuses a key longer than the column, in every adapter, before the database sees it", async () => {
    const long = "k".repeat(MAX_RATE_LIMIT_KEY + 1);
    for (const adapter of [memory(), sqlite(open()), drizzle(drizzleDatabase(open())), prisma(prismaClient)]) {
      await expect(adapter.takeRateLimit?.(long, { windowMs: 1_000, max: 1 })).rejects.toThrow(/1-400 characters/);
      await expect(adapter.resetRateLimit?.(long)).rejects.toThrow(/1-400 characters/);
    }
    await expect(
      sqlite(open()).takeRateLimit?.("k".repeat(MAX_RATE_LIMIT_KEY), { windowMs: 1_000, max: 1 }),
    ).resolves.toMatchObject({ allowed: true });
  });

  it("measures a take's latency on a database file (printed for docs/rate-limits.md)", async () => {
    // A file in WAL mode, as the client module init writes opens it; each allowed take is one commit.
    const file = path.join(generated.folder, "latency.db");
    const [first, second] = [open(file), open(file)] as [Database.Database, Database.Database];
    first.exec("PRAGMA journal_mode = WAL");
    for (const [name, adapter] of [
      ["memory adapter", memory()],
      ["sqlite adapter", sqlite(first)],
      ["drizzle adapter", drizzle(drizzleDatabase(second))],
      ["prisma adapter", prisma(prismaClient)],
    ] as const) {
      const measured = await takeLatency(adapter, 500);
      console.info(latencyLine(`SQLite, ${name}`, measured));
      expect(measured.allowed.median).toBeGreaterThan(0);
    }
  }, 120_000);

  it("never owes more than a window for attempts stamped ahead of its clock (another instance's)", async () => {
    const db = open();
    const ahead = Date.now() + 3_600_000;
    db.prepare("INSERT INTO rate_limits (id, attempts, expires_at) VALUES (?, ?, ?)").run("skewed", `${ahead}`, ahead);
    const refused = await sqlite(db).takeRateLimit?.("skewed", { windowMs: 2_000, max: 1 });
    expect(refused).toMatchObject({ allowed: false, count: 1 });
    expect(refused?.retryAfterMs).toBeLessThanOrEqual(2_000);
  });

  it("takes inside the app's own open transaction, as a savepoint of it", async () => {
    const db = open();
    const adapter = sqlite(db);
    db.exec("BEGIN");
    expect(await adapter.takeRateLimit?.("nested", { windowMs: 60_000, max: 1 })).toMatchObject({ allowed: true });
    expect(db.inTransaction).toBe(true);
    db.exec("ROLLBACK");
    // Rolled back with the app's transaction, as any write in it.
    expect(db.prepare("SELECT id FROM rate_limits").all()).toEqual([]);
  });

  it("says which table to create when the database has none", async () => {
    const take = sqlite(new Database(":memory:")).takeRateLimit?.("k", { windowMs: 1_000, max: 1 });
    await expect(take).rejects.toThrow(/no rate_limits table.*docs\/adapters\.md#rate-limits/);
  });
});

describe("docs/adapters.md#rate-limits", () => {
  const docs = readFileSync(path.join(import.meta.dirname, "..", "..", "..", "docs", "adapters.md"), "utf8");

  it("gives the rate_limits table's statements for each dialect, as the table model renders them", () => {
    for (const dialect of ["sqlite", "postgres", "mysql"] as const) {
      expect(docs).toContain(`\`\`\`sql\n${rateLimitsTable(dialect).join("\n")}\n\`\`\``);
    }
  });

  it("gives the Prisma model as the table model renders it, and each column's row", () => {
    expect(docs).toContain(`\`\`\`prisma\n${prismaModelSource(rateLimits, "sqlite")}\n\`\`\``);
    for (const column of rateLimits.columns) {
      expect(docs).toContain(`| \`${column.name}\` | \`${column.field}\` | ${column.type} | no |`);
    }
  });
});

describe('rateLimit.store: "database"', () => {
  const logger = { error() {}, warn() {}, debug() {} } as unknown as LoggerInstance;

  it("counts through the config's adapter", async () => {
    const adapter = memory();
    const config = { providers: [], adapter, rateLimit: { store: "database" } } as unknown as AuthConfig;
    const limits = resolveRateLimits(config, logger);
    if (limits.on !== true) throw new Error(`rate limits are ${String(limits.on)}`);
    const rule = { ...DEFAULT_RULES.mailPerAccount, max: 1 };
    expect(await limits.limiter.consume("acct:a", rule)).toMatchObject({ allowed: true });
    expect(await limits.limiter.consume("acct:a", rule)).toMatchObject({ allowed: false, reason: "limited" });
    // The adapter holds the count: a second adapter on the same memory would see it, the config's own does.
    expect(await adapter.takeRateLimit?.(`${rule.name}:acct:a`, { windowMs: 3_600_000, max: 1 })).toMatchObject({
      allowed: false,
    });
  });

  it("is refused, naming the missing methods, for an adapter without them or no adapter", () => {
    const { takeRateLimit, resetRateLimit, ...without } = memory();
    for (const adapter of [without, undefined]) {
      const config = { providers: [], adapter, rateLimit: { store: "database" } } as unknown as AuthConfig;
      const limits = resolveRateLimits(config, logger);
      expect(limits.on).toBe("invalid");
      if (limits.on !== "invalid") continue;
      expect(limits.error).toBeInstanceOf(RateLimitConfigError);
      expect(limits.error.message).toMatch(/takeRateLimit and resetRateLimit/);
    }
    expect(() => createDatabaseStore(without)).toThrow(/does not implement takeRateLimit and resetRateLimit/);
    expect(typeof takeRateLimit).toBe("function");
    expect(typeof resetRateLimit).toBe("function");
  });

  it("leaves the prisma adapter without the methods when the client has no RateLimit model", () => {
    const { rateLimit, ...client } = prismaClient as unknown as Record<string, unknown>;
    expect(rateLimit).toBeDefined();
    const adapter = prisma({ ...client, user: {}, account: {}, session: {}, verificationToken: {} } as never);
    expect(adapter.takeRateLimit).toBeUndefined();
    expect(adapter.resetRateLimit).toBeUndefined();
  });
});
