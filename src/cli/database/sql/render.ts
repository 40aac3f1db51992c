/**
 * SQL DDL for each dialect, generated from the table model so the dialects cannot drift apart. The
 * statements are idempotent (`IF NOT EXISTS`): running the file twice changes nothing. A table's statements
 * can type its `user_id` like an app's own users.id (database/sql/users.ts adapts the first migration so).
 */
import { SQL_DIALECTS, type SqlDialect } from "../flavours.js";
import { type Column, type ForeignKey, type Table, tables } from "../model.js";

export type { SqlDialect };

export const sqlDialects: readonly SqlDialect[] = SQL_DIALECTS;

/** How one table is rendered: `userIdType`, the SQL type of its user_id column (the app's users.id's). */
export interface TableOptions {
  userIdType?: string;
}

function columnType(column: Column, dialect: SqlDialect, options: TableOptions = {}): string {
  if (column.name === "user_id" && options.userIdType) return options.userIdType;
  switch (column.type) {
    case "key":
      return dialect === "mysql" ? `VARCHAR(${column.maxLength ?? 255})` : "TEXT";
    case "text":
      return "TEXT";
    case "integer":
      return dialect === "sqlite" ? "INTEGER" : "BIGINT";
    case "boolean":
      return dialect === "sqlite" ? "INTEGER" : "BOOLEAN";
    case "timestamp":
      if (dialect === "postgres") return "TIMESTAMPTZ(3)";
      if (dialect === "mysql") return "DATETIME(3)";
      return "INTEGER";
  }
}

const list = (columns: string[]) => columns.join(", ");

function foreignKeyClause(table: Table, foreignKey: ForeignKey): string {
  const name = `${table.name}_${foreignKey.columns.join("_")}_fkey`;
  const { references } = foreignKey;
  return (
    `CONSTRAINT ${name} FOREIGN KEY (${list(foreignKey.columns)}) ` +
    `REFERENCES ${references.table} (${list(references.columns)}) ON DELETE CASCADE`
  );
}

/** `name TYPE` (`NOT NULL` where the model says so): a line of CREATE TABLE, or what ALTER TABLE … ADD COLUMN adds. */
export function columnDefinition(column: Column, dialect: SqlDialect, options: TableOptions = {}): string {
  return `${column.name} ${columnType(column, dialect, options)}${column.nullable ? "" : " NOT NULL"}`;
}

function createTable(table: Table, dialect: SqlDialect, options: TableOptions): string {
  const lines = table.columns.map((column) => columnDefinition(column, dialect, options));
  lines.push(`CONSTRAINT ${table.name}_pkey PRIMARY KEY (${list(table.primaryKey)})`);
  for (const columns of table.unique)
    lines.push(`CONSTRAINT ${table.name}_${columns.join("_")}_key UNIQUE (${list(columns)})`);
  // MySQL has no CREATE INDEX IF NOT EXISTS; declaring indexes inside the table keeps the file idempotent.
  if (dialect === "mysql")
    for (const index of table.indexes) lines.push(`INDEX ${index.name} (${list(index.columns)})`);
  for (const foreignKey of table.foreignKeys) lines.push(foreignKeyClause(table, foreignKey));

  // SQLite STRICT tables refuse values of the wrong type instead of storing them silently. MySQL tables use
  // a binary collation: tokens and base64url credential ids are case-sensitive, as in the other dialects.
  const tableOptions =
    dialect === "sqlite"
      ? " STRICT"
      : dialect === "mysql"
        ? " ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin"
        : "";
  return `CREATE TABLE IF NOT EXISTS ${table.name} (\n  ${lines.join(",\n  ")}\n)${tableOptions};`;
}

function createIndexes(table: Table, dialect: SqlDialect): string[] {
  if (dialect === "mysql") return [];
  return table.indexes.map(
    (index) => `CREATE INDEX IF NOT EXISTS ${index.name} ON ${table.name} (${list(index.columns)});`,
  );
}

export const dialectNotes: Record<SqlDialect, string> = {
  sqlite: "-- Dates are INTEGER milliseconds since the epoch; booleans are 0/1. Needs SQLite >= 3.37 (STRICT tables).",
  postgres: "-- Dates are TIMESTAMPTZ; the 64-bit integers (expires_at, counter) are BIGINT.",
  mysql: "-- Dates are DATETIME(3) in the connection's time zone (InnoDB, MySQL or MariaDB).",
};

/** One table's CREATE TABLE, then its CREATE INDEX statements (none in MySQL: they are lines of the table). */
export function tableStatements(table: Table, dialect: SqlDialect, options: TableOptions = {}): string[] {
  return [createTable(table, dialect, options), ...createIndexes(table, dialect)];
}

/**
 * The whole schema for one dialect: one CREATE TABLE per table, parents first, then its indexes. `of`: the
 * tables the app needs (database/provider-tables.ts adds `passwords` for the password provider); `options`, how
 * each is rendered (user_id typed like an app's own users.id).
 */
export function sqlSchema(dialect: SqlDialect, of: readonly Table[] = tables, options: TableOptions = {}): string {
  const statements = of.flatMap((table) => tableStatements(table, dialect, options));
  const header = [
    `-- Auth tables for ${dialect}, written by create-auth from its table model. Safe to run more than once.`,
    dialectNotes[dialect],
  ];
  return `${header.join("\n")}\n\n${statements.join("\n\n")}\n`;
}
