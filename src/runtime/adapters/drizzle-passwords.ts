/**
 * The drizzle adapter's password methods (`getPasswordHash`, `setPasswordHash`), on the passwords table it
 * was given (the default tables have one: `drizzle-tables/<dialect>-passwords`). An adapter made with tables
 * that have none has no password methods, so the password provider refuses it at start-up by name.
 *
 * The hash is written with one upsert statement (`ON CONFLICT … DO UPDATE`, MySQL's `ON DUPLICATE KEY
 * UPDATE`): of two concurrent first writes for a user neither fails on the key.
 */
import { and, type Column, eq, getTableName, type SQL, type Table } from "drizzle-orm";
import { sqliteTable, text } from "drizzle-orm/sqlite-core";
import { AdapterError } from "../errors.js";
import type { Adapter } from "../types.js";
import { onPasswordsTable } from "./sql-passwords.js";
import type { UserIdCodec } from "./user-ids.js";

/** The passwords table: at least these columns, under these keys. */
export type DrizzlePasswordsTable = Table & Record<"userId" | "hash" | "updatedAt", Column>;

type Row = Record<string, unknown>;

// The slice of Drizzle's builders these methods use: the three dialects share the shapes, not one type.
interface SelectQuery extends PromiseLike<Row[]> {
  where(condition: SQL | undefined): SelectQuery;
  limit(count: number): SelectQuery;
}
interface InsertQuery extends PromiseLike<unknown> {
  /** PostgreSQL and SQLite. */
  onConflictDoUpdate(config: { target: Column; set: Row }): PromiseLike<unknown>;
  /** MySQL. */
  onDuplicateKeyUpdate(config: { set: Row }): PromiseLike<unknown>;
}
export interface PasswordQueries {
  select(fields: Record<string, unknown>): { from(table: Table): SelectQuery };
  insert(table: Table): { values(values: Row): InsertQuery };
  delete(table: Table): { where(condition: SQL | undefined): PromiseLike<unknown> };
}

interface Context {
  query: PasswordQueries;
  dialect: "pg" | "sqlite" | "mysql";
  passwords: DrizzlePasswordsTable;
  users: Table & Record<"id", Column>;
  ids: UserIdCodec;
}

// SQLite's catalogue, to ask whether the passwords table exists before deleting from it.
const sqliteMaster = sqliteTable("sqlite_master", { type: text("type"), name: text("name") });

export function drizzlePasswordMethods(context: Context): Pick<Adapter, "getPasswordHash" | "setPasswordHash"> {
  const { query, dialect, passwords, users, ids } = context;
  const tableName = getTableName(passwords);
  const onTable = <T>(work: () => PromiseLike<T>) => onPasswordsTable("drizzle(db, tables)", () => work(), tableName);

  return {
    async getPasswordHash(userId) {
      const id = ids.parse(userId);
      if (id === null) return null;
      const [row] = await onTable(() =>
        query.select({ hash: passwords.hash }).from(passwords).where(eq(passwords.userId, id)).limit(1),
      );
      return row ? String(row.hash) : null;
    },
    async setPasswordHash(userId, hash) {
      const id = ids.require(userId, "store the password");
      // A missing user is a clear error here; the foreign key still refuses one deleted in between.
      const [user] = await query.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
      if (!user) throw new AdapterError(`Cannot store the password: no user with id "${userId}".`);
      const set = { hash, updatedAt: new Date() };
      const insert = query.insert(passwords).values({ userId: id, ...set });
      await onTable(() =>
        dialect === "mysql"
          ? insert.onDuplicateKeyUpdate({ set })
          : insert.onConflictDoUpdate({ target: passwords.userId, set }),
      );
    },
  };
}

/**
 * SQLite's part of deleteUser's cascade (its foreign keys may be off): the user's hash, where the database
 * has the table at all (the default tables name it even in apps without the password provider).
 */
export async function deleteSqlitePassword(
  query: PasswordQueries,
  passwords: DrizzlePasswordsTable,
  userId: unknown,
): Promise<void> {
  const [found] = await query
    .select({ name: sqliteMaster.name })
    .from(sqliteMaster)
    .where(and(eq(sqliteMaster.type, "table"), eq(sqliteMaster.name, getTableName(passwords))))
    .limit(1);
  if (found) await query.delete(passwords).where(eq(passwords.userId, userId));
}
