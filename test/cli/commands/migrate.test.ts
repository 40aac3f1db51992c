// `auth migrate` on real databases: a SQLite file, PostgreSQL and MariaDB on loopback, from an app folder on
// disk whose node_modules holds the drivers (as an app's does), typed as users type it (main.ts's run on a
// Host of that folder). Each dialect runs one story: apply, re-run, a failing file that
// leaves the database as it was, the fixed file, a dry run, the --json object, edited and removed files.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type DatabaseConnection, openDatabase } from "../../../src/cli/database/connect.js";
import { type SqlDialect, sqlSchema } from "../../../src/cli/database/sql/render.js";
import { splitStatements } from "../../../src/cli/database/sql-statements.js";
import { createMariaDBDatabase } from "../../support/mariadb.mjs";
import { ensureNode24 } from "../../support/node24.mjs";
import { createPostgresDatabase } from "../../support/postgres.mjs";
import { initFixture, materialize, removeTemps, repoRoot, runCli, tempDir } from "../support.js";
import { migrateApp, migrateIn, write } from "../support-migrate.js";

afterAll(removeTemps);

const app = (files: Record<string, string> = {}) => migrateApp("migrate", files);

/** Tables, columns and indexes of the database, and the recorded migrations: what "as it was" compares. */
async function snapshot(db: DatabaseConnection): Promise<{ schema: string[]; recorded: string[] }> {
  let schema: Record<string, unknown>[];
  if (db.dialect === "sqlite") {
    schema = await db.query(
      `SELECT m.type || ' ' || m.name || coalesce(' ' || c.name, '') AS item FROM sqlite_master m
       LEFT JOIN pragma_table_info(m.name) c ON m.type = 'table' WHERE m.name NOT LIKE 'sqlite_%'`,
    );
  } else if (db.dialect === "postgres") {
    schema = await db.query(
      `SELECT 'column ' || table_name || '.' || column_name AS item FROM information_schema.columns WHERE table_schema = 'public'
       UNION ALL SELECT 'index ' || indexname FROM pg_indexes WHERE schemaname = 'public'`,
    );
  } else {
    schema = await db.query(
      `SELECT CONCAT('column ', table_name, '.', column_name) AS item FROM information_schema.columns WHERE table_schema = DATABASE()
       UNION ALL SELECT DISTINCT CONCAT('index ', table_name, '.', index_name) FROM information_schema.statistics WHERE table_schema = DATABASE()`,
    );
  }
  const tables = await db.query(
    db.dialect === "sqlite"
      ? "SELECT name FROM sqlite_master WHERE name = 'create_auth_migrations'"
      : db.dialect === "postgres"
        ? "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_name = 'create_auth_migrations'"
        : "SELECT table_name FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = 'create_auth_migrations'",
  );
  const recorded =
    tables.length === 0
      ? []
      : (await db.query("SELECT name FROM create_auth_migrations ORDER BY name")).map((row) => String(row["name"]));
  return { schema: schema.map((row) => String(row["item"])).sort(), recorded };
}

interface Story {
  dialect: SqlDialect;
  label: string;
  /** The app's settings and a cleanup. */
  setUp(root: string): Promise<{ env: Record<string, string>; target: string; drop(): Promise<void> }>;
}

const stories: Story[] = [
  {
    dialect: "sqlite",
    label: "SQLite (better-sqlite3)",
    async setUp() {
      return { env: { AUTH_DATABASE_FILE: "data/auth.db" }, target: "data/auth.db", drop: async () => {} };
    },
  },
  {
    dialect: "postgres",
    label: "PostgreSQL",
    async setUp() {
      const database = await createPostgresDatabase();
      const { host, port, user, password, database: name } = database.connection;
      return {
        env: { DATABASE_URL: `postgres://${user}:${password}@${host}:${port}/${name}` },
        target: `postgres://${user}@${host}:${port}/${name}`,
        drop: () => database.drop(),
      };
    },
  },
  {
    dialect: "mysql",
    label: "MariaDB",
    async setUp() {
      const database = await createMariaDBDatabase();
      const { host, port, user, password, database: name } = database.connection;
      return {
        env: { DATABASE_URL: `mysql://${user}:${password}@${host}:${port}/${name}` },
        target: `mysql://${user}@${host}:${port}/${name}`,
        drop: () => database.drop(),
      };
    },
  },
];

