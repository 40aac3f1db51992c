/**
 * The row a SQL adapter (sqlite, postgres, mysql) inserts for a new user: auth's columns, the app's own
 * required columns from `newUserColumns` (keyed by SQL column name, used where the user has no value for that
 * column), and the id where the adapter makes it (text, uuid); integer ids are left to the database.
 */
import type { AdapterUser } from "../types.js";
import { userFieldColumns } from "./sql-columns.js";
import { type AdapterOptions, newUserValues } from "./user-ids.js";

/** Column name → value, in insert order; `convert` turns each value into what the driver binds. */
export function newUserRow<T>(
  user: AdapterUser,
  id: string | undefined,
  options: AdapterOptions,
  adapter: string,
  convert: (value: unknown, column: string) => T,
): Map<string, T> {
  const fieldOf = new Map<string, keyof AdapterUser>(userFieldColumns.map(([field, column]) => [column, field]));
  const row = new Map<string, T>(
    userFieldColumns.map(([field, column]) => [column, convert(user[field] ?? null, column)]),
  );
  const hasValue = (column: string) => {
    const field = fieldOf.get(column);
    return field !== undefined && user[field] != null;
  };
  for (const [column, value] of Object.entries(newUserValues(options, user, hasValue, adapter, true))) {
    row.set(column, convert(value, column));
  }
  if (id !== undefined) row.set("id", convert(id, "id"));
  return row;
}
