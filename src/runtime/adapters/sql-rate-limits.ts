/**
 * The `rate_limits` table's statements (rate-limit-log.ts says what a take does with them), per dialect, for
 * the postgres and mysql adapters and the drizzle adapter on its three dialects, which runs the same text
 * through its database (the sqlite adapter decides under SQLite's one writer instead: sqlite-rate-limits.ts).
 * Placeholders are written `$1, $2, …` in ascending order; dialects that bind `?` rewrite them.
 *
 * The clock: PostgreSQL's `clock_timestamp()` and MySQL/MariaDB's `UTC_TIMESTAMP(6)`, read in the same
 * statement as the row, so instances whose clocks disagree count one window. SQLite is embedded: its clock
 * is this machine's, which every process sharing the file also reads, so it is `Date.now()`.
 */

import { errorChain } from "./missing-table.js";
import type { RateLimitRows } from "./rate-limit-log.js";

export type RateLimitDialect = "postgres" | "mysql" | "sqlite";

type Row = Record<string, unknown>;

/** How the adapter runs one statement on its driver. */
export interface RateLimitRunner {
  /** The rows a SELECT, or a write with RETURNING, answers. */
  rows(text: string, values: unknown[]): Promise<Row[]>;
  /**
   * Runs a write. Its answer, how many rows it matched (mysql2's `affectedRows`), is read only on MySQL,
   * which has no RETURNING; elsewhere the adapter may answer anything.
   */
  write(text: string, values: unknown[]): Promise<number>;
}

/** The database's clock in ms since the epoch, as one SQL expression. */
const NOW: Record<Exclude<RateLimitDialect, "sqlite">, string> = {
  postgres: "floor(extract(epoch from clock_timestamp()) * 1000)::bigint",
  // UTC_TIMESTAMP ignores the session's time zone; TIMESTAMPDIFF from the epoch gives an exact integer.
  mysql: "TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', UTC_TIMESTAMP(6)) DIV 1000",
};

/** `$n` → `?` for the dialects that bind by position (every statement here names its values in order). */
export function positional(text: string): string {
  return text.replace(/\$\d+/g, "?");
}

/** Whether the database refused an INSERT on the key (MySQL ER_DUP_ENTRY), looking through an ORM's wrapping. */
function isDuplicateKey(error: unknown): boolean {
  for (const { code, errno } of errorChain(error)) if (code === "ER_DUP_ENTRY" || errno === 1062) return true;
  return false;
}

export function sqlRateLimitRows(dialect: RateLimitDialect, runner: RateLimitRunner): RateLimitRows {
  const text = dialect === "postgres" ? (statement: string) => statement : positional;
  const rows = (statement: string, values: unknown[]) => runner.rows(text(statement), values);
  const returning = dialect === "mysql" ? "" : " RETURNING id";

  return {
    async read(key) {
      if (dialect === "sqlite") {
        const [row] = await rows("SELECT attempts FROM rate_limits WHERE id = $1", [key]);
        return { attempts: row ? String(row.attempts) : null, now: Date.now() };
      }
      const [row] = await rows(
        `SELECT (SELECT attempts FROM rate_limits WHERE id = $1) AS attempts, ${NOW[dialect]} AS now`,
        [key],
      );
      const attempts = row?.attempts;
      const now = Number(row?.now);
      if (!Number.isSafeInteger(now)) throw new Error(`The database's clock read as ${String(row?.now)}.`);
      return { attempts: attempts === null || attempts === undefined ? null : String(attempts), now };
    },
    async insert(key, attempts, expiresAt) {
      const values = [key, attempts, expiresAt];
      if (dialect !== "mysql") {
        const inserted = await rows(
          `INSERT INTO rate_limits (id, attempts, expires_at) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING${returning}`,
          values,
        );
        return inserted.length === 1;
      }
      try {
        await runner.write(
          positional("INSERT INTO rate_limits (id, attempts, expires_at) VALUES ($1, $2, $3)"),
          values,
        );
        return true;
      } catch (error) {
        if (isDuplicateKey(error)) return false;
        throw error;
      }
    },
    async replace(key, expected, attempts, expiresAt) {
      const statement = `UPDATE rate_limits SET attempts = $1, expires_at = $2 WHERE id = $3 AND attempts = $4${returning}`;
      const values = [attempts, expiresAt, key, expected];
      // The new log always differs from the old (it has one more attempt), so MySQL's matched and changed agree.
      if (dialect === "mysql") return (await runner.write(positional(statement), values)) === 1;
      return (await rows(statement, values)).length === 1;
    },
    async remove(key) {
      await runner.write(text("DELETE FROM rate_limits WHERE id = $1"), [key]);
    },
    async prune(now) {
      await runner.write(text("DELETE FROM rate_limits WHERE expires_at <= $1"), [now]);
    },
  };
}