/** A second migration that adds a table, a column and an index, then fails on its fourth statement. */
function failingSecond(dialect: SqlDialect): string {
  const text = dialect === "mysql" ? "VARCHAR(20)" : "TEXT";
  return [
    "-- Roles and an audit log.",
    `CREATE TABLE audit_log (id ${text} NOT NULL PRIMARY KEY, user_id ${text} NOT NULL);`,
    `ALTER TABLE users ADD COLUMN role ${text};`,
    "CREATE INDEX users_role_idx ON users (role);",
    "INSERT INTO no_such_table (id)",
    "  VALUES ('x');",
    "",
  ].join("\n");
}

describe.each(stories)("auth migrate on $label", ({ dialect, setUp }) => {
  const root = app();
  let env: Record<string, string>;
  let target: string;
  let drop: () => Promise<void>;
  let db: DatabaseConnection;

  beforeAll(async () => {
    mkdirSync(path.join(root, "data"));
    ({ env, target, drop } = await setUp(root));
    write(root, "auth-migrations/0001_auth_tables.sql", sqlSchema(dialect));
  });
  afterAll(async () => {
    await db?.close();
    await drop();
  });

  test("applies the first migration and records it; the target has no password", async () => {
    const run = await migrateIn(root, env);
    expect(run.error).toBeNull();
    expect(run.stdout.split("\n")).toEqual([
      `Database: ${dialect === "sqlite" ? "SQLite" : dialect === "postgres" ? "PostgreSQL" : "MySQL"} ${target}`,
      expect.stringMatching(/^Applying auth-migrations\/0001_auth_tables\.sql \(\d+ statements\)$/),
      "Applied 1 migration.",
      "",
    ]);
    db = await openDatabase(root, env);
    const { schema, recorded } = await snapshot(db);
    expect(recorded).toEqual(["0001_auth_tables.sql"]);
    expect(schema).toEqual(expect.arrayContaining([expect.stringMatching(/users.*email|email/)]));
    expect(await db.query("SELECT count(*) AS n FROM users")).toEqual([{ n: dialect === "postgres" ? "0" : 0 }]);
  });

  test("running again applies nothing", async () => {
    const run = await migrateIn(root, env);
    expect(run.stdout).toBe(
      `Database: ${run.stdout.split("\n")[0]!.slice("Database: ".length)}\nNothing to apply: 1 migration already applied.\n`,
    );
  });

  test("a failing second migration leaves tables, columns, indexes and records as they were, naming the statement", async () => {
    const before = await snapshot(db);
    write(root, "auth-migrations/0002_roles.sql", failingSecond(dialect));
    const run = await migrateIn(root, env);
    expect(run.status).toBe(1);
    expect(run.error?.message).toMatch(
      /^0002_roles\.sql failed at statement 4 \(line 5: INSERT INTO no_such_table \(id\)\): .*no_such_table.*\. /,
    );
    expect(run.error?.message).not.toContain("\n");
    if (dialect === "mysql") {
      expect(run.error?.message).toContain(
        "MySQL commits DDL as it runs; undone: index users_role_idx on users, column users.role, table audit_log.",
      );
    } else expect(run.error?.message).toContain("Rolled back: nothing of it was applied.");
    expect(await snapshot(db)).toEqual(before);
  });

  test("the fixed migration applies", async () => {
    write(root, "auth-migrations/0002_roles.sql", failingSecond(dialect).replace(/INSERT[\s\S]*$/, ""));
    const run = await migrateIn(root, env);
    expect(run.error).toBeNull();
    expect(run.stdout).toContain("Applied 1 migration.");
    const { schema, recorded } = await snapshot(db);
    expect(recorded).toEqual(["0001_auth_tables.sql", "0002_roles.sql"]);
    expect(schema.some((item) => item.includes("role"))).toBe(true);
  });

  test("--dry-run prints the pending SQL and changes nothing", async () => {
    const before = await snapshot(db);
    write(root, "auth-migrations/0003_notes.sql", "CREATE TABLE notes (id INTEGER NOT NULL PRIMARY KEY);\n");
    const run = await migrateIn(root, env, { dryRun: true });
    expect(run.error).toBeNull();
    expect(run.stdout).toContain("Dry run: nothing is applied.\n");
    expect(run.stdout).toContain(
      "\n-- auth-migrations/0003_notes.sql\nCREATE TABLE notes (id INTEGER NOT NULL PRIMARY KEY);\n\nWould apply 1 migration: 0003_notes.sql.\n",
    );
    expect(run.stdout).not.toContain("0002_roles.sql");
    expect(await snapshot(db)).toEqual(before);
  });

  test("--json: one object with the database, what it applied and what was there", async () => {
    const run = await migrateIn(root, env, { json: true });
    expect(run.json).toEqual({
      ok: true,
      command: "migrate",
      database: { dialect, target },
      migrations: "auth-migrations",
      applied: ["0003_notes.sql"],
      pending: [],
      alreadyApplied: ["0001_auth_tables.sql", "0002_roles.sql"],
      changed: [],
      missing: [],
      dryRun: false,
    });
  });

  test("--repair re-creates a table dropped since, as it was, and leaves every other table and row alone", async () => {
    await db.query("INSERT INTO users (id, email, role) VALUES ('u1', 'ada@example.test', 'admin')");
    const before = await snapshot(db);
    await db.query("DROP TABLE sessions");
    expect(await snapshot(db)).not.toEqual(before);
    expect((await migrateIn(root, env)).stdout).toContain("Nothing to apply: 3 migrations already applied.\n");
    const run = await migrateIn(root, env, { repair: true });
    expect(run.error).toBeNull();
    expect(run.stdout).toMatch(
      /\nRepair: ran auth-migrations\/0001_auth_tables\.sql's \d+ CREATE … IF NOT EXISTS statements again \(what exists is unchanged\)\.\n/,
    );
    // 0002 holds an ALTER and a CREATE INDEX without IF NOT EXISTS, 0003 a plain CREATE TABLE: neither runs again.
    expect(run.stdout).not.toContain("0002_roles.sql's");
    expect(await snapshot(db)).toEqual(before);
    expect(await db.query("SELECT email, role FROM users")).toEqual([{ email: "ada@example.test", role: "admin" }]);
    await db.query("DELETE FROM users");
  });

  test("an edited applied file is reported, not applied again; a removed one is reported", async () => {
    const first = path.join(root, "auth-migrations/0001_auth_tables.sql");
    writeFileSync(first, `${readFileSync(first, "utf8")}\n-- edited\n`);
    unlinkSync(path.join(root, "auth-migrations/0003_notes.sql"));
    const before = await snapshot(db);
    const run = await migrateIn(root, env);
    expect(run.error).toBeNull();
    expect(run.stdout).toContain(
      "Warning: 0001_auth_tables.sql has changed since it was applied; it is not applied again (write a new migration for the change).\n",
    );
    expect(run.stdout).toContain(
      "Warning: 0003_notes.sql is recorded as applied but is no longer in auth-migrations/.\n",
    );
    expect(run.stdout).toContain("Nothing to apply: 2 migrations already applied.\n");
    expect(await snapshot(db)).toEqual(before);
  });
});

