/**
 * The one clear error an adapter gives when a table only some features use is missing (the password
 * provider's `passwords`, the database rate-limit store's `rate_limits`): the driver's "no such table",
 * found through whatever an ORM wrapped around it, becomes an AdapterError naming the table, what it is for
 * and where its statement is. Also the walk through those wrappings, for any driver error code.
 */
import { AdapterError } from "../errors.js";

/** An error and the ones it wraps (`cause`), outermost first: an ORM's error holds the driver's. At most five. */
export function* errorChain(error: unknown): Generator<Record<string, unknown>> {
  for (let current = error, depth = 0; typeof current === "object" && current !== null && depth < 5; depth++) {
    const record = current as Record<string, unknown>;
    yield record;
    current = record.cause;
  }
}

/** Whether the database said `table` does not exist (pg 42P01, MySQL 1146, Prisma P2021, SQLite's message). */
function isMissingTable(error: unknown, table: string): boolean {
  for (const { code, errno, message } of errorChain(error)) {
    if (typeof message !== "string" || !message.includes(table)) continue;
    if (code === "42P01" || code === "ER_NO_SUCH_TABLE" || errno === 1146 || code === "P2021") return true;
    if (/no such table|does not exist|doesn't exist/i.test(message)) return true;
  }
  return false;
}

/** Where a feature's table is described: its name there, what it holds, and its section of docs/adapters.md. */
export interface FeatureTable {
  table: string;
  /** Completes "the database has no <table> table, …" (`where the password provider stores each user's hash`). */
  purpose: string;
  anchor: string;
}

/** Runs `work`, turning the database's "no such table" into an error that says what to create and where. */
export async function onFeatureTable<T>(
  adapter: string,
  { table, purpose, anchor }: FeatureTable,
  work: () => T | PromiseLike<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isMissingTable(error, table)) throw error;
    throw new AdapterError(
      `${adapter}: the database has no ${table} table, ${purpose}. ` +
        `Create it with the statement for your database in docs/adapters.md#${anchor}.`,
      { cause: error as Error },
    );
  }
}
