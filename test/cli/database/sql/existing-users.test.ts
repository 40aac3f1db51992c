// The SQL adapters' path (init --db, no ORM) on a database that already holds the app's own users table:
// integer (autoincrement, serial), bigint and uuid ids, no unique email, columns the adapter writes missing,
// a required name. migrate refuses the first migration as written, naming `create-auth generate`; that
// command, typed as printed, adapts the never-applied file to the table and tells the auth module's adapter
// its ids; migrate then applies it with the app's rows untouched, and a user is created, linked and given a
// session through the real SQL adapter with the options the auth module passes. What nothing create-auth
// writes can fix (rows sharing an address, a required column sign-up cannot fill) is refused in one line,
// by migrate, its dry run and generate, with nothing applied or written. SQLite, PostgreSQL and MariaDB.
import { existsSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import mysql2 from "mysql2/promise";
import pg from "pg";
import { afterAll, describe, expect, test } from "vitest";
import { openDatabase } from "../../../../src/cli/database/connect.js";
import { type SqlDialect, sqlSchema } from "../../../../src/cli/database/sql/render.js";
import mysql from "../../../../src/runtime/adapters/mysql.js";
import postgres from "../../../../src/runtime/adapters/postgres.js";
import sqlite from "../../../../src/runtime/adapters/sqlite.js";
import type { AdapterOptions } from "../../../../src/runtime/adapters/user-ids.js";
import { Auth } from "../../../../src/runtime/index.js";
import email from "../../../../src/runtime/providers/email.js";
import type { Adapter } from "../../../../src/runtime/types.js";
import { baseConfig, CookieJar, csrfToken, postForm } from "../../../runtime/core/support.js";
import { readSession } from "../../../runtime/database/support.js";
import { createMariaDBDatabase } from "../../../support/mariadb.mjs";
import { createPostgresDatabase } from "../../../support/postgres.mjs";
import { findingsOnDisk } from "../../commands/doctor/support.js";
import { initFixture, materialize, memoryFixture, removeTemps, repoRoot } from "../../support.js";
import { runOnDisk } from "../../support-disk.js";
import { migrateApp, migrateIn } from "../../support-migrate.js";

afterAll(removeTemps);

type Env = Record<string, string>;

/** The tables the database holds, after running `sql` on it. */
async function tables(root: string, env: Env, sql: string[] = []): Promise<string[]> {
  const db = await openDatabase(root, env);
  try {
    for (const statement of sql) await db.query(statement);
    const rows =
      db.dialect === "sqlite"
        ? await db.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        : db.dialect === "postgres"
          ? await db.query(
              "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY 1",
            )
          : await db.query(
              "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE() ORDER BY 1",
            );
    return rows.map((row) => String(row["name"] ?? row["NAME"]));
  } finally {
    await db.close();
  }
}

async function rows(root: string, env: Env, sql: string): Promise<Record<string, unknown>[]> {
  const db = await openDatabase(root, env);
  try {
    return (await db.query(sql)).map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, String(v)])));
  } finally {
    await db.close();
  }
}

/** An Express app after `init --db <dialect>` (no ORM, database sessions), on disk with the drivers. */
async function initApp(dialect: SqlDialect): Promise<string> {
  const { project, run } = await initFixture("express-5-ts", [
    "--providers",
    "github",
    "--db",
    dialect,
    "--strategy",
    "database",
    "--yes",
    "--no-install",
  ]);
  expect(run.status).toBe(0);
  const root = materialize(project);
  symlinkSync(path.join(repoRoot, "node_modules"), path.join(root, "node_modules"), "dir");
  return root;
}

const AUTH_MODULE = "src/auth.ts";

/** The options object the auth module hands the adapter (`sqlite(db, { … })`), evaluated as the app would. */
function passedOptions(root: string, adapter: string): AdapterOptions {
  const source = readFileSync(path.join(root, AUTH_MODULE), "utf8");
  const start = source.indexOf(`adapter: ${adapter}(`);
  expect(start).toBeGreaterThan(-1);
  const open = source.indexOf("{", source.indexOf(",", start));
  let depth = 0;
  let end = open;
  for (; end < source.length; end++) {
    if (source[end] === "{" || source[end] === "(") depth++;
    if (source[end] === "}" || source[end] === ")") depth--;
    if (depth === 0) break;
  }
  return new Function(`return (${source.slice(open, end + 1)});`)() as AdapterOptions;
}

