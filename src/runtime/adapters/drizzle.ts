/**
 * The Drizzle adapter: `drizzle(db)` for a Drizzle database on PostgreSQL, SQLite or MySQL/MariaDB. The
 * dialect comes from the database object itself; the tables default to the ones `create-auth` generates
 * (`adapters/drizzle-tables/<dialect>`, the same tables and columns as the SQL schema, and the password
 * provider's `<dialect>-passwords`), and `drizzle(db, tables)` takes your own definitions when they carry
 * extra columns or live under other names. Tables without `passwords` make an adapter without the password
 * methods (see drizzle-passwords.ts).
 *
 * Where the dialect has `RETURNING` (PostgreSQL, SQLite) a write returns its row in the same statement and a
 * verification token is used with one `DELETE … RETURNING`; MySQL reads the row back instead, and a token
 * goes to the one use whose `DELETE` removed it. Either way two concurrent uses never both get the token.
 *
 * Only this module (and the tables it imports) needs `drizzle-orm`: apps that use Drizzle already have it.
 */

import { and, type Column, eq, getTableColumns, is, lt, ne, type SQL, sql, type Table } from "drizzle-orm";
import { MySqlDatabase, type MySqlQueryResultHKT, type PreparedQueryHKTBase } from "drizzle-orm/mysql-core";
import { PgDatabase, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
import { AdapterError } from "../errors.js";
import type {
  Adapter,
  AdapterAccount,
  AdapterAuthenticator,
  AdapterSession,
  AdapterUser,
  VerificationToken,
} from "../types.js";
import {
  type DrizzlePasswordsTable,
  deleteSqlitePassword,
  drizzlePasswordMethods,
  type PasswordQueries,
} from "./drizzle-passwords.js";
import { drizzleRateLimitMethods } from "./drizzle-rate-limits.js";
import * as mysqlTables from "./drizzle-tables/mysql.js";
import * as mysqlPasswords from "./drizzle-tables/mysql-passwords.js";
import * as pgTables from "./drizzle-tables/pg.js";
import * as pgPasswords from "./drizzle-tables/pg-passwords.js";
import * as sqliteTables from "./drizzle-tables/sqlite.js";
import * as sqlitePasswords from "./drizzle-tables/sqlite-passwords.js";
import { userIdsOf } from "./drizzle-user-ids.js";
import { accountTokenColumns } from "./sql-columns.js";
import { type AdapterOptions, checkedUserIdKind, type IdValue, newUserValues, userIdCodec } from "./user-ids.js";

export type { AdapterOptions, UserIdKind } from "./user-ids.js";

/** Any Drizzle database: `drizzle-orm/node-postgres`, `postgres-js`, `better-sqlite3`, `libsql`, `mysql2`, … */
export type DrizzleDatabase =
  | PgDatabase<PgQueryResultHKT, Record<string, unknown>>
  | BaseSQLiteDatabase<"sync" | "async", unknown, Record<string, unknown>>
  | MySqlDatabase<MySqlQueryResultHKT, PreparedQueryHKTBase, Record<string, unknown>>;

type TableWith<Field extends string> = Table & Record<Field, Column>;

/** The tables the adapter reads and writes: each must have (at least) these columns, under these keys. */
export interface DrizzleTables {
  users: TableWith<"id" | "name" | "email" | "emailVerified" | "image">;
  accounts: TableWith<
    | "userId"
    | "type"
    | "provider"
    | "providerAccountId"
    | "refresh_token"
    | "access_token"
    | "expires_at"
    | "token_type"
    | "scope"
    | "id_token"
    | "session_state"
  >;
  sessions: TableWith<"sessionToken" | "userId" | "expires">;
  verificationTokens: TableWith<"identifier" | "token" | "expires">;
  authenticators?: TableWith<
    | "credentialID"
    | "userId"
    | "providerAccountId"
    | "credentialPublicKey"
    | "counter"
    | "credentialDeviceType"
    | "credentialBackedUp"
    | "transports"
  >;
  /** The password provider's hashes (`userId`, `hash`, `updatedAt`): without it the adapter has no password methods. */
  passwords?: DrizzlePasswordsTable;
}

type Row = Record<string, unknown>;

// The slice of Drizzle's query builders the adapter uses. The three dialects' builders share these
// shapes but not one type, so the adapter talks to them through this view once the dialect is known.
interface SelectQuery extends PromiseLike<Row[]> {
  where(condition: SQL | undefined): SelectQuery;
  innerJoin(table: Table, on: SQL): SelectQuery;
  limit(count: number): SelectQuery;
}
interface WriteQuery extends PromiseLike<unknown> {
  where(condition: SQL | undefined): WriteQuery;
  /** PostgreSQL and SQLite only: every column, or the given ones. */
  returning(fields?: Record<string, unknown>): PromiseLike<Row[]>;
}
interface QueryBuilder {
  select(fields?: Record<string, unknown>): { from(table: Table): SelectQuery };
  insert(table: Table): { values(values: Row): WriteQuery };
  update(table: Table): { set(values: Row): WriteQuery };
  delete(table: Table): WriteQuery;
}

type Dialect = "pg" | "sqlite" | "mysql";

function dialectOf(db: DrizzleDatabase): Dialect {
  if (is(db, PgDatabase)) return "pg";
  if (is(db, BaseSQLiteDatabase)) return "sqlite";
  if (is(db, MySqlDatabase)) return "mysql";
  throw new AdapterError(
    "drizzle(db) needs a Drizzle database for PostgreSQL, SQLite or MySQL (the object drizzle() returns).",
  );
}

/**
 * One module of tables per dialect, on purpose: drizzle-orm declares a table with its dialect's builder
 * (pgTable, mysqlTable, sqliteTable) and column types (timestamp, datetime, integer milliseconds), so the
 * same tables are written three times. The modules are the CLI's generator output, kept byte for byte as its
 * file snapshots (test/cli/database/drizzle/render.test.ts), so they never drift from the table model.
 */
const defaultTables: Record<Dialect, DrizzleTables> = {
  pg: { ...pgTables, ...pgPasswords },
  sqlite: { ...sqliteTables, ...sqlitePasswords },
  mysql: { ...mysqlTables, ...mysqlPasswords },
};

/** How many rows a MySQL write touched: mysql2 answers `[ResultSetHeader, fields]`, PlanetScale `{ rowsAffected }`. */
function affectedRows(result: unknown): number {
  const header = Array.isArray(result) ? result[0] : result;
  if (header && typeof header === "object") {
    if ("affectedRows" in header && typeof header.affectedRows === "number") return header.affectedRows;
    if ("rowsAffected" in header && typeof header.rowsAffected === "number") return header.rowsAffected;
  }
  throw new AdapterError("The MySQL driver did not say how many rows the statement changed (affectedRows).");
}

/** Only the table's own columns, and only those given: Drizzle leaves the others to their defaults. */
function columnsOf(table: Table, record: object): Row {
  const values: Row = {};
  for (const key of Object.keys(getTableColumns(table))) {
    const value = (record as Row)[key];
    if (value !== undefined) values[key] = value;
  }
  return values;
}

/**
 * A row as the record it stores: the one place a row becomes a record. Sound because each table's column
 * keys are the record's field names (`TableWith` requires them) and Drizzle converts every column's value to
 * the field's type (timestamps to Date, booleans to boolean); only `Row` cannot say which table it is from.
 */
function asRecord<T>(row: Row): T {
  return row as T;
}

const record = <T>(row: Row | null | undefined): T | null => (row ? asRecord<T>(row) : null);

/** Token fields the provider did not send stay absent rather than null, as they were when linked. */
function accountFromRow(row: Row): AdapterAccount {
  const account = { ...row };
  for (const field of accountTokenColumns) if (account[field] === null) delete account[field];
  return asRecord<AdapterAccount>(account);
}

/**
 * `options.userIds` names the type of `users.id`, inferred from `tables.users.id` when not given;
 * `options.newUserColumns` fills the app's own required users columns, by field key (see user-ids.ts).
 */
export default function drizzle(db: DrizzleDatabase, tables?: DrizzleTables, options: AdapterOptions = {}): Adapter {
  const dialect = dialectOf(db);
  const { users, accounts, sessions, verificationTokens, authenticators, passwords } = tables ?? defaultTables[dialect];
  const option =
    options.userIds === undefined ? undefined : checkedUserIdKind(options.userIds, "drizzle(db, tables, options)");
  const { kind, width } = userIdsOf(users.id, option);
  const ids = userIdCodec(kind, width);
  // Sound: dialectOf(db) proved it is one of the three Drizzle databases, whose builders all have this shape.
  const query = db as unknown as QueryBuilder;
  const hasReturning = dialect !== "mysql";
  // The same builders under the view the password methods take (drizzle-passwords.ts).
  const passwordQueries = db as unknown as PasswordQueries;

  // Integer ids are selected as text, so a BIGINT beyond 2^53 reaches the caller exactly whatever the column's
  // `mode` and the driver make of it; the other columns keep Drizzle's own mapping.
  const idAsText = (column: Column): SQL =>
    dialect === "mysql" ? sql`cast(${column} as char)` : sql`cast(${column} as text)`;
  const selections = new Map<Table, Record<string, unknown>>();
  if (ids.assignedByDatabase) {
    selections.set(users, { ...getTableColumns(users), id: idAsText(users.id) });
    for (const table of [accounts, sessions, authenticators]) {
      if (table) selections.set(table, { ...getTableColumns(table), userId: idAsText(table.userId) });
    }
  }
  /** What to select of a table: every column, the user id as text where it is an integer. */
  const selection = (table: Table): Record<string, unknown> => selections.get(table) ?? getTableColumns(table);

  async function first(table: Table, where: SQL | undefined): Promise<Row | null> {
    const [row] = await query.select(selection(table)).from(table).where(where).limit(1);
    return row ?? null;
  }

  /** Runs an INSERT or UPDATE and returns the row as stored: from RETURNING, or read back where there is none. */
  async function written(
    table: Table,
    statement: WriteQuery,
    readBack: () => Promise<Row | null>,
  ): Promise<Row | null> {
    if (hasReturning) return (await statement.returning(selection(table)))[0] ?? null;
    await statement;
    return readBack();
  }

  /** Runs a DELETE and returns the row it removed, or null when it removed none (another caller did). */
  async function removed(table: Table, where: SQL | undefined): Promise<Row | null> {
    if (hasReturning) return (await query.delete(table).where(where).returning(selection(table)))[0] ?? null;
    const found = await first(table, where);
    if (!found) return null;
    return affectedRows(await query.delete(table).where(where)) > 0 ? found : null;
  }

  const userById = (id: IdValue) => eq(users.id, id);
  const accountKey = (provider: string, providerAccountId: string) =>
    and(eq(accounts.provider, provider), eq(accounts.providerAccountId, providerAccountId));
  const sessionByToken = (sessionToken: string) => eq(sessions.sessionToken, sessionToken);
  const tokenKey = ({ identifier, token }: { identifier: string; token: string }) =>
    and(eq(verificationTokens.identifier, identifier), eq(verificationTokens.token, token));

  function authenticatorTable(): NonNullable<DrizzleTables["authenticators"]> {
    if (!authenticators) throw new AdapterError("drizzle(db, tables): pass an authenticators table to store passkeys.");
    return authenticators;
  }

  function stored<T>(row: Row | null, what: string): T {
    if (row === null) throw new AdapterError(`The ${what} was written but could not be read back.`);
    return asRecord<T>(row);
  }

  const adapter: Adapter = {
    async createUser(user) {
      const columns = getTableColumns(users);
      const own = newUserValues(
        options,
        user,
        (key) => Reflect.get(user, key) != null,
        "drizzle(db, tables, options)",
        false,
      );
      for (const key of Object.keys(own)) {
        if (!(key in columns)) {
          throw new AdapterError(
            `drizzle(db, tables, options): newUserColumns returned "${key}", no column of tables.users.`,
          );
        }
      }
      const id = ids.newId(user.id);
      const values = columnsOf(users, { ...user, ...own, id });
      const statement = query.insert(users).values(values);
      if (hasReturning) return stored<AdapterUser>((await statement.returning(selection(users)))[0] ?? null, "user");
      // MySQL: the row is read back by its id, AUTO_INCREMENT's as the driver reports it (`insertId`).
      const result = await statement;
      const header = Array.isArray(result) ? result[0] : result;
      const insertId = (header as { insertId?: unknown } | undefined)?.insertId;
      const assigned = id ?? ids.parse(String(insertId));
      if (assigned === null || assigned === 0) {
        throw new AdapterError("The user was written but the driver reported no AUTO_INCREMENT id (insertId).");
      }
      return stored<AdapterUser>(await first(users, userById(assigned)), "user");
    },
    async getUser(id) {
      const value = ids.parse(id);
      return value === null ? null : record<AdapterUser>(await first(users, userById(value)));
    },
    async getUserByEmail(email) {
      return record<AdapterUser>(await first(users, eq(users.email, email)));
    },
    async getUserByAccount({ provider, providerAccountId }) {
      const [row] = await query
        .select({ user: selection(users) })
        .from(accounts)
        .innerJoin(users, eq(users.id, accounts.userId))
        .where(accountKey(provider, providerAccountId))
        .limit(1);
      return record<AdapterUser>(row?.user as Row | undefined);
    },
    async updateUser(partial) {
      // Only the fields given change; `undefined` means "leave as is", `null` clears.
      const { id: given, ...fields } = partial;
      const id = ids.parse(given);
      if (id === null) throw new AdapterError(`Cannot update the user: no user with id "${given}".`);
      const changes = columnsOf(users, fields);
      const row = Object.keys(changes).length
        ? await written(users, query.update(users).set(changes).where(userById(id)), () => first(users, userById(id)))
        : await first(users, userById(id));
      if (!row) throw new AdapterError(`Cannot update the user: no user with id "${given}".`);
      return asRecord<AdapterUser>(row);
    },
    async deleteUser(given) {
      const userId = ids.parse(given);
      if (userId === null) return null;
      const user = await removed(users, userById(userId));
      // The schema's foreign keys cascade. SQLite enforces them only where the connection turned them on,
      // so there what the user owned is removed here too (after the user: orphans are never reachable).
      if (dialect === "sqlite") {
        await query.delete(sessions).where(eq(sessions.userId, userId));
        await query.delete(accounts).where(eq(accounts.userId, userId));
        if (authenticators) await query.delete(authenticators).where(eq(authenticators.userId, userId));
        if (passwords) await deleteSqlitePassword(passwordQueries, passwords, userId);
      }
      return record<AdapterUser>(user);
    },
    async linkAccount(account) {
      const userId = ids.require(account.userId, "link the account");
      const row = await written(
        accounts,
        query.insert(accounts).values(columnsOf(accounts, { ...account, userId })),
        () => first(accounts, accountKey(account.provider, account.providerAccountId)),
      );
      return row ? accountFromRow(row) : null;
    },
    async unlinkAccount({ provider, providerAccountId }) {
      const row = await removed(accounts, accountKey(provider, providerAccountId));
      return row ? accountFromRow(row) : undefined;
    },
    async getAccount(providerAccountId, provider) {
      const row = await first(accounts, accountKey(provider, providerAccountId));
      return row ? accountFromRow(row) : null;
    },
    async createSession(session) {
      const userId = ids.require(session.userId, "create the session");
      const row = await written(
        sessions,
        query.insert(sessions).values(columnsOf(sessions, { ...session, userId })),
        () => first(sessions, sessionByToken(session.sessionToken)),
      );
      return stored<AdapterSession>(row, "session");
    },
    async getSessionAndUser(sessionToken) {
      // One round trip per request: the session and its user from one JOIN.
      const [row] = await query
        .select({ session: selection(sessions), user: selection(users) })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(sessionByToken(sessionToken))
        .limit(1);
      return row
        ? { session: asRecord<AdapterSession>(row.session as Row), user: asRecord<AdapterUser>(row.user as Row) }
        : null;
    },
    async updateSession(partial) {
      const { sessionToken, ...fields } = partial;
      const userId = fields.userId === undefined ? undefined : ids.require(fields.userId, "move the session");
      const changes = columnsOf(sessions, { ...fields, userId });
      if (!Object.keys(changes).length)
        return record<AdapterSession>(await first(sessions, sessionByToken(sessionToken)));
      const row = await written(sessions, query.update(sessions).set(changes).where(sessionByToken(sessionToken)), () =>
        first(sessions, sessionByToken(sessionToken)),
      );
      return record<AdapterSession>(row);
    },
    async deleteSession(sessionToken) {
      return record<AdapterSession>(await removed(sessions, sessionByToken(sessionToken)));
    },
    async deleteSessionsByUserId(given) {
      const userId = ids.parse(given);
      if (userId !== null) await query.delete(sessions).where(eq(sessions.userId, userId));
    },
    async deleteUserSessions(given, keepSessionToken) {
      const userId = ids.parse(given);
      if (userId === null) return;
      const mine = eq(sessions.userId, userId);
      const keep = keepSessionToken === undefined ? undefined : ne(sessions.sessionToken, keepSessionToken);
      await query.delete(sessions).where(keep ? and(mine, keep) : mine);
    },
    async createVerificationToken(token) {
      const statement = query.insert(verificationTokens).values(columnsOf(verificationTokens, token));
      const row = await written(verificationTokens, statement, () => first(verificationTokens, tokenKey(token)));
      return record<VerificationToken>(row);
    },
    async useVerificationToken(key) {
      // Single use: only the caller whose DELETE removed the row gets the token.
      return record<VerificationToken>(await removed(verificationTokens, tokenKey(key)));
    },
    async createAuthenticator(authenticator) {
      const table = authenticatorTable();
      const userId = ids.require(authenticator.userId, "store the authenticator");
      const row = await written(table, query.insert(table).values(columnsOf(table, { ...authenticator, userId })), () =>
        first(table, eq(table.credentialID, authenticator.credentialID)),
      );
      return stored<AdapterAuthenticator>(row, "authenticator");
    },
    async getAuthenticator(credentialID) {
      const table = authenticatorTable();
      return record<AdapterAuthenticator>(await first(table, eq(table.credentialID, credentialID)));
    },
    async listAuthenticatorsByUserId(given) {
      const table = authenticatorTable();
      const userId = ids.parse(given);
      if (userId === null) return [];
      const rows = await query.select(selection(table)).from(table).where(eq(table.userId, userId));
      return rows.map((row) => asRecord<AdapterAuthenticator>(row));
    },
    async updateAuthenticatorCounter(credentialID, newCounter) {
      const table = authenticatorTable();
      const byId = eq(table.credentialID, credentialID);
      const row = await written(table, query.update(table).set({ counter: newCounter }).where(byId), () =>
        first(table, byId),
      );
      if (!row) throw new AdapterError(`Cannot update the counter: no authenticator "${credentialID}".`);
      return asRecord<AdapterAuthenticator>(row);
    },
    async deleteExpired(now = new Date()) {
      // Counted from RETURNING (one key column per row) where there is one: the drivers of a dialect do not
      // agree on how they report a DELETE's row count (rowCount, count, changes, rowsAffected).
      const removed = async (table: Table, expires: Column, key: Column) => {
        const statement = query.delete(table).where(lt(expires, now));
        return hasReturning ? (await statement.returning({ key })).length : affectedRows(await statement);
      };
      return {
        sessions: await removed(sessions, sessions.expires, sessions.sessionToken),
        verificationTokens: await removed(verificationTokens, verificationTokens.expires, verificationTokens.token),
      };
    },
  };
  const withRateLimits = { ...adapter, ...drizzleRateLimitMethods(db, dialect, affectedRows) };
  if (!passwords) return withRateLimits;
  return { ...withRateLimits, ...drizzlePasswordMethods({ query: passwordQueries, dialect, passwords, users, ids }) };
}