describe("auth migrate on MariaDB, a failed file with foreign keys", () => {
  test("tables that reference each other and a foreign key added to an old table are all dropped again", async () => {
    const story = stories.find((s) => s.dialect === "mysql")!;
    const root = app({ "auth-migrations/0001_auth_tables.sql": sqlSchema("mysql") });
    const { env, drop } = await story.setUp(root);
    const db = await openDatabase(root, env);
    try {
      expect((await migrateIn(root, env)).error).toBeNull();
      const before = await snapshot(db);
      write(
        root,
        "auth-migrations/0002_teams.sql",
        [
          "CREATE TABLE teams (id VARCHAR(36) NOT NULL PRIMARY KEY);",
          "CREATE TABLE memberships (team_id VARCHAR(36) NOT NULL, user_id VARCHAR(255) NOT NULL,",
          "  CONSTRAINT memberships_team_fkey FOREIGN KEY (team_id) REFERENCES teams (id),",
          "  CONSTRAINT memberships_user_fkey FOREIGN KEY (user_id) REFERENCES users (id));",
          "ALTER TABLE users ADD COLUMN team_id VARCHAR(36);",
          "ALTER TABLE users ADD CONSTRAINT users_team_fkey FOREIGN KEY (team_id) REFERENCES teams (id);",
          "UPDATE users SET team_id = 'none';",
          "SELECT no_such_column FROM users;",
          "",
        ].join("\n"),
      );
      const run = await migrateIn(root, env);
      expect(run.error?.message).toMatch(
        /^0002_teams\.sql failed at statement 6 \(line 8: SELECT no_such_column FROM users\)/,
      );
      expect(run.error?.message).toContain(
        "undone: foreign key users_team_fkey on users, index users_team_fkey on users, column users.team_id, table memberships, table teams. Not undoable, left as they ran: line 7: UPDATE users SET team_id = 'none'.",
      );
      expect(await snapshot(db)).toEqual(before);
    } finally {
      await db.close();
      await drop();
    }
  });
});

