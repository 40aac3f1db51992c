// openDatabase on real databases (a SQLite file, PostgreSQL and MariaDB on loopback) from an app folder whose
// node_modules holds the drivers, as an app's does; and the one-line failures: no setting, an unknown scheme, a
// driver the app lacks, a server that does not answer, all without the password.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, test } from "vitest";
import { type DatabaseConnection, databaseLocation, openDatabase } from "../../../src/cli/database/connect.js";
import { projectEnv } from "../../../src/cli/database/project-env.js";
import { appEnvFile } from "../../../src/cli/frameworks/detect-project.js";
import { diskReader } from "../../../src/cli/project/reader.js";
import { createMariaDBDatabase } from "../../support/mariadb.mjs";
import { ensureNode24 } from "../../support/node24.mjs";
import { createPostgresDatabase } from "../../support/postgres.mjs";
import { runCommand } from "../../support/processes.mjs";
import { failure } from "../cli-failure.js";
import { repoRoot } from "../support.js";

const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

/** An app folder; `drivers` links this repository's node_modules (pg, mysql2, better-sqlite3) into it. */
function appFolder(drivers: boolean, files: Record<string, string> = {}): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "create-auth-connect-"));
  temps.push(dir);
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "app", private: true }));
  if (drivers) symlinkSync(path.join(repoRoot, "node_modules"), path.join(dir, "node_modules"), "dir");
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

async function roundTrip(db: DatabaseConnection, placeholder: string): Promise<void> {
  await db.query("CREATE TABLE probe (id VARCHAR(20) PRIMARY KEY, n INTEGER)");
  expect(await db.query(`INSERT INTO probe (id, n) VALUES (${placeholder}, 2)`, ["a"])).toEqual([]);
  expect(await db.query("SELECT id, n FROM probe")).toEqual([{ id: "a", n: 2 }]);
}

