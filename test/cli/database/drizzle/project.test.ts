// findDrizzleProject: where an app's Drizzle tables and database instance are, read from realistic fixtures
// (drizzle.config with one schema file, with a schema folder) and from apps without a config; and where
// drizzle.config's dbCredentials.url takes the database from, the setting migrate, doctor and db prune read.
import { describe, expect, test } from "vitest";
import { readDrizzleConfig } from "../../../../src/cli/database/drizzle/config.js";
import { findDrizzleProject } from "../../../../src/cli/database/drizzle/project.js";
import { initFixture, memoryFixture } from "../../support.js";

const ts = { srcDir: true, language: "ts" } as const;

/** An app with only a package.json depending on drizzle-orm, plus these files. */
function app(files: Record<string, string>, dependencies: Record<string, string> = { "drizzle-orm": "^0.45.1" }) {
  const project = memoryFixture("next-16-src");
  project.write("package.json", JSON.stringify({ name: "app", dependencies }));
  for (const [file, text] of Object.entries(files)) project.write(file, text);
  return project.reader();
}

describe("findDrizzleProject on fixtures", () => {
  test("a Next.js app: drizzle.config names one schema file, src/db/index.ts exports db", () => {
    expect(findDrizzleProject(memoryFixture("orm-drizzle-next").reader(), ts)).toEqual({
      configFile: "drizzle.config.ts",
      dialect: "postgres",
      schemaFiles: ["src/db/schema.ts"],
      authSchemaFile: "src/db/schema.ts",
      instance: { file: "src/db/index.ts", exportName: "db" },
    });
  });

  test("a SvelteKit app as `sv add drizzle` writes it (SQLite, no users table yet): the one schema file", () => {
    expect(findDrizzleProject(memoryFixture("orm-drizzle-sveltekit").reader(), ts)).toEqual({
      configFile: "drizzle.config.ts",
      dialect: "sqlite",
      schemaFiles: ["src/lib/server/db/schema.ts"],
      authSchemaFile: "src/lib/server/db/schema.ts",
      instance: { file: "src/lib/server/db/index.ts", exportName: "db" },
    });
  });

  test("a schema folder: the module that already defines users takes the auth tables", () => {
    expect(findDrizzleProject(memoryFixture("orm-drizzle-schema-folder").reader(), ts)).toEqual({
      configFile: "drizzle.config.ts",
      dialect: "mysql",
      schemaFiles: ["src/db/schema/index.ts", "src/db/schema/orders.ts", "src/db/schema/users.ts"],
      authSchemaFile: "src/db/schema/users.ts",
      instance: { file: "src/db/client.ts", exportName: "database" },
    });
  });

  test("an app without drizzle-orm and without a config has no Drizzle project", () => {
    expect(findDrizzleProject(memoryFixture("next-16-src").reader(), ts)).toBeNull();
    expect(findDrizzleProject(memoryFixture("sveltekit-2").reader(), ts)).toBeNull();
  });
});

