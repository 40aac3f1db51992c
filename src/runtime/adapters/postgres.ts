/**
 * The PostgreSQL adapter: `postgres(pool)` for a `pg` Pool (or Client), on the tables `create-auth init
 * --db postgres` writes (see the schema file it generates). Every method is one statement: the session and
 * its user come from one JOIN, a verification token is used with one `DELETE … RETURNING` (so two concurrent
 * uses cannot both get it), and deleting a user cascades through the schema's foreign keys.
 */
import { AdapterError } from "../errors.js";
import type { Adapter } from "../types.js";
import { rateLimitMethods } from "./rate-limit-log.js";
import { authenticatorValues } from "./row-records.js";
import * as schema from "./sql-columns.js";
import { newUserRow } from "./sql-new-user.js";
import { onPasswordsTable } from "./sql-passwords.js";
import { sqlRateLimitRows } from "./sql-rate-limits.js";
import { sqlReads } from "./sql-reads.js";
import { records, toInteger } from "./sql-records.js";
import { sqlReturning } from "./sql-returning.js";
import { type AdapterOptions, checkedUserIdKind, userIdCodec } from "./user-ids.js";

export type { AdapterOptions, UserIdKind } from "./user-ids.js";

/**
 * What the adapter needs of `pg`: a `Pool` (or a connected `Client`) satisfies it. Declared here rather
 * than imported so the runtime does not depend on pg's type package; drivers with pg's API fit as well.
 */
export interface PostgresPool {
  query(text: string, values?: unknown[]): Promise<{ rows: schema.Row[] }>;
}

/** `$1, $2, …, $count`, starting after `offset` parameters. */
const placeholders = (count: number, offset = 0) =>
  Array.from({ length: count }, (_, index) => `$${index + offset + 1}`).join(", ");

/**
 * `options.userIds` names the type of `users.id` (default "text"); `options.newUserColumns` fills the app's
 * own required users columns (see user-ids.ts). An "integer" id is PostgreSQL's 32-bit `integer` (serial).
 */
