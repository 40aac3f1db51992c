/**
 * What the database store's tests share: the `rate_limits` table's statements for a dialect (the table model's,
 * as docs/adapters.md gives them), the check that many takers at once through several adapters (each on its own
 * connection or pool) get exactly `max`, and the latency measurement docs/rate-limits.md reports.
 */
import { expect } from "vitest";
import { rateLimits } from "../../../src/cli/database/model.js";
import { type SqlDialect, tableStatements } from "../../../src/cli/database/sql/render.js";
import { createDatabaseStore } from "../../../src/runtime/rate-limit/database-store.js";
import type { StoreLimit } from "../../../src/runtime/rate-limit/store.js";
import type { Adapter } from "../../../src/runtime/types.js";

/** The statements that create `rate_limits` (and its index) in `dialect`, one per entry. */
export function rateLimitsTable(dialect: SqlDialect): string[] {
  return tableStatements(rateLimits, dialect);
}

/**
 * `takers` concurrent takes of one fresh key, spread over `adapters` in turn: exactly `max` are allowed,
 * with the counts 1..max, and the key's log then refuses one more through every adapter. Answers how long
 * the slowest take waited (ms), which the limiter's timeout (500 ms) would count as the store down.
 */
export async function expectOneLimitAcross(adapters: Adapter[], takers: number, max: number): Promise<number> {
  const stores = adapters.map((adapter) => createDatabaseStore(adapter));
  const key = `race:${crypto.randomUUID()}`;
  const limit: StoreLimit = { windowMs: 60_000, max };
  const start = performance.now();
  let slowest = 0;
  const answers = await Promise.all(
    Array.from({ length: takers }, async (_, i) => {
      const answer = await (stores[i % stores.length] as (typeof stores)[number]).take(key, limit);
      slowest = Math.max(slowest, performance.now() - start);
      return answer;
    }),
  );
  const allowed = answers.filter((answer) => answer.allowed);
  expect(allowed.map((answer) => answer.count).sort((a, b) => a - b)).toEqual(
    Array.from({ length: max }, (_, i) => i + 1),
  );
  for (const refused of answers.filter((answer) => !answer.allowed)) {
    expect(refused.retryAfterMs).toBeGreaterThan(0);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(60_000);
  }
  for (const store of stores) expect((await store.take(key, limit)).allowed).toBe(false);
  return slowest;
}

type Spread = { median: number; p99: number };

function spread(times: number[]): Spread {
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] as number;
  return { median: at(0.5), p99: at(0.99) };
}

/**
 * Median and p99 (ms) of `count` sequential takes that are allowed, on fresh keys, half under a rule with
 * backoff (a read and a write each), and of `count` refused ones on one spent key (a read only).
 */
export async function takeLatency(adapter: Adapter, count: number): Promise<{ allowed: Spread; refused: Spread }> {
  const store = createDatabaseStore(adapter);
  const plain: StoreLimit = { windowMs: 300_000, max: 30 };
  const withBackoff: StoreLimit = { windowMs: 900_000, max: 100, backoff: { free: 5, baseMs: 1_000, capMs: 30_000 } };
  const run = crypto.randomUUID();
  const time = async (take: () => Promise<unknown>) => {
    const start = performance.now();
    await take();
    return performance.now() - start;
  };
  const allowed: number[] = [];
  for (let i = 0; i < count; i++) {
    allowed.push(await time(() => store.take(`latency:${run}:${i}`, i % 2 === 0 ? plain : withBackoff)));
  }
  const once: StoreLimit = { windowMs: 300_000, max: 1 };
  await store.take(`latency:${run}:spent`, once);
  const refused: number[] = [];
  for (let i = 0; i < count; i++) refused.push(await time(() => store.take(`latency:${run}:spent`, once)));
  return { allowed: spread(allowed), refused: spread(refused) };
}

/** One line of a measurement, as the tests print it. */
export function latencyLine(where: string, { allowed, refused }: { allowed: Spread; refused: Spread }): string {
  const ms = (value: number) => value.toFixed(3);
  return `${where}: allowed median ${ms(allowed.median)} ms, p99 ${ms(allowed.p99)} ms; refused median ${ms(refused.median)} ms, p99 ${ms(refused.p99)} ms`;
}
