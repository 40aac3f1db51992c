/**
 * The adapter methods whose statement is the same in every SQL dialect but for its placeholders, written
 * once for postgres, mysql and sqlite: the reads by key, the session with its user in one JOIN, the
 * password hash, and the deletes that return nothing. The writes stay in each adapter, where the dialects
 * really differ (`RETURNING` or a read back, SQLite's dates as milliseconds, each upsert's spelling).
 */
import type { Adapter, AdapterUser } from "../types.js";
import type { RowRecords } from "./row-records.js";
import type { Row, SelectLists } from "./sql-columns.js";
import { deleteUserSessionsSql, onPasswordsTable, selectPasswordHash } from "./sql-passwords.js";
import type { UserIdCodec } from "./user-ids.js";

/** How the adapter runs a statement on its driver (synchronous drivers answer directly). */
export interface SqlRunner {
  /** The statement's first row, or null. */
  first(sql: string, values: unknown[]): Row | null | Promise<Row | null>;
  all(sql: string, values: unknown[]): Row[] | Promise<Row[]>;
  run(sql: string, values: unknown[]): unknown;
}

export interface SqlReadsContext {
  db: SqlRunner;
  /** The dialect's placeholder for the n-th value (from 1): `$1` or `?`. */
  placeholder: (position: number) => string;
  ids: UserIdCodec;
  selects: SelectLists;
  records: RowRecords;
  /** The factory as error messages name it: `postgres(pool)`. */
  adapter: string;
}

export type SqlReadMethods = Required<
  Pick<
    Adapter,
    | "getUser"
    | "getUserByEmail"
    | "getUserByAccount"
    | "getAccount"
    | "getSessionAndUser"
    | "getAuthenticator"
    | "listAuthenticatorsByUserId"
    | "deleteSessionsByUserId"
    | "getPasswordHash"
    | "deleteUserSessions"
  >
>;

export function sqlReads(context: SqlReadsContext): {
  /** The user the condition (on `users`, with the dialect's placeholders) finds, or null. */
  selectUser(where: string, values: unknown[]): Promise<AdapterUser | null>;
  methods: SqlReadMethods;
} {
  const { db, ids, selects, records, adapter } = context;
  const [p1, p2] = [context.placeholder(1), context.placeholder(2)];

  async function selectUser(where: string, values: unknown[]): Promise<AdapterUser | null> {
    const row = await db.first(`SELECT ${selects.user} FROM users WHERE ${where}`, values);
    return row ? records.userFromRow(row) : null;
  }

  const methods: SqlReadMethods = {
    async getUser(id) {
      const value = ids.parse(id);
      return value === null ? null : selectUser(`id = ${p1}`, [value]);
    },
    getUserByEmail(email) {
      return selectUser(`email = ${p1}`, [email]);
    },
    async getUserByAccount({ provider, providerAccountId }) {
      const row = await db.first(
        `SELECT ${selects.joinedUser} FROM accounts a JOIN users u ON u.id = a.user_id ` +
          `WHERE a.provider = ${p1} AND a.provider_account_id = ${p2}`,
        [provider, providerAccountId],
      );
      return row ? records.userFromRow(row) : null;
    },
    async getAccount(providerAccountId, provider) {
      const row = await db.first(
        `SELECT ${selects.account} FROM accounts WHERE provider = ${p1} AND provider_account_id = ${p2}`,
        [provider, providerAccountId],
      );
      return row ? records.accountFromRow(row) : null;
    },
    async getSessionAndUser(sessionToken) {
      // One round trip per request: the session row and its user's columns side by side.
      const row = await db.first(
        `SELECT ${selects.sessionAndUser} FROM sessions s JOIN users u ON u.id = s.user_id ` +
          `WHERE s.session_token = ${p1}`,
        [sessionToken],
      );
      return row ? { session: records.sessionFromRow(row), user: records.userFromRow(row) } : null;
    },
    async getAuthenticator(credentialID) {
      const row = await db.first(`SELECT ${selects.authenticator} FROM authenticators WHERE credential_id = ${p1}`, [
        credentialID,
      ]);
      return row ? records.authenticatorFromRow(row) : null;
    },
    async listAuthenticatorsByUserId(userId) {
      const id = ids.parse(userId);
      if (id === null) return [];
      const rows = await db.all(
        `SELECT ${selects.authenticator} FROM authenticators WHERE user_id = ${p1} ORDER BY credential_id`,
        [id],
      );
      return rows.map(records.authenticatorFromRow);
    },
    async deleteSessionsByUserId(userId) {
      const id = ids.parse(userId);
      if (id !== null) await db.run(`DELETE FROM sessions WHERE user_id = ${p1}`, [id]);
    },
    async getPasswordHash(userId) {
      const id = ids.parse(userId);
      if (id === null) return null;
      const row = await onPasswordsTable(adapter, () => db.first(selectPasswordHash(p1), [id]));
      return row ? String(row.hash) : null;
    },
    async deleteUserSessions(userId, keepSessionToken) {
      const id = ids.parse(userId);
      if (id === null) return;
      const keep = keepSessionToken !== undefined;
      await db.run(deleteUserSessionsSql([p1, p2], keep), keep ? [id, keepSessionToken] : [id]);
    },
  };
  return { selectUser, methods };
}
