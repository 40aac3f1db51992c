/**
 * The auth tables as Prisma models, generated from the table model so a Prisma app gets exactly the tables
 * and columns of the SQL schema (sql.ts): `@@map`/`@map` keep the model's snake_case names in the database
 * while the model fields carry the adapter's record fields (`emailVerified`, `userId`, `credentialID`).
 *
 * Constraint names need no `map:`: the model names keys, unique constraints, indexes and foreign keys the
 * way Prisma does by default (`users_pkey`, `users_email_key`, `accounts_user_id_idx`, `accounts_user_id_fkey`).
 */

import type { SqlDialect } from "../flavours.js";
import { type Column, type Table, tables } from "../model.js";
import type { PrismaUserId } from "./users.js";

export type PrismaProvider = "sqlite" | "postgresql" | "mysql";

export const prismaProviders: readonly PrismaProvider[] = ["sqlite", "postgresql", "mysql"];

export function prismaProviderFor(dialect: SqlDialect): PrismaProvider {
  return dialect === "postgres" ? "postgresql" : dialect;
}

/** The Prisma model of a table: its record without the `Adapter` prefix (`AdapterUser` → `User`). */
export function prismaModelName(table: Table): string {
  return table.record.replace(/^Adapter/, "");
}

/** The client's delegate for a model (`VerificationToken` → `verificationToken`), as the adapter calls it. */
export function prismaDelegateName(table: Table): string {
  const model = prismaModelName(table);
  return model.charAt(0).toLowerCase() + model.slice(1);
}

const scalarTypes: Record<Column["type"], string> = {
  key: "String",
  text: "String",
  // 64-bit: `expires_at` in seconds and the unsigned 32-bit WebAuthn counter do not fit Prisma's `Int`.
  integer: "BigInt",
  boolean: "Boolean",
  timestamp: "DateTime",
};

/** The native type attribute where Prisma's default differs from the SQL schema's column type. */
function nativeType(column: Column, provider: PrismaProvider): string | null {
  if (provider === "postgresql" && column.type === "timestamp") return "@db.Timestamptz(3)";
  if (provider === "mysql") {
    if (column.type === "key") return `@db.VarChar(${column.maxLength ?? 255})`;
    if (column.type === "text") return "@db.Text";
    if (column.type === "timestamp") return "@db.DateTime(3)";
  }
  return null;
}

const quote = (text: string) => JSON.stringify(text);

function tableNamed(name: string): Table {
  const table = tables.find((candidate) => candidate.name === name);
  if (!table) throw new Error(`The table model has no table ${name}`);
  return table;
}

function fieldsOf(table: Table, columns: string[]): string[] {
  return columns.map((name) => {
    const column = table.columns.find((candidate) => candidate.name === name);
    if (!column) throw new Error(`The table model's ${table.name} has no column ${name}`);
    return column.field;
  });
}

/** Rows of [name, type, attributes], aligned in columns the way `prisma format` aligns them. */
export function aligned(rows: string[][]): string[] {
  const widths = [0, 1].map((index) => Math.max(...rows.map((row) => (row[index] ?? "").length)));
  return rows.map((row) => {
    const [name = "", type = "", attributes = ""] = row;
    if (!attributes) return `  ${name.padEnd(widths[0] ?? 0)} ${type}`.trimEnd();
    return `  ${name.padEnd(widths[0] ?? 0)} ${type.padEnd(widths[1] ?? 0)} ${attributes}`;
  });
}

/** One auth model in parts: its field rows ([name, type, attributes]) and its block attributes (`@@id(…)`). */
export interface PrismaModelParts {
  name: string;
  rows: string[][];
  blockAttributes: string[];
}

/**
 * `userId`: the type of the app's own User id where it is not the auth models' String (`Int`, `String
 * @db.Uuid`): the fields referencing it take that type, as a relation needs.
 */