describe("findDrizzleProject without a config", () => {
  test("finds the schema by its core import and a default-exported instance", () => {
    const reader = app({
      "src/db/schema.ts":
        'import { pgTable, text } from "drizzle-orm/pg-core";\nexport const posts = pgTable("posts", { id: text("id") });\n',
      "src/db/index.ts":
        'import { drizzle } from "drizzle-orm/postgres-js";\nexport default drizzle(process.env.DATABASE_URL!);\n',
    });
    expect(findDrizzleProject(reader, ts)).toEqual({
      configFile: null,
      dialect: "postgres",
      schemaFiles: ["src/db/schema.ts"],
      authSchemaFile: "src/db/schema.ts",
      instance: { file: "src/db/index.ts", exportName: "default" },
    });
  });

  test("an instance declared then exported by name, and the dialect from its driver when no table exists yet", () => {
    const reader = app({
      "lib/db/index.ts":
        'import { drizzle as connect } from "drizzle-orm/libsql";\nconst client = connect({ connection: { url: "file:local.db" } });\nexport { client as db };\n',
    });
    expect(findDrizzleProject(reader, { srcDir: false, language: "js" })).toEqual({
      configFile: null,
      dialect: "sqlite",
      schemaFiles: [],
      authSchemaFile: "lib/db/auth-schema.js",
      instance: { file: "lib/db/index.ts", exportName: "db" },
    });
  });

  test("one module holding both the tables and the instance (src/lib/db.ts), in an app without src/ folders too", () => {
    const module =
      'import { drizzle } from "drizzle-orm/mysql2";\nimport { mysqlTable, varchar } from "drizzle-orm/mysql-core";\n\n' +
      'export const users = mysqlTable("users", { id: varchar("id", { length: 255 }).primaryKey() });\n' +
      "export const db = drizzle(process.env.DATABASE_URL!);\n";
    for (const [file, info] of [
      ["src/lib/db.ts", ts],
      ["db.ts", { srcDir: false, language: "ts" }],
    ] as const) {
      expect(findDrizzleProject(app({ [file]: module }), info)).toEqual({
        configFile: null,
        dialect: "mysql",
        schemaFiles: [file],
        authSchemaFile: file,
        instance: { file, exportName: "db" },
      });
    }
  });

  test("an instance cached on globalThis for development's hot reloads", () => {
    const reader = app({
      "src/server/db/index.ts":
        'import { drizzle } from "drizzle-orm/node-postgres";\n\nconst globalForDb = globalThis as unknown as { db?: ReturnType<typeof drizzle> };\n\n' +
        'export const db = globalForDb.db ?? drizzle(process.env.DATABASE_URL!);\nif (process.env.NODE_ENV !== "production") globalForDb.db = db;\n',
    });
    expect(findDrizzleProject(reader, ts)).toMatchObject({
      dialect: "postgres",
      instance: { file: "src/server/db/index.ts", exportName: "db" },
    });
  });

  test("drizzle-orm alone (nothing written yet): a new auth-schema module where src/db would be", () => {
    expect(findDrizzleProject(app({}), ts)).toEqual({
      configFile: null,
      dialect: null,
      schemaFiles: [],
      authSchemaFile: "src/db/auth-schema.ts",
      instance: null,
    });
  });
});

describe("findDrizzleProject after init --orm drizzle wrote its own auth-schema module", () => {
  test.each([
    ["next-app", "auth-schema.ts"],
    ["sveltekit-2", "src/lib/server/auth-schema.ts"],
    ["solid-start-2", "src/auth-schema.ts"],
  ])("%s: the tables are in %s, beside init's client module", async (fixture, file) => {
    const { project, run } = await initFixture(fixture, [
      ...["--providers", "oidc", "--orm", "drizzle", "--db", "postgres", "--yes", "--no-install"],
    ]);
    expect(run.status).toBe(0);
    expect(project.has(file)).toBe(true);
    const found = findDrizzleProject(project.reader(), { srcDir: file.startsWith("src/"), language: "ts" });
    expect(found).toMatchObject({ dialect: "postgres", schemaFiles: [file], authSchemaFile: file });
  });

  test("an auth-schema module of the app's own (not init's first line) is not taken for init's", () => {
    const project = memoryFixture("next-app");
    project.write("package.json", JSON.stringify({ dependencies: { "drizzle-orm": "^0.45.0" } }));
    project.write(
      "auth-schema.ts",
      'import { pgTable, text } from "drizzle-orm/pg-core";\nexport const users = pgTable("users", { id: text("id") });\n',
    );
    expect(findDrizzleProject(project.reader(), { srcDir: false, language: "ts" })).toMatchObject({
      schemaFiles: [],
      authSchemaFile: "db/auth-schema.ts",
    });
  });
});

