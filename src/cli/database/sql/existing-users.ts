/**
 * A users table the app already has in the database create-auth's SQL migrations go to (the SQL adapters'
 * path, no ORM). The first migration says `CREATE TABLE IF NOT EXISTS users`, so as written it would keep the
 * app's table and reference it with text user_id columns: PostgreSQL and MySQL then refuse the foreign keys
 * of a non-text id mid-file, and the adapter fails on a column the table lacks. Here the live table is read
 * and judged (usersFit): it fits as it is, or `create-auth generate` adapts the pending first migration and
 * the auth module to it (database/sql/users.ts: user_id typed like users.id, the missing columns added, a
 * unique index on email, `userIds`/`newUserColumns` for the adapter), or nothing can make sign-up work on it
 * (rows sharing an address, a required column sign-up cannot fill, an id no adapter takes) and the commands
 * say so in one line. `migrate` (and its dry run) asks this before any statement runs.
 */

import { existsSync } from "node:fs";
import { CliError } from "../../errors.js";
import type { ProjectReader } from "../../project/reader.js";
import type { ProjectInfo } from "../../project/types.js";
import { type DatabaseConnection, type DatabaseSetting, databaseLocation, openDatabase } from "../connect.js";
import { dialectName } from "../drivers.js";
import type { SqlDialect } from "../flavours.js";
import { SQL_DIALECTS } from "../flavours.js";
import { type LiveColumn, type LiveTable, liveIdKind, liveTable, sharedValues } from "../live-table.js";
import { type MigrationStatus, pendingMigrations } from "../migrator.js";
import { tables, users } from "../model.js";
import { databaseState } from "../state.js";
import { FILLABLE, type UserIdKind } from "../users-table.js";
import type { MigrationFile } from "./migrations.js";
import { type AdoptedUsers, adoptedUsers, CREATES_USERS, fillFor } from "./users.js";

const SQL_ADAPTERS = SQL_DIALECTS;

/** What the app's users table asks of the first migration and the auth module. */
export type UsersFit =
  /** Text ids, every column, a unique email, nothing to fill: the migration keeps it as it is. */
  | { kind: "fits" }
  /** generate adapts the migration and the auth module to it; `misfits` says why, one phrase each. */
  | { kind: "adapt"; adopted: AdoptedUsers; misfits: string[] }
  /** Nothing create-auth writes makes sign-up work on it: what the app must change, one phrase each. */
  | { kind: "refuse"; reasons: string[] };

const numeric = (kind: UserIdKind) => kind === "integer" || kind === "bigint";

/** The id kind of users.id: liveIdKind's, where MySQL's CHAR(36) holds UUIDs (the mysql adapter's "uuid"). */
function idKindOf(dialect: SqlDialect, type: string): UserIdKind | null {
  if (dialect === "mysql" && /^(?:var)?char\(36\)/.test(type)) return "uuid";
  return liveIdKind(type);
}

/**
 * The SQL type of every user_id column: users.id's own, so the foreign keys hold (MySQL wants the same
 * integer size and sign, and for text the same character set and collation).
 */
async function userIdType(db: DatabaseConnection, id: LiveColumn, kind: UserIdKind): Promise<string> {
  if (db.dialect === "sqlite") return numeric(kind) ? "INTEGER" : "TEXT";
  if (db.dialect === "postgres") {
    if (kind === "uuid") return "UUID";
    if (numeric(kind)) return id.type === "smallint" ? "SMALLINT" : kind === "bigint" ? "BIGINT" : "INTEGER";
    return "TEXT";
  }
  // MySQL's COLUMN_TYPE without the display width MySQL 8 deprecates: `int(10) unsigned` → `INT UNSIGNED`.
  const type = id.type.replace(/^(tinyint|smallint|mediumint|int|integer|bigint)\(\d+\)/, "$1").toUpperCase();
  if (!/CHAR|TEXT/.test(type)) return type;
  const [row] = await db.query(
    `SELECT CHARACTER_SET_NAME AS charset, COLLATION_NAME AS collation FROM information_schema.columns
      WHERE table_schema = DATABASE() AND table_name = 'users' AND column_name = 'id'`,
  );
  const charset = String(row?.["charset"] ?? row?.["CHARSET"] ?? "");
  const collation = String(row?.["collation"] ?? row?.["COLLATION"] ?? "");
  return charset && collation ? `${type} CHARACTER SET ${charset} COLLATE ${collation}` : type;
}