export function prismaModelParts(
  table: Table,
  provider: PrismaProvider,
  userId: PrismaUserId | null = null,
  of: readonly Table[] = tables,
): PrismaModelParts {
  const referencing = new Set(
    table.foreignKeys.filter((key) => key.references.table === "users").flatMap((key) => key.columns),
  );
  const singleKey = table.primaryKey.length === 1 ? table.primaryKey[0] : undefined;
  const singleUniques = new Set(table.unique.filter((columns) => columns.length === 1).map((columns) => columns[0]));

  const rows = table.columns.map((column) => {
    const own = userId && referencing.has(column.name) ? userId : null;
    const attributes = [
      column.name === singleKey ? "@id" : null,
      singleUniques.has(column.name) ? "@unique" : null,
      column.field === column.name ? null : `@map(${quote(column.name)})`,
      own ? own.native : nativeType(column, provider),
    ].filter((attribute) => attribute !== null);
    const type = own ? own.type : scalarTypes[column.type];
    return [column.field, `${type}${column.nullable ? "?" : ""}`, attributes.join(" ")];
  });
  for (const foreignKey of table.foreignKeys) {
    const parent = tableNamed(foreignKey.references.table);
    const fields = fieldsOf(table, foreignKey.columns).join(", ");
    const references = fieldsOf(parent, foreignKey.references.columns).join(", ");
    rows.push([
      prismaDelegateName(parent),
      prismaModelName(parent),
      `@relation(fields: [${fields}], references: [${references}], onDelete: Cascade)`,
    ]);
  }
  // The other side of each relation: Prisma requires both. A child keyed by its foreign key alone (one
  // password per user) is one-to-one: `password Password?`.
  for (const child of of) {
    const foreignKey = child.foreignKeys.find((candidate) => candidate.references.table === table.name);
    if (!foreignKey) continue;
    if (foreignKey.columns.join() === child.primaryKey.join())
      rows.push([prismaDelegateName(child), `${prismaModelName(child)}?`]);
    else
      rows.push([
        child.name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()),
        `${prismaModelName(child)}[]`,
      ]);
  }

  const blockAttributes = [
    ...(singleKey ? [] : [`@@id([${fieldsOf(table, table.primaryKey).join(", ")}])`]),
    ...table.unique
      .filter((columns) => columns.length > 1)
      .map((columns) => `@@unique([${fieldsOf(table, columns).join(", ")}])`),
    ...table.indexes.map((index) => `@@index([${fieldsOf(table, index.columns).join(", ")}])`),
    `@@map(${quote(table.name)})`,
  ];
  return { name: prismaModelName(table), rows, blockAttributes };
}

/** The model block of a table, formatted as `prisma format` leaves it. */
export function prismaModelSource(
  table: Table,
  provider: PrismaProvider,
  userId: PrismaUserId | null = null,
  of: readonly Table[] = tables,
): string {
  const { name, rows, blockAttributes } = prismaModelParts(table, provider, userId, of);
  return [`model ${name} {`, ...aligned(rows), "", ...blockAttributes.map((attribute) => `  ${attribute}`), "}"].join(
    "\n",
  );
}

/**
 * The five auth models alone (`User`, `Account`, `Session`, `VerificationToken`, `Authenticator`; `of` adds
 * `Password` for the password provider), to add to an existing schema next to the app's own models.
 */
export function prismaModels(provider: PrismaProvider, of: readonly Table[] = tables): string {
  return `${of.map((table) => prismaModelSource(table, provider, null, of)).join("\n\n")}\n`;
}

const providerNotes: Record<PrismaProvider, string> = {
  sqlite:
    "// SQLite: dates are INTEGER milliseconds, as in the SQL schema; open the database with\n" +
    '// `new PrismaBetterSqlite3({ url }, { timestampFormat: "unixepoch-ms" })`.',
  postgresql: "// PostgreSQL: dates are TIMESTAMPTZ(3); the 64-bit integers (expires_at, counter) are BIGINT.",
  mysql:
    "// MySQL/MariaDB: dates are DATETIME(3). Tokens and credential ids are case-sensitive: use a binary\n" +
    "// collation (utf8mb4_bin) for these tables, as the SQL schema does.",
};

/**
 * A whole `schema.prisma` for the auth models: the `prisma-client` generator (Prisma 7, driver adapters),
 * the datasource (its URL lives in `prisma.config.ts`), then the models.
 */
export function prismaSchema(provider: PrismaProvider, of: readonly Table[] = tables): string {
  return [
    `// Auth models for ${provider}, written by create-auth from its table model: the same tables and columns`,
    "// as its SQL schema. Add your own models and fields; keep these.",
    providerNotes[provider],
    "",
    "generator client {",
    '  provider = "prisma-client"',
    '  output   = "../generated/prisma"',
    "}",
    "",
    "datasource db {",
    `  provider = ${quote(provider)}`,
    "}",
    "",
    prismaModels(provider, of),
  ].join("\n");
}
