import { afterAll, describe, expect, test } from "vitest";
import type { Finding } from "../../../../src/cli/checks/finding.js";
import { casedColumn } from "../../../../src/cli/database/drizzle/casing.js";
import { prismaTables } from "../../../../src/cli/database/prisma/doctor-tables.js";
import type { SqlDialect } from "../../../../src/cli/database/sql/render.js";
import { detectProject } from "../../../../src/cli/frameworks/detect-project.js";
import { createMariaDBDatabase } from "../../../support/mariadb.mjs";
import { createPostgresDatabase } from "../../../support/postgres.mjs";
import { initFixture, type MemoryProject, removeTemps } from "../../support.js";
import { authTables, findingsOnDisk, onDiskWithDatabase } from "./support.js";

// Removing the temporary apps took more than the default 10 s once, on a machine at load 14.
afterAll(removeTemps, 60_000);

/** The `database.*` findings of `auth doctor --json` (the tables and columns the adapter queries). */
const databaseFindings = (root: string, env: Record<string, string>) => findingsOnDisk(root, env, "database.");

/**
 * The app after `init --orm <orm> --db <dialect>`, its ORM schema edited by `edit`, on disk with this
 * repository's node_modules, and the auth tables created from the SQL schema (the names init's ORM schema
 * maps), then `breakIt` run on the database.
 */
async function ormApp(
  orm: "prisma" | "drizzle",
  fixture: string,
  dialect: SqlDialect,
  env: Record<string, string>,
  edit: (project: MemoryProject) => void = () => {},
  breakIt: string[] = [],
): Promise<string> {
  const { project, run } = await initFixture(fixture, [
    "--providers",
    "credentials",
    "--orm",
    orm,
    "--db",
    dialect,
    "--yes",
    "--no-install",
  ]);
  expect(run.status).toBe(0);
  edit(project);
  return onDiskWithDatabase(project, env, [...authTables(dialect), ...breakIt]);
}

const byId = (findings: Finding[], id: string) => findings.filter((f) => f.id === id);
const SQLITE = { AUTH_DATABASE_FILE: "auth.db" };

