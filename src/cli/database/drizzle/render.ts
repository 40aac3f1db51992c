/**
 * The auth tables as Drizzle table definitions (TypeScript source), generated from the table model so the
 * Drizzle schema names exactly the tables, columns and constraints of the SQL DDL (sql.ts). Each column's
 * key is its record field (`emailVerified`, `userId`, `credentialID`), so a row Drizzle returns is already
 * the adapter's record; each column's SQL name is the model's snake_case name.
 */

import type { SqlDialect } from "../flavours.js";
import { type Column, type ForeignKey, type LogicalType, type Table, tables } from "../model.js";

/** A column builder and the options after the column's name (`{ mode: "number" }`), or none. */
type Builder = readonly [builder: string, options?: string];

interface DialectSpelling {
  module: string;
  tableFunction: string;
  /** The builder for each of the model's column types; a key's options may read its `maxLength`. */
  builders: Readonly<Record<Exclude<LogicalType, "key">, Builder>> & { key: (column: Column) => Builder };
  note: string;
}

const quote = (text: string) => JSON.stringify(text);

const spellings: Record<SqlDialect, DialectSpelling> = {
  postgres: {
    module: "drizzle-orm/pg-core",
    tableFunction: "pgTable",
    builders: {
      key: () => ["text"],
      text: ["text"],
      integer: ["bigint", '{ mode: "number" }'],
      boolean: ["boolean"],
      timestamp: ["timestamp", '{ mode: "date", withTimezone: true, precision: 3 }'],
    },
    note: "// Dates are TIMESTAMPTZ(3); the 64-bit integers (expires_at, counter) are BIGINT read as numbers.",
  },
  sqlite: {
    module: "drizzle-orm/sqlite-core",
    tableFunction: "sqliteTable",
    builders: {
      key: () => ["text"],
      text: ["text"],
      integer: ["integer", '{ mode: "number" }'],
      boolean: ["integer", '{ mode: "boolean" }'],
      timestamp: ["integer", '{ mode: "timestamp_ms" }'],
    },
    note:
      "// Dates are INTEGER milliseconds since the epoch and booleans 0/1, as in the SQL schema, so the sqlite\n" +
      "// adapter and this one read each other's rows.",
  },
  mysql: {
    module: "drizzle-orm/mysql-core",
    tableFunction: "mysqlTable",
    builders: {
      key: (column) => ["varchar", `{ length: ${column.maxLength ?? 255} }`],
      text: ["text"],
      integer: ["bigint", '{ mode: "number" }'],
      boolean: ["boolean"],
      timestamp: ["datetime", '{ mode: "date", fsp: 3 }'],
    },
    note:
      "// Dates are DATETIME(3) holding UTC (Drizzle reads and writes them as UTC). Tokens and credential ids\n" +
      "// are case-sensitive: create these tables with a binary collation (utf8mb4_bin), as the SQL schema does.",
  },
};

/** The column builder and its arguments for one column in one dialect (the call without `.notNull()`). */
function spellColumn(dialect: SqlDialect, column: Column): { builder: string; args: string } {
  const { builders } = spellings[dialect];
  const [builder, options] = column.type === "key" ? builders.key(column) : builders[column.type];
  const name = quote(column.name);
  return { builder, args: options === undefined ? name : `${name}, ${options}` };
}

