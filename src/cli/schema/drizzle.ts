/**
 * The auth tables as Drizzle table definitions (TypeScript source), generated from the table model so the
 * Drizzle schema names exactly the tables, columns and constraints of the SQL DDL (sql.ts). Each column's
 * key is its record field (`emailVerified`, `userId`, `credentialID`), so a row Drizzle returns is already
 * the adapter's record; each column's SQL name is the model's snake_case name.
 */
import { type Column, type ForeignKey, type Table, tables } from "./model.js";
import type { SqlDialect } from "./sql.js";

interface DialectSpelling {
  module: string;
  tableFunction: string;
  /** The column builder call for one column, without `.notNull()`. */
  column(column: Column): { builder: string; call: string };
  note: string;
}

const quote = (text: string) => JSON.stringify(text);

const spellings: Record<SqlDialect, DialectSpelling> = {
  postgres: {
    module: "drizzle-orm/pg-core",
    tableFunction: "pgTable",
    column(column) {
      const name = quote(column.name);
      switch (column.type) {
        case "key":
        case "text":
          return { builder: "text", call: `text(${name})` };
        case "integer":
          return { builder: "bigint", call: `bigint(${name}, { mode: "number" })` };
        case "boolean":
          return { builder: "boolean", call: `boolean(${name})` };
        case "timestamp":
          return {
            builder: "timestamp",
            call: `timestamp(${name}, { mode: "date", withTimezone: true, precision: 3 })`,
          };
      }
    },
    note: "// Dates are TIMESTAMPTZ(3); the 64-bit integers (expires_at, counter) are BIGINT read as numbers.",
  },
  sqlite: {
    module: "drizzle-orm/sqlite-core",
    tableFunction: "sqliteTable",
    column(column) {
      const name = quote(column.name);
      switch (column.type) {
        case "key":
        case "text":
          return { builder: "text", call: `text(${name})` };
        case "integer":
          return { builder: "integer", call: `integer(${name}, { mode: "number" })` };
        case "boolean":
          return { builder: "integer", call: `integer(${name}, { mode: "boolean" })` };
        case "timestamp":
          return { builder: "integer", call: `integer(${name}, { mode: "timestamp_ms" })` };
      }
    },
    note:
      "// Dates are INTEGER milliseconds since the epoch and booleans 0/1, as in the SQL schema, so the sqlite\n" +
      "// adapter and this one read each other's rows.",
  },
  mysql: {
    module: "drizzle-orm/mysql-core",
    tableFunction: "mysqlTable",
    column(column) {
      const name = quote(column.name);
      switch (column.type) {
        case "key":
          return { builder: "varchar", call: `varchar(${name}, { length: ${column.maxLength ?? 255} })` };
        case "text":
          return { builder: "text", call: `text(${name})` };
        case "integer":
          return { builder: "bigint", call: `bigint(${name}, { mode: "number" })` };
        case "boolean":
          return { builder: "boolean", call: `boolean(${name})` };
        case "timestamp":
          return { builder: "datetime", call: `datetime(${name}, { mode: "date", fsp: 3 })` };
      }
    },
    note:
      "// Dates are DATETIME(3) holding UTC (Drizzle reads and writes them as UTC). Tokens and credential ids\n" +
      "// are case-sensitive: create these tables with a binary collation (utf8mb4_bin), as the SQL schema does.",
  },
};

