/**
 * The kind of `users.id` in an app's Drizzle tables, read from the column's Drizzle type: what the drizzle
 * adapter infers when `userIds` is not given, and how it refuses an option the column cannot hold.
 */
import type { Column } from "drizzle-orm";
import { AdapterError } from "../errors.js";
import type { IntegerWidth, UserIdKind } from "./user-ids.js";

/**
 * The id kinds a column type can hold, the first being the one inferred when `userIds` is not given, and how
 * wide its integers are. SQLite has one 64-bit INTEGER for both integer kinds; a text column may hold UUIDs.
 */
const idColumnTypes: Record<string, { kinds: readonly UserIdKind[]; width?: IntegerWidth }> = {
  PgInteger: { kinds: ["integer"], width: "int32" },
  PgSerial: { kinds: ["integer"], width: "int32" },
  PgSmallInt: { kinds: ["integer"], width: "int32" },
  PgSmallSerial: { kinds: ["integer"], width: "int32" },
  PgBigInt53: { kinds: ["bigint"] },
  PgBigInt64: { kinds: ["bigint"] },
  PgBigSerial53: { kinds: ["bigint"] },
  PgBigSerial64: { kinds: ["bigint"] },
  PgUUID: { kinds: ["uuid"] },
  PgText: { kinds: ["text", "uuid"] },
  PgVarchar: { kinds: ["text", "uuid"] },
  PgChar: { kinds: ["text", "uuid"] },
  SQLiteInteger: { kinds: ["integer", "bigint"] },
  SQLiteText: { kinds: ["text", "uuid"] },
  MySqlInt: { kinds: ["integer"] },
  MySqlMediumInt: { kinds: ["integer"] },
  MySqlSmallInt: { kinds: ["integer"] },
  MySqlTinyInt: { kinds: ["integer"] },
  MySqlBigInt53: { kinds: ["bigint"] },
  MySqlBigInt64: { kinds: ["bigint"] },
  // MySQL's SERIAL is BIGINT UNSIGNED AUTO_INCREMENT.
  MySqlSerial: { kinds: ["bigint"] },
  MySqlVarChar: { kinds: ["text", "uuid"] },
  MySqlChar: { kinds: ["text", "uuid"] },
  MySqlText: { kinds: ["text", "uuid"] },
};

/** The id kind of `users.id`: the option where it fits the column, the column's own where none is given. */
export function userIdsOf(column: Column, option: UserIdKind | undefined): { kind: UserIdKind; width: IntegerWidth } {
  const known = idColumnTypes[column.columnType];
  const named = `users.id (${column.columnType}, "${column.name}")`;
  // A column type not listed (a customType, say) is taken at the option's word, and as text without one: the
  // adapter's behaviour before it knew id kinds, so tables that worked then still work.
  if (!known) return { kind: option ?? "text", width: "int64" };
  const kind = option ?? (known.kinds[0] as UserIdKind);
  if (!known.kinds.includes(kind)) {
    throw new AdapterError(
      `drizzle(db, tables, options): options.userIds is "${kind}" but ${named} holds ` +
        `${known.kinds.map((name) => `"${name}"`).join(" or ")} ids. Make the option match the column.`,
    );
  }
  return { kind, width: known.width ?? "int64" };
}
