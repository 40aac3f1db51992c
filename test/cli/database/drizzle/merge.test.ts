// mergeDrizzleSchema: the auth tables merged into an app's own Drizzle schema module. Each merged module is
// loaded through Drizzle itself (written under the repository's .tmp/, where vitest compiles it) and its auth
// tables compared with the table model, so "merged" means Drizzle sees every column under the key the
// adapter reads; the app's own text is checked to survive line for line, and a second merge changes nothing.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { getTableColumns, getTableName, type Table } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, describe, expect, test } from "vitest";
import { type AuthTableNames, mergeDrizzleSchema } from "../../../../src/cli/database/drizzle/merge.js";
import { drizzleSchema, drizzleTableName } from "../../../../src/cli/database/drizzle/render.js";
import { tables } from "../../../../src/cli/database/model.js";
import { type SqlDialect, sqlDialects } from "../../../../src/cli/database/sql/render.js";
import { parseSyntax } from "../../../../src/cli/edit/ast.js";
import { memoryFixture, repoRoot } from "../../support.js";

const tmpRoot = path.join(repoRoot, ".tmp");
mkdirSync(tmpRoot, { recursive: true });
const tmp = mkdtempSync(path.join(tmpRoot, "drizzle-merge-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const core: Record<SqlDialect, { module: string; table: string; int: string }> = {
  postgres: { module: "drizzle-orm/pg-core", table: "pgTable", int: "integer" },
  sqlite: { module: "drizzle-orm/sqlite-core", table: "sqliteTable", int: "integer" },
  mysql: { module: "drizzle-orm/mysql-core", table: "mysqlTable", int: "int" },
};

function merged(source: string | null, file: string, dialect: SqlDialect) {
  const result = mergeDrizzleSchema(source, file, dialect);
  if ("unsupported" in result) throw new Error(`unexpectedly unsupported: ${result.unsupported}`);
  if (result.text === "unchanged") throw new Error("unexpectedly unchanged");
  return { ...result, text: result.text };
}

function syntaxErrors(source: string, file: string): string[] {
  const tree = parseSyntax(source, file) as unknown as { parseDiagnostics: { messageText: unknown }[] };
  return tree.parseDiagnostics.map((diagnostic) => String(diagnostic.messageText));
}

/**
 * The original's lines appear in the merged text in order, each as it was or with one insertion in it (a
 * comma after what was the last column, names added to an import).
 */
function keepsEveryLine(original: string, result: string): boolean {
  const lines = result.split(/\r?\n/);
  const same = (line: string, candidate: string) => {
    if (candidate === line) return true;
    if (candidate.length <= line.length) return false;
    let prefix = 0;
    while (prefix < line.length && line[prefix] === candidate[prefix]) prefix++;
    return candidate.endsWith(line.slice(prefix));
  };
  let at = 0;
  for (const line of original.split(/\r?\n/)) {
    while (at < lines.length && !same(line, lines[at] ?? "")) at++;
    if (at === lines.length) return false;
    at++;
  }
  return true;
}

let written = 0;
/** Loads a merged module through Drizzle and checks its auth tables against the model. */
async function expectModelTables(source: string, names: AuthTableNames, extension = "ts") {
  const file = path.join(tmp, `schema-${++written}.${extension}`);
  writeFileSync(file, source);
  const module = (await import(file)) as Record<string, Table>;
  for (const table of tables) {
    const defined = module[names[drizzleTableName(table) as keyof AuthTableNames] ?? ""];
    expect(defined, `${table.name} is exported`).toBeDefined();
    if (!defined) continue;
    expect(getTableName(defined)).toBe(table.name);
    const columns = getTableColumns(defined);
    for (const column of table.columns) {
      expect(columns[column.field]?.name, `${table.name}.${column.field}`).toBe(column.name);
      expect(columns[column.field]?.notNull, `${table.name}.${column.field} not null`).toBe(!column.nullable);
    }
  }
  return module;
}

/** An app's own schema module: an enum where the dialect has one, posts, comments, their formatting. */
function appSchema(dialect: SqlDialect): string {
  const { module, table, int } = core[dialect];
  const enumImport = dialect === "postgres" ? ", pgEnum" : dialect === "mysql" ? ", mysqlEnum" : "";
  const status = dialect === "postgres" ? 'export const status = pgEnum("status", ["draft", "published"]);\n\n' : "";
  const statusColumn =
    dialect === "postgres"
      ? 'status("status").notNull()'
      : dialect === "mysql"
        ? 'mysqlEnum("status", ["draft", "published"]).notNull()'
        : 'text("status").notNull()';
  const textType = dialect === "mysql" ? "varchar" : "text";
  return `import { ${int}, ${table}, text${dialect === "mysql" ? ", varchar" : ""}${enumImport} } from "${module}";

/* The blog's tables. */
${status}export const posts = ${table}("posts", {
  id: ${int}("id").primaryKey(),
  title: text("title").notNull(), // shown in lists
  status: ${statusColumn},
});

export const comments = ${table}("comments", {
  id: ${int}("id").primaryKey(),
  postId: ${int}("post_id").references(() => posts.id),
  author: ${textType}("author"${dialect === "mysql" ? ", { length: 80 }" : ""}),
});
`;
}

/** The app's own users table, with a column of its own (`role`). */
function usersWithRole(dialect: SqlDialect): string {
  const { module, table } = core[dialect];
  const id = dialect === "mysql" ? 'varchar("id", { length: 255 })' : 'text("id")';
  return `import { ${table}, text${dialect === "mysql" ? ", varchar" : ""} } from "${module}";

export const users = ${table}("users", {
  id: ${id}.primaryKey(),
  email: text("email"),
  role: text("role").notNull().default("member"),
});
`;
}

describe("mergeDrizzleSchema", () => {
  for (const dialect of sqlDialects) {
    describe(dialect, () => {
      test("appends the auth tables to a module of the app's own tables and imports their builders", async () => {
        const source = appSchema(dialect);
        const result = merged(source, "src/db/schema.ts", dialect);
        expect(result.added).toEqual(tables.map((table) => table.name));
        expect(result.text).toContain(source.slice(source.indexOf("\n")));
        expect(result.text.split("\n")[0]).toMatch(
          new RegExp(`^import \\{ .*primaryKey.* \\} from "${core[dialect].module}";$`),
        );
        const module = await expectModelTables(result.text, result.tables);
        expect(getTableName(module.posts as Table)).toBe("posts");
        expect(mergeDrizzleSchema(result.text, "src/db/schema.ts", dialect)).toMatchObject({
          text: "unchanged",
          added: [],
        });
      });

      test("adds only the missing columns to the app's users table; its role column stays", async () => {
        const source = usersWithRole(dialect);
        const result = merged(source, "src/db/schema.ts", dialect);
        expect(result.added.filter((entry) => entry.startsWith("users."))).toEqual([
          "users.email unique",
          "users.name",
          "users.email_verified",
          "users.image",
        ]);
        expect(result.text).toContain('  email: text("email").unique("users_email_key"),\n');
        expect(result.text).toContain('  role: text("role").notNull().default("member"),\n  name: text("name"),\n');
        const module = await expectModelTables(result.text, result.tables);
        expect(getTableColumns(module.users as Table).role?.name).toBe("role");
      });

      test("a module with every table and column is unchanged, and null writes the whole module", () => {
        expect(mergeDrizzleSchema(drizzleSchema(dialect), "schema.ts", dialect)).toEqual({
          text: "unchanged",
          added: [],
          tables: {
            users: "users",
            accounts: "accounts",
            sessions: "sessions",
            verificationTokens: "verificationTokens",
            authenticators: "authenticators",
          },
          users: { idKind: "text", fill: [] },
        });
        expect(mergeDrizzleSchema(null, "schema.ts", dialect)).toMatchObject({ text: drizzleSchema(dialect) });
      });

      test("keeps CRLF line endings and writes its own lines with them", () => {
        const source = appSchema(dialect).replaceAll("\n", "\r\n");
        const result = merged(source, "schema.ts", dialect);
        expect(result.text.replaceAll("\r\n", "")).not.toContain("\n");
        expect(keepsEveryLine(source, result.text)).toBe(true);
        expect(mergeDrizzleSchema(result.text, "schema.ts", dialect)).toMatchObject({ text: "unchanged" });
      });
    });
  }

  test("writes in the module's style: tabs, single quotes, no semicolons (as `sv add drizzle` and prettier write)", async () => {
    const source = memoryFixture("orm-drizzle-sveltekit").read("src/lib/server/db/schema.ts");
    const result = merged(source, "src/lib/server/db/schema.ts", "sqlite");
    expect(result.text.split("\n")[0]).toBe(
      "import { sqliteTable, text, integer, foreignKey, index, primaryKey, unique } from 'drizzle-orm/sqlite-core';",
    );
    expect(result.text).toContain(source.slice(source.indexOf("\n")));
    expect(result.text).toContain("\n\t{\n\t\tidentifier: text('identifier').notNull(),\n");
    expect(result.text).not.toContain('"');
    expect(result.tables.users).toBe("users");
    await expectModelTables(result.text, result.tables);

    const bare =
      "import { sqliteTable, text } from 'drizzle-orm/sqlite-core'\n\nexport const note = sqliteTable('note', { id: text('id') })\n";
    const unsemicoloned = merged(bare, "schema.ts", "sqlite").text;
    expect(unsemicoloned).toMatch(/\n\)\n$/);
    expect(unsemicoloned).not.toMatch(/;$/m);
  });

  test("indents as the module's code does, not as its block comments' ` * ` lines are aligned", async () => {
    const source = `/**\n * The notes.\n */\nimport { sqliteTable, text } from "drizzle-orm/sqlite-core";\n\nexport const notes = sqliteTable("notes", {\n    id: text("id"),\n});\n`;
    const result = merged(source, "schema.ts", "sqlite");
    expect(result.text).toContain('\n    {\n        identifier: text("identifier").notNull(),\n');
    await expectModelTables(result.text, result.tables);
  });

  test("a users export that is another table (Auth.js's `user`) keeps its name; ours takes a free one", async () => {
    const source = `import { pgTable, text } from "drizzle-orm/pg-core";\n\nexport const users = pgTable("user", { id: text("id").primaryKey() });\n`;
    const result = merged(source, "schema.ts", "postgres");
    expect(result.tables.users).toBe("users2");
    expect(result.text).toContain("foreignColumns: [users2.id]");
    const module = await expectModelTables(result.text, result.tables);
    expect(getTableName(module.users as Table)).toBe("user");
  });

  test("finds the users table by SQL name under any export, builders under their aliases or a namespace", async () => {
    const aliased = `import { pgTable as table, text as str } from "drizzle-orm/pg-core";\n\nexport const people = table("users", {\n  id: str("id").primaryKey(),\n});\n`;
    const result = merged(aliased, "schema.ts", "postgres");
    expect(result.tables.users).toBe("people");
    expect(result.text).toContain('  id: str("id").primaryKey(),\n  name: str("name"),\n');
    expect(result.text).toContain("foreignColumns: [people.id]");
    await expectModelTables(result.text, result.tables);

    const namespaced = `import * as p from "drizzle-orm/pg-core";\n\nexport const users = p.pgTable("users", (t) => ({ id: t.text("id").primaryKey() }));\n`;
    const fromNamespace = merged(namespaced, "schema.ts", "postgres");
    expect(fromNamespace.text).toContain("= p.pgTable(");
    expect(fromNamespace.text).toContain('name: p.text("name")');
    expect(fromNamespace.text.match(/^import/gm)).toHaveLength(1);
    await expectModelTables(fromNamespace.text, fromNamespace.tables);
  });

  test("the app's tables built in a function stay as they are; a computed table name is refused", async () => {
    const module = (tableName: string) =>
      `import { pgTable, text } from "drizzle-orm/pg-core";\n\nfunction audit(name: string) {\n  return pgTable(${tableName}, { at: text("at") });\n}\nexport const postsAudit = audit("posts");\n`;
    const result = merged(module('"audit"'), "schema.ts", "postgres");
    expect(result.added).toEqual(tables.map((table) => table.name));
    await expectModelTables(result.text, result.tables);
    expect(mergeDrizzleSchema(module("name"), "schema.ts", "postgres")).toEqual({
      unsupported: expect.stringContaining("computed value (line 4)"),
    });
  });

  test("a table made by the app's own table creator is found by the name it is given", async () => {
    const source = `import { sqliteTableCreator, text } from "drizzle-orm/sqlite-core";\n\nconst createTable = sqliteTableCreator((name) => name);\n\nexport const users = createTable("users", { id: text("id").primaryKey() });\n`;
    const result = merged(source, "schema.ts", "sqlite");
    expect(result.added).not.toContain("users");
    expect(result.added).toContain("users.email");
    await expectModelTables(result.text, result.tables);
  });

  test("columns named by their keys (casing: snake_case) count as present; 4-space indents are kept", async () => {
    const source = memoryFixture("orm-drizzle-schema-folder").read("src/db/schema/users.ts");
    const result = merged(source, "src/db/schema/users.ts", "mysql");
    expect(result.added.filter((entry) => entry.startsWith("users."))).toEqual([
      "users.name",
      "users.email_verified",
      "users.image",
    ]);
    expect(result.text).toContain('    createdAt: timestamp().notNull().defaultNow(),\n    name: text("name"),\n');
    expect(result.text).toContain('\n    {\n        userId: varchar("user_id", { length: 255 }).notNull(),');
  });

  test("JavaScript modules, a one-line column object, an empty module", async () => {
    const js = `import { sqliteTable, text } from "drizzle-orm/sqlite-core";\nexport const users = sqliteTable("users", { id: text("id").primaryKey(), role: text("role") });\n`;
    const result = merged(js, "schema.js", "sqlite");
    expect(result.text).toContain(
      '{ id: text("id").primaryKey(), role: text("role"), name: text("name"), email: text("email").unique("users_email_key"),',
    );
    await expectModelTables(result.text, result.tables, "mjs");

    const empty = merged("", "auth.ts", "postgres");
    expect(
      empty.text.startsWith(
        'import { bigint, boolean, foreignKey, index, pgTable, primaryKey, text, timestamp, unique } from "drizzle-orm/pg-core";\n',
      ),
    ).toBe(true);
    await expectModelTables(empty.text, empty.tables);
  });

  test("a comment after the last column stays on its line", () => {
    const source = `import { pgTable, text } from "drizzle-orm/pg-core";\n\nexport const users = pgTable("users", {\n  id: text("id").primaryKey(), // uuid\n  role: text("role") // admin or member\n});\n`;
    const result = merged(source, "schema.ts", "postgres");
    expect(result.text).toContain(
      '  id: text("id").primaryKey(), // uuid\n  role: text("role"), // admin or member\n  name: text("name"),\n',
    );
    expect(result.text).toContain('  image: text("image")\n});');
  });

  for (const [fixture, file, dialect] of [
    ["orm-drizzle-next", "src/db/schema.ts", "postgres"],
    ["orm-drizzle-sveltekit", "src/lib/server/db/schema.ts", "sqlite"],
    ["orm-drizzle-schema-folder", "src/db/schema/users.ts", "mysql"],
  ] as const) {
    test(`merges ${fixture}'s ${file} as snapshotted (for review: what an app's module becomes)`, async () => {
      const result = merged(memoryFixture(fixture).read(file), file, dialect);
      await expect(result.text).toMatchFileSnapshot(`__snapshots__/drizzle-merge.${fixture}.txt`);
    });
  }

  const unsupported: Array<[string, string, SqlDialect, RegExp]> = [
    [
      "tables built in a loop",
      `import { pgTable, text } from "drizzle-orm/pg-core";\nexport const all = {};\nfor (const name of ["users", "posts"]) all[name] = pgTable(name, { id: text("id") });\n`,
      "postgres",
      /names a table by a computed value \(line 3\)/,
    ],
    [
      "a users table built inside other code",
      `import { pgTable, text } from "drizzle-orm/pg-core";\nexport const schema = {\n  users: pgTable("users", { id: text("id") }),\n};\n`,
      "postgres",
      /builds the users table inside other code \(line 3\)/,
    ],
    [
      "another dialect's tables",
      `import { pgTable, text } from "drizzle-orm/pg-core";\nexport const posts = pgTable("posts", { id: text("id") });\n`,
      "sqlite",
      /defines PostgreSQL tables, not SQLite ones/,
    ],
    [
      "a users table that is not exported",
      `import { pgTable, text } from "drizzle-orm/pg-core";\nconst users = pgTable("users", { id: text("id") });\n`,
      "postgres",
      /without exporting it/,
    ],
    [
      "a users column under another key",
      `import { pgTable, text, timestamp } from "drizzle-orm/pg-core";\nexport const users = pgTable("users", { id: text("id"), verifiedAt: timestamp("email_verified") });\n`,
      "postgres",
      /is the property "verifiedAt", but the auth adapter reads it as "emailVerified"/,
    ],
    [
      "a users table keyed by integers nothing numbers",
      `import { pgTable, integer } from "drizzle-orm/pg-core";\nexport const users = pgTable("users", { id: integer("id").primaryKey() });\n`,
      "postgres",
      /users\.id is an integer without a default, so a new user has no id: make it serial/,
    ],
    [
      "a users table keyed by something that is no id",
      `import { pgTable, timestamp } from "drizzle-orm/pg-core";\nexport const users = pgTable("users", { id: timestamp("id").primaryKey() });\n`,
      "postgres",
      /users\.id is a timestamp column; the auth adapter takes text, uuid, integer or bigint ids/,
    ],
    [
      "a users table with a required column sign-up cannot fill",
      `import { pgTable, serial, text } from "drizzle-orm/pg-core";\nexport const users = pgTable("users", { id: serial("id").primaryKey(), role: text("role").notNull(), team: text("team_id").notNull() });\n`,
      "postgres",
      /users\.role, users\.team_id are required without a default.*Give each a default \(\.default\(…\) or \.\$defaultFn\(…\)\) or make it nullable/,
    ],
    [
      "a CommonJS module",
      `const { sqliteTable, text } = require("drizzle-orm/sqlite-core");\nmodule.exports = { posts: sqliteTable("posts", { id: text("id") }) };\n`,
      "sqlite",
      /CommonJS/,
    ],
  ];
  for (const [shape, source, dialect, reason] of unsupported) {
    test(`refuses ${shape}, saying why`, () => {
      const result = mergeDrizzleSchema(source, shape.endsWith("module") ? "schema.cjs" : "schema.ts", dialect);
      expect(result).toEqual({ unsupported: expect.stringMatching(reason) });
    });
  }
});

