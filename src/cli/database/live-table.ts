/**
 * One table as the live database holds it, for the users-table checks (commands/doctor/users-table.ts and
 * database/sql/existing-users.ts): each column's type, whether it is required, whether the database fills it
 * on insert (a default, an identity, auto-increment, SQLite's rowid), the column sets its unique indexes and
 * constraints cover, and the values of a column that more than one row shares. Read-only queries on a
 * connect.ts connection.
 */

import type { DatabaseConnection, Row } from "./connect.js";
import type { UserIdKind } from "./users-table.js";

export interface LiveColumn {
  name: string;
  /** The database's type, lower case (`integer`, `bigint`, `character varying`, `uuid`, `int unsigned`). */
  type: string;
  required: boolean;
  /** The database gives it a value when an insert names none. */
  filled: boolean;
}

export interface LiveTable {
  columns: LiveColumn[];
  /** Each unique index or constraint (primary key included) as its columns, lower case. */
  unique: string[][];
}

const text = (row: Row, ...keys: string[]) => {
  for (const key of keys) if (row[key] !== undefined && row[key] !== null) return String(row[key]);
  return "";
};

/** An identifier as the database quotes it: backticks in MySQL, double quotes elsewhere, the quote doubled inside. */
function quoted(db: DatabaseConnection, identifier: string): string {
  const q = db.dialect === "mysql" ? "`" : '"';
  return `${q}${identifier.replaceAll(q, q + q)}${q}`;
}

/** The table's columns and unique column sets, or null when the table does not exist. */
export async function liveTable(db: DatabaseConnection, table: string): Promise<LiveTable | null> {
  if (db.dialect === "sqlite") {
    const quoted = `'${table.replaceAll("'", "''")}'`;
    const rows = await db.query(
      `SELECT name, type, "notnull" AS required, dflt_value, pk FROM pragma_table_info(${quoted})`,
    );
    if (rows.length === 0) return null;
    const keys = rows.filter((row) => Number(row["pk"]) > 0);
    const columns = rows.map((row) => {
      const type = text(row, "type").toLowerCase();
      // INTEGER PRIMARY KEY is the rowid: SQLite numbers it when an insert gives none.
      const rowid = keys.length === 1 && Number(row["pk"]) === 1 && type === "integer";
      return {
        name: text(row, "name").toLowerCase(),
        type,
        required: Number(row["required"]) === 1 || (Number(row["pk"]) > 0 && !rowid),
        filled: rowid || row["dflt_value"] !== null,
      };
    });
    const unique: string[][] = keys.length ? [keys.map((row) => text(row, "name").toLowerCase())] : [];
    for (const index of await db.query(
      `SELECT name FROM pragma_index_list(${quoted}) WHERE "unique" = 1 AND partial = 0`,
    )) {
      const name = `'${text(index, "name").replaceAll("'", "''")}'`;
      const parts = await db.query(`SELECT name FROM pragma_index_info(${name}) ORDER BY seqno`);
      unique.push(parts.map((part) => text(part, "name").toLowerCase()));
    }
    return { columns, unique };
  }
  if (db.dialect === "postgres") {
    const rows = await db.query(
      `SELECT column_name, data_type, is_nullable, column_default, is_identity, is_generated
         FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1`,
      [table],
    );
    if (rows.length === 0) return null;
    const columns = rows.map((row) => ({
      name: text(row, "column_name").toLowerCase(),
      type: text(row, "data_type").toLowerCase(),
      required: text(row, "is_nullable") === "NO",
      filled:
        row["column_default"] !== null || text(row, "is_identity") === "YES" || text(row, "is_generated") === "ALWAYS",
    }));
    const indexes = await db.query(
      `SELECT array_to_string(array_agg(a.attname ORDER BY a.attnum), ',') AS columns
         FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
         JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = ANY(i.indkey)
        WHERE c.relname = $1 AND n.nspname = current_schema() AND i.indisunique AND i.indpred IS NULL
        GROUP BY i.indexrelid`,
      [table],
    );
    return { columns, unique: indexes.map((row) => text(row, "columns").toLowerCase().split(",")) };
  }
  const rows = await db.query(
    `SELECT COLUMN_NAME AS name, COLUMN_TYPE AS type, IS_NULLABLE AS nullable, COLUMN_DEFAULT AS dflt, EXTRA AS extra
       FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = ?`,
    [table],
  );
  if (rows.length === 0) return null;
  const columns = rows.map((row) => {
    const extra = text(row, "extra", "EXTRA").toLowerCase();
    return {
      name: text(row, "name", "NAME").toLowerCase(),
      type: text(row, "type", "TYPE").toLowerCase(),
      required: text(row, "nullable", "NULLABLE") === "NO",
      // MariaDB reports a column without a default as the text NULL.
      filled:
        (row["dflt"] !== null && row["dflt"] !== undefined && text(row, "dflt") !== "NULL") ||
        /auto_increment|generated/.test(extra),
    };
  });
  const indexes = await db.query(
    `SELECT INDEX_NAME AS name, GROUP_CONCAT(COLUMN_NAME ORDER BY SEQ_IN_INDEX) AS columns
       FROM information_schema.statistics WHERE table_schema = DATABASE() AND table_name = ? AND NON_UNIQUE = 0
      GROUP BY INDEX_NAME`,
    [table],
  );
  return { columns, unique: indexes.map((row) => text(row, "columns", "COLUMNS").toLowerCase().split(",")) };
}