/** The command the refusal names, run as printed (`npx create-auth generate …`, in the app's folder). */
async function runPrinted(root: string, env: Env, message: string, flags: string[] = []) {
  const command = /Run (npx create-auth generate[^:]*):/.exec(message)?.[1];
  expect(command).toBeDefined();
  const argv = command!.split(" ").slice(2);
  return runOnDisk([...argv, ...flags], { cwd: root, env });
}

interface IdCase {
  label: string;
  dialect: SqlDialect;
  /** The app's users table (with the app's own `role` column, which has a default), and two rows of it. */
  users: string;
  /** The type every auth table's user_id must have afterwards, as the database reports it. */
  userIdType: string;
  /** The adapter's userIds (SQLite has no uuid type: its text ids are text to the adapter, which makes UUIDs). */
  kind: "integer" | "bigint" | "uuid" | "text";
  rows: string[];
  database(): Promise<{ env: Env; drop(): Promise<void> }>;
}

const sqliteDb = async () => ({ env: { AUTH_DATABASE_FILE: "app.db" }, drop: async () => {} });
const postgresDb = async () => {
  const database = await createPostgresDatabase();
  const { host, port, user, password, database: name } = database.connection;
  return { env: { DATABASE_URL: `postgres://${user}:${password}@${host}:${port}/${name}` }, drop: database.drop };
};
const mariaDb = async () => {
  const database = await createMariaDBDatabase();
  const { host, port, user, password, database: name } = database.connection;
  return { env: { DATABASE_URL: `mysql://${user}:${password}@${host}:${port}/${name}` }, drop: database.drop };
};

const twoRows = (id: (n: number) => string = () => "") => [
  `INSERT INTO users (${id(1) ? "id, " : ""}email, name) VALUES (${id(1)}'ada@example.test', 'Ada')`,
  `INSERT INTO users (${id(2) ? "id, " : ""}email, name) VALUES (${id(2)}'grace@example.test', 'Grace')`,
];
const uuid = (n: number) => `'00000000-0000-4000-8000-00000000000${n}', `;

const cases: IdCase[] = [
  {
    label: "SQLite, INTEGER PRIMARY KEY (autoincrement)",
    dialect: "sqlite",
    users:
      "CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT, name TEXT NOT NULL, role TEXT NOT NULL DEFAULT 'member')",
    userIdType: "integer",
    kind: "integer",
    rows: twoRows(),
    database: sqliteDb,
  },
  {
    label: "SQLite, text ids holding UUIDs",
    dialect: "sqlite",
    users:
      "CREATE TABLE users (id TEXT PRIMARY KEY, email TEXT, name TEXT NOT NULL, role TEXT NOT NULL DEFAULT 'member')",
    userIdType: "text",
    kind: "text",
    rows: twoRows(uuid),
    database: sqliteDb,
  },
  {
    label: "PostgreSQL, serial",
    dialect: "postgres",
    users:
      "CREATE TABLE users (id serial PRIMARY KEY, email text, name text NOT NULL, role text NOT NULL DEFAULT 'member')",
    userIdType: "integer",
    kind: "integer",
    rows: twoRows(),
    database: postgresDb,
  },
  {
    label: "PostgreSQL, bigint identity",
    dialect: "postgres",
    users:
      "CREATE TABLE users (id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, email text, name text NOT NULL, role text NOT NULL DEFAULT 'member')",
    userIdType: "bigint",
    kind: "bigint",
    rows: twoRows(),
    database: postgresDb,
  },
  {
    label: "PostgreSQL, uuid",
    dialect: "postgres",
    users:
      "CREATE TABLE users (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), email text, name text NOT NULL, role text NOT NULL DEFAULT 'member')",
    userIdType: "uuid",
    kind: "uuid",
    rows: twoRows(uuid),
    database: postgresDb,
  },
  {
    label: "MariaDB, INT AUTO_INCREMENT",
    dialect: "mysql",
    users:
      "CREATE TABLE users (id INT AUTO_INCREMENT PRIMARY KEY, email VARCHAR(255), name VARCHAR(255) NOT NULL, role VARCHAR(20) NOT NULL DEFAULT 'member') ENGINE=InnoDB",
    userIdType: "int(11)",
    kind: "integer",
    rows: twoRows(),
    database: mariaDb,
  },
  {
    label: "MariaDB, BIGINT UNSIGNED AUTO_INCREMENT",
    dialect: "mysql",
    users:
      "CREATE TABLE users (id BIGINT UNSIGNED AUTO_INCREMENT PRIMARY KEY, email VARCHAR(255), name VARCHAR(255) NOT NULL, role VARCHAR(20) NOT NULL DEFAULT 'member') ENGINE=InnoDB",
    userIdType: "bigint(20) unsigned",
    kind: "bigint",
    rows: twoRows(),
    database: mariaDb,
  },
  {
    label: "MariaDB, CHAR(36) uuid in another collation",
    dialect: "mysql",
    users:
      "CREATE TABLE users (id CHAR(36) CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci PRIMARY KEY, email VARCHAR(255), name VARCHAR(255) NOT NULL, role VARCHAR(20) NOT NULL DEFAULT 'member') ENGINE=InnoDB",
    userIdType: "char(36)",
    kind: "uuid",
    rows: twoRows(uuid),
    database: mariaDb,
  },
  {
    label: "MariaDB, its own UUID type",
    dialect: "mysql",
    users:
      "CREATE TABLE users (id UUID PRIMARY KEY DEFAULT UUID(), email VARCHAR(255), name VARCHAR(255) NOT NULL, role VARCHAR(20) NOT NULL DEFAULT 'member') ENGINE=InnoDB",
    userIdType: "uuid",
    kind: "uuid",
    rows: twoRows(uuid),
    database: mariaDb,
  },
];

