/**
 * The MySQL and MariaDB adapter: `mysql(pool)` for a `mysql2/promise` Pool (or Connection), on the tables
 * `create-auth init --db mysql` writes. MySQL 8 has no `RETURNING`, so writes read their row back, and a
 * verification token is used by reading it and then deleting it: only the use whose `DELETE` removed the
 * row gets it, so two concurrent uses never both succeed. Deleting a user cascades through the schema's
 * foreign keys (InnoDB).
 *
 * Dates are stored as DATETIME(3) in the pool's `timezone` (mysql2's default is the process's local zone);
 * set `timezone: "Z"` on the pool so every process reads the same instant back whatever zone it runs in.
 */
import { AdapterError } from "../errors.js";
import type { Adapter, AdapterAccount, AdapterAuthenticator, AdapterSession, VerificationToken } from "../types.js";
import { rateLimitMethods } from "./rate-limit-log.js";
import { authenticatorValues } from "./row-records.js";
import * as schema from "./sql-columns.js";
import { newUserRow } from "./sql-new-user.js";
import { onPasswordsTable } from "./sql-passwords.js";
import { sqlRateLimitRows } from "./sql-rate-limits.js";
import { sqlReads } from "./sql-reads.js";
import { records } from "./sql-records.js";
import { type AdapterOptions, checkedUserIdKind, type IdValue, userIdCodec } from "./user-ids.js";

export type { AdapterOptions, UserIdKind } from "./user-ids.js";

/**
 * What the adapter needs of `mysql2/promise`: a `Pool` (or a `Connection`) satisfies it. Declared here
 * rather than imported so the runtime does not depend on mysql2; `query` resolves `[rows or result, fields]`.
 */
export interface MysqlPool {
  query(sql: string, values?: unknown[]): Promise<[unknown, unknown]>;
}

const questionMarks = (count: number) => Array.from({ length: count }, () => "?").join(", ");

/**
 * `options.userIds` names the type of `users.id` (default "text"; "uuid" for a CHAR(36) or MariaDB UUID
 * column); `options.newUserColumns` fills the app's own required users columns (see user-ids.ts).
 */
