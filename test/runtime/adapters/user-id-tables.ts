// The auth tables as an app's own schema has them when its users.id is not text: the table model's DDL with
// users.id (and every user_id referencing it) turned into an integer AUTO_INCREMENT / serial, a bigint whose
// sequence starts beyond 2^53 (so every bigint test crosses the line where a Number would round), or a uuid.
// Plus the conformance suite's direct reads of those tables, which read each id as text in SQL so that a
// wrong id shows up as a wrong stored record, never as a rounding in the test itself.
import { passwords, tables } from "../../../src/cli/database/model.js";
import type { SqlDialect } from "../../../src/cli/database/sql/render.js";
import type { AdapterTestDatabase } from "../../../src/runtime/adapters/testing.js";
import type { UserIdKind } from "../../../src/runtime/adapters/user-ids.js";
import { authSchema } from "./auth-schema.js";
import { modelReads } from "./model-reads.js";

type Row = Record<string, unknown>;

/** The id kinds besides text (which the adapters' own test files cover on the model's DDL). */
export const otherIdKinds = ["integer", "bigint", "uuid"] as const satisfies readonly UserIdKind[];

/** 2^53 + 1: the first integer a JavaScript Number cannot hold; bigint sequences start here. */
export const beyondSafeInteger = 9_007_199_254_740_993n;

const columnTypes: Record<SqlDialect, Record<(typeof otherIdKinds)[number], { id: string; userId: string }>> = {
  sqlite: {
    integer: { id: "id INTEGER PRIMARY KEY AUTOINCREMENT", userId: "user_id INTEGER NOT NULL" },
    bigint: { id: "id INTEGER PRIMARY KEY AUTOINCREMENT", userId: "user_id INTEGER NOT NULL" },
    uuid: { id: "id TEXT NOT NULL", userId: "user_id TEXT NOT NULL" },
  },
  postgres: {
    integer: { id: "id SERIAL NOT NULL", userId: "user_id INTEGER NOT NULL" },
    bigint: { id: "id BIGSERIAL NOT NULL", userId: "user_id BIGINT NOT NULL" },
    uuid: { id: "id UUID NOT NULL", userId: "user_id UUID NOT NULL" },
  },
  mysql: {
    integer: { id: "id INT NOT NULL AUTO_INCREMENT", userId: "user_id INT NOT NULL" },
    bigint: { id: "id BIGINT NOT NULL AUTO_INCREMENT", userId: "user_id BIGINT NOT NULL" },
    uuid: { id: "id CHAR(36) NOT NULL", userId: "user_id CHAR(36) NOT NULL" },
  },
};

const bigintStart: Record<SqlDialect, string> = {
  sqlite: `INSERT INTO sqlite_sequence (name, seq) VALUES ('users', ${beyondSafeInteger - 1n});`,
  postgres: `ALTER SEQUENCE users_id_seq RESTART WITH ${beyondSafeInteger};`,
  mysql: `ALTER TABLE users AUTO_INCREMENT = ${beyondSafeInteger};`,
};

/** The whole schema (passwords too) for `dialect` with users.id of `kind`: one multi-statement script. */
export function schemaWithUserIds(dialect: SqlDialect, kind: (typeof otherIdKinds)[number]): string {
  const text = dialect === "mysql" ? "VARCHAR(255)" : "TEXT";
  const { id, userId } = columnTypes[dialect][kind];
  let schema = authSchema(dialect)
    .replace(`  id ${text} NOT NULL,`, `  ${id},`)
    .replaceAll(`  user_id ${text} NOT NULL,`, `  ${userId},`);
  // SQLite's AUTOINCREMENT needs the key on the column itself.
  if (dialect === "sqlite" && kind !== "uuid")
    schema = schema.replace("  CONSTRAINT users_pkey PRIMARY KEY (id),\n", "");
  if (!schema.includes(id) || !schema.includes(userId)) throw new Error(`the ${dialect} schema changed shape`);
  return kind === "bigint" ? `${schema}\n${bigintStart[dialect]}\n` : schema;
}

const asText: Record<SqlDialect, (column: string) => string> = {
  sqlite: (column) => `CAST(${column} AS TEXT)`,
  postgres: (column) => `CAST(${column} AS TEXT)`,
  mysql: (column) => `CAST(${column} AS CHAR)`,
};

/** Runs one SELECT with the dialect's placeholders (`?`, or `$1…` for PostgreSQL). */
export type RunQuery = (sql: string, values: unknown[]) => Promise<Row[]>;

/**
 * The suite's direct reads for tables with `kind` ids: every id column read as text, dates that SQLite
 * stores as milliseconds as Dates, the rest mapped through the table model as `modelReads` does.
 */
export function userIdReads(dialect: SqlDialect, run: RunQuery): AdapterTestDatabase {
  const isId = (column: string) => column === "id" || column === "user_id";
  const reads = modelReads(async (tableName, where, values) => {
    const table = [...tables, passwords].find((candidate) => candidate.name === tableName);
    if (!table) throw new Error(`no table ${tableName}`);
    const columns = table.columns.map(({ name }) => (isId(name) ? `${asText[dialect](name)} AS ${name}` : name));
    const conditions = where.map((column, index) => {
      const placeholder = dialect === "postgres" ? `$${index + 1}` : "?";
      return `${isId(column) ? asText[dialect](column) : column} = ${placeholder}`;
    });
    return run(`SELECT ${columns.join(", ")} FROM ${tableName} WHERE ${conditions.join(" AND ")}`, values);
  });
  if (dialect !== "sqlite") return reads;
  // SQLite has no date type: the model's timestamps are INTEGER milliseconds.
  const dated = <T>(record: T | null): T | null => {
    if (!record) return record;
    const fields = record as Row;
    for (const field of ["emailVerified", "expires", "updatedAt"]) {
      if (typeof fields[field] === "number") fields[field] = new Date(fields[field] as number);
    }
    return record;
  };
  return {
    user: async (id) => dated(await reads.user(id)),
    account: async (key) => dated(await reads.account(key)),
    session: async (token) => dated(await reads.session(token)),
    verificationToken: async (key) => dated(await reads.verificationToken(key)),
    authenticator: async (credentialID) => dated((await reads.authenticator?.(credentialID)) ?? null),
    password: async (userId) => dated((await reads.password?.(userId)) ?? null),
  };
}
