/**
 * Applies SQL migration files to a database, once each, recording them in a table of its own
 * (`create_auth_migrations`: name, sha256 checksum, when). Each file runs in one transaction where the
 * dialect makes DDL transactional (PostgreSQL, SQLite); MySQL and MariaDB commit each DDL statement, so
 * there a failed file's tables, columns, indexes and foreign keys are dropped again (mysql-undo.ts) and the
 * database is left as it was. Two deploys migrating at once do not both apply a file: PostgreSQL and MySQL
 * hold a session lock for the whole run; SQLite's BEGIN IMMEDIATE serialises each file and the record is
 * checked again inside it.
 */
import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { CliError } from "../errors.js";
import { type DatabaseConnection, type DatabaseSession, oneLine } from "./connect.js";
import type { SqlDialect } from "./flavours.js";
import { mysqlSchema, UNDOABLE, undoMysql } from "./mysql-undo.js";
import { firstLine, type SqlStatement, splitStatements } from "./sql-statements.js";

export const MIGRATIONS_TABLE = "create_auth_migrations";

export interface Migration {
  /** `0001_auth_tables.sql` */
  name: string;
  sql: string;
}

export interface MigrationStatus {
  /** Files recorded as applied, in order. */
  applied: string[];
  /** Files not recorded yet, in the order they apply. */
  pending: Migration[];
  /** Recorded files whose text has changed since (reported, never applied again). */
  changed: string[];
  /** Recorded migrations whose file is gone. */
  missing: string[];
}

/** sha256 of the file's text with CRLF read as LF, so a Windows checkout does not look like an edit. */
export function checksum(sql: string): string {
  return createHash("sha256").update(sql.replaceAll("\r\n", "\n")).digest("hex");
}

const CREATE_TABLE: Record<SqlDialect, string> = {
  postgres: `CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (name TEXT PRIMARY KEY, checksum TEXT NOT NULL, applied_at TIMESTAMPTZ(3) NOT NULL)`,
  mysql: `CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (name VARCHAR(255) NOT NULL PRIMARY KEY, checksum CHAR(64) NOT NULL, applied_at DATETIME(3) NOT NULL) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin`,
  // ISO text: readable with the sqlite3 shell, and sorts as it reads.
  sqlite: `CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (name TEXT NOT NULL PRIMARY KEY, checksum TEXT NOT NULL, applied_at TEXT NOT NULL) STRICT`,
};

const TABLE_EXISTS: Record<SqlDialect, string> = {
  postgres:
    "SELECT 1 AS found FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = $1",
  mysql: "SELECT 1 AS found FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = ?",
  sqlite: "SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = ?",
};

const param = (dialect: SqlDialect, n: number) => (dialect === "postgres" ? `$${n}` : "?");

type Queryable = Pick<DatabaseSession, "query">;

/** name → checksum of the recorded migrations; null when the table does not exist (nothing applied yet). */
export async function recordedMigrations(db: Queryable, dialect: SqlDialect): Promise<Map<string, string> | null> {
  if ((await db.query(TABLE_EXISTS[dialect], [MIGRATIONS_TABLE])).length === 0) return null;
  const rows = await db.query(`SELECT name, checksum FROM ${MIGRATIONS_TABLE} ORDER BY name`);
  return new Map(rows.map((row) => [String(row["name"]), String(row["checksum"])]));
}

export function migrationStatus(
  files: readonly Migration[],
  recorded: ReadonlyMap<string, string> | null,
): MigrationStatus {
  const names = new Set(files.map((file) => file.name));
  const status: MigrationStatus = { applied: [], pending: [], changed: [], missing: [] };
  for (const file of files) {
    const sum = recorded?.get(file.name);
    if (sum === undefined) status.pending.push(file);
    else {
      status.applied.push(file.name);
      if (sum !== checksum(file.sql)) status.changed.push(file.name);
    }
  }
  for (const name of recorded?.keys() ?? []) if (!names.has(name)) status.missing.push(name);
  return status;
}

/** Transaction control inside a file would end the transaction the migrator wraps it in. */
const TRANSACTION_CONTROL =
  /^(BEGIN|COMMIT|ROLLBACK|START\s+TRANSACTION|END|SAVEPOINT|RELEASE)\b(\s+(TRANSACTION|WORK))?\s*$/i;

/** A file's statements, refused up front when one of them would take over the transaction. */
export function migrationStatements(migration: Migration, dialect?: SqlDialect): SqlStatement[] {
  const statements = splitStatements(migration.sql, dialect);
  statements.forEach((statement, index) => {
    if (TRANSACTION_CONTROL.test(statement.sql)) {
      throw new CliError(
        "ApplyFailed",
        `${migration.name}, statement ${index + 1} (line ${statement.line}: ${firstLine(statement)}) controls the transaction itself: remove it; auth migrate runs each file in a transaction of its own.`,
      );
    }
  });
  return statements;
}

/** A statement the database refused: which one (0-based), and its message as one line. */
class StatementFailed extends Error {
  readonly index: number;
  readonly statement: SqlStatement;