/** The type of each auth table's user_id, as the database reports it. */
async function userIdTypes(root: string, env: Env, dialect: SqlDialect): Promise<string[]> {
  const names = ["accounts", "sessions", "authenticators"];
  if (dialect === "sqlite")
    return (
      await Promise.all(
        names.map((table) =>
          rows(root, env, `SELECT lower(type) AS t FROM pragma_table_info('${table}') WHERE name = 'user_id'`),
        ),
      )
    ).map((found) => String(found[0]?.["t"]));
  const sql =
    dialect === "postgres"
      ? "SELECT data_type AS t, table_name AS n FROM information_schema.columns WHERE table_schema = current_schema() AND column_name = 'user_id' ORDER BY table_name"
      : "SELECT COLUMN_TYPE AS t, TABLE_NAME AS n FROM information_schema.columns WHERE table_schema = DATABASE() AND column_name = 'user_id' ORDER BY table_name";
  return (await rows(root, env, sql)).map((row) => String(row["t"] ?? row["T"]).toLowerCase());
}

/** The real adapter on its own driver client, with the options the auth module passes. */
async function withAdapter(
  dialect: SqlDialect,
  root: string,
  env: Env,
  options: AdapterOptions,
  work: (adapter: Adapter) => Promise<void>,
): Promise<void> {
  if (dialect === "sqlite") {
    const db = new Database(path.join(root, env["AUTH_DATABASE_FILE"]!));
    db.pragma("foreign_keys = ON");
    try {
      await work(sqlite(db, options));
    } finally {
      db.close();
    }
  } else if (dialect === "postgres") {
    const pool = new pg.Pool({ connectionString: env["DATABASE_URL"] });
    try {
      await work(postgres(pool, options));
    } finally {
      await pool.end();
    }
  } else {
    const pool = mysql2.createPool({ uri: env["DATABASE_URL"]!, timezone: "Z" });
    try {
      await work(mysql(pool, options));
    } finally {
      await pool.end();
    }
  }
}

