// The auth tables merged into real apps' Drizzle schemas (the fixtures' own modules: their tables, enums and a
// users table with a `role` column of the app's own), proven for real: the merged modules type-check against
// this repository's drizzle-orm as the tables `drizzle(db, tables)` takes, and the drizzle adapter passes the
// conformance suite with them on SQLite, PostgreSQL and MariaDB, whose tables are created from the SQL schema
// (sql.ts) plus the app's own columns. The app's role column gets its default (or stays null) on createUser.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type { Table } from "drizzle-orm";
import { drizzle as betterSqlite } from "drizzle-orm/better-sqlite3";
import { drizzle as mysqlDatabase } from "drizzle-orm/mysql2";
import { drizzle as nodePostgres } from "drizzle-orm/node-postgres";
import mysql2 from "mysql2/promise";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type AuthTableNames, mergeDrizzleSchema } from "../../../../src/cli/database/drizzle/merge.js";
import { type SqlDialect, sqlSchema } from "../../../../src/cli/database/sql/render.js";
import drizzle, { type DrizzleTables } from "../../../../src/runtime/adapters/drizzle.js";
import { type AdapterTestDatabase, runAdapterTests } from "../../../../src/runtime/adapters/testing.js";
import { modelReads } from "../../../runtime/adapters/model-reads.js";
import { sqliteModelReader } from "../../../support/adapter-sqlite-reader.mjs";
import { createMariaDBDatabase } from "../../../support/mariadb.mjs";
import { createPostgresDatabase } from "../../../support/postgres.mjs";
import { memoryFixture, repoRoot, typecheckApps } from "../../support.js";

const runner = { describe, test, beforeAll, afterAll };

interface MergeCase {
  fixture: string;
  schemaFile: string;
  /** The app's own columns on the auth tables, as its migrations would have created them. */
  appColumns: string[];
  /** What a new user's role is: the column's default, or null for a nullable column without one. */
  role: string | null;
  /** The app's edit before the merge, when the fixture as it is has no users table of its own. */
  edit?(source: string): string;
}

const cases: Record<SqlDialect, MergeCase> = {
  postgres: {
    fixture: "orm-drizzle-next",
    schemaFile: "src/db/schema.ts",
    appColumns: ["ALTER TABLE users ADD COLUMN role TEXT NOT NULL DEFAULT 'member'"],
    role: "member",
  },
  sqlite: {
    fixture: "orm-drizzle-sveltekit",
    schemaFile: "src/lib/server/db/schema.ts",
    appColumns: ["ALTER TABLE users ADD COLUMN role TEXT"],
    role: null,
    // The app added a users table of its own (sv's style: tabs, single quotes) with a nullable role.
    edit: (source) =>
      `${source}\nexport const users = sqliteTable('users', {\n\tid: text('id').primaryKey(),\n\trole: text('role')\n});\n`,
  },
  mysql: {
    fixture: "orm-drizzle-schema-folder",
    schemaFile: "src/db/schema/users.ts",
    appColumns: [
      "ALTER TABLE users ADD COLUMN role ENUM('customer', 'staff', 'admin') NOT NULL DEFAULT 'customer'",
      "ALTER TABLE users ADD COLUMN created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP",
    ],
    role: "customer",
  },
};