/** The exported name of a table's definition: the model's table name in camelCase (`verificationTokens`). */
export function drizzleTableName(table: Table): string {
  return table.name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

function fieldOf(table: Table, columnName: string): string {
  const column = table.columns.find((candidate) => candidate.name === columnName);
  if (!column) throw new Error(`The table model's ${table.name} has no column ${columnName}`);
  return column.field;
}

const columnList = (table: Table, columns: string[]) =>
  `[${columns.map((column) => `table.${fieldOf(table, column)}`).join(", ")}]`;

function foreignKeyCall(table: Table, foreignKey: ForeignKey): string {
  const parent = tables.find((candidate) => candidate.name === foreignKey.references.table);
  if (!parent) throw new Error(`The table model has no table ${foreignKey.references.table}`);
  const parentName = drizzleTableName(parent);
  const foreignColumns = foreignKey.references.columns.map((column) => `${parentName}.${fieldOf(parent, column)}`);
  // Spread over lines (one argument per line): the one-line call is longer than a line.
  return [
    "foreignKey({",
    `  name: ${quote(`${table.name}_${foreignKey.columns.join("_")}_fkey`)},`,
    `  columns: ${columnList(table, foreignKey.columns)},`,
    `  foreignColumns: [${foreignColumns.join(", ")}],`,
    '}).onDelete("cascade")',
  ].join("\n");
}

/** Constraints and indexes, named as in the SQL DDL (`<table>_pkey`, `<table>_<columns>_key`, …). */
function constraintCalls(table: Table): string[] {
  return [
    `primaryKey({ name: ${quote(`${table.name}_pkey`)}, columns: ${columnList(table, table.primaryKey)} })`,
    ...table.unique.map(
      (columns) =>
        `unique(${quote(`${table.name}_${columns.join("_")}_key`)}).on(${columnList(table, columns).slice(1, -1)})`,
    ),
    ...table.indexes.map((index) => `index(${quote(index.name)}).on(${columnList(table, index.columns).slice(1, -1)})`),
    ...table.foreignKeys.map((foreignKey) => foreignKeyCall(table, foreignKey)),
  ];
}

const LINE_WIDTH = 120;

function tableSource(table: Table, spelling: DialectSpelling): string {
  const columns = table.columns.map(
    (column) => `    ${column.field}: ${spelling.column(column).call}${column.nullable ? "" : ".notNull()"},`,
  );
  const constraints = constraintCalls(table);
  const oneLine = `  (table) => [${constraints.join(", ")}],`;
  const extras =
    oneLine.length <= LINE_WIDTH && !oneLine.includes("\n")
      ? [oneLine]
      : ["  (table) => [", ...constraints.map((call) => `    ${call.replaceAll("\n", "\n    ")},`), "  ],"];
  return [
    `export const ${drizzleTableName(table)} = ${spelling.tableFunction}(`,
    `  ${quote(table.name)},`,
    "  {",
    ...columns,
    "  },",
    ...extras,
    ");",
  ].join("\n");
}

function imports(spelling: DialectSpelling): string {
  const used = new Set<string>([spelling.tableFunction, "primaryKey"]);
  for (const table of tables) {
    for (const column of table.columns) used.add(spelling.column(column).builder);
    if (table.unique.length) used.add("unique");
    if (table.indexes.length) used.add("index");
    if (table.foreignKeys.length) used.add("foreignKey");
  }
  const names = [...used].sort();
  const oneLine = `import { ${names.join(", ")} } from ${quote(spelling.module)};`;
  if (oneLine.length <= LINE_WIDTH) return oneLine;
  return `import {\n${names.map((name) => `  ${name},`).join("\n")}\n} from ${quote(spelling.module)};`;
}

/**
 * The Drizzle schema module for one dialect: `users`, `accounts`, `sessions`, `verificationTokens` and
 * `authenticators`, the tables the drizzle adapter uses by default (pass them to `drizzle(db, tables)`
 * when you add columns of your own).
 */
export function drizzleSchema(dialect: SqlDialect): string {
  const spelling = spellings[dialect];
  const header = [
    `// Auth tables for ${dialect} as Drizzle tables, written by create-auth from its table model: the same`,
    "// tables, columns and constraint names as its SQL schema. Add columns if you like; keep these.",
    spelling.note,
  ];
  return `${header.join("\n")}\n${imports(spelling)}\n\n${tables.map((table) => tableSource(table, spelling)).join("\n\n")}\n`;
}