describe("the SQL path on a database with the app's own users table", () => {
  for (const idCase of cases) {
    test(`${idCase.label}: migrate names generate, which adapts the migration and the auth module; sign-up works`, async () => {
      const { dialect } = idCase;
      const root = await initApp(dialect);
      const { env, drop } = await idCase.database();
      try {
        await tables(root, env, [idCase.users, ...idCase.rows]);
        const before = await rows(root, env, "SELECT id, email, name, role FROM users ORDER BY email");

        const refused = await migrateIn(root, env);
        expect(refused.status).not.toBe(0);
        expect(refused.error!.message).toContain("already has a users table of its own");
        expect(refused.error!.message).toContain("its email has no unique constraint");
        expect(await tables(root, env)).toEqual(["users"]);

        // doctor names the same fix for what it finds of the table, before any of it is done.
        for (const finding of await findingsOnDisk(root, env, "users."))
          expect([finding.id, finding.fix]).toEqual([finding.id, expect.stringContaining("npx create-auth generate")]);
        // And for the auth tables still missing: migrate alone would refuse, so generate comes first there too.
        const missing = (await findingsOnDisk(root, env, "database.")).filter((finding) => finding.fix !== undefined);
        expect(missing.length).toBeGreaterThan(0);
        for (const finding of missing)
          expect([finding.id, finding.fix]).toEqual([finding.id, expect.stringMatching(/generate, then .*migrate/)]);
        // The rewrite is shown, never silent: the dry run's diff of the migration and the auth module.
        const preview = await runPrinted(root, env, refused.error!.message, ["--dry-run"]);
        expect(preview.status).toBe(0);
        expect(preview.stdout).toContain("-CREATE TABLE IF NOT EXISTS users (");
        expect(preview.stdout).toContain(`+++ b/${AUTH_MODULE}`);
        expect(preview.stdout).toContain(
          idCase.kind === "text" ? "newUserColumns: (user)" : `userIds: "${idCase.kind}"`,
        );
        const generated = await runPrinted(root, env, refused.error!.message);
        expect(generated.stderr).toBe("");
        expect(generated.status).toBe(0);
        expect(generated.stdout).toMatch(
          /edit +auth-migrations\/0001_auth_tables\.sql +\w+ migration adapted to your users table/,
        );
        expect(generated.stdout).toContain("already has a users table of its own");
        const migration = readFileSync(path.join(root, "auth-migrations/0001_auth_tables.sql"), "utf8");
        expect(migration).not.toMatch(/CREATE TABLE IF NOT EXISTS users\b/);
        expect(migration).toContain("ALTER TABLE users ADD COLUMN email_verified");
        expect(migration).toContain("ALTER TABLE users ADD COLUMN image");
        const options = passedOptions(root, dialect);
        expect(options.userIds).toBe(idCase.kind === "text" ? undefined : idCase.kind);

        const applied = await migrateIn(root, env);
        expect(applied.error).toBeNull();
        expect(applied.stdout).toContain("Applied 1 migration.");
        expect(await rows(root, env, "SELECT id, email, name, role FROM users ORDER BY email")).toEqual(before);
        expect(await userIdTypes(root, env, dialect)).toEqual([
          idCase.userIdType,
          idCase.userIdType,
          idCase.userIdType,
        ]);

        await withAdapter(dialect, root, env, options, async (adapter) => {
          // No name from the provider: the adapter fills the app's required name from the address.
          const user = await adapter.createUser!({
            id: crypto.randomUUID(),
            email: "linus@example.test",
            emailVerified: null,
            name: null,
          });
          if (idCase.kind === "uuid" || idCase.kind === "text") expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
          else expect(user.id).toMatch(/^[1-9][0-9]*$/);
          await adapter.linkAccount!({
            userId: user.id,
            type: "oauth",
            provider: "github",
            providerAccountId: "4242",
          });
          const expires = new Date(Date.now() + 3_600_000);
          await adapter.createSession!({ sessionToken: "token-1", userId: user.id, expires });
          const found = await adapter.getSessionAndUser!("token-1");
          expect(found?.user).toMatchObject({ id: user.id, email: "linus@example.test", name: "linus" });
          expect(await adapter.getUserByAccount!({ provider: "github", providerAccountId: "4242" })).toMatchObject({
            id: user.id,
          });
          // The unique index the migration added: a second user with the address is refused.
          await expect(
            adapter.createUser!({
              id: crypto.randomUUID(),
              email: "linus@example.test",
              emailVerified: null,
              name: "Linus",
            }),
          ).rejects.toThrow();
        });
        expect(await rows(root, env, "SELECT role FROM users WHERE email = 'linus@example.test'")).toEqual([
          { role: "member" },
        ]);
        // End to end: a new user signs in by email link through Auth with that adapter (no name given: the
        // adapter fills it), and the database session reads back; an app user whose address the app marks
        // verified, as docs/cli-generate.md says to, signs in as their own row.
        const now = { sqlite: "unixepoch() * 1000", postgres: "now()", mysql: "NOW(3)" }[dialect];
        await tables(root, env, [`UPDATE users SET email_verified = ${now} WHERE email = 'ada@example.test'`]);
        await withAdapter(dialect, root, env, options, async (adapter) => {
          const links: string[] = [];
          const config = baseConfig({
            adapter,
            session: { strategy: "database" },
            providers: [email({ sendVerificationRequest: ({ url }) => void links.push(url) })],
          });
          const signIn = async (address: string) => {
            const jar = new CookieJar();
            const csrf = await csrfToken(config, jar);
            jar.apply(await Auth(postForm("/auth/signin/email", { csrfToken: csrf, email: address }, jar), config));
            const response = await Auth(new Request(links.at(-1)!, { headers: { cookie: jar.header() } }), config);
            expect(response.headers.get("location")).not.toContain("error");
            jar.apply(response);
            return (await readSession(config, jar)).body;
          };
          expect(await signIn("katherine@example.test")).toMatchObject({
            user: { email: "katherine@example.test", name: "katherine" },
          });
          expect(await signIn("ada@example.test")).toMatchObject({ user: { email: "ada@example.test", name: "Ada" } });
        });
        expect(await rows(root, env, "SELECT name FROM users WHERE email = 'ada@example.test'")).toEqual([
          { name: "Ada" },
        ]);

        // Every command agrees now: nothing left to generate or apply; doctor finds the users table takes a
        // new user and the database has every column; init run again writes the same auth and client modules.
        const again = await runOnDisk(["generate"], { cwd: root, env });
        expect(again.status).toBe(0);
        expect(again.stdout).toContain("Nothing to do");
        expect((await migrateIn(root, env)).stdout).toContain("Nothing to apply");
        const users = await findingsOnDisk(root, env, "users.");
        expect(users.map((finding) => [finding.id, finding.level])).toEqual([["users.table", "ok"]]);
        const database = await findingsOnDisk(root, env, "database.");
        expect(database.filter((finding) => finding.level !== "ok")).toEqual([]);
        const auth = readFileSync(path.join(root, AUTH_MODULE), "utf8");
        const client = readFileSync(path.join(root, "src/auth-db.ts"), "utf8");
        const init = await runOnDisk(
          ["init", "--providers", "github", "--db", dialect, "--strategy", "database", "--yes", "--no-install"],
          { cwd: root, env },
        );
        expect(init.stderr).toBe("");
        expect(readFileSync(path.join(root, AUTH_MODULE), "utf8")).toBe(auth);
        expect(readFileSync(path.join(root, "src/auth-db.ts"), "utf8")).toBe(client);
        if (dialect === "sqlite")
          expect(client).toContain("user_id INTEGER NOT NULL".replace("INTEGER", idCase.userIdType.toUpperCase()));
      } finally {
        await drop();
      }
    });
  }
});