describe("auth migrate, two at once", () => {
  test.each(["postgres", "mysql"] as const)("on %s, each file is applied once", async (dialect) => {
    const story = stories.find((s) => s.dialect === dialect)!;
    const root = app({
      "auth-migrations/0001_auth_tables.sql": sqlSchema(dialect),
      "auth-migrations/0002_notes.sql": "CREATE TABLE notes (id INTEGER NOT NULL PRIMARY KEY);\n",
    });
    const { env, drop } = await story.setUp(root);
    try {
      const runs = await Promise.all([migrateIn(root, env, { json: true }), migrateIn(root, env, { json: true })]);
      expect(runs.map((run) => run.error)).toEqual([null, null]);
      const applied = runs.map((run) => run.json!["applied"] as string[]).sort((a, b) => a.length - b.length);
      expect(applied).toEqual([[], ["0001_auth_tables.sql", "0002_notes.sql"]]);
    } finally {
      await drop();
    }
  });
});

describe("auth migrate, what it refuses", () => {
  const sqliteEnv = { AUTH_DATABASE_FILE: "auth.db" };

  test.each([
    ["../x", "is outside it"],
    ["/etc", "is outside it"],
    ["auth-migrations/../../x", "is outside it"],
  ])("--migrations %s is refused in one line, exit 2", async (value, why) => {
    const root = app();
    const run = await migrateIn(root, sqliteEnv, { migrations: value });
    expect(run.status).toBe(2);
    expect(run.error?.message).toBe(
      `--migrations ${value} ${why}: the migrations folder must be inside the app's folder (${root}).`,
    );
  });

  test("with --json a refusal is the one error object, exit 2", async () => {
    const run = await migrateIn(app(), sqliteEnv, { migrations: "../x", json: true });
    expect(run.status).toBe(2);
    expect(run.json).toEqual({ ok: false, error: { code: "InvalidOption", message: run.error?.message } });
  });

  test("a migrations folder that is a symlink out of the app is refused; a linked file in it is never read", async () => {
    const elsewhere = tempDir("elsewhere");
    write(elsewhere, "0002_evil.sql", "DROP TABLE users;\n");
    const root = app({ "auth-migrations/0001_auth_tables.sql": sqlSchema("sqlite") });
    symlinkSync(elsewhere, path.join(root, "linked"), "dir");
    const folder = await migrateIn(root, sqliteEnv, { migrations: "linked" });
    expect(folder.status).toBe(2);
    expect(folder.error?.message).toBe(
      `--migrations linked is a link that leads outside it: the migrations folder must be inside the app's folder (${root}).`,
    );
    symlinkSync(path.join(elsewhere, "0002_evil.sql"), path.join(root, "auth-migrations/0002_evil.sql"));
    const run = await migrateIn(root, sqliteEnv, { json: true });
    expect(run.json).toMatchObject({ applied: ["0001_auth_tables.sql"], pending: [] });
  });

  test("an absolute path inside the app is taken as the folder it names", async () => {
    const root = app({ "db/migrations/0001_auth_tables.sql": sqlSchema("sqlite") });
    const run = await migrateIn(root, sqliteEnv, { migrations: path.join(root, "db/migrations"), json: true });
    expect(run.json).toMatchObject({ migrations: "db/migrations", applied: ["0001_auth_tables.sql"] });
  });

  test("no migrations and no Prisma: one line naming generate", async () => {
    const root = app();
    const run = await migrateIn(root, sqliteEnv);
    expect(run.status).toBe(1);
    expect(run.error?.message).toBe(
      `No SQL migrations in auth-migrations/ (${root}): write them with npx create-auth generate --db <sqlite|postgres|mysql>, then run npx create-auth migrate.`,
    );
  });

  test("a file that takes over the transaction is refused before anything runs", async () => {
    const root = app({
      "auth-migrations/0001_auth_tables.sql": sqlSchema("sqlite"),
      "auth-migrations/0002_notes.sql": "BEGIN;\nCREATE TABLE notes (id INTEGER);\nCOMMIT;\n",
    });
    const run = await migrateIn(root, sqliteEnv);
    expect(run.error?.message).toBe(
      "0002_notes.sql, statement 1 (line 1: BEGIN) controls the transaction itself: remove it; auth migrate runs each file in a transaction of its own.",
    );
    const db = await openDatabase(root, sqliteEnv);
    expect((await snapshot(db)).recorded).toEqual([]);
    await db.close();
  });
});

