/**
 * An app's own Drizzle users table, read for the merge (database/drizzle/merge.ts): the kind of its id and the column
 * the auth tables' user_id must be to reference it (same builder and options: a foreign key needs the same
 * type, signedness included), whether its email is unique, and its required columns without a default, which
 * sign-up either fills through the adapter's `newUserColumns` (name, image) or cannot fill at all (refused).
 */

import type { SqlDialect } from "../flavours.js";
import { type AppUsers, FILLABLE, type FilledColumn, requiredColumnsMessage, type UserIdKind } from "../users-table.js";
import type { ColumnEntry, DefinedTable } from "./module.js";

/** The builder and options object of the auth tables' user_id columns; null: the table model's text column. */
export interface UserIdColumn {
  builder: string;
  options: string | null;
}

export type DrizzleUsers =
  | (AppUsers & { userIdColumn: UserIdColumn | null; emailUnique: boolean })
  | { unsupported: string };

/** Methods that give a column a value on insert when none is given. */
const DEFAULTING = new Set([
  "default",
  "defaultNow",
  "defaultRandom",
  "$default",
  "$defaultFn",
  "$onUpdate",
  "$onUpdateFn",
  "generatedAlwaysAs",
  "generatedAlwaysAsIdentity",
  "generatedByDefaultAsIdentity",
  "autoincrement",
]);

const TEXT = new Set(["text", "varchar", "char"]);

/** Builders whose column numbers itself, and the plain builder a column referencing it is. */
const SERIALS: Record<SqlDialect, Record<string, { kind: UserIdKind; builder: string; options: string | null }>> = {
  postgres: {
    serial: { kind: "integer", builder: "integer", options: null },
    smallserial: { kind: "integer", builder: "smallint", options: null },
    bigserial: { kind: "bigint", builder: "bigint", options: null },
  },
  // MySQL's SERIAL is BIGINT UNSIGNED AUTO_INCREMENT; Drizzle reads it as a number.
  mysql: { serial: { kind: "bigint", builder: "bigint", options: '{ mode: "number", unsigned: true }' } },
  sqlite: {},
};

const INTEGERS: Record<SqlDialect, Record<string, UserIdKind>> = {
  postgres: { integer: "integer", smallint: "integer", bigint: "bigint" },
  mysql: { int: "integer", smallint: "integer", mediumint: "integer", tinyint: "integer", bigint: "bigint" },
  sqlite: { integer: "integer" },
};

function defaulted(entry: ColumnEntry): boolean {
  return entry.methods.some((method) => DEFAULTING.has(method));
}

export type IdFacts = { idKind: UserIdKind; userIdColumn: UserIdColumn | null } | { unsupported: string };

/** The kind of a users table's id column, and the column that references it; or why it cannot be an id. */
export function drizzleIdFacts(entry: ColumnEntry, dialect: SqlDialect, table: string): IdFacts {
  const builder = entry.builder ?? "";
  const column = `${table}.${entry.sqlName ?? entry.key}`;
  if (TEXT.has(builder)) return { idKind: "text", userIdColumn: null };
  if (builder === "uuid" && dialect === "postgres")
    return { idKind: "uuid", userIdColumn: { builder: "uuid", options: null } };
  const serial = SERIALS[dialect][builder];
  // bigserial takes its mode from the app: a referencing bigint reads the same.
  if (serial)
    return { idKind: serial.kind, userIdColumn: { builder: serial.builder, options: serial.options ?? entry.options } };
  const kind = INTEGERS[dialect][builder];
  if (kind) {
    if (entry.options && /mode:\s*["'](?:boolean|timestamp|timestamp_ms)["']/.test(entry.options))
      return {
        unsupported: `${column} is an integer read as a ${/boolean/.test(entry.options) ? "boolean" : "date"}, not an id`,
      };
    // SQLite's INTEGER PRIMARY KEY numbers rows itself (the rowid); elsewhere the column needs a default.
    if (dialect !== "sqlite" && !defaulted(entry))
      return {
        unsupported: `${column} is ${kind === "bigint" ? "a bigint" : "an integer"} without a default, so a new user has no id: make it ${dialect === "mysql" ? ".autoincrement()" : "serial (or .generatedAlwaysAsIdentity())"}`,
      };
    return { idKind: kind, userIdColumn: { builder, options: entry.options } };
  }
  return {
    unsupported: `${column} is ${builder ? `a ${builder}` : "an unknown"} column; the auth adapter takes text, uuid, integer or bigint ids`,
  };
}

/** The app's users table as the adapter meets it. `isModelColumn` tells the auth columns from the app's own. */
export function drizzleUsers(
  found: DefinedTable,
  dialect: SqlDialect,
  file: string,
  modelColumn: (entry: ColumnEntry) => string | null,
): DrizzleUsers {
  const entries = found.columns?.entries ?? [];
  const idEntry = entries.find((entry) => modelColumn(entry) === "id");
  const id: IdFacts = idEntry
    ? drizzleIdFacts(idEntry, dialect, found.sqlName)
    : { idKind: "text", userIdColumn: null };
  if ("unsupported" in id) return { unsupported: `${file}: ${id.unsupported}` };

  const fill: FilledColumn[] = [];
  const refused: string[] = [];
  for (const entry of entries) {
    const model = modelColumn(entry);
    if (model === "id" || model === "email") continue;
    const required = entry.methods.includes("notNull") || (entry.methods.includes("primaryKey") && model === null);
    if (!required || defaulted(entry) || (entry.builder !== null && entry.builder in SERIALS[dialect])) continue;
    const value = model === null ? undefined : FILLABLE[model];
    if (value) fill.push({ key: entry.key, value, column: `${found.sqlName}.${entry.sqlName ?? entry.key}` });
    else refused.push(`${found.sqlName}.${entry.sqlName ?? entry.key}`);
  }
  if (refused.length)
    return {
      unsupported: requiredColumnsMessage(
        file,
        refused,
        "Give each a default (.default(…) or .$defaultFn(…)) or make it nullable (drop .notNull())",
      ),
    };

  const email = entries.find((entry) => modelColumn(entry) === "email");
  const emailKey = email?.key ?? "email";
  const constrained = new RegExp(
    String.raw`unique(?:Index)?\([^)]*\)\s*\.on\(\s*\w+\.${emailKey}\s*\)|primaryKey\(\{[^}]*columns:\s*\[\s*\w+\.${emailKey}\s*\]`,
  );
  const emailUnique =
    !email ||
    email.methods.includes("unique") ||
    email.methods.includes("primaryKey") ||
    constrained.test(found.extras ?? "");
  return { ...id, fill, emailUnique };
}