describe("other layouts", () => {
  const layouts = [
    {
      fixture: "next-app",
      label: "Next.js (auth and client modules at the root)",
      auth: "auth.ts",
      client: "auth-db.ts",
    },
    {
      fixture: "sveltekit-2",
      label: "SvelteKit (the client module imported through $lib)",
      auth: "src/auth.ts",
      client: "src/lib/server/auth-db.ts",
    },
    {
      fixture: "qwik-city-1",
      label: "Qwik City (a client factory called with the request's env)",
      auth: "src/routes/plugin@auth.ts",
      client: "src/auth-db.ts",
    },
  ];
  for (const layout of layouts) {
    test(`${layout.label}: generate edits the auth module and the SQLite client module`, async () => {
      const env = { AUTH_DATABASE_FILE: "app.db" };
      const { project, run } = await initFixture(layout.fixture, [
        "--providers",
        "github",
        "--db",
        "sqlite",
        "--yes",
        "--no-install",
      ]);
      expect(run.status).toBe(0);
      const root = materialize(project);
      symlinkSync(path.join(repoRoot, "node_modules"), path.join(root, "node_modules"), "dir");
      await tables(root, env, ["CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT UNIQUE, name TEXT)"]);
      const generated = await runOnDisk(["generate"], { cwd: root, env });
      expect(generated.status).toBe(0);
      expect(readFileSync(path.join(root, layout.auth), "utf8")).toContain('userIds: "integer",');
      expect(readFileSync(path.join(root, layout.client), "utf8")).toContain("user_id INTEGER NOT NULL");
      expect((await migrateIn(root, env)).error).toBeNull();
      expect(await userIdTypes(root, env, "sqlite")).toEqual(["integer", "integer", "integer"]);
      // remove knows both as create-auth's (init reads the adaptation back): they go, not kept as edited.
      const removed = await runOnDisk(["remove", "--yes", "--no-install"], { cwd: root, env });
      expect(removed.stderr).toBe("");
      expect(existsSync(path.join(root, layout.auth))).toBe(false);
      expect(existsSync(path.join(root, layout.client))).toBe(false);
    });
  }
});