describe("Prisma", () => {
  const schema = "prisma/schema.prisma";

  test("the tables as the schema maps them, relation fields aside, pass", async () => {
    const findings = await databaseFindings(await ormApp("prisma", "next-app", "sqlite", SQLITE), SQLITE);
    expect(findings).toEqual([
      expect.objectContaining({ id: "database.schema", message: expect.stringContaining(`(as ${schema} maps them)`) }),
    ]);
  });

  test("a model mapped to another table, a field mapped to another column, a field the database lacks", async () => {
    const root = await ormApp(
      "prisma",
      "next-app",
      "sqlite",
      SQLITE,
      (project) =>
        project.write(
          schema,
          project
            .read(schema)
            .replace('@@map("users")', '@@map("auth_users")')
            .replace(/(model Session \{[\s\S]*?expires\s+DateTime)/, '$1 @map("expires_at")')
            .replace(/(model Account \{\n)/, "$1  nickname String?\n"),
        ),
      ["ALTER TABLE verification_tokens DROP COLUMN expires"],
    );
    const findings = await databaseFindings(root, SQLITE);
    expect(byId(findings, "database.table-missing")).toEqual([
      expect.objectContaining({
        level: "error",
        file: schema,
        message: `SQLite auth.db has no auth_users table (as ${schema} maps it): the prisma adapter fails on its first query of it.`,
      }),
    ]);
    expect(byId(findings, "database.column-missing").map((f) => f.message.split(" (as ")[0])).toEqual([
      "SQLite auth.db: accounts lacks nickname",
      "SQLite auth.db: sessions lacks expires_at",
      "SQLite auth.db: verification_tokens lacks expires",
    ]);
    expect(byId(findings, "database.schema")).toEqual([]);
  });

  /** The schema without the Session model and the relation field that names it, as a user deletes it. */
  const withoutSession = (project: MemoryProject) =>
    project.write(
      schema,
      project
        .read(schema)
        .replace(/\nmodel Session \{[^}]*\}\n/, "\n")
        .replace(/\n\s*sessions\s+Session\[\]/, ""),
    );

  test("a model deleted from the schema is a model missing, not a default table name", async () => {
    const { project } = await initFixture("next-app", [
      "--providers",
      "credentials",
      "--orm",
      "prisma",
      "--db",
      "sqlite",
      "--yes",
      "--no-install",
    ]);
    withoutSession(project);
    expect(project.read(schema)).not.toMatch(/\bSession\b/);
    const expected = prismaTables(project.reader(), (await detectProject(project.reader(), {})).info);
    expect(expected.filter((table) => table.missingModel)).toEqual([
      expect.objectContaining({ missingModel: { model: "Session", schema } }),
    ]);
    expect(expected.find((table) => table.model.name === "users")).toMatchObject({ declaredIn: schema });
  });

  test("a model deleted from the schema: the finding names the schema and the model, not a table", async () => {
    const root = await ormApp("prisma", "next-app", "sqlite", SQLITE, withoutSession);
    const findings = await databaseFindings(root, SQLITE);
    expect(byId(findings, "database.model-missing")).toEqual([
      expect.objectContaining({
        level: "error",
        file: schema,
        message: `${schema} has no Session model: the prisma adapter's client has no Session to query, whatever tables the database holds.`,
      }),
    ]);
    // The database still holds sessions: without the model it must not pass as every table there.
    expect(byId(findings, "database.schema")).toEqual([]);
    expect(byId(findings, "database.table-missing")).toEqual([]);
  });

  test("its database not there yet is a note, not a crash", async () => {
    const root = await ormApp("prisma", "next-app", "sqlite", SQLITE);
    expect(await databaseFindings(root, { AUTH_DATABASE_FILE: "not-yet.db" })).toEqual([
      expect.objectContaining({ id: "database.unreachable", level: "info" }),
    ]);
  });
});

describe("Drizzle", () => {
  const schema = "auth-schema.ts";

  test("the tables the auth module hands the adapter, by their SQL names, pass", async () => {
    const findings = await databaseFindings(await ormApp("drizzle", "next-app", "sqlite", SQLITE), SQLITE);
    expect(findings).toEqual([
      expect.objectContaining({ id: "database.schema", message: expect.stringContaining(`(as ${schema} maps them)`) }),
    ]);
  });

  test("a table renamed in the schema module, and columns it declares that the database lacks", async () => {
    const root = await ormApp("drizzle", "next-app", "sqlite", SQLITE, (project) =>
      project.write(
        schema,
        project
          .read(schema)
          .replace('sqliteTable(\n  "sessions"', 'sqliteTable(\n  "user_sessions"')
          .replace(
            '    image: text("image"),\n',
            '    image: text("image"),\n    role: text("role"),\n    nickname: text(),\n',
          ),
      ),
    );
    const findings = await databaseFindings(root, SQLITE);
    expect(byId(findings, "database.table-missing")).toEqual([
      expect.objectContaining({
        level: "error",
        file: schema,
        message: expect.stringContaining("no user_sessions table"),
      }),
    ]);
    expect(byId(findings, "database.column-missing")).toEqual([
      expect.objectContaining({
        file: schema,
        message: `SQLite auth.db: users lacks role, nickname (as ${schema} maps it), which the drizzle adapter reads and writes.`,
      }),
    ]);
  });

  test("tables imported under other names still resolve to their SQL names", async () => {
    const root = await ormApp("drizzle", "next-app", "sqlite", SQLITE, (project) => {
      project.write(
        "auth.ts",
        project
          .read("auth.ts")
          .replace(
            'import { users, accounts, sessions, verificationTokens, authenticators } from "./auth-schema";',
            'import * as tables from "./auth-schema";\nimport { accounts as logins } from "./auth-schema";',
          )
          .replace(
            "drizzle(db, { users, accounts, sessions, verificationTokens, authenticators })",
            "drizzle(db, { users: tables.users, accounts: logins, sessions: tables.sessions, verificationTokens: tables.verificationTokens, authenticators: tables.authenticators })",
          ),
      );
      expect(project.read("auth.ts")).toContain("accounts: logins, sessions: tables.sessions");
      project.write(schema, project.read(schema).replace('sqliteTable(\n  "accounts"', 'sqliteTable(\n  "logins"'));
    });
    const findings = await databaseFindings(root, SQLITE);
    expect(byId(findings, "database.table-missing").map((f) => f.message)).toEqual([
      expect.stringContaining("no logins table"),
    ]);
  });

  test("tables merged into the app's own schema module, imported through $lib: renamed there, found there", async () => {
    const schemaModule = "src/lib/server/db/schema.ts";
    const root = await ormApp("drizzle", "orm-drizzle-sveltekit", "sqlite", SQLITE, (project) => {
      expect(project.read("src/auth.ts")).toContain('from "$lib/server/db/schema"');
      project.write(
        schemaModule,
        project.read(schemaModule).replace("sqliteTable(\n\t'users'", "sqliteTable(\n\t'auth_users'"),
      );
    });
    expect(byId(await databaseFindings(root, SQLITE), "database.table-missing")).toEqual([
      expect.objectContaining({
        file: schemaModule,
        message: `SQLite auth.db has no auth_users table (as ${schemaModule} maps it): the drizzle adapter fails on its first query of it.`,
      }),
    ]);
  });

  test("PostgreSQL: a column the schema module declares, dropped from the database, is an error", async () => {
    const database = await createPostgresDatabase();
    try {
      const { host, port, user, password, database: name } = database.connection;
      const env = { DATABASE_URL: `postgres://${user}:${password}@${host}:${port}/${name}` };
      const root = await ormApp("drizzle", "next-app", "postgres", env, () => {}, [
        "ALTER TABLE accounts DROP COLUMN id_token",
      ]);
      const findings = await databaseFindings(root, env);
      expect(byId(findings, "database.column-missing")).toEqual([
        expect.objectContaining({
          message: `PostgreSQL postgres://${user}@${host}:${port}/${name}: accounts lacks id_token (as ${schema} maps it), which the drizzle adapter reads and writes.`,
        }),
      ]);
    } finally {
      await database.drop();
    }
  });
});

describe("Drizzle's casing option", () => {
  const schema = "auth-schema.ts";

  /** The module that makes the app's `drizzle(…)` instance: the one file that calls it. */
  const instanceModule = (project: MemoryProject) =>
    [...project.files.keys()].find((file) => /\bdrizzle\(.+, \{ schema/.test(project.read(file)))!;

  /** Key-only columns: emailVerified (in the database as email_verified) and lastSeenAt (in it under no name). */
  const keyOnly = (project: MemoryProject) =>
    project.write(
      schema,
      project
        .read(schema)
        .replace(/emailVerified: (\w+)\("email_verified", /, "emailVerified: $1(")
        .replace('    image: text("image"),\n', '    image: text("image"),\n    lastSeenAt: text(),\n'),
    );

  test("snake_case on the db instance: a key-only column is found by its snake_case name, a missing one named so", async () => {
    const root = await ormApp("drizzle", "next-app", "sqlite", SQLITE, (project) => {
      keyOnly(project);
      const file = instanceModule(project);
      project.write(
        file,
        project.read(file).replace("drizzle(sqlite, { schema })", 'drizzle(sqlite, { schema, casing: "snake_case" })'),
      );
    });
    const findings = await databaseFindings(root, SQLITE);
    expect(byId(findings, "database.column-missing").map((f) => f.message)).toEqual([
      `SQLite auth.db: users lacks last_seen_at (as ${schema} maps it), which the drizzle adapter reads and writes.`,
    ]);
  });

  test("snake_case in drizzle.config.ts only: the instance queries emailVerified, which the database lacks", async () => {
    const root = await ormApp("drizzle", "next-app", "sqlite", SQLITE, (project) => {
      keyOnly(project);
      project.write(
        "drizzle.config.ts",
        'import { defineConfig } from "drizzle-kit";\n\nexport default defineConfig({ schema: "./auth-schema.ts", dialect: "sqlite", casing: "snake_case" });\n',
      );
    });
    expect(byId(await databaseFindings(root, SQLITE), "database.column-missing").map((f) => f.message)).toEqual([
      `SQLite auth.db: users lacks emailVerified, lastSeenAt (as ${schema} maps it), which the drizzle adapter reads and writes.`,
    ]);
  });

  test("an instance its module makes out of reach: drizzle.config.ts's casing is the one read", async () => {
    const root = await ormApp("drizzle", "next-app", "sqlite", SQLITE, (project) => {
      keyOnly(project);
      const auth = project.read("auth.ts");
      // The adapter gets the instance from a call, which the doctor does not follow.
      const local = /drizzle\((\w+), \{/.exec(auth)![1]!;
      project.write("auth.ts", auth.replace(`drizzle(${local}, {`, `drizzle(((x) => x)(${local}), {`));
      project.write(
        "drizzle.config.ts",
        'import { defineConfig } from "drizzle-kit";\n\nexport default defineConfig({ schema: "./auth-schema.ts", dialect: "sqlite", casing: "snake_case" });\n',
      );
    });
    expect(byId(await databaseFindings(root, SQLITE), "database.column-missing").map((f) => f.message)).toEqual([
      `SQLite auth.db: users lacks last_seen_at (as ${schema} maps it), which the drizzle adapter reads and writes.`,
    ]);
  });

  test("PostgreSQL, camelCase on the instance: a key-only column queried as written passes", async () => {
    const database = await createPostgresDatabase();
    try {
      const { host, port, user, password, database: name } = database.connection;
      const env = { DATABASE_URL: `postgres://${user}:${password}@${host}:${port}/${name}` };
      const root = await ormApp(
        "drizzle",
        "next-app",
        "postgres",
        env,
        (project) => {
          project.write(
            schema,
            project
              .read(schema)
              .replace('    image: text("image"),\n', '    image: text("image"),\n    last_seen_at: text(),\n'),
          );
          const file = instanceModule(project);
          project.write(
            file,
            project.read(file).replace(/drizzle\((.+), \{ schema \}\)/, 'drizzle($1, { schema, casing: "camelCase" })'),
          );
        },
        ['ALTER TABLE users ADD COLUMN "lastSeenAt" TEXT'],
      );
      expect(await databaseFindings(root, env)).toEqual([expect.objectContaining({ id: "database.schema" })]);
    } finally {
      await database.drop();
    }
  });

  test("a key's cased name is drizzle-orm's own", async () => {
    const { toCamelCase, toSnakeCase } = await import("drizzle-orm/casing");
    const keys = [
      "emailVerified",
      "providerAccountId",
      "credentialID",
      "userID2",
      "HTMLParser",
      "access_token",
      "x",
      "it's",
      "aB1c",
    ];
    expect(keys.map((key) => casedColumn(key, "snake_case"))).toEqual(keys.map(toSnakeCase));
    expect(keys.map((key) => casedColumn(key, "camelCase"))).toEqual(keys.map(toCamelCase));
    expect(casedColumn("emailVerified", null)).toBe("emailVerified");
  });
});

describe("every framework's ORM layout, just after init", () => {
  test.each([
    ["drizzle", "solid-start-2"],
    ["prisma", "solid-start-2"],
    ["drizzle", "qwik-city-1"],
    ["prisma", "qwik-city-1"],
    ["drizzle", "express-5-ts"],
    ["prisma", "sveltekit-2"],
  ] as const)("%s on %s: the tables its schema maps are found", async (orm, fixture) => {
    const findings = await databaseFindings(await ormApp(orm, fixture, "sqlite", SQLITE), SQLITE);
    expect(findings).toEqual([
      expect.objectContaining({ id: "database.schema", message: expect.stringMatching(/ \(as \S+ maps them\)\.$/) }),
    ]);
  });
});

/** The `users.*` findings of `auth doctor --json` (the users table as sign-up meets it). */
const usersFindings = (root: string, env: Record<string, string>) => findingsOnDisk(root, env, "users.");

/** An app after init on its own users table, on disk, with `ddl` run on its database (the users table as it is). */
async function usersApp(
  fixture: string,
  args: string[],
  env: Record<string, string>,
  ddl: string[],
  edit: (project: MemoryProject) => void = () => {},
): Promise<string> {
  const { project, run } = await initFixture(fixture, ["--providers", "github", "--yes", "--no-install", ...args]);
  expect(run.status, run.stderr).toBe(0);
  edit(project);
  return onDiskWithDatabase(project, env, ddl);
}

describe("the app's own users table, in the live database", () => {
  const prismaInt = ["--orm", "prisma", "--db", "sqlite"];
  const sqliteUsers = (columns: string) => `CREATE TABLE users (${columns})`;
  const good =
    "id INTEGER PRIMARY KEY AUTOINCREMENT, email TEXT, name TEXT NOT NULL, role TEXT NOT NULL DEFAULT 'writer', email_verified INTEGER, image TEXT";

  test("SQLite, Prisma Int ids: integer ids the database numbers, a unique email, the name filled: it passes", async () => {
    const root = await usersApp("orm-prisma-int-express", prismaInt, SQLITE, [
      sqliteUsers(good),
      "CREATE UNIQUE INDEX users_email_key ON users (email)",
    ]);
    expect(await usersFindings(root, SQLITE)).toEqual([
      expect.objectContaining({ id: "users.table", level: "ok", message: expect.stringContaining("integer ids") }),
    ]);
  });

  test("SQLite: an email without a unique constraint is an error naming the addresses two users share", async () => {
    const root = await usersApp("orm-prisma-int-express", prismaInt, SQLITE, [
      sqliteUsers(good),
      "INSERT INTO users (email, name) VALUES ('ada@example.com', 'a'), ('ada@example.com', 'b'), ('bob@example.com', 'c')",
    ]);
    expect(await usersFindings(root, SQLITE)).toEqual([
      expect.objectContaining({
        id: "users.email-unique",
        level: "error",
        message: expect.stringContaining("users.email has no unique constraint"),
        fix: expect.stringContaining("add @unique to the User model's email"),
      }),
    ]);
    const [found] = await usersFindings(root, SQLITE);
    expect(found?.message).toContain("Already shared: ada@example.com.");
    expect(found?.message).not.toContain("bob@example.com");
  });

  // role has no database default here, but the Prisma schema's @default("writer") is given by its client: not named.
  test("SQLite: a required column without a default, and a required name nothing fills, are named", async () => {
    const root = await usersApp(
      "orm-prisma-int-express",
      prismaInt,
      SQLITE,
      [
        sqliteUsers(`${good.replace("DEFAULT 'writer'", "")}, team TEXT NOT NULL`),
        "CREATE UNIQUE INDEX e ON users (email)",
      ],
      // The auth module without the adapter's newUserColumns: the name is no longer filled.
      (project) =>
        project.write("src/auth.ts", project.read("src/auth.ts").replace(/\n {4}newUserColumns: .*\n/, "\n")),
    );
    const findings = await usersFindings(root, SQLITE);
    expect(findings).toEqual([
      expect.objectContaining({
        id: "users.required-column",
        message: expect.stringContaining("users: name, team are required without a default"),
        fix: expect.stringContaining("fill name through the adapter: prisma(…, { newUserColumns:"),
      }),
    ]);
  });

  test("SQLite: text ids in the database while the auth module passes integer ids is an error with the fix", async () => {
    const root = await usersApp("orm-prisma-int-express", prismaInt, SQLITE, [
      sqliteUsers(`${good.replace("id INTEGER PRIMARY KEY AUTOINCREMENT", "id TEXT PRIMARY KEY")}`),
      "CREATE UNIQUE INDEX e ON users (email)",
    ]);
    expect(await usersFindings(root, SQLITE)).toEqual([
      expect.objectContaining({
        id: "users.id-kind",
        message: expect.stringContaining(
          'is text (text ids), but src/auth.ts hands the prisma adapter userIds: "integer"',
        ),
        fix: expect.stringContaining('pass userIds: "text"'),
      }),
    ]);
  });

  test("PostgreSQL, Drizzle serial ids: passes as created, and an integer id without a default is an error", async () => {
    const database = await createPostgresDatabase();
    try {
      const { host, port, user, password, database: name } = database.connection;
      const env = { DATABASE_URL: `postgres://${user}:${password}@${host}:${port}/${name}` };
      const users = (id: string) =>
        `CREATE TABLE users (${id}, name text NOT NULL, email text NOT NULL CONSTRAINT users_email_key UNIQUE, role text NOT NULL DEFAULT 'member', email_verified timestamptz(3), image text)`;
      const args = ["--orm", "drizzle", "--db", "postgres"];
      const root = await usersApp("orm-drizzle-serial-next", args, env, [users("id serial PRIMARY KEY")]);
      // The app's email is required: a provider that gives no address cannot create a user (a warning).
      expect(await usersFindings(root, env)).toEqual([
        expect.objectContaining({
          id: "users.email-required",
          level: "warning",
          message: expect.stringContaining("users.email is required"),
        }),
      ]);
      await usersApp("orm-drizzle-serial-next", args, env, ["ALTER TABLE users ALTER COLUMN email DROP NOT NULL"]);
      expect(await usersFindings(root, env)).toEqual([
        expect.objectContaining({ id: "users.table", message: expect.stringContaining("integer ids") }),
      ]);
      // An auth table that was there before, keyed to users by text: its rows could never belong to a numbered user.
      await usersApp("orm-drizzle-serial-next", args, env, [
        "CREATE TABLE sessions (session_token text PRIMARY KEY, user_id text NOT NULL, expires timestamptz(3) NOT NULL)",
      ]);
      expect(await usersFindings(root, env)).toEqual([
        expect.objectContaining({
          id: "users.user-id-kind",
          level: "error",
          message: expect.stringContaining("sessions.user_id is text, but users.id is integer"),
        }),
      ]);
      await usersApp("orm-drizzle-serial-next", args, env, ["DROP TABLE sessions"]);
      const bare = await usersApp("orm-drizzle-serial-next", args, env, [
        "DROP TABLE users",
        users("id integer PRIMARY KEY"),
      ]);
      expect(await usersFindings(bare, env)).toEqual([
        expect.objectContaining({
          id: "users.id-default",
          message: expect.stringContaining("users.id is integer without a default"),
        }),
        expect.objectContaining({ id: "users.email-required" }),
      ]);
    } finally {
      await database.drop();
    }
  });

  test("MariaDB, Prisma BigInt ids: passes as created; an email that is no longer unique is an error", async () => {
    const database = await createMariaDBDatabase();
    try {
      const { host, port, user, password, database: name } = database.connection;
      const env = { DATABASE_URL: `mysql://${user}:${password}@${host}:${port}/${name}` };
      const args = ["--orm", "prisma", "--db", "mysql"];
      const create =
        "CREATE TABLE users (id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY, email VARCHAR(255) NULL, name VARCHAR(120) NULL, is_admin BOOLEAN NOT NULL DEFAULT false, email_verified DATETIME(3) NULL, image TEXT NULL, CONSTRAINT users_email_key UNIQUE (email))";
      const root = await usersApp("orm-prisma-bigint-next", args, env, [create]);
      expect(await usersFindings(root, env)).toEqual([
        expect.objectContaining({ id: "users.table", message: expect.stringContaining("bigint ids") }),
      ]);
      await usersApp("orm-prisma-bigint-next", args, env, ["ALTER TABLE users DROP INDEX users_email_key"]);
      expect(await usersFindings(root, env)).toEqual([expect.objectContaining({ id: "users.email-unique" })]);
    } finally {
      await database.drop();
    }
  });
});
