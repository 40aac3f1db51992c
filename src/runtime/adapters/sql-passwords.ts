/**
 * The password provider's storage in the SQL adapters (sqlite, postgres, mysql): the statements on the
 * `passwords` table of the table model, and the one clear error an app gets when it calls a password method
 * without that table (the ORM adapters' too). Apps without the password provider have no such table and never reach this module's
 * statements: none of the other methods touches it (SQLite's deleteUser looks for it first).
 */
import { AdapterError } from "../errors.js";

/** The hash of a user, read by getPasswordHash; `?` or `$1` is the user id. */
export const selectPasswordHash = (placeholder: string) => `SELECT hash FROM passwords WHERE user_id = ${placeholder}`;

/**
 * Deletes the user's sessions but the one to keep (none when `keep` is false): the password provider ends
 * every other session after a reset or a change. Placeholders in order: the user id, then the kept token.
 */
export function deleteUserSessionsSql(placeholders: [string, string], keep: boolean): string {
  const [userId, token] = placeholders;
  return `DELETE FROM sessions WHERE user_id = ${userId}${keep ? ` AND session_token <> ${token}` : ""}`;
}

/**
 * Whether a driver's error says the table `table` does not exist (pg 42P01, MySQL 1146, SQLite's message,
 * Prisma's P2021), looking through the errors an ORM wraps around the driver's (Drizzle's has it as `cause`).
 */
function isMissingTable(error: unknown, table: string): boolean {
  for (let current = error, depth = 0; typeof current === "object" && current !== null && depth < 5; depth++) {
    const { code, errno, message, cause } = current as Record<string, unknown>;
    const named = typeof message === "string" && message.includes(table);
    if ((code === "42P01" || code === "ER_NO_SUCH_TABLE" || errno === 1146 || code === "P2021") && named) return true;
    if (named && typeof message === "string" && /no such table/.test(message)) return true;
    current = cause;
  }
  return false;
}

/**
 * Runs a password statement, turning the database's "no such table" into an error that says what to add.
 * `adapter` names the factory (`postgres(pool)`), as the message shows it; `table`, the table's name there.
 */
export async function onPasswordsTable<T>(
  adapter: string,
  work: () => T | PromiseLike<T>,
  table = "passwords",
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isMissingTable(error, table)) throw error;
    throw new AdapterError(
      `${adapter}: the database has no ${table} table, where the password provider stores each user's hash. ` +
        "Create it with the statement for your database in docs/adapters.md#passwords.",
      { cause: error as Error },
    );
  }
}