describe("generate before init, and a database it cannot reach", () => {
  test("an app without migrations gets its first one adapted; a pg driver but no server: a note, the file as written", async () => {
    const root = materialize(memoryFixture("express-5-ts"));
    symlinkSync(path.join(repoRoot, "node_modules"), path.join(root, "node_modules"), "dir");
    const { env, drop } = await postgresDb();
    try {
      await tables(root, env, ["CREATE TABLE users (id bigserial PRIMARY KEY, email text UNIQUE, name text)"]);
      const generated = await runOnDisk(["generate", "--db", "postgres"], { cwd: root, env });
      expect(generated.status).toBe(0);
      const migration = readFileSync(path.join(root, "auth-migrations/0001_auth_tables.sql"), "utf8");
      expect(migration).toContain("-- create-auth users: id bigint");
      expect(migration.match(/user_id BIGINT NOT NULL/g)).toHaveLength(3);
      expect((await migrateIn(root, env)).error).toBeNull();
    } finally {
      await drop();
    }
    const offline = materialize(memoryFixture("express-5-ts"));
    symlinkSync(path.join(repoRoot, "node_modules"), path.join(offline, "node_modules"), "dir");
    const closed = { DATABASE_URL: "postgres://app:secret@127.0.0.1:9/app" };
    const written = await runOnDisk(["generate", "--db", "postgres"], { cwd: offline, env: closed });
    expect(written.status).toBe(0);
    expect(written.stdout).toContain("Could not read the database for a users table of the app's own");
    expect(written.stdout).not.toContain("secret");
    expect(readFileSync(path.join(offline, "auth-migrations/0001_auth_tables.sql"), "utf8")).toBe(
      sqlSchema("postgres"),
    );
  });
});

describe("SQLite, the app started before generate", () => {
  test("the auth tables its client module created with text user_id, still empty, are created again typed like users.id", async () => {
    const env = { AUTH_DATABASE_FILE: "app.db" };
    const root = await initApp("sqlite");
    await tables(root, env, [
      "CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT, name TEXT)",
      "INSERT INTO users (email, name) VALUES ('ada@example.test', 'Ada')",
    ]);
    // What src/auth-db.ts runs on the app's first open: the first migration as init wrote it.
    const db = new Database(path.join(root, "app.db"));
    db.exec(sqlSchema("sqlite"));
    db.close();
    expect(await userIdTypes(root, env, "sqlite")).toEqual(["text", "text", "text"]);

    const refused = await migrateIn(root, env);
    expect(refused.error!.message).toContain("accounts exists already, empty, with user_id text");
    const generated = await runPrinted(root, env, refused.error!.message);
    expect(generated.status).toBe(0);
    expect(readFileSync(path.join(root, "auth-migrations/0001_auth_tables.sql"), "utf8")).toContain(
      "DROP TABLE IF EXISTS accounts;",
    );
    expect((await migrateIn(root, env)).error).toBeNull();
    expect(await userIdTypes(root, env, "sqlite")).toEqual(["integer", "integer", "integer"]);
    expect(await rows(root, env, "SELECT id, email, name FROM users")).toEqual([
      { id: "1", email: "ada@example.test", name: "Ada" },
    ]);
    const users = await findingsOnDisk(root, env, "users.");
    expect(users.map((finding) => [finding.id, finding.level])).toEqual([["users.table", "ok"]]);
  });

  test("one that holds rows is refused, naming it: its rows are never dropped", async () => {
    const env = { AUTH_DATABASE_FILE: "app.db" };
    const root = await initApp("sqlite");
    await tables(root, env, ["CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT UNIQUE, name TEXT)"]);
    const db = new Database(path.join(root, "app.db"));
    db.exec(sqlSchema("sqlite"));
    db.exec("INSERT INTO users (email) VALUES ('ada@example.test')");
    db.exec("INSERT INTO sessions (session_token, user_id, expires) VALUES ('t', '1', 0)");
    db.close();
    const refused = await migrateIn(root, env);
    expect(refused.error!.message).toContain("sessions exists already with user_id text and 1 row");
    const generated = await runOnDisk(["generate"], { cwd: root, env });
    expect(generated.status).toBe(1);
    expect(generated.stderr).toContain("sessions exists already with user_id text and 1 row");
    expect(await rows(root, env, "SELECT session_token FROM sessions")).toEqual([{ session_token: "t" }]);
  });
});