/** A loopback port nothing listens on: one the system just handed out and took back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("auth migrate --dry-run when it cannot read the database's record", () => {
  const secret = "s3cret-Pa55";
  const files = { "auth-migrations/0001_auth_tables.sql": "CREATE TABLE t (id INTEGER);\n" };
  const tail =
    "The dry run needs the database to tell which migrations in auth-migrations/ would run: run it where the database is reachable.";

  /** The dry run as typed, text and --json: exit 1, one line, no migration named as pending, no password. */
  async function cannotTell(env: Record<string, string>): Promise<string> {
    const root = app(files);
    const text = await migrateIn(root, env, { dryRun: true });
    expect(text.status).toBe(1);
    expect(text.stdout).toBe("");
    expect(text.error?.message.endsWith(tail)).toBe(true);
    expect(text.error?.message).not.toContain("0001_auth_tables.sql");
    const json = await migrateIn(root, env, { dryRun: true, json: true });
    expect(json.status).toBe(1);
    expect(json.json).toEqual({ ok: false, error: { code: "NeedsDatabase", message: text.error?.message } });
    for (const printed of [text.stdout, text.error?.message, json.stdout]) expect(printed).not.toContain(secret);
    return text.error!.message;
  }

  test("PostgreSQL on a closed port: exit 1, the reason in one line, nothing said pending", async () => {
    const port = await closedPort();
    expect(await cannotTell({ DATABASE_URL: `postgres://app:${secret}@127.0.0.1:${port}/app` })).toBe(
      `Could not connect to PostgreSQL at 127.0.0.1:${port}/app: connect ECONNREFUSED 127.0.0.1:${port}. ${tail}`,
    );
  });

  test("real PostgreSQL refusing the password: exit 1 without the password", async () => {
    const database = await createPostgresDatabase();
    try {
      const { host, port, user, database: name } = database.connection;
      const message = await cannotTell({ DATABASE_URL: `postgres://${user}:${secret}@${host}:${port}/${name}` });
      expect(message).toMatch(new RegExp(`^Could not connect to PostgreSQL at ${host}:${port}/${name}: .*password`));
    } finally {
      await database.drop();
    }
  });

  test.each([
    ["no // after the scheme", `postgres:app:${secret}@127.0.0.1/app`, "DATABASE_URL is not a valid postgres:// URL"],
    [
      "a port out of range",
      `postgresql://app:${secret}@127.0.0.1:99999/app`,
      "DATABASE_URL is not a valid postgresql://",
    ],
    [
      "a password mysql2 cannot decode",
      `mysql://app:${secret}%zz@127.0.0.1:9/app`,
      "Could not connect to MySQL at 127.0.0.1:9/app: URI malformed.",
    ],
    ["no setting at all", "", "No database to connect to"],
  ])("a malformed DATABASE_URL (%s): exit 1, one line, no password", async (_, url, start) => {
    expect(await cannotTell(url ? { DATABASE_URL: url } : {})).toMatch(
      new RegExp(`^${start.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}`),
    );
  });

  test("the built CLI in a shell, its DATABASE_URL from .env: exit 1 and the one line on stderr", async () => {
    const port = await closedPort();
    const root = app({ ...files, ".env": `DATABASE_URL=postgres://app:${secret}@127.0.0.1:${port}/app\n` });
    const run = runCli(["migrate", "--dry-run"], { cwd: root, bin: "auth" });
    expect(run).toEqual({
      status: 1,
      stdout: "",
      stderr: `auth: Could not connect to PostgreSQL at 127.0.0.1:${port}/app: connect ECONNREFUSED 127.0.0.1:${port}. ${tail}\n`,
    });
  });

  test("a record it cannot read (create_auth_migrations without its checksum column): exit 1, nothing said pending", async () => {
    const root = app(files);
    const db = await openDatabase(root, { AUTH_DATABASE_FILE: "auth.db" });
    await db.query("CREATE TABLE create_auth_migrations (name TEXT PRIMARY KEY)");
    await db.close();
    const run = await migrateIn(root, { AUTH_DATABASE_FILE: "auth.db" }, { dryRun: true });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.error?.message).toBe(
      `Could not read create_auth_migrations from auth.db: no such column: checksum. ${tail}`,
    );
  });

  test("a SQLite file that does not exist yet is an empty database: every migration pending, exit 0, no file made", async () => {
    const root = app({ "auth-migrations/0001_auth_tables.sql": sqlSchema("sqlite") });
    const text = await migrateIn(root, { AUTH_DATABASE_FILE: "auth.db" }, { dryRun: true });
    expect(text.stdout.split("\n").slice(0, 2)).toEqual([
      "Database: SQLite auth.db (does not exist yet: auth migrate creates it)",
      "Dry run: nothing is applied.",
    ]);
    expect(text.stdout).toContain("Would apply 1 migration: 0001_auth_tables.sql.\n");
    const run = await migrateIn(root, { AUTH_DATABASE_FILE: "auth.db" }, { dryRun: true, json: true });
    expect(run.json).toEqual({
      ok: true,
      command: "migrate",
      database: { dialect: "sqlite", target: "auth.db" },
      migrations: "auth-migrations",
      applied: [],
      pending: ["0001_auth_tables.sql"],
      alreadyApplied: [],
      changed: [],
      missing: [],
      dryRun: true,
      sql: { "0001_auth_tables.sql": sqlSchema("sqlite") },
    });
    expect(() => readFileSync(path.join(root, "auth.db"))).toThrow();
  });
});