describe("mergeDrizzleSchema on any app module (property)", () => {
  const identifier = fc
    .stringMatching(/^[a-z][a-z0-9]{0,7}$/)
    .filter(
      (name) =>
        !/^(users|accounts|sessions|authenticators|verification|import|export|const|default|new|in|of|do|if|for|var|let|case|else|enum|this|true|null|void|with|try|typeof)$/.test(
          name,
        ),
    );
  const column = fc.record({ key: identifier, comment: fc.option(fc.stringMatching(/^[a-z ]{0,20}$/)) });
  const table = fc.record({
    name: identifier,
    columns: fc.uniqueArray(column, { minLength: 1, maxLength: 4, selector: (c) => c.key }),
  });
  const appModule = fc.record({
    dialect: fc.constantFrom(...sqlDialects),
    tables: fc.uniqueArray(table, { maxLength: 4, selector: (t) => t.name }),
    users: fc.option(
      fc
        .uniqueArray(identifier, { maxLength: 3 })
        .map((keys) => keys.filter((key) => !["id", "name", "email", "image"].includes(key))),
    ),
    indent: fc.constantFrom("  ", "    ", "\t"),
    eol: fc.constantFrom("\n", "\r\n"),
    quote: fc.constantFrom('"', "'"),
    trailingCommas: fc.boolean(),
  });

  test("keeps every line of the app's module, parses, and a second merge changes nothing", () => {
    fc.assert(
      fc.property(appModule, (app) => {
        const { table: creator, module } = core[app.dialect];
        const q = (text: string) => `${app.quote}${text}${app.quote}`;
        const comma = app.trailingCommas ? "," : "";
        const tableCode = (name: string, keys: Array<{ key: string; comment: string | null }>) => [
          `export const ${name}Table = ${creator}(${q(name)}, {`,
          ...keys.map(
            (c, i) =>
              `${app.indent}${c.key}: text(${q(c.key)})${i < keys.length - 1 ? "," : comma}${c.comment === null ? "" : ` // ${c.comment}`}`,
          ),
          "});",
        ];
        const lines = [`import { ${creator}, text } from ${q(module)};`, ""];
        for (const t of app.tables) lines.push(...tableCode(t.name, t.columns), "");
        if (app.users)
          lines.push(
            ...tableCode("users", [
              { key: "id", comment: null },
              ...app.users.map((key) => ({ key, comment: "the app's" })),
            ]),
            "",
          );
        const source = lines.join(app.eol);
        const result = merged(source, "schema.ts", app.dialect);
        expect(keepsEveryLine(source, result.text)).toBe(true);
        expect(syntaxErrors(result.text, "schema.ts")).toEqual([]);
        expect(result.text.replaceAll(app.eol, "")).not.toMatch(/[\r\n]/);
        expect(mergeDrizzleSchema(result.text, "schema.ts", app.dialect)).toMatchObject({ text: "unchanged" });
      }),
      { numRuns: 150 },
    );
  });
});
