/**
 * The first SQL migration adapted to a users table the app already has (the SQL adapters' path, no ORM):
 * no CREATE TABLE users, so the app's table and rows stay as they are; an `ALTER TABLE users ADD COLUMN`
 * (nullable) for each column the adapter writes that the table lacks; a unique index on email where it has
 * none; and every auth table's user_id typed like users.id, so the foreign keys hold on every dialect. The
 * file says what it adapted to in one line (`-- create-auth users: id integer; sign-up fills name`), which
 * init reads back (adoptedUsers) to write the same adapter options as generate, so the commands agree.
 * Pure: the facts come from the live database (database/sql/existing-users.ts).
 */

import { type Column, type Table, tables, users } from "../model.js";
import { type AppUsers, FILLABLE, type FilledColumn, USER_ID_KINDS, type UserIdKind } from "../users-table.js";
import { ADOPTED_MARKER } from "./adopted-marker.js";
import type { MigrationFile } from "./migrations.js";
import { columnDefinition, dialectNotes, type SqlDialect, tableStatements } from "./render.js";

/** What the first migration adapts to: the app's users table as the live database holds it. */
export interface AdoptedUsers extends AppUsers {
  /** The SQL type every user_id column gets: users.id's own (`INTEGER`, `BIGINT UNSIGNED`, `uuid`, `CHAR(36) …`). */
  idType: string;
  /** Columns of the table model the app's table lacks, in the model's order. */
  missing: string[];
  /** The table has no unique constraint on email alone: the migration adds one. */
  addUniqueEmail: boolean;
  /** MySQL: email is a TEXT column, which an index takes only by a prefix. */
  emailPrefix?: boolean;
  /** Auth tables already there, empty, with user_id of another type (SQLite's first open): dropped and created again. */
  recreate?: string[];
}

/** A migration that creates the users table (the first one init or generate writes, as written). */
export const CREATES_USERS = /\bCREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?["`]?users["`]?\s*\(/i;

/** The line that records the adaptation; adoptedUsers reads it back. */
const MARKER = ADOPTED_MARKER;

/** The adapter's options for the app's users table: its id kind, and what sign-up fills (by SQL column name). */
export function fillFor(columns: readonly string[]): FilledColumn[] {
  return columns.map((column) => ({ key: column, value: FILLABLE[column]!, column: `users.${column}` }));
}

/** The unique index the adapter needs on email (it finds users by their address). */
function uniqueEmail(dialect: SqlDialect, prefix: boolean): string {
  // MySQL has no CREATE INDEX IF NOT EXISTS; the migrator records the file, so it runs once anyway.
  if (dialect === "mysql") return `CREATE UNIQUE INDEX users_email_key ON users (email${prefix ? "(255)" : ""});`;
  return "CREATE UNIQUE INDEX IF NOT EXISTS users_email_key ON users (email);";
}

/** The header every adapted file starts with; `embedded` for SQLite's client module (its CREATE statements only). */
function header(dialect: SqlDialect, adopted: AppUsers, embedded: boolean): string[] {
  const fills = adopted.fill.map((filled) => filled.key).join(", ");
  return [
    `-- Auth tables for ${dialect}, written by create-auth from its table model, adapted to the app's own users table:`,
    ...(embedded
      ? [
          "-- the CREATE statements of the first migration (npx create-auth migrate adds to users what the adapter writes).",
        ]
      : [
          "-- users is kept with its rows (not created here); it gains the columns the adapter writes that it lacks",
          "-- (nullable) and a unique index on email where it has none; every user_id is typed like users.id.",
        ]),
    `-- create-auth users: id ${adopted.idKind}${fills ? `; sign-up fills ${fills}` : ""}`,
    dialectNotes[dialect],
  ];
}

function modelColumn(name: string): Column {
  return users.columns.find((column) => column.name === name)!;
}

/** The statements that create the auth tables (`of`) other than users, user_id of `userIdType`. */
function authTables(dialect: SqlDialect, userIdType: string, of: readonly Table[] = tables): string[] {
  return of.filter((table) => table !== users).flatMap((table) => tableStatements(table, dialect, { userIdType }));
}

/** SQLite's user_id for an id kind (STRICT tables take INTEGER and TEXT; a uuid is text there). */
export const sqliteIdType = (kind: UserIdKind) => (kind === "integer" || kind === "bigint" ? "INTEGER" : "TEXT");

/** The first migration for a database whose users table is the app's own. */
export function adaptedSchema(dialect: SqlDialect, adopted: AdoptedUsers, of: readonly Table[] = tables): string {
  const statements = [
    ...adopted.missing.map((name) => {
      // Nullable: the rows already in the table have no value for it.
      const definition = columnDefinition(modelColumn(name), dialect).replace(/ NOT NULL$/, "");
      return `ALTER TABLE users ADD COLUMN ${definition};`;
    }),
    ...(adopted.addUniqueEmail ? [uniqueEmail(dialect, adopted.emailPrefix === true)] : []),
    ...(adopted.recreate?.length
      ? [
          `-- ${adopted.recreate.join(", ")} ${adopted.recreate.length === 1 ? "was" : "were"} created before with another type of user_id and held no rows: created again below.\n${adopted.recreate.map((table) => `DROP TABLE IF EXISTS ${table};`).join("\n")}`,
        ]
      : []),
    ...authTables(dialect, adopted.idType, of),
  ];
  return `${header(dialect, adopted, false).join("\n")}\n\n${statements.join("\n\n")}\n`;
}

/**
 * What SQLite's client module runs on every open for an adopted users table: the adapted file's CREATE … IF
 * NOT EXISTS statements only (an ALTER TABLE cannot run twice; migrate runs the file once).
 */
export function adaptedSqliteOnOpen(adopted: AppUsers, of: readonly Table[] = tables): string {
  const statements = authTables("sqlite", sqliteIdType(adopted.idKind), of);
  return `${header("sqlite", adopted, true).join("\n")}\n\n${statements.join("\n\n")}\n`;
}

/**
 * The users table the migrations were adapted to, from the line the adapted file carries: its id kind and
 * what sign-up fills; null when they create users themselves (the default adapter options serve).
 */
export function adoptedUsers(files: readonly Pick<MigrationFile, "sql">[]): AppUsers | null {
  for (const file of files) {
    const match = MARKER.exec(file.sql);
    if (!match || !(USER_ID_KINDS as readonly string[]).includes(match[1]!)) continue;
    const fills = (match[2] ?? "")
      .split(",")
      .map((name) => name.trim())
      .filter((name) => name in FILLABLE);
    return { idKind: match[1] as UserIdKind, fill: fillFor(fills) };
  }
  return null;
}