describe("auth migrate in a Prisma app", () => {
  test("an auth module on the Prisma adapter: prints Prisma's command, touches no database", async () => {
    const root = app({
      "package.json": JSON.stringify({ dependencies: { express: "^5.1.0", "@prisma/client": "^6.0.0" } }),
      "src/server.ts":
        'import express from "express";\nimport { auth } from "./auth";\n\nconst app = express();\napp.use(auth);\napp.listen(3000);\n',
      "src/auth.ts":
        'import prisma from "@create-auth/runtime/adapters/prisma";\nimport { client } from "./db";\nexport const auth = { adapter: prisma(client) };\n',
      "prisma/schema.prisma": 'datasource db {\n  provider = "postgresql"\n  url = env("DATABASE_URL")\n}\n',
      "prisma/migrations/20240101000000_init/migration.sql": "CREATE TABLE x (id INTEGER);\n",
      "auth-migrations/0001_auth_tables.sql": sqlSchema("postgres"),
    });
    const run = await migrateIn(root, {}, { json: true });
    expect(run.error).toBeNull();
    expect(run.json).toEqual({
      ok: true,
      command: "migrate",
      database: null,
      migrations: "auth-migrations",
      applied: [],
      pending: [],
      alreadyApplied: [],
      changed: [],
      missing: [],
      dryRun: false,
      prisma: {
        evidence: `src/auth.ts uses @create-auth/runtime/adapters/prisma`,
        command: "npx prisma migrate dev --name auth",
      },
    });
  });

  test("a multi-file schema named in package.json, with migrations beside it: prisma migrate dev", async () => {
    const root = app({
      "package.json": JSON.stringify({ prisma: { schema: "db/schema" }, devDependencies: { prisma: "^6.0.0" } }),
      "db/schema/base.prisma": 'datasource db {\n  provider = "postgresql"\n  url = env("DATABASE_URL")\n}\n',
      "db/schema/migrations/20240101000000_init/migration.sql": "CREATE TABLE x (id INTEGER);\n",
    });
    const run = await migrateIn(root, {}, { json: true });
    expect(run.json).toMatchObject({
      prisma: { evidence: "db/schema holds the schema", command: "npx prisma migrate dev --name auth" },
    });
  });

  test("no auth-migrations but a Prisma schema: prisma db push", async () => {
    const root = app({ "prisma/schema.prisma": 'datasource db {\n  provider = "sqlite"\n}\n' });
    const run = await migrateIn(root, {});
    expect(run.stdout).toBe(
      "Prisma manages this app's tables (prisma/schema.prisma holds the schema): auth migrate leaves the database to it.\nRun: npx prisma db push\n",
    );
  });
});

