/**
 * Undoing a failed migration on MySQL and MariaDB, which commit each DDL statement as it runs (a transaction
 * cannot hold one back): the schema is read before the file runs, and after a failure whatever the file's
 * statements added (tables, columns, indexes, foreign keys) is dropped again, so the database is left as it
 * was. Other statements (INSERT, UPDATE, DROP, MODIFY) cannot be undone this way; the migrator names them.
 */
import type { DatabaseSession, Row } from "./connect.js";
import type { SqlStatement } from "./sql-statements.js";

type Queryable = Pick<DatabaseSession, "query">;

export interface Schema {
  tables: Set<string>;
  columns: Set<string>;
  indexes: Set<string>;
  foreignKeys: Set<string>;
}

const key = (...parts: unknown[]) => parts.map(String).join("\u0000");

export async function mysqlSchema(session: Queryable): Promise<Schema> {
  const rows = (sql: string) => session.query(sql);
  const here = "table_schema = DATABASE()";
  const [tables, columns, indexes, foreignKeys] = await Promise.all([
    rows(`SELECT table_name AS t FROM information_schema.tables WHERE ${here}`),
    rows(`SELECT table_name AS t, column_name AS c FROM information_schema.columns WHERE ${here}`),
    rows(`SELECT DISTINCT table_name AS t, index_name AS i FROM information_schema.statistics WHERE ${here}`),
    rows(
      `SELECT table_name AS t, constraint_name AS c FROM information_schema.table_constraints WHERE ${here} AND constraint_type = 'FOREIGN KEY'`,
    ),
  ]);
  const pairs = (list: Row[], second: string) => new Set(list.map((row) => key(row["t"], row[second])));
  return {
    tables: new Set(tables.map((row) => String(row["t"]))),
    columns: pairs(columns, "c"),
    indexes: pairs(indexes, "i"),
    foreignKeys: pairs(foreignKeys, "c"),
  };
}

const quoteName = (name: string) => `\`${name.replaceAll("`", "``")}\``;

/** What a statement adds that dropping can take back: CREATE TABLE/INDEX, ALTER TABLE … ADD. */
export const UNDOABLE =
  /^(CREATE\s+(TEMPORARY\s+)?TABLE|CREATE\s+((UNIQUE|FULLTEXT|SPATIAL)\s+)?INDEX|ALTER\s+TABLE\s+\S+\s+ADD)\b/i;

/**
 * Drops what the failed file's earlier statements added, newest first: foreign keys and indexes on tables
 * that were there before, then their new columns, then the new tables in the reverse of the order the
 * statements named them (a table referencing another goes before it). `dropped` says what was, as it goes.
 */
export async function undoMysql(
  session: Queryable,
  before: Schema,
  ran: readonly SqlStatement[],
  dropped: string[],
): Promise<void> {
  const after = await mysqlSchema(session);
  const added = (field: keyof Schema) => [...after[field]].filter((item) => !before[field].has(item));
  const position = (table: string) => {
    const name = new RegExp(`(^|[^\\w$])${table.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^\\w$])`, "i");
    const found = ran.findIndex((statement) => name.test(statement.sql));
    return found < 0 ? ran.length : found;
  };
  const newTables = added("tables").sort((a, b) => position(b) - position(a));
  // What sits on a new table goes with it.
  const onOldTable = (item: string) => !newTables.includes(item.split("\u0000")[0]!);
  for (const item of added("foreignKeys").filter(onOldTable)) {
    const [table, name] = item.split("\u0000") as [string, string];
    await session.query(`ALTER TABLE ${quoteName(table)} DROP FOREIGN KEY ${quoteName(name)}`);
    dropped.push(`foreign key ${name} on ${table}`);
  }
  for (const item of added("indexes").filter(onOldTable)) {
    const [table, name] = item.split("\u0000") as [string, string];
    await session.query(
      name === "PRIMARY"
        ? `ALTER TABLE ${quoteName(table)} DROP PRIMARY KEY`
        : `DROP INDEX ${quoteName(name)} ON ${quoteName(table)}`,
    );
    dropped.push(`index ${name} on ${table}`);
  }
  for (const item of added("columns").filter(onOldTable)) {
    const [table, name] = item.split("\u0000") as [string, string];
    await session.query(`ALTER TABLE ${quoteName(table)} DROP COLUMN ${quoteName(name)}`);
    dropped.push(`column ${table}.${name}`);
  }
  for (const table of newTables) {
    await session.query(`DROP TABLE ${quoteName(table)}`);
    dropped.push(`table ${table}`);
  }
}
