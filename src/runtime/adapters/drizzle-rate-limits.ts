/**
 * The drizzle adapter's rate-limit methods (`takeRateLimit`, `resetRateLimit`: rate-limit-log.ts), on the
 * `rate_limits` table by that name, with the SQL adapters' statements (sql-rate-limits.ts) run through the
 * Drizzle database: Drizzle binds the values in its dialect's own way, and its driver answers in its own
 * shape (node-postgres `{ rows }`, postgres.js an array, mysql2 `[rows or header, fields]`, SQLite's `all`),
 * which `rowsOf` reads. The table is not one of the adapter's `tables`: the store is optional, it has no
 * columns an app would extend, and one statement text serves every dialect.
 */
import { type SQL, sql } from "drizzle-orm";
import { AdapterError } from "../errors.js";
import { type RateLimitMethods, rateLimitMethods } from "./rate-limit-log.js";
import { type RateLimitDialect, sqlRateLimitRows } from "./sql-rate-limits.js";

type Row = Record<string, unknown>;

/** What the methods use of a Drizzle database: `execute` (PostgreSQL, MySQL), `all` and `run` (SQLite). */
interface RawDatabase {
  execute?(query: SQL): PromiseLike<unknown>;
  all?(query: SQL): unknown;
  run?(query: SQL): unknown;
}

/**
 * A statement with its placeholders (`$1, $2, …` or `?`, in order) as Drizzle SQL, each value bound as a
 * parameter. No statement of sql-rate-limits.ts has either character anywhere else.
 */
function statement(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$\d+|\?/);
  const chunks: SQL[] = [];
  parts.forEach((part, index) => {
    chunks.push(sql.raw(part));
    if (index < values.length) chunks.push(sql`${values[index]}`);
  });
  return sql.join(chunks);
}

/** The rows of a driver's answer, in each shape the drivers give it. */
function rowsOf(result: unknown): Row[] {
  if (Array.isArray(result)) {
    // mysql2: [rows, fields]; postgres.js and SQLite's all(): the rows themselves.
    return (Array.isArray(result[0]) ? result[0] : result) as Row[];
  }
  const rows = (result as { rows?: unknown } | null)?.rows;
  if (Array.isArray(rows)) return rows as Row[];
  throw new AdapterError("The Drizzle driver answered a query with no rows the rate-limit store can read.");
}

export function drizzleRateLimitMethods(
  db: unknown,
  dialect: "pg" | "sqlite" | "mysql",
  affectedRows: (result: unknown) => number,
): RateLimitMethods {
  const raw = db as RawDatabase;
  const name: RateLimitDialect = dialect === "pg" ? "postgres" : dialect;
  const run = async (text: string, values: unknown[]): Promise<unknown> => {
    const query = statement(text, values);
    if (dialect === "sqlite") return raw.all?.(query);
    return raw.execute?.(query);
  };
  const rows = sqlRateLimitRows(name, {
    rows: async (text, values) => rowsOf(await run(text, values)),
    // Only MySQL's count is read; SQLite's writes without RETURNING go through `run`.
    write: async (text, values) => {
      if (dialect === "sqlite") {
        await raw.run?.(statement(text, values));
        return 0;
      }
      const result = await run(text, values);
      return dialect === "mysql" ? affectedRows(result) : 0;
    },
  });
  return rateLimitMethods(rows, "drizzle(db)");
}
