// The database servers an e2e app signs in against (PostgreSQL, MariaDB): a fresh database per file, the
// DATABASE_URL a person would write into the app's env file, the rows read back with `?` parameters
// (RowReader), and the tables created the way init's next steps say, run as a person would run them.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import mysql from "mysql2/promise";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { appProcessEnv, REPO_ROOT } from "../../support/fixture-app.mjs";
import { createMariaDBDatabase } from "../../support/mariadb.mjs";
import { createPostgresDatabase } from "../../support/postgres.mjs";
import { runCommand } from "../../support/processes.mjs";
import type { RowReader } from "./database-stories.js";

export interface ServerDatabase {
  /** The DATABASE_URL for the app's env file. */
  readonly url: string;
  /** Reads rows as anyone with the database's URL could; `?` marks each parameter. */
  readonly rows: RowReader;
}

interface Opened {
  url: string;
  rows: RowReader;
  close(): Promise<void>;
}

function opened(what: string, database: Opened | undefined): Opened {
  if (!database) throw new Error(`the ${what} database was not created (see the failing beforeAll)`);
  return database;
}

/**
 * Registers the hooks that create a fresh database before the file's other hooks run and drop it after they
 * have run: call it before `setupApp`, so the app has stopped before its database goes (hooks unwind in reverse).
 */
function registerDatabase(what: string, open: () => Promise<Opened>): ServerDatabase {
  let database: Opened | undefined;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database?.close();
  });
  return {
    get url() {
      return opened(what, database).url;
    },
    rows: (sql, ...params) => opened(what, database).rows(sql, ...params),
  };
}

/** A fresh PostgreSQL database; the story's `?` placeholders become `$1`, `$2`, … */
export function postgresDatabase(): ServerDatabase {
  return registerDatabase("PostgreSQL", async () => {
    const database = await createPostgresDatabase();
    const { host, port, user, password, database: name } = database.connection;
    const url = `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@${host}:${port}/${name}`;
    const pool = new pg.Pool({ connectionString: url });
    return {
      url,
      rows: async <T>(sql: string, ...params: unknown[]) => {
        let index = 0;
        return (
          await pool.query(
            sql.replace(/\?/g, () => `$${++index}`),
            params,
          )
        ).rows as T[];
      },
      async close() {
        await pool.end();
        await database.drop();
      },
    };
  });
}

/** A fresh MariaDB database (MySQL's protocol and SQL), read through mysql2 as the app's own client is. */
export function mariadbDatabase(): ServerDatabase {
  return registerDatabase("MariaDB", async () => {
    const database = await createMariaDBDatabase();
    const { host, port, user, password, database: name } = database.connection;
    const url = `mysql://${encodeURIComponent(user)}:${encodeURIComponent(password)}@${host}:${port}/${name}`;
    const pool = mysql.createPool({ uri: url, timezone: "Z" });
    return {
      url,
      rows: async <T>(sql: string, ...params: unknown[]) => {
        const [rows] = await pool.query(sql, params);
        return rows as T[];
      },
      async close() {
        await pool.end();
        await database.drop();
      },
    };
  });
}

/** Runs `command` with `file` as its standard input (`mysql <database> < auth-schema.sql`). */
function runWithInput(command: string, args: string[], file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["pipe", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.once("error", reject);
    child.once("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}:\n${output}`)),
    );
    fs.createReadStream(file).pipe(child.stdin);
  });
}

/** Where init writes the numbered migrations that `create-auth migrate` applies. */
const MIGRATIONS_DIR = "auth-migrations";
/** The one schema file an init before migrations wrote (its next steps: run it with psql or mysql). */
const SCHEMA_FILE = "auth-schema.sql";

/** The migrations in order (auth-migrations/*.sql), or the older init's single schema file. */
function sqlFiles(dir: string): string[] {
  const migrations = path.join(dir, MIGRATIONS_DIR);
  if (!fs.existsSync(migrations)) return [path.join(dir, SCHEMA_FILE)];
  return fs
    .readdirSync(migrations)
    .filter((name) => name.endsWith(".sql"))
    .sort()
    .map((name) => path.join(migrations, name));
}

/** Runs one SQL file with the database's own client (`psql -f file`, `mysql <database> < file`). */
async function runSqlFile(database: ServerDatabase, file: string): Promise<void> {
  const url = new URL(database.url);
  if (url.protocol === "postgres:") {
    await runCommand("psql", [database.url, "-v", "ON_ERROR_STOP=1", "-q", "-f", file], { env: appProcessEnv() });
    return;
  }
  await runWithInput(
    "mysql",
    [
      `--host=${url.hostname}`,
      `--port=${url.port}`,
      `--user=${decodeURIComponent(url.username)}`,
      `--password=${decodeURIComponent(url.password)}`,
      url.pathname.slice(1),
    ],
    file,
  );
}

/**
 * Creates the auth tables in the app's database as its next steps say. An app with auth-migrations/ is told
 * `npx create-auth migrate`: the built CLI of this checkout runs in the app's folder and reads DATABASE_URL
 * from the app's env file. An app from an older init has auth-schema.sql, to be run with psql or mysql; so are
 * the migrations while this checkout's CLI still answers that migrate arrives in a later version. Resolves
 * with how it was done, for the timings.
 */
export async function createTablesAsNextStepsSay(
  dir: string,
  database: ServerDatabase,
): Promise<"migrate" | "sql client"> {
  if (fs.existsSync(path.join(dir, MIGRATIONS_DIR))) {
    try {
      await runCommand(process.execPath, [path.join(REPO_ROOT, "bin", "create-auth.js"), "migrate"], {
        cwd: dir,
        env: appProcessEnv(),
      });
      return "migrate";
    } catch (error) {
      if (!/later version/.test(String(error))) throw error;
    }
  }
  for (const file of sqlFiles(dir)) await runSqlFile(database, file);
  return "sql client";
}
