/**
 * The PostgreSQL adapter: `postgres(pool)` for a `pg` Pool (or Client), on the tables `create-auth init
 * --db postgres` writes (see the schema file it generates). Every method is one statement: the session and
 * its user come from one JOIN, a verification token is used with one `DELETE … RETURNING` (so two concurrent
 * uses cannot both get it), and deleting a user cascades through the schema's foreign keys.
 */
import { AdapterError } from "../errors.js";
import type { Adapter, AdapterUser } from "../types.js";
import {
  accountColumns,
  accountFromRow,
  accountTokenColumns,
  accountTokenValues,
  authenticatorColumns,
  authenticatorFromRow,
  type ExpiringTable,
  expiredCondition,
  expiringTables,
  type Row,
  sessionColumns,
  sessionFromRow,
  toInteger,
  userColumns,
  userFromRow,
  verificationTokenColumns,
  verificationTokenFromRow,
} from "./sql-records.js";

/**
 * What the adapter needs of `pg`: a `Pool` (or a connected `Client`) satisfies it. Declared here rather
 * than imported so the runtime does not depend on pg's type package; drivers with pg's API fit as well.
 */
export interface PostgresPool {
  query(text: string, values?: unknown[]): Promise<{ rows: Row[] }>;
}

/** `$1, $2, …, $count`, starting after `offset` parameters. */
const placeholders = (count: number, offset = 0) =>
  Array.from({ length: count }, (_, index) => `$${index + offset + 1}`).join(", ");

const userUpdatable = [
  ["name", "name"],
  ["email", "email"],
  ["emailVerified", "email_verified"],
  ["image", "image"],
] as const;

