/**
 * A users table the app already has in the database a pending SQL migration creates `users` in. The migration
 * says `CREATE TABLE IF NOT EXISTS users`, so it would keep the app's table as it is and reference it from
 * accounts, sessions and authenticators: PostgreSQL and MySQL then refuse the foreign keys of a non-text id
 * mid-file, and SQLite accepts them while the SQL adapter later fails on a column the table lacks. `migrate`
 * (and its dry run) asks this first and refuses before any statement runs, naming what does not fit and the
 * ways on; a users table that has everything the adapter writes is kept, as the file says.
 */

import { CliError } from "../errors.js";
import { users } from "../schema/model.js";
import type { SqlDialect } from "../schema/sql.js";
import type { DatabaseConnection } from "./connect.js";
import { dialectName } from "./drivers.js";
import { type LiveTable, liveIdKind, liveTable, sharedValues } from "./live-table.js";

/** A migration that creates the users table (the first one init or generate writes). */
const CREATES_USERS = /\bCREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?["`]?users["`]?\s*\(/i;

/** What does not fit the SQL adapters in the app's own users table, one phrase each. */
async function misfits(db: DatabaseConnection, live: LiveTable): Promise<string[]> {
  const found: string[] = [];
  const id = live.columns.find((column) => column.name === "id");
  const kind = id ? liveIdKind(id.type) : null;
  if (!id) found.push("it has no id column");
  else if (kind !== "text")
    found.push(
      `its id is ${id.type}, and the auth tables' user_id columns in the migration are text (the SQL adapters write text ids unless told userIds)`,
    );
  const absent = users.columns.filter((column) => !live.columns.some((candidate) => candidate.name === column.name));
  if (absent.length) found.push(`it lacks ${absent.map((column) => column.name).join(", ")}, which the adapter writes`);
  const email = live.columns.some((column) => column.name === "email");
  if (email && !live.unique.some((columns) => columns.length === 1 && columns[0] === "email")) {
    const shared = await sharedValues(db, "users", "email");
    found.push(
      `its email has no unique constraint${shared.length ? ` (addresses already shared: ${shared.join(", ")})` : ""}`,
    );
  }
  const own = new Set(users.columns.map((column) => column.name));
  const required = live.columns.filter((column) => column.required && !column.filled && !own.has(column.name));
  if (required.length)
    found.push(
      `${required.map((column) => column.name).join(", ")} ${required.length === 1 ? "is" : "are"} required without a default, which sign-up cannot fill`,
    );
  return found;
}

/**
 * Throws when a pending migration would create `users` in a database whose own users table does not fit the
 * SQL adapters; resolves to a note when it fits (kept as it is), null when there is no such table.
 */
export async function assertExistingUsersFit(
  db: DatabaseConnection,
  pending: ReadonlyArray<{ name: string; sql: string }>,
  folder: string,
): Promise<string | null> {
  const creating = pending.find((migration) => CREATES_USERS.test(migration.sql));
  if (!creating) return null;
  const live = await liveTable(db, "users");
  if (!live) return null;
  const where = `${dialectName(db.dialect as SqlDialect)} ${db.target}`;
  const found = await misfits(db, live);
  if (found.length === 0)
    return `${where} already has a users table with every column the adapter uses: ${folder}/${creating.name} keeps it as it is (CREATE TABLE IF NOT EXISTS).`;
  throw new CliError(
    "UnsupportedProject",
    `${where} already has a users table of its own, which ${folder}/${creating.name} would keep (CREATE TABLE IF NOT EXISTS) and reference: ${found.join("; ")}. Nothing was applied. Let your ORM hold the auth tables (create-auth init --orm drizzle or --orm prisma merges them into your users table), or give auth a database of its own (another DATABASE_URL, or --db sqlite).`,
  );
}
