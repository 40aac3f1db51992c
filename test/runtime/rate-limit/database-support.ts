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
 * with the counts 1..max, and the key's log then refuses one more through every adapter.
 */
export async function expectOneLimitAcross(adapters: Adapter[], takers: number, max: number): Promise<void> {
  const stores = adapters.map((adapter) => createDatabaseStore(adapter));
  const key = `race:${crypto.randomUUID()}`;
  const limit: StoreLimit = { windowMs: 60_000, max };
  const answers = await Promise.all(
    Array.from({ length: takers }, (_, i) => (stores[i % stores.length] as (typeof stores)[number]).take(key, limit)),
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
}

/** Median and p99 of `count` sequential takes on fresh keys, half under a rule with backoff (ms). */
export async function takeLatency(adapter: Adapter, count: number): Promise<{ median: number; p99: number }> {
  const store = createDatabaseStore(adapter);
  const plain: StoreLimit = { windowMs: 300_000, max: 30 };
  const withBackoff: StoreLimit = { windowMs: 900_000, max: 100, backoff: { free: 5, baseMs: 1_000, capMs: 30_000 } };
  const times: number[] = [];
  const run = crypto.randomUUID();
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await store.take(`latency:${run}:${i}`, i % 2 === 0 ? plain : withBackoff);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] as number;
  return { median: at(0.5), p99: at(0.99) };
}