/** The exported name of a table's definition: the model's table name in camelCase (`verificationTokens`). */
export function drizzleTableName(table: Table): string {
  return table.name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

function fieldOf(table: Table, columnName: string): string {
  const column = table.columns.find((candidate) => candidate.name === columnName);
  if (!column) throw new Error(`The table model's ${table.name} has no column ${columnName}`);
  return column.field;
}

/**
 * How generated code names what it refers to: the tables' exported names and the local names of the
 * `drizzle-orm/<dialect>-core` builders. The standalone module uses the defaults; a merge into an app's own
 * schema passes the names that module already uses (its `users` export, an aliased `text` import).
 */
export interface DrizzleNames {
  table(table: Table): string;
  builder(name: string): string;
  /**
   * The column type of the app's users.id where it is not text (`integer`, `bigint` with its mode, `uuid`): the
   * columns referencing users.id take it, as a foreign key needs.
   */
  userId?: { builder: string; options: string | null } | null;
}

const defaultNames: DrizzleNames = { table: drizzleTableName, builder: (name) => name };

const columnList = (table: Table, columns: string[]) =>
  `[${columns.map((column) => `table.${fieldOf(table, column)}`).join(", ")}]`;

function foreignKeyCall(table: Table, foreignKey: ForeignKey, names: DrizzleNames): string {
  const parent = tables.find((candidate) => candidate.name === foreignKey.references.table);
  if (!parent) throw new Error(`The table model has no table ${foreignKey.references.table}`);
  const parentName = names.table(parent);
  const foreignColumns = foreignKey.references.columns.map((column) => `${parentName}.${fieldOf(parent, column)}`);
  // Spread over lines (one argument per line): the one-line call is longer than a line.
  return [
    `${names.builder("foreignKey")}({`,
    `  name: ${quote(`${table.name}_${foreignKey.columns.join("_")}_fkey`)},`,
    `  columns: ${columnList(table, foreignKey.columns)},`,
    `  foreignColumns: [${foreignColumns.join(", ")}],`,
    '}).onDelete("cascade")',
  ].join("\n");
}

/** Constraints and indexes, named as in the SQL DDL (`<table>_pkey`, `<table>_<columns>_key`, …). */
function constraintCalls(table: Table, names: DrizzleNames): string[] {
  const { builder } = names;
  return [
    `${builder("primaryKey")}({ name: ${quote(`${table.name}_pkey`)}, columns: ${columnList(table, table.primaryKey)} })`,
    ...table.unique.map(
      (columns) =>
        `${builder("unique")}(${quote(`${table.name}_${columns.join("_")}_key`)}).on(${columnList(table, columns).slice(1, -1)})`,
    ),
    ...table.indexes.map(
      (index) => `${builder("index")}(${quote(index.name)}).on(${columnList(table, index.columns).slice(1, -1)})`,
    ),
    ...table.foreignKeys.map((foreignKey) => foreignKeyCall(table, foreignKey, names)),
  ];
}

const LINE_WIDTH = 120;

/** One column's definition as an object property (`emailVerified: integer("email_verified", …),`). */
export function drizzleColumnSource(
  column: Column,
  dialect: SqlDialect,
  names: DrizzleNames = defaultNames,
  referencesUsers = false,
): string {
  const userId = referencesUsers ? names.userId : null;
  const { builder, args } = userId
    ? { builder: userId.builder, args: [quote(column.name), userId.options].filter(Boolean).join(", ") }
    : spellColumn(dialect, column);
  return `${column.field}: ${names.builder(builder)}(${args})${column.nullable ? "" : ".notNull()"},`;
}

/** The columns of a table that reference users.id (its user_id). */
export function userIdColumns(table: Table): Set<string> {
  return new Set(table.foreignKeys.filter((key) => key.references.table === "users").flatMap((key) => key.columns));
}

/** One table's definition (`export const users = pgTable(…);`), indented with two spaces, `\n` lines. */
export function drizzleTableSource(table: Table, dialect: SqlDialect, names: DrizzleNames = defaultNames): string {
  const spelling = spellings[dialect];
  const referencing = userIdColumns(table);
  const columns = table.columns.map(
    (column) => `    ${drizzleColumnSource(column, dialect, names, referencing.has(column.name))}`,
  );
  const constraints = constraintCalls(table, names);
  const oneLine = `  (table) => [${constraints.join(", ")}],`;
  const extras =
    oneLine.length <= LINE_WIDTH && !oneLine.includes("\n")
      ? [oneLine]
      : ["  (table) => [", ...constraints.map((call) => `    ${call.replaceAll("\n", "\n    ")},`), "  ],"];
  return [
    `export const ${names.table(table)} = ${names.builder(spelling.tableFunction)}(`,
    `  ${quote(table.name)},`,
    "  {",
    ...columns,
    "  },",
    ...extras,
    ");",
  ].join("\n");
}

/** The module the dialect's table builders come from (`drizzle-orm/pg-core`). */
export function drizzleCoreModule(dialect: SqlDialect): string {
  return spellings[dialect].module;
}

/** The builders the core module must export for these tables' definitions, sorted. */
export function drizzleBuilders(
  dialect: SqlDialect,
  of: readonly Table[] = tables,
  userId: DrizzleNames["userId"] = null,
): string[] {
  const spelling = spellings[dialect];
  const used = new Set<string>([spelling.tableFunction, "primaryKey"]);
  for (const table of of) {
    const referencing = userIdColumns(table);
    for (const column of table.columns)
      used.add(userId && referencing.has(column.name) ? userId.builder : spellColumn(dialect, column).builder);
    if (table.unique.length) used.add("unique");
    if (table.indexes.length) used.add("index");
    if (table.foreignKeys.length) used.add("foreignKey");
  }
  return [...used].sort();
}

function imports(spelling: DialectSpelling, dialect: SqlDialect, of: readonly Table[]): string {
  const names = drizzleBuilders(dialect, of);
  const oneLine = `import { ${names.join(", ")} } from ${quote(spelling.module)};`;
  if (oneLine.length <= LINE_WIDTH) return oneLine;
  return `import {\n${names.map((name) => `  ${name},`).join("\n")}\n} from ${quote(spelling.module)};`;
}

/**
 * The Drizzle schema module for one dialect: `users`, `accounts`, `sessions`, `verificationTokens` and
 * `authenticators`, the tables the drizzle adapter uses by default (pass them to `drizzle(db, tables)`
 * when you add columns of your own); `of` adds `passwords` for the password provider (database/auth-tables.ts).
 */
export function drizzleSchema(dialect: SqlDialect, of: readonly Table[] = tables): string {
  const spelling = spellings[dialect];
  const header = [
    `// Auth tables for ${dialect} as Drizzle tables, written by create-auth from its table model: the same`,
    "// tables, columns and constraint names as its SQL schema. Add columns if you like; keep these.",
    spelling.note,
  ];
  return `${header.join("\n")}\n${imports(spelling, dialect, of)}\n\n${of.map((table) => drizzleTableSource(table, dialect)).join("\n\n")}\n`;
}
