// `auth db prune` on real databases (a SQLite file, PostgreSQL and MariaDB on loopback) named by an app's env
// file, from an app folder whose node_modules holds the drivers: rows written by the runtime's adapters as an
// app writes them, then counted (--dry-run, nothing deleted), deleted, and the second run finds nothing.
// Plus the one-line failures: an unknown action (a usage error), tables that are not there, no setting.
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import mysql2 from "mysql2/promise";
import pg from "pg";
import { afterAll, describe, expect, test } from "vitest";
import { runDb } from "../../../src/cli/commands/db.js";
import { type Host, processHost } from "../../../src/cli/commands/host.js";
import { sqlSchema } from "../../../src/cli/database/sql/render.js";
import { createOutput } from "../../../src/cli/output.js";
import mysqlAdapter from "../../../src/runtime/adapters/mysql.js";
import postgresAdapter from "../../../src/runtime/adapters/postgres.js";
import sqliteAdapter from "../../../src/runtime/adapters/sqlite.js";
import type { Adapter } from "../../../src/runtime/types.js";
import { createMariaDBDatabase } from "../../support/mariadb.mjs";
import { createPostgresDatabase } from "../../support/postgres.mjs";
import { failure } from "../cli-failure.js";
import { repoRoot } from "../support.js";

const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

/** An app folder with this repository's drivers linked in, and `env` as its .env file. */
function appFolder(env: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "create-auth-prune-"));
  temps.push(dir);
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "app", private: true }));
  symlinkSync(path.join(repoRoot, "node_modules"), path.join(dir, "node_modules"), "dir");
  writeFileSync(path.join(dir, ".env"), env);
  return dir;
}

interface Ran {
  stdout: string;
  stderr: string;
}

/** `auth db <action> <root> [flags]` on the real machine, with an empty process environment. */
async function db(action: string, root: string, flags: Record<string, unknown> = {}): Promise<Ran> {
  const ran = { stdout: "", stderr: "" };
  const host: Host = {
    ...processHost(),
    cwd: os.tmpdir(),
    env: {},
    stdout: (text) => {
      ran.stdout += text;
    },
    stderr: (text) => {
      ran.stderr += text;
    },
  };
  await runDb(action, root, flags, createOutput(Boolean(flags["json"]), host.stdout), host);
  return ran;
}

const ago = (seconds: number) => new Date(Date.now() - seconds * 1000);

/** What an app leaves behind: 2 expired sessions and 3 expired tokens among live ones. */
async function seed(adapter: Adapter): Promise<{ live: { sessions: string[]; tokens: string[] } }> {
  const id = crypto.randomUUID();
  await adapter.createUser!({ id, email: `${id}@example.test`, emailVerified: null, name: null, image: null });
  const sessions: string[] = [];
  for (const expires of [ago(3600), ago(1), ago(-3600), ago(-86_400)]) {
    const sessionToken = crypto.randomUUID();
    await adapter.createSession!({ sessionToken, userId: id, expires });
    if (expires.getTime() > Date.now()) sessions.push(sessionToken);
  }
  const tokens: string[] = [];
  for (const expires of [ago(86_400), ago(900), ago(60), ago(-900)]) {
    const token = crypto.randomUUID();
    await adapter.createVerificationToken!({ identifier: `${id}@example.test`, token, expires });
    if (expires.getTime() > Date.now()) tokens.push(token);
  }
  return { live: { sessions, tokens } };
}

/** The prune story, the same on every dialect; `remaining` reads what is left in both tables. */
async function pruneStory(
  root: string,
  dialect: string,
  target: string,
  remaining: () => Promise<{ sessions: string[]; tokens: string[] }>,
  live: { sessions: string[]; tokens: string[] },
): Promise<void> {
  const dry = JSON.parse((await db("prune", root, { dryRun: true, json: true })).stdout);
  expect(dry).toEqual({
    ok: true,
    command: "db prune",
    dryRun: true,
    database: { dialect, target },
    wouldDelete: { sessions: 2, verificationTokens: 3 },
  });
  expect((await remaining()).sessions).toHaveLength(4);

  const human = await db("prune", root);
  expect(human.stdout).toMatch(/^Deleted 2 expired sessions and 3 verification tokens from \S+ .+\.\n$/);
  expect(human.stdout).toContain(target);
  const left = await remaining();
  expect(left.sessions.sort()).toEqual([...live.sessions].sort());
  expect(left.tokens.sort()).toEqual([...live.tokens].sort());

  const again = JSON.parse((await db("prune", root, { json: true })).stdout);
  expect(again.deleted).toEqual({ sessions: 0, verificationTokens: 0 });
  expect(again.dryRun).toBe(false);
}