/** The first migration as written keys user_id VARCHAR(255) in utf8mb4_bin: what a MySQL text id must match. */
const WRITTEN_MYSQL_ID = /^VARCHAR\(255\) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin$/;

/**
 * Auth tables already in the database whose user_id holds another kind of id than users.id: on SQLite the
 * client module creates them on first open from the migration as written (text user_id), before anything
 * looked at the app's table. One with exactly the auth table's columns and no rows is created again by the
 * adapted migration (returned); any other is the app's to change (a reason).
 */
async function staleAuthTables(
  db: DatabaseConnection,
  id: LiveColumn,
  kind: UserIdKind,
  misfits: string[],
  reasons: string[],
): Promise<string[]> {
  const recreate: string[] = [];
  for (const table of tables.filter((candidate) => candidate.columns.some((column) => column.name === "user_id"))) {
    const found = await liveTable(db, table.name);
    const userId = found?.columns.find((column) => column.name === "user_id");
    if (!found || !userId) continue;
    const stored = liveIdKind(userId.type);
    if (stored !== null && numeric(stored) === numeric(kind)) continue;
    const ours =
      found.columns.length === table.columns.length &&
      table.columns.every((column) => found.columns.some((candidate) => candidate.name === column.name));
    const [count] = await db.query(`SELECT COUNT(*) AS n FROM ${table.name}`);
    const rows = Number(count?.["n"] ?? count?.["N"] ?? 0);
    if (ours && rows === 0) {
      recreate.push(table.name);
      misfits.push(`${table.name} exists already, empty, with user_id ${userId.type}`);
    } else
      reasons.push(
        `${table.name} exists already with user_id ${userId.type} ${ours ? `and ${rows} row${rows === 1 ? "" : "s"}` : "and columns of its own"}, which cannot hold its ${id.type} ids (change ${table.name}.user_id to ${id.type})`,
      );
  }
  return recreate;
}