describe("drizzle.config shapes", () => {
  const tables = (name: string) =>
    `import { sqliteTable, text } from "drizzle-orm/sqlite-core";\nexport const ${name} = sqliteTable("${name}", { id: text("id") });\n`;

  test("a glob over a folder without users: a new auth-schema module the glob matches", () => {
    const reader = app({
      "drizzle.config.mjs": 'export default { dialect: "turso", schema: "./src/db/schema/*.ts" };\n',
      "src/db/schema/posts.ts": tables("posts"),
      "src/db/schema/tags.ts": tables("tags"),
      "src/db/schema/README.md": "not a module",
    });
    expect(findDrizzleProject(reader, ts)).toMatchObject({
      configFile: "drizzle.config.mjs",
      dialect: "sqlite",
      schemaFiles: ["src/db/schema/posts.ts", "src/db/schema/tags.ts"],
      authSchemaFile: "src/db/schema/auth-schema.ts",
    });
    expect(findDrizzleProject(reader, { srcDir: true, language: "js" })?.authSchemaFile).toBe(
      "src/db/schema/auth-schema.ts",
    );
  });

  test("a list of files: the first takes the tables, since drizzle-kit reads only the files listed", () => {
    const reader = app({
      "drizzle.config.ts":
        'import type { Config } from "drizzle-kit";\nconst config = { schema: ["./db/posts.ts", "./db/tags.ts"], dialect: "sqlite" } satisfies Config;\nexport default config;\n',
      "db/posts.ts": tables("posts"),
      "db/tags.ts": tables("tags"),
    });
    expect(findDrizzleProject(reader, ts)).toMatchObject({
      dialect: "sqlite",
      schemaFiles: ["db/posts.ts", "db/tags.ts"],
      authSchemaFile: "db/posts.ts",
    });
  });

  test("a CommonJS config and a users table found by its SQL name whatever its export is called", () => {
    const reader = app({
      "drizzle.config.cjs": 'module.exports = { schema: "./schema", driver: "pg" };\n',
      "schema/posts.ts":
        'import { pgTable, text } from "drizzle-orm/pg-core";\nexport const posts = pgTable("posts", { id: text("id") });\n',
      "schema/people.ts":
        'import { pgTable, text } from "drizzle-orm/pg-core";\nexport const people = pgTable("users", { id: text("id") });\n',
    });
    expect(findDrizzleProject(reader, ts)).toMatchObject({
      configFile: "drizzle.config.cjs",
      dialect: "postgres",
      authSchemaFile: "schema/people.ts",
    });
  });

  test("a config alone (drizzle-orm not yet installed) is a Drizzle project; its schema file is written new", () => {
    const reader = app(
      { "drizzle.config.ts": 'export default { dialect: "postgresql", schema: "./src/db/schema.ts" };\n' },
      {},
    );
    expect(findDrizzleProject(reader, ts)).toMatchObject({
      dialect: "postgres",
      schemaFiles: [],
      authSchemaFile: "src/db/schema.ts",
    });
  });
});

describe("readDrizzleConfig: where dbCredentials.url takes the database from, and drizzle-kit's out folder", () => {
  const config = (credentials: string, rest = "") =>
    app({
      "drizzle.config.ts": `import { defineConfig } from "drizzle-kit";\n\nexport default defineConfig({\n  dialect: "postgresql",\n  schema: "./src/db/schema.ts",${rest}\n  dbCredentials: { ${credentials} },\n});\n`,
    });

  test.each([
    ["url: process.env.DATABASE_URL!", { env: "DATABASE_URL", fallback: null }],
    ['url: process.env["DB_URL"] as string', { env: "DB_URL", fallback: null }],
    ['url: process.env.DB_URL ?? "postgres://localhost/app"', { env: "DB_URL", fallback: "postgres://localhost/app" }],
    [
      "url: (process.env.DB_URL || `postgres://localhost/dev`)",
      { env: "DB_URL", fallback: "postgres://localhost/dev" },
    ],
    ['url: "postgres://localhost/app"', { value: "postgres://localhost/app" }],
    ['host: "localhost", database: "app"', null],
    ["url: databaseUrl()", null],
  ])("%s", (credentials, url) => {
    expect(readDrizzleConfig(config(credentials))).toMatchObject({ url, out: "drizzle" });
  });

  test("out as written, without its ./ and trailing slash", () => {
    expect(readDrizzleConfig(config("url: process.env.DATABASE_URL!", '\n  out: "./db/migrations/",'))?.out).toBe(
      "db/migrations",
    );
  });
});