export default function postgres(pool: PostgresPool, options: AdapterOptions = {}): Adapter {
  const ids = userIdCodec(checkedUserIdKind(options.userIds, "postgres(pool, options)"), "int32");
  // pg's Pool reports an idle connection the server ended (a restart, a failover) as an `error` event, which
  // ends the process when nothing listens. The pool has already dropped that client and the next query
  // connects anew: listen once per pool, unless the app does (test/runtime/password-flow/multi-instance.test.ts).
  const events = pool as { listenerCount?(event: string): number; on?(event: string, listener: () => void): unknown };
  if (events.listenerCount?.("error") === 0) events.on?.("error", () => {});
  // pg reads BIGINT as a string already; reading every integer id as text keeps one path for both kinds.
  const asText = ids.assignedByDatabase ? schema.idAsText.postgres : null;
  const selects = schema.selectLists(asText);

  async function first(text: string, values: unknown[]): Promise<schema.Row | null> {
    const { rows } = await pool.query(text, values);
    return rows[0] ?? null;
  }

  const db = {
    first,
    all: async (text: string, values: unknown[]) => (await pool.query(text, values)).rows,
    run: first,
  };
  const dialect = { db, placeholder: (position: number) => `$${position}`, ids, selects, records };
  const reads = sqlReads({ ...dialect, adapter: "postgres(pool)" });

  const rateLimitRows = sqlRateLimitRows("postgres", {
    rows: db.all,
    // Only MySQL's count is read (the others' writes that matter use RETURNING).
    write: async (text, values) => (await db.all(text, values)).length,
  });

  return {
    ...reads.methods,
    ...sqlReturning(dialect),
    ...rateLimitMethods(rateLimitRows, "postgres(pool)"),
    async createUser(user) {
      const id = ids.newId(user.id);
      const values = newUserRow(user, id, options, "postgres(pool, options)", (value) => value);
      const row = await first(
        `INSERT INTO users (${[...values.keys()].join(", ")}) VALUES (${placeholders(values.size)}) ` +
          `RETURNING ${selects.user}`,
        [...values.values()],
      );
      return records.userFromRow(row as schema.Row);
    },
    async updateUser(partial) {
      const id = ids.parse(partial.id);
      if (id === null) throw new AdapterError(`Cannot update the user: no user with id "${partial.id}".`);
      // Only the fields given change; `undefined` means "leave as is", `null` clears.
      const changes = schema.userFieldColumns.filter(([field]) => partial[field] !== undefined);
      const assignments = changes.map(([, column], index) => `${column} = $${index + 2}`);
      const row = assignments.length
        ? await first(`UPDATE users SET ${assignments.join(", ")} WHERE id = $1 RETURNING ${selects.user}`, [
            id,
            ...changes.map(([field]) => partial[field]),
          ])
        : await first(`SELECT ${selects.user} FROM users WHERE id = $1`, [id]);
      if (!row) throw new AdapterError(`Cannot update the user: no user with id "${partial.id}".`);
      return records.userFromRow(row);
    },
    async deleteUser(userId) {
      // Sessions, accounts and authenticators go with the user: the schema's foreign keys cascade.
      const id = ids.parse(userId);
      if (id === null) return null;
      const row = await first(`DELETE FROM users WHERE id = $1 RETURNING ${selects.user}`, [id]);
      return row ? records.userFromRow(row) : null;
    },
    async linkAccount(account) {
      const row = await first(
        `INSERT INTO accounts (${schema.accountColumns}) VALUES (${placeholders(4 + schema.accountTokenColumns.length)}) ` +
          `RETURNING ${selects.account}`,
        records.accountValues(account, ids.require(account.userId, "link the account")),
      );
      return records.accountFromRow(row as schema.Row);
    },
    async createSession(session) {
      const row = await first(
        `INSERT INTO sessions (${schema.sessionColumns}) VALUES ($1, $2, $3) RETURNING ${selects.session}`,
        [session.sessionToken, ids.require(session.userId, "create the session"), session.expires],
      );
      return records.sessionFromRow(row as schema.Row);
    },
    async updateSession(partial) {
      const row = await first(
        "UPDATE sessions SET expires = COALESCE($2, expires), user_id = COALESCE($3, user_id) " +
          `WHERE session_token = $1 RETURNING ${selects.session}`,
        [
          partial.sessionToken,
          partial.expires ?? null,
          partial.userId === undefined ? null : ids.require(partial.userId, "move the session"),
        ],
      );
      return row ? records.sessionFromRow(row) : null;
    },
    async createVerificationToken(token) {
      const row = await first(
        `INSERT INTO verification_tokens (${schema.verificationTokenColumns}) VALUES ($1, $2, $3) ` +
          `RETURNING ${schema.verificationTokenColumns}`,
        [token.identifier, token.token, token.expires],
      );
      return records.verificationTokenFromRow(row as schema.Row);
    },
    async createAuthenticator(authenticator) {
      const row = await first(
        `INSERT INTO authenticators (${schema.authenticatorColumns}) VALUES (${placeholders(8)}) ` +
          `RETURNING ${selects.authenticator}`,
        authenticatorValues(authenticator, ids.require(authenticator.userId, "store the authenticator")),
      );
      return records.authenticatorFromRow(row as schema.Row);
    },
    async deleteExpired(now = new Date()) {
      // The count comes back as a row, so any pg-like driver that answers `{ rows }` reports it.
      const removed = async (table: schema.ExpiringTable) => {
        const row = await first(
          `WITH removed AS (DELETE FROM ${schema.expiringTables[table]} WHERE ${schema.expiredCondition("$1")} RETURNING 1) ` +
            "SELECT count(*) AS count FROM removed",
          [now],
        );
        return toInteger(row?.count, `${schema.expiringTables[table]} removed`);
      };
      return { sessions: await removed("sessions"), verificationTokens: await removed("verificationTokens") };
    },
    async setPasswordHash(userId, hash) {
      const id = ids.require(userId, "store the password");
      // One statement, insert or replace: of two concurrent first writes neither fails on the key. Selecting
      // the id from users makes a missing user a clear error rather than a foreign key violation.
      const row = await onPasswordsTable("postgres(pool)", () =>
        first(
          "INSERT INTO passwords (user_id, hash, updated_at) " +
            "SELECT id, CAST($2 AS TEXT), CAST($3 AS TIMESTAMPTZ) FROM users WHERE id = $1 " +
            "ON CONFLICT (user_id) DO UPDATE SET hash = EXCLUDED.hash, updated_at = EXCLUDED.updated_at RETURNING 1 AS stored",
          [id, hash, new Date()],
        ),
      );
      if (!row) throw new AdapterError(`Cannot store the password: no user with id "${userId}".`);
    },
  };
}
