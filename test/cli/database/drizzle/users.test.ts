// mergeDrizzleSchema on an app's own users table: the auth tables' user_id columns take the type of its id
// (integer, bigint, uuid or text, on each dialect), its email gains a unique constraint, and its required name
// is filled by the adapter (users.fill) rather than changed. Each merged module is loaded through Drizzle itself
// and its columns' SQL types compared, so "takes the type" means what Drizzle will create.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { getTableColumns, type Table } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { mergeDrizzleSchema } from "../../../../src/cli/database/drizzle/merge.js";
import type { SqlDialect } from "../../../../src/cli/database/sql/render.js";
import { repoRoot } from "../../support.js";

const tmpRoot = path.join(repoRoot, ".tmp");
mkdirSync(tmpRoot, { recursive: true });
const tmp = mkdtempSync(path.join(tmpRoot, "drizzle-users-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const core: Record<SqlDialect, { module: string; table: string }> = {
  postgres: { module: "drizzle-orm/pg-core", table: "pgTable" },
  sqlite: { module: "drizzle-orm/sqlite-core", table: "sqliteTable" },
  mysql: { module: "drizzle-orm/mysql-core", table: "mysqlTable" },
};

let written = 0;
async function load(source: string): Promise<Record<string, Table>> {
  const file = path.join(tmp, `schema-${++written}.ts`);
  writeFileSync(file, source);
  return (await import(file)) as Record<string, Table>;
}

function usersModule(dialect: SqlDialect, builders: string, id: string, rest = ""): string {
  const { module, table } = core[dialect];
  return `import { ${table}, ${builders} } from "${module}";

export const users = ${table}("users", {
  id: ${id},
  email: ${dialect === "mysql" ? 'varchar("email", { length: 255 })' : 'text("email")'}.notNull(),${rest}
});
`;
}

/** [dialect, the app's id column, its builders, the id kind, the SQL type of the auth tables' user_id]. */
const ids: Array<[SqlDialect, string, string, string, string]> = [
  ["postgres", 'serial("id").primaryKey()', "serial, text", "integer", "integer"],
  ["postgres", 'bigserial("id", { mode: "number" }).primaryKey()', "bigserial, text", "bigint", "bigint"],
  ["postgres", 'integer("id").primaryKey().generatedAlwaysAsIdentity()', "integer, text", "integer", "integer"],
  [
    "postgres",
    'bigint("id", { mode: "bigint" }).primaryKey().generatedByDefaultAsIdentity()',
    "bigint, text",
    "bigint",
    "bigint",
  ],
  ["postgres", 'uuid("id").primaryKey().defaultRandom()', "uuid, text", "uuid", "uuid"],
  ["postgres", 'text("id").primaryKey()', "text", "text", "text"],
  ["sqlite", 'integer("id").primaryKey({ autoIncrement: true })', "integer, text", "integer", "integer"],
  ["sqlite", 'text("id").primaryKey()', "text", "text", "text"],
  ["mysql", 'serial("id").primaryKey()', "serial, varchar", "bigint", "bigint unsigned"],
  ["mysql", 'int("id").autoincrement().primaryKey()', "int, varchar", "integer", "int"],
  ["mysql", 'int("id", { unsigned: true }).autoincrement().primaryKey()', "int, varchar", "integer", "int unsigned"],
  [
    "mysql",
    'bigint("id", { mode: "number", unsigned: true }).autoincrement().primaryKey()',
    "bigint, varchar",
    "bigint",
    "bigint unsigned",
  ],
  ["mysql", 'varchar("id", { length: 36 }).primaryKey()', "varchar", "text", "varchar(255)"],
];

describe("mergeDrizzleSchema on the app's users table", () => {
  for (const [dialect, id, builders, kind, sqlType] of ids) {
    test(`${dialect}: ${id} makes ${kind} ids, and every user_id column is ${sqlType}`, async () => {
      const result = mergeDrizzleSchema(usersModule(dialect, builders, id), "src/db/schema.ts", dialect);
      if ("unsupported" in result) throw new Error(result.unsupported);
      expect(result.users).toEqual({ idKind: kind, fill: [] });
      const module = await load(result.text as string);
      for (const name of ["accounts", "sessions", "authenticators"]) {
        const userId = getTableColumns(module[name] as Table).userId;
        expect(userId?.getSQLType(), `${name}.user_id`).toBe(sqlType);
        expect(userId?.notNull).toBe(true);
      }
      expect(mergeDrizzleSchema(result.text as string, "src/db/schema.ts", dialect)).toMatchObject({
        text: "unchanged",
        users: { idKind: kind },
      });
    });
  }

  test("an email without a unique constraint gains one; one with it (column or table constraint) is left", async () => {
    const result = mergeDrizzleSchema(
      usersModule("postgres", "serial, text", 'serial("id").primaryKey()'),
      "s.ts",
      "postgres",
    );
    if ("unsupported" in result) throw new Error(result.unsupported);
    expect(result.added).toContain("users.email unique");
    expect(result.text).toContain('email: text("email").notNull().unique("users_email_key"),');
    const module = await load(result.text as string);
    expect(getTableColumns(module.users as Table).email?.isUnique).toBe(true);

    const tableConstraint = `import { pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
export const users = pgTable("users", { id: serial("id").primaryKey(), email: text("email") }, (t) => [uniqueIndex("by_email").on(t.email)]);
`;
    const kept = mergeDrizzleSchema(tableConstraint, "s.ts", "postgres");
    expect(kept).toMatchObject({ added: expect.not.arrayContaining(["users.email unique"]) });
  });

  test("a required name is filled by the adapter, not changed; a required column with a default is the app's", () => {
    const source = usersModule(
      "sqlite",
      "integer, text",
      'integer("id").primaryKey()',
      '\n  name: text("name").notNull(),\n  role: text("role").notNull().default("member"),\n  createdAt: integer("created_at", { mode: "timestamp" }).notNull().$defaultFn(() => new Date()),',
    );
    const result = mergeDrizzleSchema(source, "s.ts", "sqlite");
    if ("unsupported" in result) throw new Error(result.unsupported);
    expect(result.users.fill).toEqual([
      { key: "name", value: 'user.name ?? user.email?.split("@")[0] ?? ""', column: "users.name" },
    ]);
    expect(result.text).toContain('  name: text("name").notNull(),\n');
  });
});
