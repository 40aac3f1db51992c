/**
 * The sqlite adapter's rate-limit methods (`takeRateLimit`, `resetRateLimit`), on the `rate_limits` table as
 * rate-limit-log.ts describes it, but decided under SQLite's one writer instead of by compare-and-set: both
 * drivers are synchronous, so a take is one `BEGIN IMMEDIATE` transaction that reads the row, decides and
 * writes with nothing else running in between. IMMEDIATE takes the write lock at the start (another process on
 * the file waits in its busy handler: better-sqlite3's is 5 s by default, node:sqlite's must be set), so the
 * read cannot be stale when the write lands. The clock is this machine's, which every process on the file
 * shares. The drizzle adapter on SQLite, whose driver may be asynchronous (libsql), uses the compare-and-set.
 */
import {
  checkRateLimitKey,
  onRateLimitTable,
  PRUNE_INTERVAL_MS,
  planTake,
  type RateLimitMethods,
} from "./rate-limit-log.js";

type Value = string | number | null;

/** What the methods use of the adapter's connection: its statements (prepared once) and `exec`. */
export interface SqliteRateLimitContext {
  exec(sql: string): unknown;
  /** The first row of a statement, or null. */
  one(sql: string, ...values: Value[]): Record<string, unknown> | null;
  run(sql: string, ...values: Value[]): void;
  /** Whether the connection is already inside a transaction (better-sqlite3's `inTransaction`, node:sqlite's `isTransaction`). */
  inTransaction(): boolean;
  /** The factory as error messages name it. */
  adapter: string;
}

export function sqliteRateLimitMethods(context: SqliteRateLimitContext): RateLimitMethods {
  const { exec, one, run, adapter } = context;
  let prunedAt = Number.NEGATIVE_INFINITY;

  /** `work` as one write transaction; a savepoint inside the app's own transaction, which already holds the file. */
  function writing<T>(work: () => T): T {
    const nested = context.inTransaction();
    exec(nested ? "SAVEPOINT rate_limit" : "BEGIN IMMEDIATE");
    try {
      const result = work();
      exec(nested ? "RELEASE rate_limit" : "COMMIT");
      return result;
    } catch (error) {
      exec(nested ? "ROLLBACK TO rate_limit" : "ROLLBACK");
      if (nested) exec("RELEASE rate_limit");
      throw error;
    }
  }

  return {
    async takeRateLimit(key, limit) {
      checkRateLimitKey(key, adapter);
      return onRateLimitTable(adapter, () =>
        writing(() => {
          const now = Date.now();
          if (now - prunedAt >= PRUNE_INTERVAL_MS) {
            run("DELETE FROM rate_limits WHERE expires_at <= ?", now);
            prunedAt = now;
          }
          const row = one("SELECT attempts FROM rate_limits WHERE id = ?", key);
          const { answer, write } = planTake(row ? String(row.attempts) : null, now, limit);
          if (write) {
            run(
              "INSERT INTO rate_limits (id, attempts, expires_at) VALUES (?, ?, ?) " +
                "ON CONFLICT (id) DO UPDATE SET attempts = excluded.attempts, expires_at = excluded.expires_at",
              key,
              write.attempts,
              write.expiresAt,
            );
          }
          return answer;
        }),
      );
    },
    async resetRateLimit(key) {
      checkRateLimitKey(key, adapter);
      await onRateLimitTable(adapter, () => run("DELETE FROM rate_limits WHERE id = ?", key));
    },
  };
}