  constructor(index: number, statement: SqlStatement, cause: unknown) {
    super(oneLine(cause), { cause });
    this.index = index;
    this.statement = statement;
  }
}

async function runStatements(session: Queryable, statements: readonly SqlStatement[]): Promise<void> {
  for (const [index, statement] of statements.entries()) {
    try {
      await session.query(statement.sql);
    } catch (error) {
      throw new StatementFailed(index, statement, error);
    }
  }
}

async function record(session: Queryable, dialect: SqlDialect, migration: Migration): Promise<void> {
  const at = new Date();
  await session.query(
    `INSERT INTO ${MIGRATIONS_TABLE} (name, checksum, applied_at) VALUES (${param(dialect, 1)}, ${param(dialect, 2)}, ${param(dialect, 3)})`,
    [migration.name, checksum(migration.sql), dialect === "sqlite" ? at.toISOString() : at],
  );
}

// --- Locks ---

/** PostgreSQL's advisory lock key: one per database, shared by every create-auth migrate. */
const PG_LOCK = `hashtext('${MIGRATIONS_TABLE}')`;
/**
 * MySQL's named locks are server-wide (PostgreSQL's advisory locks are per database): the name carries the
 * database's, hashed to stay within the 64 characters a lock name may have.
 */
const MYSQL_LOCK = "CONCAT('create_auth_migrate:', SHA1(DATABASE()))";
const LOCK_WAIT_SECONDS = 60;

async function lock(session: Queryable, dialect: SqlDialect, target: string): Promise<void> {
  if (dialect === "sqlite") return; // BEGIN IMMEDIATE per file (applyOne)
  if (dialect === "mysql") {
    const [row] = await session.query(`SELECT GET_LOCK(${MYSQL_LOCK}, ?) AS locked`, [LOCK_WAIT_SECONDS]);
    if (Number(row?.["locked"]) === 1) return;
  } else {
    // pg_try_advisory_lock in a loop rather than pg_advisory_lock: a wait with an end, and a clear message.
    for (let waited = 0; waited < LOCK_WAIT_SECONDS * 2; waited++) {
      const [row] = await session.query(`SELECT pg_try_advisory_lock(${PG_LOCK}) AS locked`);
      if (row?.["locked"] === true) return;
      await sleep(500);
    }
  }
  throw new CliError(
    "ApplyFailed",
    `Another auth migrate has held the migration lock on ${target} for ${LOCK_WAIT_SECONDS} s: run again once it has finished.`,
  );
}

async function unlock(session: Queryable, dialect: SqlDialect): Promise<void> {
  if (dialect === "mysql") await session.query(`SELECT RELEASE_LOCK(${MYSQL_LOCK})`);
  if (dialect === "postgres") await session.query(`SELECT pg_advisory_unlock(${PG_LOCK})`);
}

// --- Applying ---

export interface MigrateEvents {
  /** Before a file runs. */
  applying?(migration: Migration, statements: number): void;
}

export interface MigrateResult extends MigrationStatus {
  /** Files applied by this run, in order (the status's `pending` is what was pending when it started). */
  appliedNow: string[];
}

function failure(
  migration: Migration,
  error: StatementFailed,
  appliedNow: readonly string[],
  afterward: string,
): CliError {
  const where = `statement ${error.index + 1} (line ${error.statement.line}: ${firstLine(error.statement)})`;
  const before = appliedNow.length > 0 ? ` Applied before it: ${appliedNow.join(", ")}.` : "";
  return new CliError("ApplyFailed", `${migration.name} failed at ${where}: ${error.message}. ${afterward}${before}`);
}

/** A failure outside the file's statements (the connection lost, the record refused), as one line. */
function unexpected(migration: Migration, error: unknown, appliedNow: readonly string[], afterward: string): CliError {
  if (error instanceof CliError) return error;
  const before = appliedNow.length > 0 ? ` Applied before it: ${appliedNow.join(", ")}.` : "";
  return new CliError("ApplyFailed", `Could not apply ${migration.name}: ${oneLine(error)}.${afterward}${before}`);
}