/** How the app's users table meets the SQL adapters. */
export async function usersFit(db: DatabaseConnection, live: LiveTable): Promise<UsersFit> {
  const reasons: string[] = [];
  const misfits: string[] = [];
  const id = live.columns.find((column) => column.name === "id");
  if (!id) return { kind: "refuse", reasons: ["it has no id column (the adapters key users by id)"] };
  const kind = idKindOf(db.dialect, id.type);
  if (kind === null)
    return {
      kind: "refuse",
      reasons: [`its id is ${id.type}, which no adapter takes (text, uuid, integer or bigint)`],
    };
  if (numeric(kind) && !id.filled)
    reasons.push(
      `its id is ${id.type} without a default, so the database gives a new user no id (make it auto-incrementing)`,
    );
  const idType = await userIdType(db, id, kind);
  if (kind !== "text") misfits.push(`its id is ${id.type}, and the migration's user_id columns are text`);
  else if (db.dialect === "mysql" && !WRITTEN_MYSQL_ID.test(idType))
    misfits.push(`its id is ${idType}, which the migration's user_id columns must match for the foreign keys`);

  const recreate = await staleAuthTables(db, id, kind, misfits, reasons);

  const has = (name: string) => live.columns.some((column) => column.name === name);
  const missing = users.columns.filter((column) => !has(column.name)).map((column) => column.name);
  if (missing.length) misfits.push(`it lacks ${missing.join(", ")}, which the adapter writes`);
  const email = live.columns.find((column) => column.name === "email");
  const addUniqueEmail = !live.unique.some((columns) => columns.length === 1 && columns[0] === "email");
  if (email && addUniqueEmail) {
    const shared = await sharedValues(db, "users", "email");
    if (shared.length)
      reasons.push(
        `its email has no unique constraint, which the adapter needs, and rows already share ${shared.length === 1 ? "an address" : "addresses"}: ${shared.join(", ")} (merge or change those users)`,
      );
    else misfits.push("its email has no unique constraint");
  }

  // Required without a value on insert: name and image the adapter can fill; anything else of the app's, not.
  const required = live.columns.filter((column) => column.required && !column.filled && column.name !== "id");
  const fill = required.filter((column) => column.name in FILLABLE).map((column) => column.name);
  const unfillable = required.map((column) => column.name).filter((name) => !(name in FILLABLE) && name !== "email");
  if (unfillable.length)
    reasons.push(
      `${unfillable.join(", ")} ${unfillable.length === 1 ? "is" : "are"} required without a default, which sign-up cannot fill (give ${unfillable.length === 1 ? "it" : "them"} a default or make ${unfillable.length === 1 ? "it" : "them"} nullable)`,
    );
  if (fill.length)
    misfits.push(`${fill.join(", ")} ${fill.length === 1 ? "is" : "are"} required, which sign-up does not always give`);
  if (reasons.length) return { kind: "refuse", reasons };
  if (misfits.length === 0) return { kind: "fits" };
  const adopted: AdoptedUsers = {
    idKind: kind,
    idType,
    missing,
    addUniqueEmail,
    fill: fillFor(fill),
    recreate,
    ...(db.dialect === "mysql" && email && /text|blob/.test(email.type) ? { emailPrefix: true } : {}),
  };
  return { kind: "adapt", adopted, misfits };
}

/** Where, for messages: `PostgreSQL postgres://app@127.0.0.1:5432/app`. */
export const databaseName = (db: DatabaseConnection) => `${dialectName(db.dialect)} ${db.target}`;

/** The users table generate adapts the migrations to, read from the live database; see existingUsers. */
export interface ExistingUsers {
  /** `PostgreSQL postgres://app@…`. */
  where: string;
  fit: UsersFit;
}

/**
 * generate's look at the app's database before it plans: the app's own users table and how it fits, where a
 * pending migration (or the first one generate writes) would create users; null where there is nothing to
 * adapt to (no database named, a SQLite file not there yet, no such table, users created by a migration
 * already applied, migrations already adapted); a string (the one-line reason) where it cannot be read.
 */
export async function existingUsers(
  root: string,
  env: Readonly<Record<string, string | undefined>>,
  setting: DatabaseSetting,
  files: readonly MigrationFile[],
): Promise<ExistingUsers | null | string> {
  if (adoptedUsers(files)) return null;
  // No database named yet, or a SQLite file not created yet: nothing there to adapt to.
  try {
    const location = databaseLocation(root, env, setting);
    if (location.dialect === "sqlite" && (location.file === ":memory:" || !existsSync(location.file))) return null;
  } catch (error) {
    if (error instanceof CliError) return null;
    throw error;
  }
  let db: DatabaseConnection;
  try {
    db = await openDatabase(root, env, { readOnly: true, setting });
  } catch (error) {
    if (error instanceof CliError) return error.message;
    throw error;
  }
  try {
    const { pending } = await pendingMigrations(db, files);
    const creating = files.find((file) => CREATES_USERS.test(file.sql));
    if (creating && !pending.some((file) => file.name === creating.name)) return null;
    const live = await liveTable(db, "users");
    if (!live) return null;
    return { where: databaseName(db), fit: await usersFit(db, live) };
  } finally {
    await db.close();
  }
}

/**
 * Whether the first migration, still pending and as written, must be adapted by generate to the app's own
 * users table in `db` before migrate can run it: doctor's fix for missing auth tables then names generate
 * first, since migrate alone would refuse.
 */
