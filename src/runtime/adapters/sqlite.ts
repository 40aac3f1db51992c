/**
 * The SQLite adapter, the embedded default: `sqlite(db)` for a `node:sqlite` `DatabaseSync` (Node ≥ 22.5)
 * or a `better-sqlite3` `Database`, on the tables `create-auth init --db sqlite` writes. Both drivers are
 * synchronous and share the `prepare`/`get`/`all`/`run`/`exec` API, so one adapter serves both.
 *
 * Dates are INTEGER milliseconds since the epoch, booleans 0/1 (see sqlite-records.ts). The session and
 * its user come from one JOIN; a verification token is used with one `DELETE … RETURNING` (atomic even
 * across processes sharing the file, SQLite ≥ 3.35); deleteUser removes what the user owns itself, in
 * one transaction, so it cascades even on a connection with foreign keys turned off.
 */
import { AdapterError } from "../errors.js";
import type { Adapter } from "../types.js";
import * as schema from "./sql-columns.js";
import { newUserRow } from "./sql-new-user.js";
import { onPasswordsTable } from "./sql-passwords.js";
import { type SqlRunner, sqlReads } from "./sql-reads.js";
import { sqlReturning } from "./sql-returning.js";
import { sqliteRateLimitMethods } from "./sqlite-rate-limits.js";
import { authenticatorValues, dateToColumn, records, type SqliteValue, sqliteValue } from "./sqlite-records.js";
import { type AdapterOptions, checkedUserIdKind, userIdCodec } from "./user-ids.js";

export type { AdapterOptions, UserIdKind } from "./user-ids.js";

/**
 * A prepared statement, as both drivers provide it. The parameters are typed `never` so that either
 * driver's own (generic, overloaded) statement type fits; the adapter binds only strings, numbers and null.
 */
export interface SqliteStatement {
  run(...values: never[]): unknown;
  get(...values: never[]): unknown;
  all(...values: never[]): unknown[];
}

/** The same statement as the adapter calls it. */
interface BindingStatement {
  run(...values: SqliteValue[]): unknown;
  get(...values: SqliteValue[]): unknown;
  all(...values: SqliteValue[]): unknown[];
}

/**
 * What the adapter needs of the database: `node:sqlite`'s `DatabaseSync` and `better-sqlite3`'s `Database`
 * both fit. Declared here so the runtime depends on neither driver's types.
 */
export interface SqliteDatabase {
  prepare(sql: string): SqliteStatement;
  exec(sql: string): unknown;
}

/** RETURNING arrived in SQLite 3.35 (2021); older builds would fail on the first token use. */
const minimumVersion = [3, 35];

/** Names the driver for error messages, and refuses anything that is neither. */
function driverName(db: SqliteDatabase): string {
  if (typeof db?.prepare !== "function" || typeof db.exec !== "function") {
    throw new AdapterError("sqlite(db) needs a node:sqlite DatabaseSync or a better-sqlite3 Database.");
  }
  // better-sqlite3 has pragma() and transaction(); node:sqlite has neither.
  const candidate = db as SqliteDatabase & { pragma?: unknown; transaction?: unknown };
  return typeof candidate.pragma === "function" && typeof candidate.transaction === "function"
    ? "better-sqlite3"
    : "node:sqlite";
}

/**
 * `options.userIds` names the type of `users.id` (default "text"); `options.newUserColumns` fills the app's
 * own required users columns (see user-ids.ts).
 */