/** Runs one file and records it; throws a CliError that says what failed and what the database holds now. */
async function applyOne(
  session: Queryable,
  dialect: SqlDialect,
  migration: Migration,
  statements: readonly SqlStatement[],
  appliedNow: readonly string[],
): Promise<boolean> {
  if (dialect === "mysql") {
    const before = await mysqlSchema(session);
    try {
      await runStatements(session, statements);
      await record(session, dialect, migration);
      return true;
    } catch (error) {
      if (!(error instanceof StatementFailed)) throw unexpected(migration, error, appliedNow, "");
      const ran = statements.slice(0, error.index);
      const dropped: string[] = [];
      let undone: string;
      try {
        await undoMysql(session, before, ran, dropped);
        undone = dropped.length > 0 ? `MySQL commits DDL as it runs; undone: ${dropped.join(", ")}.` : "";
      } catch (undoError) {
        const done = dropped.length > 0 ? ` after dropping ${dropped.join(", ")}` : "";
        undone = `MySQL commits DDL as it runs, and undoing it failed${done} (${oneLine(undoError)}): check the database by hand.`;
      }
      const kept = ran.filter((statement) => !UNDOABLE.test(statement.sql));
      const left =
        kept.length > 0
          ? `Not undoable, left as they ran: ${kept.map((statement) => `line ${statement.line}: ${firstLine(statement)}`).join("; ")}.`
          : "";
      const afterward = [undone, left].filter(Boolean).join(" ") || "Nothing of it was left behind.";
      throw failure(migration, error, appliedNow, afterward);
    }
  }
  // PostgreSQL and SQLite: DDL is transactional, the whole file is one transaction with its record.
  await session.query(dialect === "sqlite" ? "BEGIN IMMEDIATE" : "BEGIN");
  try {
    // Another process may have applied it between the status read and this lock (SQLite locks per file).
    const [again] = await session.query(
      `SELECT 1 AS found FROM ${MIGRATIONS_TABLE} WHERE name = ${param(dialect, 1)}`,
      [migration.name],
    );
    if (again) {
      await session.query("COMMIT");
      return false;
    }
    await runStatements(session, statements);
    await record(session, dialect, migration);
    await session.query("COMMIT");
    return true;
  } catch (error) {
    await session.query("ROLLBACK").catch(() => {});
    const afterward = "Rolled back: nothing of it was applied.";
    if (!(error instanceof StatementFailed)) throw unexpected(migration, error, appliedNow, ` ${afterward}`);
    throw failure(migration, error, appliedNow, afterward);
  }
}

/**
 * Applies the files not yet recorded, in order, under the migration lock. Stops at the first failure (a
 * CliError naming the file, the statement and the database's message); files applied before it stay.
 */
export async function migrate(
  db: DatabaseConnection,
  files: readonly Migration[],
  events: MigrateEvents = {},
): Promise<MigrateResult> {
  const { dialect } = db;
  return underLock(db, async (session) => {
    await session.query(CREATE_TABLE[dialect]);
    const status = migrationStatus(files, await recordedMigrations(session, dialect));
    // Every pending file is split (and checked) before the first one runs.
    const planned = status.pending.map((migration) => ({
      migration,
      statements: migrationStatements(migration, dialect),
    }));
    const appliedNow: string[] = [];
    for (const { migration, statements } of planned) {
      events.applying?.(migration, statements.length);
      if (await applyOne(session, dialect, migration, statements, appliedNow)) appliedNow.push(migration.name);
    }
    return { ...status, appliedNow };
  });
}

/** Runs `work` on one session holding the migration lock, released (and the session with it) however it ends. */
async function underLock<T>(db: DatabaseConnection, work: (session: DatabaseSession) => Promise<T>): Promise<T> {
  const session = await db.session();
  let locked = false;
  try {
    await lock(session, db.dialect, db.target);
    locked = true;
    return await work(session);
  } finally {
    if (locked) await unlock(session, db.dialect).catch(() => {});
    await session.release();
  }
}

/** A statement that creates only what is missing: running it against a database that has the thing is a no-op. */
const CREATES_IF_MISSING = /^CREATE\s+(UNIQUE\s+)?(TABLE|INDEX)\s+IF\s+NOT\s+EXISTS\b/i;

export interface RepairResult extends MigrationStatus {
  /** The applied files whose creating statements ran again, in order, with how many statements each. */
  rerun: { name: string; statements: number }[];
}

/**
 * `migrate --repair`: re-creates auth tables and indexes dropped after their migration was recorded, which
 * neither a pending file nor `generate` brings back. Only the `CREATE … IF NOT EXISTS` statements of files
 * recorded with the same text run again, under the migration lock: what exists stays as it is, and nothing
 * else of a file (an ALTER, an INSERT) ever runs twice. Nothing is recorded.
 */
export async function repair(db: DatabaseConnection, files: readonly Migration[]): Promise<RepairResult> {
  const { dialect } = db;
  return underLock(db, async (session) => {
    const status = migrationStatus(files, await recordedMigrations(session, dialect));
    const applied = new Set(status.applied);
    const changed = new Set(status.changed);
    const rerun: RepairResult["rerun"] = [];
    for (const migration of files) {
      if (!applied.has(migration.name) || changed.has(migration.name)) continue;
      const statements = migrationStatements(migration, dialect).filter((statement) =>
        CREATES_IF_MISSING.test(statement.sql),
      );
      if (statements.length === 0) continue;
      try {
        await runStatements(session, statements);
      } catch (error) {
        if (!(error instanceof StatementFailed)) throw unexpected(migration, error, [], "");
        throw failure(migration, error, [], "Statements before it stay: each only creates what was missing.");
      }
      rerun.push({ name: migration.name, statements: statements.length });
    }
    return { ...status, rerun };
  });
}

/** What `migrate` would do, read without creating or changing anything (a dry run). */
export async function pendingMigrations(db: DatabaseConnection, files: readonly Migration[]): Promise<MigrationStatus> {
  return migrationStatus(files, await recordedMigrations(db, db.dialect));
}