describe("splitStatements", () => {
  test("a ; inside strings, quoted names, comments and dollar quotes does not end a statement", () => {
    const sql = [
      "-- header; with a semicolon",
      "CREATE TABLE a (note TEXT DEFAULT 'x;y', \"odd;name\" TEXT); /* a; b */",
      "INSERT INTO a (note) VALUES ('it''s; fine');",
      "CREATE FUNCTION f() RETURNS trigger AS $body$ BEGIN RETURN NEW; END; $body$ LANGUAGE plpgsql;",
      "SELECT $1",
    ].join("\n");
    expect(splitStatements(sql).map(({ line, sql }) => ({ line, sql }))).toEqual([
      { line: 2, sql: "CREATE TABLE a (note TEXT DEFAULT 'x;y', \"odd;name\" TEXT)" },
      { line: 3, sql: "INSERT INTO a (note) VALUES ('it''s; fine')" },
      { line: 4, sql: "CREATE FUNCTION f() RETURNS trigger AS $body$ BEGIN RETURN NEW; END; $body$ LANGUAGE plpgsql" },
      { line: 5, sql: "SELECT $1" },
    ]);
  });

  test("a statement's code is its text without the comments inside it (the rule generate reads files by)", () => {
    const sql = [
      "CREATE TABLE users ( -- the people; who sign in",
      "  id TEXT NOT NULL, /* key; */ role TEXT,",
      "  note TEXT DEFAULT '-- not a comment' # mysql's",
      ");",
    ].join("\n");
    expect(splitStatements(sql, "mysql").map((statement) => statement.code)).toEqual([
      "CREATE TABLE users (  \n  id TEXT NOT NULL,   role TEXT,\n  note TEXT DEFAULT '-- not a comment'  \n)",
    ]);
    expect(splitStatements(sql, "mysql")[0]!.sql).toContain("-- the people; who sign in");
  });

  test("a trigger's BEGIN … END body is one statement; a file of comments has none", () => {
    const trigger = [
      "CREATE TRIGGER t AFTER INSERT ON a BEGIN",
      "  UPDATE a SET note = CASE WHEN note IS NULL THEN '' ELSE note END;",
      "  DELETE FROM b;",
      "END;",
      "CREATE INDEX a_note ON a (note);",
    ].join("\n");
    expect(splitStatements(trigger).map((statement) => statement.line)).toEqual([1, 5]);
    expect(splitStatements(trigger)[0]!.sql.endsWith("END")).toBe(true);
    expect(splitStatements("-- only\n/* comments */\n")).toEqual([]);
  });
});

// init reads the runtime from dist/: run this file under the shared lock (flock -s /tmp/create-auth-dist.lock).
describe("auth migrate after init, settings from the app's env file", () => {
  test("Next with --db sqlite: AUTH_DATABASE_FILE from .env.local, init's 0001 applied to auth.db", async () => {
    const { project, run: init } = await initFixture("next-app", [
      "--providers",
      "github",
      "--db",
      "sqlite",
      "--strategy",
      "database",
      "--yes",
      "--no-install",
    ]);
    expect(init.status).toBe(0);
    const root = materialize(project);
    symlinkSync(path.join(repoRoot, "node_modules"), path.join(root, "node_modules"), "dir");
    expect(readFileSync(path.join(root, ".env.local"), "utf8")).toContain("AUTH_DATABASE_FILE=auth.db");
    const run = await migrateIn(root, {}, { json: true });
    expect(run.json).toMatchObject({
      database: { dialect: "sqlite", target: "auth.db" },
      applied: ["0001_auth_tables.sql"],
    });
    const db = await openDatabase(root, { AUTH_DATABASE_FILE: "auth.db" });
    const tables = await db.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name");
    await db.close();
    expect(tables.map((row) => row["name"])).toEqual([
      "accounts",
      "authenticators",
      "create_auth_migrations",
      "sessions",
      "users",
      "verification_tokens",
    ]);
  });

  test("Express with --db postgres: the DATABASE_URL filled in .env; the process environment wins over it", async () => {
    const { project } = await initFixture("express-5-ts", [
      "--providers",
      "github",
      "--db",
      "postgres",
      "--yes",
      "--no-install",
    ]);
    const root = materialize(project);
    symlinkSync(path.join(repoRoot, "node_modules"), path.join(root, "node_modules"), "dir");
    const database = await createPostgresDatabase();
    try {
      const { host, port, user, password, database: name } = database.connection;
      const env = readFileSync(path.join(root, ".env"), "utf8");
      expect(env).toMatch(/^DATABASE_URL=$/m);
      const url = `postgres://${user}:${password}@${host}:${port}/${name}`;
      writeFileSync(path.join(root, ".env"), env.replace(/^DATABASE_URL=$/m, `DATABASE_URL="${url}"`));
      const run = await migrateIn(root, {}, { json: true });
      expect(run.json).toMatchObject({
        database: { dialect: "postgres", target: `postgres://${user}@${host}:${port}/${name}` },
        applied: ["0001_auth_tables.sql"],
      });
      const overridden = await migrateIn(root, { DATABASE_URL: "postgres://u:p@127.0.0.1:9/elsewhere" });
      expect(overridden.error?.message).toBe(
        "Could not connect to PostgreSQL at 127.0.0.1:9/elsewhere: connect ECONNREFUSED 127.0.0.1:9.",
      );
    } finally {
      await database.drop();
    }
  });
});