mkdirSync(path.join(repoRoot, ".tmp"), { recursive: true });
const folder = mkdtempSync(path.join(repoRoot, ".tmp", "drizzle-merged-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const merged = {} as Record<SqlDialect, { file: string; names: AuthTableNames }>;
for (const [dialect, spec] of Object.entries(cases) as Array<[SqlDialect, MergeCase]>) {
  const original = memoryFixture(spec.fixture).read(spec.schemaFile);
  const source = spec.edit ? spec.edit(original) : original;
  const result = mergeDrizzleSchema(source, spec.schemaFile, dialect);
  if ("unsupported" in result || result.text === "unchanged")
    throw new Error(`${spec.fixture}: ${JSON.stringify(result)}`);
  const file = path.join(folder, dialect, "schema.ts");
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, result.text);
  const adapterModule = path.relative(path.dirname(file), path.join(repoRoot, "src/runtime/adapters/drizzle.js"));
  const n = result.tables;
  // What `drizzle(db, tables)` is declared to take, given the merged module's exports (passwords aside: the
  // password provider's table, which these apps do not configure).
  writeFileSync(
    path.join(folder, dialect, "tables.ts"),
    `import type { DrizzleTables } from "${adapterModule}";\nimport * as schema from "./schema.js";\n\n` +
      `export const tables: Required<Omit<DrizzleTables, "passwords">> = { users: schema.${n.users}, accounts: schema.${n.accounts}, ` +
      `sessions: schema.${n.sessions}, verificationTokens: schema.${n.verificationTokens}, authenticators: schema.${n.authenticators} };\n`,
  );
  merged[dialect] = { file, names: result.tables };
}

/**
 * The suite's direct reads, with the app's own columns on users (by their keys): the adapter returns a user's
 * row whole, so the stored user the suite compares it with carries the app's columns too.
 */
function withAppColumns(
  reader: AdapterTestDatabase,
  appColumns: (id: string) => Promise<Record<string, unknown> | undefined>,
): AdapterTestDatabase {
  return {
    ...reader,
    async user(id) {
      const user = await reader.user(id);
      return user && { ...user, ...(await appColumns(id)) };
    },
  };
}

async function mergedTables(dialect: SqlDialect): Promise<{ tables: DrizzleTables; schema: Record<string, Table> }> {
  const schema = (await import(merged[dialect].file)) as Record<string, Table>;
  const n = merged[dialect].names;
  const pick = (name: string) => schema[name] as never;
  return {
    schema,
    tables: {
      users: pick(n.users),
      accounts: pick(n.accounts),
      sessions: pick(n.sessions),
      verificationTokens: pick(n.verificationTokens),
      authenticators: pick(n.authenticators),
    },
  };
}

test("the merged schemas type-check against drizzle-orm as the adapter's tables", () => {
  const files = (["postgres", "sqlite", "mysql"] as const).flatMap((dialect) => [
    `${dialect}/schema.ts`,
    `${dialect}/tables.ts`,
  ]);
  const result = typecheckApps(folder, { files });
  expect(result.output).toBe("");
  expect(result.status).toBe(0);
}, 60_000);

describe("the drizzle adapter on SQLite with the tables merged into a SvelteKit app's schema", async () => {
  const { tables, schema } = await mergedTables("sqlite");
  const db = new Database(":memory:");
  db.exec(sqlSchema("sqlite"));
  for (const statement of cases.sqlite.appColumns) db.exec(statement);
  const adapter = drizzle(betterSqlite(db), tables);
  const appColumns = async (id: string) =>
    db.prepare("SELECT role FROM users WHERE id = ?").get(id) as { role: unknown };
  runAdapterTests({ adapter, db: withAppColumns(sqliteModelReader(db), appColumns), runner });

  test("the app's own tables are still there, and a new user's nullable role stays null", async () => {
    expect(Object.keys(schema)).toEqual(expect.arrayContaining(["user", "note", "users", "accounts"]));
    await adapter.createUser?.({ id: "role-1", email: "role-1@example.test", emailVerified: null });
    expect(db.prepare("SELECT role FROM users WHERE id = 'role-1'").get()).toEqual({ role: cases.sqlite.role });
  });
  afterAll(() => db.close());
});

describe("the drizzle adapter on PostgreSQL with the tables merged into a Next.js app's schema", async () => {
  const { tables } = await mergedTables("postgres");
  const database = await createPostgresDatabase();
  const pool = new pg.Pool({ ...database.connection, max: 4 });
  beforeAll(async () => {
    await pool.query(sqlSchema("postgres"));
    for (const statement of cases.postgres.appColumns) await pool.query(statement);
  });
  afterAll(async () => {
    await pool.end();
    await database.drop();
  });
  const adapter = drizzle(nodePostgres(pool), tables);
  const reads = modelReads(async (table, where, values) => {
    const conditions = where.map((column, index) => `${column} = $${index + 1}`).join(" AND ");
    return (await pool.query(`SELECT * FROM ${table} WHERE ${conditions}`, values)).rows;
  });
  const appColumns = async (id: string) => (await pool.query("SELECT role FROM users WHERE id = $1", [id])).rows[0];
  runAdapterTests({ adapter, db: withAppColumns(reads, appColumns), runner });

  test("a new user gets the app's role column default, and the adapter returns it", async () => {
    const created = await adapter.createUser?.({ id: "role-1", email: "role-1@example.test", emailVerified: null });
    expect(created).toMatchObject({ id: "role-1", role: cases.postgres.role });
    expect((await pool.query("SELECT role FROM users WHERE id = 'role-1'")).rows).toEqual([{ role: "member" }]);
  });
});

describe("the drizzle adapter on MariaDB with the tables merged into a schema folder's users module", async () => {
  const { tables } = await mergedTables("mysql");
  const database = await createMariaDBDatabase();
  const pool = mysql2.createPool({ ...database.connection, connectionLimit: 4, timezone: "Z" });
  beforeAll(async () => {
    const connection = await mysql2.createConnection({ ...database.connection, multipleStatements: true });
    try {
      await connection.query(sqlSchema("mysql"));
      for (const statement of cases.mysql.appColumns) await connection.query(statement);
    } finally {
      await connection.end();
    }
  });
  afterAll(async () => {
    await pool.end();
    await database.drop();
  });
  // The app's database object uses snake_case casing, as its client module does.
  const adapter = drizzle(mysqlDatabase({ client: pool, mode: "default", casing: "snake_case" }), tables);
  const select = async (sql: string, values: unknown[]) =>
    (await pool.query(sql, values))[0] as Record<string, unknown>[];
  const reads = modelReads((table, where, values) =>
    select(`SELECT * FROM ${table} WHERE ${where.map((column) => `${column} = ?`).join(" AND ")}`, values),
  );
  const appColumns = async (id: string) =>
    (await select("SELECT role, created_at AS createdAt FROM users WHERE id = ?", [id]))[0];
  runAdapterTests({ adapter, db: withAppColumns(reads, appColumns), runner });

  test("a new user gets the app's role enum default", async () => {
    await adapter.createUser?.({ id: "role-1", email: "role-1@example.test", emailVerified: null });
    const [rows] = await pool.query("SELECT role FROM users WHERE id = 'role-1'");
    expect(rows).toEqual([{ role: cases.mysql.role }]);
  });
});