export default function sqlite(db: SqliteDatabase, options: AdapterOptions = {}): Adapter {
  const driver = driverName(db);
  const ids = userIdCodec(checkedUserIdKind(options.userIds, "sqlite(db, options)"));
  // Integer ids are read as text: better-sqlite3 and node:sqlite round an INTEGER beyond 2^53 to a Number.
  const asText = ids.assignedByDatabase ? schema.idAsText.sqlite : null;
  const selects = schema.selectLists(asText);
  const statements = new Map<string, BindingStatement>();
  let versionChecked = false;

  /** Prepared on first use (the tables may be created after the adapter) and reused afterwards. */
  function statement(sql: string): BindingStatement {
    if (!versionChecked) {
      const { version } = db.prepare("SELECT sqlite_version() AS version").get() as { version: string };
      const [major = 0, minor = 0] = version.split(".").map(Number);
      if (major < (minimumVersion[0] ?? 0) || (major === minimumVersion[0] && minor < (minimumVersion[1] ?? 0))) {
        throw new AdapterError(
          `The SQLite adapter needs SQLite ≥ ${minimumVersion.join(".")}; ${driver} has ${version}.`,
        );
      }
      versionChecked = true;
    }
    let prepared = statements.get(sql);
    if (!prepared) {
      prepared = db.prepare(sql) as BindingStatement;
      statements.set(sql, prepared);
    }
    return prepared;
  }

  const one = (sql: string, ...values: SqliteValue[]) =>
    (statement(sql).get(...values) as schema.Row | undefined) ?? null;
  const all = (sql: string, ...values: SqliteValue[]) => statement(sql).all(...values) as schema.Row[];
  const run = (sql: string, ...values: SqliteValue[]) => void statement(sql).run(...values);

  /** Runs `work` in a transaction of its own, or nested in the caller's (a savepoint works in both cases). */
  function transaction<T>(name: string, work: () => T): T {
    db.exec(`SAVEPOINT ${name}`);
    try {
      const result = work();
      db.exec(`RELEASE ${name}`);
      return result;
    } catch (error) {
      db.exec(`ROLLBACK TO ${name}`);
      db.exec(`RELEASE ${name}`);
      throw error;
    }
  }

  const runner: SqlRunner = {
    first: (sql, values) => one(sql, ...(values as SqliteValue[])),
    all: (sql, values) => all(sql, ...(values as SqliteValue[])),
    run: (sql, values) => run(sql, ...(values as SqliteValue[])),
  };
  const dialect = { db: runner, placeholder: () => "?", ids, selects, records };
  const reads = sqlReads({ ...dialect, adapter: `sqlite(db) on ${driver}` });

  const connection = db as SqliteDatabase & { inTransaction?: boolean; isTransaction?: boolean };
  const rateLimits = sqliteRateLimitMethods({
    exec: (sql) => db.exec(sql),
    one,
    run,
    inTransaction: () => connection.inTransaction === true || connection.isTransaction === true,
    adapter: `sqlite(db) on ${driver}`,
  });

  return {
    ...reads.methods,
    ...sqlReturning(dialect),
    ...rateLimits,
    async createUser(user) {
      // emailVerified as auth's other dates (dateToColumn refuses an invalid one); the app's values as SQLite binds them.
      const values = newUserRow(user, ids.newId(user.id), options, "sqlite(db, options)", (value, column) =>
        column === "email_verified" && value !== null ? dateToColumn(value as Date) : sqliteValue(value),
      );
      const row = one(
        `INSERT INTO users (${[...values.keys()].join(", ")}) VALUES (${[...values.keys()].map(() => "?").join(", ")}) ` +
          `RETURNING ${selects.user}`,
        ...values.values(),
      );
      return records.userFromRow(row!);
    },
    async updateUser(user) {
      const id = ids.parse(user.id);
      if (id === null) throw new AdapterError(`Cannot update the user: no user with id "${user.id}".`);
      const changed = schema.userFieldColumns.filter(([field]) => user[field] !== undefined);
      const values = changed.map(([field]): SqliteValue => {
        const value = user[field];
        if (value === null || value === undefined) return null;
        return field === "emailVerified" ? dateToColumn(value) : String(value);
      });
      const row = changed.length
        ? one(
            `UPDATE users SET ${changed.map(([, column]) => `${column} = ?`).join(", ")} WHERE id = ? ` +
              `RETURNING ${selects.user}`,
            ...values,
            id,
          )
        : one(`SELECT ${selects.user} FROM users WHERE id = ?`, id);
      if (!row) throw new AdapterError(`Cannot update the user: no user with id "${user.id}".`);
      return records.userFromRow(row);
    },
    async deleteUser(userId) {
      const id = ids.parse(userId);
      if (id === null) return null;
      return transaction("create_auth_delete_user", () => {
        for (const table of ["sessions", "accounts", "authenticators"]) {
          run(`DELETE FROM ${table} WHERE user_id = ?`, id);
        }
        // Only apps with the password provider have this table: a DELETE naming a missing table fails.
        if (one("SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = 'passwords'")) {
          run("DELETE FROM passwords WHERE user_id = ?", id);
        }
        const row = one(`DELETE FROM users WHERE id = ? RETURNING ${selects.user}`, id);
        return row ? records.userFromRow(row) : null;
      });
    },
    async linkAccount(account) {
      const row = one(
        `INSERT INTO accounts (${schema.accountColumns}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${selects.account}`,
        ...records.accountValues(account, ids.require(account.userId, "link the account")),
      );
      return records.accountFromRow(row!);
    },
    async createSession(session) {
      const row = one(
        `INSERT INTO sessions (${schema.sessionColumns}) VALUES (?, ?, ?) RETURNING ${selects.session}`,
        session.sessionToken,
        ids.require(session.userId, "create the session"),
        dateToColumn(session.expires),
      );
      return records.sessionFromRow(row!);
    },
    async updateSession(session) {
      const changes: Array<[string, SqliteValue]> = [];
      if (session.expires !== undefined) changes.push(["expires", dateToColumn(session.expires)]);
      if (session.userId !== undefined) changes.push(["user_id", ids.require(session.userId, "move the session")]);
      const row = changes.length
        ? one(
            `UPDATE sessions SET ${changes.map(([column]) => `${column} = ?`).join(", ")} WHERE session_token = ? ` +
              `RETURNING ${selects.session}`,
            ...changes.map(([, value]) => value),
            session.sessionToken,
          )
        : one(`SELECT ${selects.session} FROM sessions WHERE session_token = ?`, session.sessionToken);
      return row ? records.sessionFromRow(row) : null;
    },
    async createVerificationToken(token) {
      run(
        `INSERT INTO verification_tokens (${schema.verificationTokenColumns}) VALUES (?, ?, ?)`,
        token.identifier,
        token.token,
        dateToColumn(token.expires),
      );
      return token;
    },
    async createAuthenticator(authenticator) {
      const row = one(
        `INSERT INTO authenticators (${schema.authenticatorColumns}) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ` +
          `RETURNING ${selects.authenticator}`,
        ...authenticatorValues(authenticator, ids.require(authenticator.userId, "store the authenticator")),
      );
      return records.authenticatorFromRow(row!);
    },
    async deleteExpired(now = new Date()) {
      const removed = (table: schema.ExpiringTable) => {
        const sql = `DELETE FROM ${schema.expiringTables[table]} WHERE ${schema.expiredCondition("?")}`;
        // Both drivers report the rows a statement changed as `changes` (node:sqlite may say it as a bigint).
        return Number((statement(sql).run(dateToColumn(now)) as { changes: number | bigint }).changes);
      };
      return { sessions: removed("sessions"), verificationTokens: removed("verificationTokens") };
    },
    async setPasswordHash(userId, hash) {
      const id = ids.require(userId, "store the password");
      // One statement, insert or replace. The id comes from users, so a missing user inserts nothing even on
      // a connection with foreign keys turned off (SQLite needs the WHERE to read ON CONFLICT as the upsert's).
      const sql =
        "INSERT INTO passwords (user_id, hash, updated_at) SELECT id, ?, ? FROM users WHERE id = ? " +
        "ON CONFLICT (user_id) DO UPDATE SET hash = excluded.hash, updated_at = excluded.updated_at";
      const { changes } = await onPasswordsTable(
        `sqlite(db) on ${driver}`,
        () => statement(sql).run(hash, dateToColumn(new Date()), id) as { changes: number | bigint },
      );
      if (Number(changes) === 0) throw new AdapterError(`Cannot store the password: no user with id "${userId}".`);
    },
  };
}