describe("openDatabase", () => {
  test("AUTH_DATABASE_FILE opens (and creates) a SQLite file relative to the app", async () => {
    const root = appFolder(true);
    mkdirSync(path.join(root, "data"));
    const db = await openDatabase(root, { AUTH_DATABASE_FILE: "data/auth.db", DATABASE_URL: "postgres://x@y/z" });
    try {
      expect(db.dialect).toBe("sqlite");
      expect(db.target).toBe("data/auth.db");
      await roundTrip(db, "?");
    } finally {
      await db.close();
    }
  });

  test("a file: URL in DATABASE_URL is SQLite; read-only refuses to create a missing file", async () => {
    const root = appFolder(true);
    const missing = await failure(openDatabase(root, { DATABASE_URL: "file:./nothing.db" }, { readOnly: true }));
    expect(missing.message).toBe("The SQLite database nothing.db does not exist yet.");
    const db = await openDatabase(root, { DATABASE_URL: "file:./app.db" });
    await db.close();
    const again = await openDatabase(root, { DATABASE_URL: "sqlite:app.db" }, { readOnly: true });
    expect(again.target).toBe("app.db");
    await again.close();
  });

  test("postgres:// opens a pg pool from the app's node_modules; the target has no password", async () => {
    const database = await createPostgresDatabase();
    const { host, port, user, password, database: name } = database.connection;
    const root = appFolder(true);
    const db = await openDatabase(root, {
      DATABASE_URL: `postgresql://${user}:${password}@${host}:${port}/${name}?sslmode=disable`,
    });
    try {
      expect(db.dialect).toBe("postgres");
      expect(db.target).toBe(`postgresql://${user}@${host}:${port}/${name}`);
      await roundTrip(db, "$1");
      const session = await db.session();
      await session.query("BEGIN");
      await session.query("INSERT INTO probe (id, n) VALUES ('b', 3)");
      await session.query("ROLLBACK");
      await session.release();
      expect(await db.query("SELECT count(*)::int AS n FROM probe")).toEqual([{ n: 1 }]);
    } finally {
      await db.close();
      await database.drop();
    }
  });

  test("mariadb:// opens a mysql2 pool in UTC that refuses several statements in one query", async () => {
    const database = await createMariaDBDatabase();
    const { host, port, user, password, database: name } = database.connection;
    const root = appFolder(true);
    const db = await openDatabase(root, {
      DATABASE_URL: `mariadb://${user}:${password}@${host}:${port}/${name}?multipleStatements=true`,
    });
    try {
      expect(db.dialect).toBe("mysql");
      expect(db.target).toBe(`mariadb://${user}@${host}:${port}/${name}`);
      await roundTrip(db, "?");
      // timezone "Z": a Date is written as its UTC wall-clock time, whatever the machine's zone.
      await db.query("CREATE TABLE stamp (at DATETIME(3))");
      await db.query("INSERT INTO stamp (at) VALUES (?)", [new Date("2031-01-02T03:04:05.678Z")]);
      expect(await db.query("SELECT DATE_FORMAT(at, '%Y-%m-%d %H:%i:%s.%f') AS at FROM stamp")).toEqual([
        { at: "2031-01-02 03:04:05.678000" },
      ]);
      await expect(db.query("SELECT 1; SELECT 2")).rejects.toThrow(/syntax/);
    } finally {
      await db.close();
      await database.drop();
    }
  });

  test.each(["postgres", "mariadb"] as const)("read-only on %s: the session refuses to write", async (server) => {
    const database = server === "postgres" ? await createPostgresDatabase() : await createMariaDBDatabase();
    const { host, port, user, password, database: name } = database.connection;
    const url = `${server}://${user}:${password}@${host}:${port}/${name}`;
    const writable = await openDatabase(appFolder(true), { DATABASE_URL: url });
    const db = await openDatabase(appFolder(true), { DATABASE_URL: url }, { readOnly: true });
    try {
      await writable.query("CREATE TABLE probe (id INTEGER)");
      expect(await db.query("SELECT count(*) AS n FROM probe")).toEqual([{ n: server === "postgres" ? "0" : 0 }]);
      await expect(db.query("INSERT INTO probe (id) VALUES (1)")).rejects.toThrow(/read[- ]only/i);
      await expect(db.query("CREATE TABLE other (id INTEGER)")).rejects.toThrow(/read[- ]only/i);
    } finally {
      await db.close();
      await writable.close();
      await database.drop();
    }
  });

  test("a server that refuses the password is one line naming host and database, never the password", async () => {
    const database = await createPostgresDatabase();
    const { host, port, user, database: name } = database.connection;
    try {
      const error = await failure(
        openDatabase(appFolder(true), { DATABASE_URL: `postgres://${user}:wrong-secret@${host}:${port}/${name}` }),
      );
      expect(error.message).toMatch(
        new RegExp(`^Could not connect to PostgreSQL at ${host}:${port}/${name}: password authentication failed`),
      );
      expect(error.message).not.toContain("wrong-secret");
      expect(error.message).not.toContain("\n");
    } finally {
      await database.drop();
    }
  });

  test("nothing listening is one line naming the host", async () => {
    const error = await failure(openDatabase(appFolder(true), { DATABASE_URL: "mysql://u:p@127.0.0.1:9/app" }));
    expect(error.message).toBe("Could not connect to MySQL at 127.0.0.1:9/app: connect ECONNREFUSED 127.0.0.1:9.");
  });

  test("a driver the app has not installed is named with the command to install it", async () => {
    const root = appFolder(false);
    const error = await failure(openDatabase(root, { DATABASE_URL: "postgres://u:p@127.0.0.1/app" }));
    expect(error.message).toBe(
      `PostgreSQL needs the pg package, which is not installed in ${root}: install it (npm install pg) and run again.`,
    );
  });

  test("no setting, or a scheme it cannot use, is one line that does not echo the URL", () => {
    expect(() => databaseLocation("/app", {})).toThrow(/^No database to connect to: set DATABASE_URL/);
    expect(() => databaseLocation("/app", { DATABASE_URL: "mongodb://u:secret@h/db" })).toThrow(
      'DATABASE_URL starts with "mongodb:"; create-auth connects to postgres://, postgresql://, mysql://, mariadb:// and file: (SQLite) URLs.',
    );
    expect(databaseLocation("/app", { DATABASE_URL: "file:///var/data/auth.db" })).toMatchObject({
      dialect: "sqlite",
      file: "/var/data/auth.db",
      target: "/var/data/auth.db",
    });
  });
});

