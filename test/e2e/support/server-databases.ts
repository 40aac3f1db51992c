// The database servers an e2e app signs in against (PostgreSQL, MariaDB): a fresh database per file, the
// DATABASE_URL a person would write into the app's env file, the rows read back with `?` parameters
// (RowReader), and the tables created the way init's next steps say, run as a person would run them.
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

/**
 * Creates the auth tables in the app's database as init's next steps say: `npx create-auth migrate` in the
 * app's folder (the built CLI of this checkout), which applies auth-migrations/ to the database DATABASE_URL
 * in the app's env file names, through the driver in the app's node_modules. Resolves with its output.
 */
export async function migrateAsNextStepsSay(dir: string): Promise<string> {
  const { output } = await runCommand(process.execPath, [path.join(REPO_ROOT, "bin", "create-auth.js"), "migrate"], {
    cwd: dir,
    env: appProcessEnv(),
  });
  return output;
}
