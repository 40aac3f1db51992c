// The Express 5 (TypeScript) and Qwik City fixtures after `create-auth init --providers oidc --strategy
// database --db postgres`, run the way the next steps say: the generated first migration applied to a fresh
// PostgreSQL database, DATABASE_URL set in .env, installed (pg), built with the app's own tools (tsc; Qwik's
// type check, client and server builds), started, and signed into from headless Chromium through a real
// oidc-provider. The session row is read from PostgreSQL at sign-in (its token is the cookie) and is gone
// after sign-out (support/database-stories.ts). Nothing is mocked.
import fs from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe } from "vitest";
import { fillEnvFile } from "../support/fixture-app.mjs";
import { createPostgresDatabase, ensurePostgres } from "../support/postgres.mjs";
import { oidcSessionStory, type RowReader } from "./support/database-stories.js";
import { setupApp, sharedBrowser } from "./support/setup-app.js";

beforeAll(async () => {
  await ensurePostgres();
});

const browser = sharedBrowser();

describe.each(["express-5-ts", "qwik-city-1"])("database sessions in PostgreSQL (%s)", (fixture) => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let pool: pg.Pool | undefined;

  /** The story's `?` placeholders as PostgreSQL's `$1`, `$2`, … */
  const rows: RowReader = async <T>(sql: string, ...params: unknown[]) => {
    if (!pool) throw new Error("no database");
    let index = 0;
    return (
      await pool.query(
        sql.replace(/\?/g, () => `$${++index}`),
        params,
      )
    ).rows as T[];
  };

  // Registered before the app's set-up, so they run after it has stopped (hooks unwind in reverse).
  afterAll(async () => {
    await pool?.end();
    await database?.drop();
  });

  const app = setupApp(fixture, {
    browser,
    label: `${fixture} (postgres)`,
    providers: ["oidc"],
    initArgs: ["--strategy", "database", "--db", "postgres"],
    // The next steps: create the tables once from auth-migrations/0001_auth_tables.sql (what `npx create-auth
    // migrate` applies first), and set DATABASE_URL and the identity provider's values in .env.
    edits: async (dir, { oidc }) => {
      database = await createPostgresDatabase();
      const { host, port, user, password, database: name } = database.connection;
      const databaseUrl = `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@${host}:${port}/${name}`;
      pool = new pg.Pool({ connectionString: databaseUrl });
      await pool.query(await fs.readFile(path.join(dir, "auth-migrations", "0001_auth_tables.sql"), "utf8"));
      await fillEnvFile(path.join(dir, ".env"), {
        DATABASE_URL: databaseUrl,
        AUTH_OIDC_ID: oidc.clientId,
        AUTH_OIDC_SECRET: oidc.clientSecret,
        AUTH_OIDC_ISSUER: oidc.issuer,
      });
    },
  });

  oidcSessionStory(app, rows);
});