/** The id kind a column's database type stores; null for a type no adapter id fits. */
export function liveIdKind(type: string): UserIdKind | null {
  if (type === "uuid") return "uuid";
  if (/^(big ?int|bigserial|int8)\b/.test(type)) return "bigint";
  if (/^(int|integer|smallint|mediumint|tinyint|int4|int2|serial)\b/.test(type)) return "integer";
  if (/^(text|varchar|character varying|char|character|tinytext|mediumtext|longtext)\b/.test(type)) return "text";
  return null;
}

/** Up to five values of `column` that more than one row of `table` holds (names from the schema, quoted). */
export async function sharedValues(db: DatabaseConnection, table: string, column: string): Promise<string[]> {
  const name = (identifier: string) => quoted(db, identifier);
  const rows = await db.query(
    `SELECT ${name(column)} AS value FROM ${name(table)} WHERE ${name(column)} IS NOT NULL
      GROUP BY ${name(column)} HAVING COUNT(*) > 1 ORDER BY ${name(column)} LIMIT 5`,
  );
  return rows.map((row) => text(row, "value", "VALUE"));
}

/**
 * The users holding an address nobody proved to the auth runtime (an email, no email_verified) and no
 * sign-in account: rows the app made itself before auth came (or credentials users). Their count and up to
 * five of the addresses, ordered. `accounts` is left out of the query where that table is not there yet.
 */
export async function unprovedAddresses(
  db: DatabaseConnection,
  users: { table: string; id: string; email: string; verified: string },
  accounts: { table: string; userId: string } | null,
): Promise<{ count: number; sample: string[] }> {
  const name = (identifier: string) => quoted(db, identifier);
  const withoutAccount = accounts
    ? ` AND NOT EXISTS (SELECT 1 FROM ${name(accounts.table)} a WHERE a.${name(accounts.userId)} = u.${name(users.id)})`
    : "";
  const where = `FROM ${name(users.table)} u WHERE u.${name(users.email)} IS NOT NULL AND u.${name(users.verified)} IS NULL${withoutAccount}`;
  const [counted] = await db.query(`SELECT COUNT(*) AS n ${where}`);
  const count = Number(text(counted ?? {}, "n", "N") || 0);
  if (count === 0) return { count, sample: [] };
  const rows = await db.query(
    `SELECT u.${name(users.email)} AS value ${where} ORDER BY u.${name(users.email)} LIMIT 5`,
  );
  return { count, sample: rows.map((row) => text(row, "value", "VALUE")) };
}