export default function postgres(pool: PostgresPool): Adapter {
  async function first(text: string, values: unknown[]): Promise<Row | null> {
    const { rows } = await pool.query(text, values);
    return rows[0] ?? null;
  }

  async function selectUser(where: string, values: unknown[]): Promise<AdapterUser | null> {
    const row = await first(`SELECT ${userColumns} FROM users WHERE ${where}`, values);
    return row ? userFromRow(row) : null;
  }

  return {
    async createUser(user) {
      const row = await first(
        `INSERT INTO users (${userColumns}) VALUES (${placeholders(5)}) RETURNING ${userColumns}`,
        [
          user.id ?? crypto.randomUUID(),
          user.name ?? null,
          user.email ?? null,
          user.emailVerified ?? null,
          user.image ?? null,
        ],
      );
      return userFromRow(row as Row);
    },
    getUser(id) {
      return selectUser("id = $1", [id]);
    },
    getUserByEmail(email) {
      return selectUser("email = $1", [email]);
    },
    getUserByAccount({ provider, providerAccountId }) {
      return selectUser("id = (SELECT user_id FROM accounts WHERE provider = $1 AND provider_account_id = $2)", [
        provider,
        providerAccountId,
      ]);
    },
    async updateUser(partial) {
      // Only the fields given change; `undefined` means "leave as is", `null` clears.
      const changes = userUpdatable.filter(([field]) => partial[field] !== undefined);
      const assignments = changes.map(([, column], index) => `${column} = $${index + 2}`);
      const row = assignments.length
        ? await first(`UPDATE users SET ${assignments.join(", ")} WHERE id = $1 RETURNING ${userColumns}`, [
            partial.id,
            ...changes.map(([field]) => partial[field]),
          ])
        : await first(`SELECT ${userColumns} FROM users WHERE id = $1`, [partial.id]);
      if (!row) throw new AdapterError(`Cannot update the user: no user with id "${partial.id}".`);
      return userFromRow(row);
    },
    async deleteUser(userId) {
      // Sessions, accounts and authenticators go with the user: the schema's foreign keys cascade.
      const row = await first(`DELETE FROM users WHERE id = $1 RETURNING ${userColumns}`, [userId]);
      return row ? userFromRow(row) : null;
    },
    async linkAccount(account) {
      const row = await first(
        `INSERT INTO accounts (${accountColumns}) VALUES (${placeholders(4 + accountTokenColumns.length)}) ` +
          `RETURNING ${accountColumns}`,
        [account.userId, account.type, account.provider, account.providerAccountId, ...accountTokenValues(account)],
      );
      return accountFromRow(row as Row);
    },
    async unlinkAccount({ provider, providerAccountId }) {
      const row = await first(
        `DELETE FROM accounts WHERE provider = $1 AND provider_account_id = $2 RETURNING ${accountColumns}`,
        [provider, providerAccountId],
      );
      return row ? accountFromRow(row) : undefined;
    },
    async getAccount(providerAccountId, provider) {
      const row = await first(
        `SELECT ${accountColumns} FROM accounts WHERE provider = $1 AND provider_account_id = $2`,
        [provider, providerAccountId],
      );
      return row ? accountFromRow(row) : null;
    },
    async createSession(session) {
      const row = await first(
        `INSERT INTO sessions (${sessionColumns}) VALUES ($1, $2, $3) RETURNING ${sessionColumns}`,
        [session.sessionToken, session.userId, session.expires],
      );
      return sessionFromRow(row as Row);
    },
    async getSessionAndUser(sessionToken) {
      // One round trip per request: the session row and its user's columns side by side.
      const row = await first(
        "SELECT s.session_token, s.user_id, s.expires, u.id, u.name, u.email, u.email_verified, u.image " +
          "FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.session_token = $1",
        [sessionToken],
      );
      return row ? { session: sessionFromRow(row), user: userFromRow(row) } : null;
    },
    async updateSession(partial) {
      const row = await first(
        "UPDATE sessions SET expires = COALESCE($2, expires), user_id = COALESCE($3, user_id) " +
          `WHERE session_token = $1 RETURNING ${sessionColumns}`,
        [partial.sessionToken, partial.expires ?? null, partial.userId ?? null],
      );
      return row ? sessionFromRow(row) : null;
    },
    async deleteSession(sessionToken) {
      const row = await first(`DELETE FROM sessions WHERE session_token = $1 RETURNING ${sessionColumns}`, [
        sessionToken,
      ]);
      return row ? sessionFromRow(row) : null;
    },
    async deleteSessionsByUserId(userId) {
      await pool.query("DELETE FROM sessions WHERE user_id = $1", [userId]);
    },
    async createVerificationToken(token) {
      const row = await first(
        `INSERT INTO verification_tokens (${verificationTokenColumns}) VALUES ($1, $2, $3) ` +
          `RETURNING ${verificationTokenColumns}`,
        [token.identifier, token.token, token.expires],
      );
      return verificationTokenFromRow(row as Row);
    },
    async useVerificationToken({ identifier, token }) {
      // Read and delete in one statement: of two concurrent uses, only one gets the row back.
      const row = await first(
        `DELETE FROM verification_tokens WHERE identifier = $1 AND token = $2 RETURNING ${verificationTokenColumns}`,
        [identifier, token],
      );
      return row ? verificationTokenFromRow(row) : null;
    },
    async createAuthenticator(authenticator) {
      const row = await first(
        `INSERT INTO authenticators (${authenticatorColumns}) VALUES (${placeholders(8)}) ` +
          `RETURNING ${authenticatorColumns}`,
        [
          authenticator.credentialID,
          authenticator.userId,
          authenticator.providerAccountId,
          authenticator.credentialPublicKey,
          authenticator.counter,
          authenticator.credentialDeviceType,
          authenticator.credentialBackedUp,
          authenticator.transports ?? null,
        ],
      );
      return authenticatorFromRow(row as Row);
    },
    async getAuthenticator(credentialID) {
      const row = await first(`SELECT ${authenticatorColumns} FROM authenticators WHERE credential_id = $1`, [
        credentialID,
      ]);
      return row ? authenticatorFromRow(row) : null;
    },
    async listAuthenticatorsByUserId(userId) {
      const { rows } = await pool.query(
        `SELECT ${authenticatorColumns} FROM authenticators WHERE user_id = $1 ORDER BY credential_id`,
        [userId],
      );
      return rows.map(authenticatorFromRow);
    },
    async updateAuthenticatorCounter(credentialID, newCounter) {
      const row = await first(
        `UPDATE authenticators SET counter = $2 WHERE credential_id = $1 RETURNING ${authenticatorColumns}`,
        [credentialID, newCounter],
      );
      if (!row) throw new AdapterError(`Cannot update the counter: no authenticator "${credentialID}".`);
      return authenticatorFromRow(row);
    },
    async deleteExpired(now = new Date()) {
      // The count comes back as a row, so any pg-like driver that answers `{ rows }` reports it.
      const removed = async (table: ExpiringTable) => {
        const row = await first(
          `WITH removed AS (DELETE FROM ${expiringTables[table]} WHERE ${expiredCondition("$1")} RETURNING 1) ` +
            "SELECT count(*) AS count FROM removed",
          [now],
        );
        return toInteger(row?.count, `${expiringTables[table]} removed`);
      };
      return { sessions: await removed("sessions"), verificationTokens: await removed("verificationTokens") };
    },
  };
}