export async function usersToAdapt(
  db: DatabaseConnection,
  files: readonly MigrationFile[],
  status: MigrationStatus | null,
): Promise<boolean> {
  if (status === null || adoptedUsers(files)) return false;
  const creating = files.find((file) => CREATES_USERS.test(file.sql));
  if (!creating || !status.pending.some((file) => file.name === creating.name)) return false;
  const live = await liveTable(db, "users");
  return live !== null && (await usersFit(db, live)).kind === "adapt";
}

/**
 * migrate's check before any statement runs, on the migrations still pending:
 * - one that creates users (as written) where the app has its own: kept when it fits as it is (a note),
 *   else refused with what does not fit and the fix, `create-auth generate` (it adapts that file), or what the
 *   app must change first where nothing create-auth writes can make sign-up work;
 * - one adapted to it (database/sql/users.ts): refused when rows came to share an address or a required column
 *   appeared since, which the file's unique index or sign-up would fail on; refused when there is no users
 *   table to add to.
 * Resolves to the note, or null.
 */
export async function assertExistingUsersFit(
  db: DatabaseConnection,
  pending: ReadonlyArray<{ name: string; sql: string }>,
  folder: string,
  commands: { generate: string; migrate: string },
): Promise<string | null> {
  const { generate, migrate } = commands;
  const where = databaseName(db);
  const creating = pending.find((migration) => CREATES_USERS.test(migration.sql));
  const adapted = pending.find((migration) => adoptedUsers([migration]) !== null);
  if (!creating && !adapted) return null;
  const live = await liveTable(db, "users");
  if (adapted && !live)
    throw new CliError(
      "UnsupportedProject",
      `${folder}/${adapted.name} adds to the app's own users table, which ${where} does not have: nothing was applied. Create the app's tables first (its own migrations), or run ${migrate} against the database that has them.`,
    );
  if (!live) return null;
  const fit = await usersFit(db, live);
  const file = `${folder}/${(creating ?? adapted)!.name}`;
  if (fit.kind === "refuse")
    throw new CliError(
      "UnsupportedProject",
      `${where} already has a users table of its own, which ${file} ${creating ? "would keep and reference" : "adds to"}, and sign-up cannot work on it: ${fit.reasons.join("; ")}. Nothing was applied: change that in the database, then run ${creating ? `${generate}, then ` : ""}${migrate} again.`,
    );
  if (!creating) return null;
  if (fit.kind === "fits")
    return `${where} already has a users table with every column the adapter uses: ${file} keeps it as it is (CREATE TABLE IF NOT EXISTS).`;
  throw new CliError(
    "UnsupportedProject",
    `${where} already has a users table of its own, which ${file} would keep (CREATE TABLE IF NOT EXISTS) and reference: ${fit.misfits.join("; ")}. Nothing was applied. Run ${generate}: it adapts ${file} (never applied) to your users table and tells the adapter its ids, then run ${migrate} again.`,
  );
}

/**
 * doctor's fix for what it finds of the app's users table on the SQL path, where the commands write it all:
 * generate (the first migration adapted, the adapter told its ids and what to fill), then migrate, while the
 * migrations still create users as written; once they are adapted, generate again hands the auth module the
 * options (`options`: ids, required columns), and what is in the table (`table`: email, user_id) is doctor's
 * own fix. Null on the ORM paths, whose own fixes stand.
 */
export function sqlUsersFix(
  reader: ProjectReader,
  info: ProjectInfo,
  adapter: string,
  what: "options" | "table",
): string | null {
  if (!(SQL_ADAPTERS as readonly string[]).includes(adapter)) return null;
  const state = databaseState(reader, info);
  const files = state.migrations.files;
  if (adoptedUsers(files))
    return what === "options" ? `${state.generate} (it hands the adapter the options your users table needs)` : null;
  if (!files.some((file) => CREATES_USERS.test(file.sql))) return null;
  return `${state.generate} (it adapts the first migration, never applied, to your users table and hands the adapter its ids), then ${state.owner.command}`;
}
