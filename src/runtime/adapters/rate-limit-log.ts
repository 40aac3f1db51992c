/**
 * The database counter store of the rate limiter (rate-limit/database-store.ts), as the postgres, mysql,
 * drizzle and prisma adapters implement it: `takeRateLimit` and `resetRateLimit` over one row per key in the
 * `rate_limits` table. This module holds the part they share; each supplies the five row operations
 * (RateLimitRows) in its own dialect (sql-rate-limits.ts, drizzle-rate-limits.ts, prisma-rate-limits.ts). The
 * sqlite adapter shares the row and the decision (planTake) but writes under SQLite's one writer
 * (sqlite-rate-limits.ts); the memory adapter is the memory store.
 *
 * A row is the key's sliding-window log (`attempts`: the times of the attempts it allowed, in ms since the
 * epoch, ascending, space-separated) and `expires_at`, when its newest attempt leaves its window. A take
 * reads the row and the database's clock in one statement, decides exactly as the memory store does
 * (rate-limit/sliding-log.ts), and, when it allows, writes the new log only if the row still holds the log it
 * read: an UPDATE … WHERE attempts = <what was read>, or an INSERT that finds the key taken. A take that lost
 * that race to another instance reads again. So a decision is recorded only on the state it was made on, and
 * of two instances taking the last slot one wins (optimistic concurrency: no lock is held between two
 * statements, which a pool's shared connections could not do safely). A refusal writes nothing, so it is
 * never recorded and never contended. One adapter runs its takes of one key in turn, so only another
 * instance's take can make one read again; retries are bounded besides, since each lost race means another
 * take was recorded.
 *
 * Expired rows are pruned by one DELETE at most once a minute per adapter, so the table holds only keys with
 * an attempt in the last window (and that minute). Keys are at most MAX_RATE_LIMIT_KEY characters (the
 * column's length): the limiter's are a rule name and a hashed address or account, well under it.
 */
import { AdapterError } from "../errors.js";
import { decide } from "../rate-limit/sliding-log.js";
import type { StoreAnswer, StoreLimit } from "../rate-limit/store.js";
import type { Adapter } from "../types.js";
import { onFeatureTable } from "./missing-table.js";

/** The longest key (`rate_limits.id`): the limiter's are at most 64 (rule) + 1 + 256 characters. */
export const MAX_RATE_LIMIT_KEY = 400;
/** How often (ms, on the database's clock) one adapter deletes the rows whose every attempt has expired. */
export const PRUNE_INTERVAL_MS = 60_000;
/** Lost races in a row before a take gives up; each one means another take was recorded meanwhile. */
const MAX_ROUNDS = 50;

/** What each adapter does on its `rate_limits` table, in its own dialect. */
export interface RateLimitRows {
  /** The key's log as stored (null: no row) and the database's clock in ms, read in one statement. */
  read(key: string): Promise<{ attempts: string | null; now: number }>;
  /** Inserts the key's row; false when the key has one (another take inserted it first). */
  insert(key: string, attempts: string, expiresAt: number): Promise<boolean>;
  /** Replaces the log when the row still holds `expected`; false when it does not (or is gone). */
  replace(key: string, expected: string, attempts: string, expiresAt: number): Promise<boolean>;
  remove(key: string): Promise<void>;
  /** Deletes every row whose `expires_at` is at or before `now`. */
  prune(now: number): Promise<void>;
}

export type RateLimitMethods = Required<Pick<Adapter, "takeRateLimit" | "resetRateLimit">>;

/** Refuses a key the column cannot hold: a caller's bug, which must not reach the database as a truncation. */
export function checkRateLimitKey(key: string, adapter: string): void {
  if (typeof key !== "string" || key === "" || key.length > MAX_RATE_LIMIT_KEY) {
    throw new AdapterError(`${adapter}: a rate-limit key must be 1-${MAX_RATE_LIMIT_KEY} characters.`);
  }
}

/** The stored log as ascending numbers; sorted, so an app's clock that stepped back cannot unorder it. */
function parseLog(attempts: string | null): number[] {
  if (attempts === null || attempts === "") return [];
  return attempts
    .split(" ")
    .map(Number)
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
}

/** Runs `work`, turning the database's "no such table" into an error that says where the statement is. */
export function onRateLimitTable<T>(adapter: string, work: () => T | Promise<T>): Promise<T> {
  return onFeatureTable(
    adapter,
    { table: "rate_limits", purpose: "where rateLimit's database store counts", anchor: "rate-limits" },
    work,
  );
}

/** A take's decision on the stored log at `now`: the answer, and the row to write when it allows. */
export function planTake(
  attempts: string | null,
  now: number,
  limit: StoreLimit,
): { answer: StoreAnswer; write: { attempts: string; expiresAt: number } | null } {
  const times = parseLog(attempts);
  const answer = decide(times, now, limit);
  if (!answer.allowed) {
    // An attempt stamped ahead of `now` (Prisma's instances read their own clocks) must not owe more than a window.
    const retryAfterMs = Math.min(Math.max(1, answer.retryAfterMs), Math.ceil(limit.windowMs));
    return { answer: { ...answer, retryAfterMs }, write: null };
  }
  return { answer, write: { attempts: times.join(" "), expiresAt: now + Math.ceil(limit.windowMs) } };
}

/** `takeRateLimit` and `resetRateLimit` over an adapter's rows; `adapter` names it in errors (`postgres(pool)`). */
export function rateLimitMethods(rows: RateLimitRows, adapter: string): RateLimitMethods {
  let prunedAt = Number.NEGATIVE_INFINITY;
  // This adapter's takes of one key run one after another. Concurrent, each would read the row, queue its
  // write behind the others' on the pool, and find the row changed: 200 takers at once made 2 600 reads and
  // 2 200 failed writes. In turn, only other instances' takes can make one read again.
  const queues = new Map<string, Promise<unknown>>();
  function inTurn<T>(key: string, work: () => Promise<T>): Promise<T> {
    const turn = (queues.get(key) ?? Promise.resolve()).then(work);
    const done = turn.catch(() => {});
    queues.set(key, done);
    void done.then(() => {
      if (queues.get(key) === done) queues.delete(key);
    });
    return turn;
  }

  async function take(key: string, limit: StoreLimit): Promise<StoreAnswer> {
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const { attempts, now } = await rows.read(key);
      if (now - prunedAt >= PRUNE_INTERVAL_MS) {
        prunedAt = now;
        await rows.prune(now);
      }
      const { answer, write } = planTake(attempts, now, limit);
      if (write === null) return answer;
      const written =
        attempts === null
          ? await rows.insert(key, write.attempts, write.expiresAt)
          : await rows.replace(key, attempts, write.attempts, write.expiresAt);
      if (written) return answer;
    }
    throw new AdapterError(`${adapter}: the rate-limit row of "${key}" changed under ${MAX_ROUNDS} takes in a row.`);
  }

  return {
    async takeRateLimit(key, limit) {
      checkRateLimitKey(key, adapter);
      return inTurn(key, () => onRateLimitTable(adapter, () => take(key, limit)));
    },
    async resetRateLimit(key) {
      checkRateLimitKey(key, adapter);
      await inTurn(key, () => onRateLimitTable(adapter, () => rows.remove(key)));
    },
  };
}