export default function mysql(pool: MysqlPool, options: AdapterOptions = {}): Adapter {
  const ids = userIdCodec(checkedUserIdKind(options.userIds, "mysql(pool, options)"));
  // mysql2 reads a BIGINT beyond 2^53 as a rounded Number unless the pool is configured otherwise: read as text.
  const asText = ids.assignedByDatabase ? schema.idAsText.mysql : null;
  const selects = schema.selectLists(asText);

  async function first(sql: string, values: unknown[]): Promise<schema.Row | null> {
    const [rows] = await pool.query(sql, values);
    return (rows as schema.Row[])[0] ?? null;
  }

  /** Runs an INSERT, UPDATE or DELETE and says how many rows it touched. */
  async function write(sql: string, values: unknown[]): Promise<number> {
    const [result] = await pool.query(sql, values);
    return (result as { affectedRows: number }).affectedRows;
  }

  /**
   * Runs an INSERT into users and says the id the row got: the one given, or AUTO_INCREMENT's, which
   * mysql2 reports on the statement's own connection as `insertId` (a string once beyond 2^53).
   */
  async function insertUser(sql: string, values: unknown[], id: IdValue | undefined): Promise<IdValue> {
    const [result] = await pool.query(sql, values);
    if (id !== undefined) return id;
    const { insertId } = result as { insertId?: number | string | bigint };
    const assigned = insertId === undefined ? null : ids.parse(String(insertId));
    if (assigned === null || assigned === 0) {
      throw new AdapterError(
        "The user was written but MySQL reported no AUTO_INCREMENT id: is users.id AUTO_INCREMENT?",
      );
    }
    return assigned;
  }

  async function selectAccount(provider: string, providerAccountId: string): Promise<AdapterAccount | null> {
    const row = await first(`SELECT ${selects.account} FROM accounts WHERE provider = ? AND provider_account_id = ?`, [
      provider,
      providerAccountId,
    ]);
    return row ? records.accountFromRow(row) : null;
  }

  async function selectSession(sessionToken: string): Promise<AdapterSession | null> {
    const row = await first(`SELECT ${selects.session} FROM sessions WHERE session_token = ?`, [sessionToken]);
    return row ? records.sessionFromRow(row) : null;
  }

  async function selectVerificationToken(identifier: string, token: string): Promise<VerificationToken | null> {
    const row = await first(
      `SELECT ${schema.verificationTokenColumns} FROM verification_tokens WHERE identifier = ? AND token = ?`,
      [identifier, token],
    );
    return row ? records.verificationTokenFromRow(row) : null;
  }

  async function selectAuthenticator(credentialID: string): Promise<AdapterAuthenticator | null> {
    const row = await first(`SELECT ${selects.authenticator} FROM authenticators WHERE credential_id = ?`, [
      credentialID,
    ]);
    return row ? records.authenticatorFromRow(row) : null;
  }

  /** A row the statement just wrote must be there to read back; anything else is the database's error. */
  function written<T>(record: T | null, what: string): T {
    if (record === null) throw new AdapterError(`The ${what} was written but could not be read back.`);
    return record;
  }

  const db = {
    first,
    all: async (sql: string, values: unknown[]) => (await pool.query(sql, values))[0] as schema.Row[],
    run: write,
  };
  const { selectUser, methods } = sqlReads({
    db,
    placeholder: () => "?",
    ids,
    selects,
    records,
    adapter: "mysql(pool)",
  });

  const rateLimitRows = sqlRateLimitRows("mysql", { rows: db.all, write });

  return {
    ...methods,
    ...rateLimitMethods(rateLimitRows, "mysql(pool)"),
    async createUser(user) {
      const id = ids.newId(user.id);
      const values = newUserRow(user, id, options, "mysql(pool, options)", (value) => value);
      const stored = await insertUser(
        `INSERT INTO users (${[...values.keys()].join(", ")}) VALUES (${questionMarks(values.size)})`,
        [...values.values()],
        id,
      );
      return written(await selectUser("id = ?", [stored]), "user");
    },
    async updateUser(partial) {
      const id = ids.parse(partial.id);
      if (id === null) throw new AdapterError(`Cannot update the user: no user with id "${partial.id}".`);
      // Only the fields given change; `undefined` means "leave as is", `null` clears.
      const changes = schema.userFieldColumns.filter(([field]) => partial[field] !== undefined);
      if (changes.length) {
        await write(`UPDATE users SET ${changes.map(([, column]) => `${column} = ?`).join(", ")} WHERE id = ?`, [
          ...changes.map(([field]) => partial[field]),
          id,
        ]);
      }
      const user = await selectUser("id = ?", [id]);
      if (!user) throw new AdapterError(`Cannot update the user: no user with id "${partial.id}".`);
      return user;
    },
    async deleteUser(userId) {
      // Sessions, accounts and authenticators go with the user: the schema's foreign keys cascade.
      const id = ids.parse(userId);
      if (id === null) return null;
      const user = await selectUser("id = ?", [id]);
      const deleted = await write("DELETE FROM users WHERE id = ?", [id]);
      return deleted ? user : null;
    },
    async linkAccount(account) {
      await write(
        `INSERT INTO accounts (${schema.accountColumns}) VALUES (${questionMarks(4 + schema.accountTokenColumns.length)})`,
        records.accountValues(account, ids.require(account.userId, "link the account")),
      );
      return selectAccount(account.provider, account.providerAccountId);
    },
    async unlinkAccount({ provider, providerAccountId }) {
      const account = await selectAccount(provider, providerAccountId);
      const deleted = await write("DELETE FROM accounts WHERE provider = ? AND provider_account_id = ?", [
        provider,
        providerAccountId,
      ]);
      return deleted && account ? account : undefined;
    },
    async createSession(session) {
      await write(`INSERT INTO sessions (${schema.sessionColumns}) VALUES (?, ?, ?)`, [
        session.sessionToken,
        ids.require(session.userId, "create the session"),
        session.expires,
      ]);
      return written(await selectSession(session.sessionToken), "session");
    },
    async updateSession(partial) {
      await write(
        "UPDATE sessions SET expires = COALESCE(?, expires), user_id = COALESCE(?, user_id) WHERE session_token = ?",
        [
          partial.expires ?? null,
          partial.userId === undefined ? null : ids.require(partial.userId, "move the session"),
          partial.sessionToken,
        ],
      );
      return selectSession(partial.sessionToken);
    },
    async deleteSession(sessionToken) {
      const session = await selectSession(sessionToken);
      const deleted = await write("DELETE FROM sessions WHERE session_token = ?", [sessionToken]);
      return deleted ? session : null;
    },
    async createVerificationToken(token) {
      await write(`INSERT INTO verification_tokens (${schema.verificationTokenColumns}) VALUES (?, ?, ?)`, [
        token.identifier,
        token.token,
        token.expires,
      ]);
      return selectVerificationToken(token.identifier, token.token);
    },
    async useVerificationToken({ identifier, token }) {
      // Read, then delete: the row's lock lets exactly one concurrent DELETE remove it, and only the use
      // whose DELETE did gets the token. A use that read it but lost the race gets null.
      const found = await selectVerificationToken(identifier, token);
      if (!found) return null;
      const deleted = await write("DELETE FROM verification_tokens WHERE identifier = ? AND token = ?", [
        identifier,
        token,
      ]);
      return deleted ? found : null;
    },
    async createAuthenticator(authenticator) {
      await write(
        `INSERT INTO authenticators (${schema.authenticatorColumns}) VALUES (${questionMarks(8)})`,
        authenticatorValues(authenticator, ids.require(authenticator.userId, "store the authenticator")),
      );
      return written(await selectAuthenticator(authenticator.credentialID), "authenticator");
    },
    async updateAuthenticatorCounter(credentialID, newCounter) {
      await write("UPDATE authenticators SET counter = ? WHERE credential_id = ?", [newCounter, credentialID]);
      const updated = await selectAuthenticator(credentialID);
      if (!updated) throw new AdapterError(`Cannot update the counter: no authenticator "${credentialID}".`);
      return updated;
    },
    async deleteExpired(now = new Date()) {
      const removed = (table: schema.ExpiringTable) =>
        write(`DELETE FROM ${schema.expiringTables[table]} WHERE ${schema.expiredCondition("?")}`, [now]);
      return { sessions: await removed("sessions"), verificationTokens: await removed("verificationTokens") };
    },
    async setPasswordHash(userId, hash) {
      const id = ids.require(userId, "store the password");
      const updatedAt = new Date();
      // One statement, insert or replace (ON DUPLICATE KEY UPDATE): of two concurrent first writes neither
      // fails on the key. The id comes from users, so a missing user inserts nothing.
      const changed = await onPasswordsTable("mysql(pool)", () =>
        write(
          "INSERT INTO passwords (user_id, hash, updated_at) SELECT id, ?, ? FROM users WHERE id = ? " +
            "ON DUPLICATE KEY UPDATE hash = ?, updated_at = ?",
          [hash, updatedAt, id, hash, updatedAt],
        ),
      );
      // 0 is also MySQL's count for a row set to the values it had: only a missing user is an error.
      if (changed === 0 && !(await selectUser("id = ?", [id]))) {
        throw new AdapterError(`Cannot store the password: no user with id "${userId}".`);
      }
    },
  };
}