describe("what nothing create-auth writes can fix is refused in one line", () => {
  const SQLITE = { AUTH_DATABASE_FILE: "app.db" };

  test("SQLite: a shared address and a required role: migrate, its dry run and generate refuse, nothing changes", async () => {
    const root = await initApp("sqlite");
    await tables(root, SQLITE, [
      "CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT, name TEXT, role TEXT NOT NULL)",
      "INSERT INTO users (email, role) VALUES ('ada@example.test', 'a'), ('ada@example.test', 'b')",
    ]);
    const migration = readFileSync(path.join(root, "auth-migrations/0001_auth_tables.sql"), "utf8");
    for (const dryRun of [true, false]) {
      const result = await migrateIn(root, SQLITE, { dryRun });
      expect(result.status).not.toBe(0);
      const { message } = result.error!;
      expect(message).toContain("SQLite app.db already has a users table of its own");
      expect(message).toContain("rows already share an address: ada@example.test");
      expect(message).toContain("role is required without a default, which sign-up cannot fill");
      expect(message).toContain("Nothing was applied");
    }
    const generated = await runOnDisk(["generate"], { cwd: root, env: SQLITE });
    expect(generated.status).toBe(1);
    expect(generated.stderr).toMatch(/^create-auth: [^\n]+\n$/);
    expect(generated.stderr).toContain("rows already share an address: ada@example.test");
    expect(generated.stderr).toContain("Nothing was written");
    expect(readFileSync(path.join(root, "auth-migrations/0001_auth_tables.sql"), "utf8")).toBe(migration);
    expect(await tables(root, SQLITE)).toEqual(["users"]);
  });

  test("SQLite: a users table with every column the adapter uses is kept, and migrate says so", async () => {
    const root = migrateApp("existing-users", { "auth-migrations/0001_auth_tables.sql": sqlSchema("sqlite") });
    const authUsers = sqlSchema("sqlite").match(/CREATE TABLE IF NOT EXISTS users \([^;]*;/)![0];
    await tables(root, SQLITE, [authUsers, "ALTER TABLE users ADD COLUMN role TEXT NOT NULL DEFAULT 'member'"]);
    const result = await migrateIn(root, SQLITE);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(
      "SQLite app.db already has a users table with every column the adapter uses: auth-migrations/0001_auth_tables.sql keeps it as it is",
    );
    expect(await tables(root, SQLITE)).toContain("accounts");
  });

  test("PostgreSQL: an adapted migration whose table came to share an address since is refused before it runs", async () => {
    const root = await initApp("postgres");
    const { env, drop } = await postgresDb();
    try {
      await tables(root, env, [
        "CREATE TABLE users (id serial PRIMARY KEY, name text, email text, email_verified timestamptz(3), image text)",
      ]);
      const generated = await runOnDisk(["generate"], { cwd: root, env });
      expect(generated.status).toBe(0);
      await tables(root, env, ["INSERT INTO users (email) VALUES ('ada@example.test'), ('ada@example.test')"]);
      const result = await migrateIn(root, env);
      expect(result.error!.message).toContain("rows already share an address: ada@example.test");
      expect(result.error!.message).not.toContain("generate");
      expect(await tables(root, env)).toEqual(["users"]);
    } finally {
      await drop();
    }
  });

  test("generate leaves a first migration the user edited, naming what to do by hand", async () => {
    const root = await initApp("sqlite");
    const file = path.join(root, "auth-migrations/0001_auth_tables.sql");
    writeFileSync(file, readFileSync(file, "utf8").replace("image TEXT", "image TEXT,\n  nickname TEXT"));
    await tables(root, SQLITE, ["CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT UNIQUE, name TEXT)"]);
    const generated = await runOnDisk(["generate"], { cwd: root, env: SQLITE });
    expect(generated.status).toBe(1);
    expect(generated.stderr).toContain("creates users and was edited since create-auth wrote it");
  });
});