describe("projectEnv", () => {
  test("Next reads .env under .env.local; the process environment wins over both", async () => {
    const root = appFolder(false, {
      "package.json": JSON.stringify({ dependencies: { next: "15.0.0", react: "19.0.0" } }),
      ".env": "DATABASE_URL=postgres://from-env/app\nAUTH_SECRET=x\n",
      ".env.local": 'DATABASE_URL="postgres://from-local/app" # the real one\nAUTH_DATABASE_FILE=\n',
    });
    const reader = diskReader(root);
    const { env, files } = projectEnv(reader, { AUTH_SECRET: "process" }, await appEnvFile(reader, null));
    expect(files).toEqual([".env", ".env.local"]);
    expect(env).toMatchObject({
      DATABASE_URL: "postgres://from-local/app",
      AUTH_DATABASE_FILE: "",
      AUTH_SECRET: "process",
    });
  });

  test("any other app reads .env, an unquoted value without its comment", async () => {
    const root = appFolder(false, { ".env": "AUTH_DATABASE_FILE=auth.db # SQLite\n" });
    expect(projectEnv(diskReader(root), {}, await appEnvFile(diskReader(root), null)).env["AUTH_DATABASE_FILE"]).toBe(
      "auth.db",
    );
  });
});

describe("openDatabase on Node 24", () => {
  test("SQLite goes through node:sqlite: no better-sqlite3 in the app; the migrator runs on it", {
    timeout: 240_000,
  }, async () => {
    const { node } = await ensureNode24();
    const root = appFolder(false);
    const url = (file: string) => pathToFileURL(path.join(repoRoot, file)).href;
    const script = `
      import { register } from "node:module";
      register(${JSON.stringify(url("test/support/adapter-ts-resolve.mjs"))});
      const { openDatabase } = await import(${JSON.stringify(url("src/cli/database/connect.ts"))});
      const { migrate } = await import(${JSON.stringify(url("src/cli/database/migrator.ts"))});
      const db = await openDatabase(${JSON.stringify(root)}, { AUTH_DATABASE_FILE: "auth.db" });
      const first = { name: "0001_notes.sql", sql: "CREATE TABLE notes (id INTEGER NOT NULL PRIMARY KEY, body TEXT);" };
      const bad = { name: "0002_bad.sql", sql: "CREATE TABLE tags (id INTEGER);\\nINSERT INTO nowhere VALUES (1);" };
      const applied = (await migrate(db, [first])).appliedNow;
      const failed = await migrate(db, [first, bad]).then(() => null, (error) => error.message);
      const tables = await db.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name");
      console.log(JSON.stringify({ driver: db.client.constructor.name, applied, failed, tables }));
      await db.close();
    `;
    const { output } = await runCommand(node, ["--no-warnings", "--input-type=module", "-e", script], {
      timeoutMs: 120_000,
    });
    expect(JSON.parse(output.trim().split("\n").at(-1)!)).toEqual({
      driver: "DatabaseSync",
      applied: ["0001_notes.sql"],
      failed:
        "0002_bad.sql failed at statement 2 (line 2: INSERT INTO nowhere VALUES (1)): no such table: nowhere. Rolled back: nothing of it was applied.",
      tables: [{ name: "create_auth_migrations" }, { name: "notes" }],
    });
  });
});
