// The Express 5 (TypeScript) and Qwik City fixtures after `create-auth init --providers oidc --strategy
// database --db postgres`, run the way the next steps say: the generated auth-schema.sql applied to a fresh
// PostgreSQL database, DATABASE_URL set in .env, installed (pg), built with the app's own tools (tsc; Qwik's
// type check, client and server builds), started, and signed into from headless Chromium through a real
// oidc-provider. The session row is read from PostgreSQL at sign-in (its token is the cookie) and is gone
// after sign-out. Nothing is mocked.
import fs from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { launchChromium } from "../support/chromium.mjs";
import { startExpressApp } from "../support/express-app.mjs";
import { loginAtIdentityProvider } from "../support/identity-provider.js";
import {
  appProcessEnv,
  copyFixture,
  ensureRepositoryBuilt,
  initAuth,
  installApp,
  nextFixture,
} from "../support/next-app.mjs";
import { type OidcServer, startOidcServer } from "../support/oidc-server.mjs";
import { freePort } from "../support/ports.mjs";
import { createPostgresDatabase, ensurePostgres } from "../support/postgres.mjs";
import { type RunningServer, runCommand } from "../support/processes.mjs";
import { buildQwikApp, startQwikApp } from "../support/qwik-app.mjs";
import { fillEnv, OIDC_CLIENT } from "../support/user-edits.mjs";

/** Each app: its fixture, its build (after install), and how it starts. */
const APPS = [
  {
    fixture: "express-5-ts",
    build: async (dir: string) => (await runCommand("npm", ["run", "build"], { cwd: dir, env: appProcessEnv() })).ms,
    start: startExpressApp,
  },
  {
    fixture: "qwik-city-1",
    build: async (dir: string) => {
      const { types, client, server } = await buildQwikApp(dir);
      return types + client + server;
    },
    start: (dir: string, port: number) => startQwikApp(dir, port),
  },
];

let browser: Browser | undefined;

beforeAll(async () => {
  await ensureRepositoryBuilt();
  await ensurePostgres();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe.each(APPS)("database sessions in PostgreSQL ($fixture)", ({ fixture, build, start }) => {
  const BASE = "/auth";
  const SESSION_COOKIE = "authjs.session-token";
  const timings: Record<string, number> = {};
  let appUrl = "";
  let appDir = "";
  let oidc: OidcServer | undefined;
  let app: RunningServer | undefined;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let pool: pg.Pool | undefined;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    const { host, port: dbPort, user, password, database: name } = database.connection;
    const databaseUrl = `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@${host}:${dbPort}/${name}`;
    pool = new pg.Pool({ connectionString: databaseUrl });

    const port = await freePort();
    appUrl = `http://localhost:${port}`;
    oidc = await startOidcServer({
      clients: [
        {
          client_id: OIDC_CLIENT.id,
          client_secret: OIDC_CLIENT.secret,
          redirect_uris: [`${appUrl}${BASE}/callback/oidc`],
        },
      ],
    });

    appDir = await copyFixture(nextFixture(fixture));
    timings.init = (await initAuth(appDir, ["oidc"], ["--strategy", "database", "--db", "postgres"])).ms;
    // The next steps: create the tables once from the schema file (what `psql -f auth-schema.sql` does), and
    // set DATABASE_URL and the identity provider's values in .env.
    await pool.query(await fs.readFile(path.join(appDir, "auth-schema.sql"), "utf8"));
    const envFile = path.join(appDir, ".env");
    await fs.writeFile(
      envFile,
      fillEnv(await fs.readFile(envFile, "utf8"), {
        DATABASE_URL: databaseUrl,
        AUTH_OIDC_ID: OIDC_CLIENT.id,
        AUTH_OIDC_SECRET: OIDC_CLIENT.secret,
        AUTH_OIDC_ISSUER: oidc.issuer,
      }),
    );
    timings.install = (await installApp(appDir)).ms;
    timings.build = await build(appDir);
    app = await start(appDir, port);
    timings.start = app.readyMs;
  });

  afterAll(async () => {
    await app?.stop();
    await oidc?.close();
    await pool?.end();
    await database?.drop();
    if (appDir) await fs.rm(appDir, { recursive: true, force: true });
    console.info(`${fixture} (postgres) e2e timings (ms): ${JSON.stringify(timings)}`);
  });

  async function rows<T>(sql: string, ...params: unknown[]): Promise<T[]> {
    if (!pool) throw new Error("no database");
    return (await pool.query(sql, params)).rows as T[];
  }

  async function sessionOf(page: Page): Promise<{ user?: { email?: string } } | null> {
    const response = await page.request.get(`${appUrl}${BASE}/session`);
    expect(response.status()).toBe(200);
    return response.json();
  }

  test("OIDC sign-in stores a session row whose token is the cookie; sign-out deletes it", async () => {
    if (!browser) throw new Error("the browser did not start");
    const page = await (await browser.newContext()).newPage();
    const providers = (await (await fetch(`${appUrl}${BASE}/providers`)).json()) as Record<string, { name: string }>;
    await page.goto(`${appUrl}${BASE}/signin?callbackUrl=${encodeURIComponent("/")}`);
    await page.getByRole("button", { name: `Sign in with ${providers.oidc?.name}` }).click();
    await loginAtIdentityProvider(page, oidc?.issuer);
    await page.waitForURL(`${appUrl}/`);
    expect(await sessionOf(page)).toMatchObject({ user: { email: "ada@example.test" } });

    const token = (await page.context().cookies(appUrl)).find((cookie) => cookie.name === SESSION_COOKIE)?.value;
    expect(token).toBeDefined();
    const [user] = await rows<{ id: string }>("SELECT id FROM users WHERE email = $1", "ada@example.test");
    expect(user).toBeDefined();
    const stored = await rows("SELECT session_token, user_id FROM sessions WHERE user_id = $1", user?.id);
    expect(stored).toEqual([{ session_token: token, user_id: user?.id }]);

    await page.goto(`${appUrl}${BASE}/signout`);
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL((url) => !url.pathname.startsWith(`${BASE}/signout`));
    expect(await sessionOf(page)).toBeNull();
    expect(await rows("SELECT 1 FROM sessions WHERE session_token = $1", token)).toEqual([]);
    await page.context().close();
  });
});