describe("auth migrate on SQLite, two processes at once", () => {
  test("each file is applied once: BEGIN IMMEDIATE per file and a second look at the record", {
    timeout: 240_000,
  }, async () => {
    const { node } = await ensureNode24();
    const root = app();
    const files = Array.from({ length: 20 }, (_, i) => ({
      name: `${String(i + 1).padStart(4, "0")}_t${i + 1}.sql`,
      sql: `CREATE TABLE t${i + 1} (id INTEGER);\nINSERT INTO t${i + 1} (id) VALUES (${i + 1});`,
    }));
    const url = (file: string) => JSON.stringify(pathToFileURL(path.join(repoRoot, file)).href);
    // Node 24 runs the TypeScript sources (node:sqlite, nothing to compile); each process prints what it applied.
    // Both start migrating at the same moment, once their modules are loaded and the database is open: each says
    // "ready" and waits for its stdin, which both get once both are ready.
    const script = `
      import { once } from "node:events";
      import { register } from "node:module";
      register(${url("test/support/adapter-ts-resolve.mjs")});
      const { openDatabase } = await import(${url("src/cli/database/connect.ts")});
      const { migrate } = await import(${url("src/cli/database/migrator.ts")});
      const db = await openDatabase(${JSON.stringify(root)}, { AUTH_DATABASE_FILE: "auth.db" });
      console.log("ready");
      await once(process.stdin, "data");
      const { appliedNow } = await migrate(db, ${JSON.stringify(files)});
      await db.close();
      console.log(JSON.stringify(appliedNow));
    `;
    const children = [1, 2].map(() => {
      const child = spawn(node, ["--input-type=module", "-e", script], {
        stdio: ["pipe", "pipe", "inherit"],
        timeout: 120_000,
      });
      let output = "";
      let ready = () => {};
      const exited = new Promise<string>((resolve, reject) => {
        child.on("close", (code) => (code === 0 ? resolve(output) : reject(new Error(`exit ${code}:\n${output}`))));
      });
      child.stdout.on("data", (chunk: Buffer) => {
        output += chunk.toString("utf8");
        if (output.startsWith("ready\n")) ready();
      });
      // Ready, or ended before it (then its failure is the test's).
      return { child, exited, ready: Promise.race([new Promise<void>((resolve) => (ready = resolve)), exited]) };
    });
    await Promise.all(children.map(({ ready }) => ready));
    for (const { child } of children) child.stdin.end("go\n");
    const runs = await Promise.all(children.map(({ exited }) => exited));
    const applied = runs.map((output) => JSON.parse(output.trim().split("\n").at(-1)!) as string[]);
    expect(applied.flat().sort()).toEqual(files.map((file) => file.name));
    const db = await openDatabase(root, { AUTH_DATABASE_FILE: "auth.db" });
    try {
      for (const [i] of files.entries()) expect(await db.query(`SELECT id FROM t${i + 1}`)).toEqual([{ id: i + 1 }]);
      expect(await db.query("SELECT count(*) AS n FROM create_auth_migrations")).toEqual([{ n: files.length }]);
    } finally {
      await db.close();
    }
  });
});

describe("splitStatements, backslashes by dialect", () => {
  const sql = "INSERT INTO paths (p) VALUES ('C:\\');\nINSERT INTO paths (p) VALUES ('it\\'s');";
  test("PostgreSQL and SQLite: a backslash is an ordinary character in a string", () => {
    for (const dialect of ["postgres", "sqlite"] as const)
      expect(splitStatements("SELECT 'C:\\';\nSELECT 2;", dialect).map((s) => s.line)).toEqual([1, 2]);
  });
  test("MySQL, and PostgreSQL's E'' strings: a backslash escapes the quote", () => {
    expect(splitStatements(sql.split("\n")[1]!, "mysql")).toHaveLength(1);
    expect(splitStatements("SELECT E'it\\'s; one';\nSELECT 2;", "postgres").map((s) => s.line)).toEqual([1, 2]);
  });
});