describe("auth db prune", () => {
  test("on SQLite (AUTH_DATABASE_FILE): counts, deletes the expired rows only, then finds none", async () => {
    const root = appFolder("AUTH_DATABASE_FILE=./data.db\n");
    const file = path.join(root, "data.db");
    const app = new Database(file);
    try {
      app.exec(sqlSchema("sqlite"));
      const { live } = await seed(sqliteAdapter(app));
      const remaining = async () => ({
        sessions: (app.prepare("SELECT session_token FROM sessions").all() as { session_token: string }[]).map(
          (row) => row.session_token,
        ),
        tokens: (app.prepare("SELECT token FROM verification_tokens").all() as { token: string }[]).map(
          (row) => row.token,
        ),
      });
      await pruneStory(root, "sqlite", "data.db", remaining, live);
      const dry = await db("prune", root, { dryRun: true });
      expect(dry.stdout).toBe(
        "Would delete 0 expired sessions and 0 verification tokens from SQLite data.db (dry run: nothing deleted).\n",
      );
    } finally {
      app.close();
    }
  });

  test("on PostgreSQL (DATABASE_URL in .env): the same, and the password is never printed", async () => {
    const database = await createPostgresDatabase();
    const { user, password, host, port, database: name } = database.connection;
    const root = appFolder(`DATABASE_URL="postgres://${user}:${password}@${host}:${port}/${name}"\n`);
    const pool = new pg.Pool({ ...database.connection, max: 2 });
    try {
      await pool.query(sqlSchema("postgres"));
      const { live } = await seed(postgresAdapter(pool));
      const column = async (sql: string) => (await pool.query(sql)).rows.map((row) => String(Object.values(row)[0]));
      const remaining = async () => ({
        sessions: await column("SELECT session_token FROM sessions"),
        tokens: await column("SELECT token FROM verification_tokens"),
      });
      const target = `postgres://${user}@${host}:${port}/${name}`;
      await pruneStory(root, "postgres", target, remaining, live);
      expect((await db("prune", root, { json: true })).stdout).not.toContain(`:${password}@`);
    } finally {
      await pool.end();
      await database.drop();
    }
  });

  test("on MariaDB (mysql:// URL): the same", async () => {
    const database = await createMariaDBDatabase();
    const { user, password, host, port, database: name } = database.connection;
    const root = appFolder(`DATABASE_URL=mysql://${user}:${password}@${host}:${port}/${name}\n`);
    const pool = mysql2.createPool({ ...database.connection, timezone: "Z", multipleStatements: true });
    try {
      await pool.query(sqlSchema("mysql"));
      const { live } = await seed(mysqlAdapter(pool));
      const column = async (sql: string) =>
        ((await pool.query(sql))[0] as Record<string, unknown>[]).map((row) => String(Object.values(row)[0]));
      const remaining = async () => ({
        sessions: await column("SELECT session_token FROM sessions"),
        tokens: await column("SELECT token FROM verification_tokens"),
      });
      await pruneStory(root, "mysql", `mysql://${user}@${host}:${port}/${name}`, remaining, live);
    } finally {
      await pool.end();
      await database.drop();
    }
  });

  test("drizzle.config's dbCredentials.url names the database: its own variable, its fallback, a bare SQLite path", async () => {
    const root = appFolder("# the notes app's settings\n");
    writeFileSync(
      path.join(root, "drizzle.config.ts"),
      'import { defineConfig } from "drizzle-kit";\n\nexport default defineConfig({\n  dialect: "sqlite",\n  schema: "./src/schema.ts",\n  dbCredentials: { url: process.env.NOTES_DB ?? "notes.db" },\n});\n',
    );
    for (const file of ["notes.db", "other.db"]) {
      const app = new Database(path.join(root, file));
      app.exec(sqlSchema("sqlite"));
      await seed(sqliteAdapter(app));
      app.close();
    }
    const fallback = await db("prune", root);
    expect(fallback.stdout).toBe("Deleted 2 expired sessions and 3 verification tokens from SQLite notes.db.\n");
    writeFileSync(path.join(root, ".env"), "NOTES_DB=other.db\n");
    const named = await db("prune", root, { dryRun: true });
    expect(named.stdout).toBe(
      "Would delete 2 expired sessions and 3 verification tokens from SQLite other.db (dry run: nothing deleted).\n",
    );
  });

  test("an unknown action is a usage error naming prune", async () => {
    const error = await failure(db("vacuum", appFolder("")));
    // InvalidOption is a usage error: main.ts exits 2 for it.
    expect(error.code).toBe("InvalidOption");
    expect(error.message).toBe(
      'Unknown db action "vacuum": the one action is prune (auth db prune [dir] [--dry-run] [--json]).',
    );
  });

  test("a database without the auth tables fails in one line that says how to create them", async () => {
    const root = appFolder("AUTH_DATABASE_FILE=empty.db\n");
    new Database(path.join(root, "empty.db")).close();
    const error = await failure(db("prune", root));
    expect(error.code).toBe("NeedsDatabase");
    expect(error.message).toMatch(
      /^Could not delete expired rows in SQLite at empty\.db: no such table: sessions .*auth migrate/,
    );
    expect(error.message).not.toContain("\n");
    const dry = await failure(db("prune", root, { dryRun: true }));
    expect(dry.message).toMatch(/^Could not count expired rows/);
  });

  test("a dry run never creates a SQLite file that is not there", async () => {
    const root = appFolder("AUTH_DATABASE_FILE=missing.db\n");
    const error = await failure(db("prune", root, { dryRun: true }));
    expect(error.code).toBe("NeedsDatabase");
    expect(error.message).toContain("missing.db does not exist");
  });

  test("no database setting: the one-line error of openDatabase", async () => {
    const error = await failure(db("prune", appFolder("AUTH_SECRET=x\n"), { json: true }));
    expect(error.code).toBe("NeedsDatabase");
    expect(error.message).toMatch(/^No database to connect to/);
  });
});
