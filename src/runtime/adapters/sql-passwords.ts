/**
 * The password provider's storage in the SQL adapters (sqlite, postgres, mysql): the statements on the
 * `passwords` table of the table model, and the one clear error an app gets when it calls a password method
 * without that table (the ORM adapters' too). Apps without the password provider have no such table and never reach this module's
 * statements: none of the other methods touches it (SQLite's deleteUser looks for it first).
 */
import { onFeatureTable } from "./missing-table.js";

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
 * Runs a password statement, turning the database's "no such table" into an error that says what to add.
 * `adapter` names the factory (`postgres(pool)`), as the message shows it; `table`, the table's name there.
 */
export function onPasswordsTable<T>(adapter: string, work: () => T | PromiseLike<T>, table = "passwords"): Promise<T> {
  return onFeatureTable(
    adapter,
    { table, purpose: "where the password provider stores each user's hash", anchor: "passwords" },
    work,
  );
}
