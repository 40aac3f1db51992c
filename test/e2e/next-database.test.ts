// The Next fixture after `create-auth init --providers oidc --strategy database --db sqlite`: installed (with
// better-sqlite3), built, started, signed into from headless Chromium through a real oidc-provider. The
// session lives in the SQLite file the generated client module created: the test reads that file to see
// the row appear at sign-in (its token is the cookie) and disappear at sign-out. Nothing is mocked.
//
// Seam for the other sign-in methods: SIGN_IN lists how a person signs in; the email (smtp-server) and
// passkey (virtual authenticator) ways join it once their providers are in the runtime, and every story
// below runs for each.
import fs from "node:fs/promises";
import path from "node:path";
import Database from "better-sqlite3";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { launchChromium } from "../support/chromium.mjs";
import { loginAtIdentityProvider } from "../support/identity-provider.js";
import { ensureRepositoryBuilt, prepareNextApp, providerNames, startApp } from "../support/next-app.mjs";
import { type OidcServer, startOidcServer } from "../support/oidc-server.mjs";
import { freePort } from "../support/ports.mjs";
import type { RunningServer } from "../support/processes.mjs";
import { fillEnv, OIDC_CLIENT } from "../support/user-edits.mjs";

const BASE = "/api/auth";
const SESSION_COOKIE = "authjs.session-token";
const timings: Record<string, number> = {};
let appUrl = "";
let appDir = "";
let oidc: OidcServer | undefined;
let app: RunningServer | undefined;
let browser: Browser | undefined;
let providerName: Record<string, string> = {};

beforeAll(async () => {
  timings.repositoryBuild = await ensureRepositoryBuilt();
  const port = await freePort();
  // The app as `localhost`, the identity provider as `127.0.0.1`: two hosts, two cookie jars.
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
  const prepared = await prepareNextApp({
    appUrl,
    oidc: { issuer: oidc.issuer, clientId: OIDC_CLIENT.id, clientSecret: OIDC_CLIENT.secret },
    providers: ["oidc"],
    initArgs: ["--strategy", "database", "--db", "sqlite"],
    // All a person does after this init: fill in the identity provider's values (and the port the test picked).
    edits: async (dir, { appUrl: url, oidc: settings }) => {
      const envFile = path.join(dir, ".env.local");
      const env = await fs.readFile(envFile, "utf8");
      await fs.writeFile(
        envFile,
        fillEnv(env, {
          AUTH_URL: url,
          AUTH_OIDC_ID: settings.clientId,
          AUTH_OIDC_SECRET: settings.clientSecret,
          AUTH_OIDC_ISSUER: settings.issuer,
        }),
      );
    },
  });
  appDir = prepared.dir;
  Object.assign(timings, prepared.timings);
  app = await startApp(appDir, port);
  timings.start = app.readyMs;
  providerName = await providerNames(appUrl);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await oidc?.close();
  if (appDir) await fs.rm(appDir, { recursive: true, force: true });
  console.info(`next (database) e2e timings (ms): ${JSON.stringify(timings)}`);
});

/** The rows the app wrote, read from its SQLite file as anyone with a shell could. */
function rows<T>(sql: string, ...params: unknown[]): T[] {
  const db = new Database(path.join(appDir, "auth.db"), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

async function freshPage(): Promise<Page> {
  if (!browser) throw new Error("the browser did not start");
  return (await browser.newContext()).newPage();
}

async function sessionOf(page: Page): Promise<{ user?: { email?: string } } | null> {
  const response = await page.request.get(`${appUrl}${BASE}/session`);
  expect(response.status()).toBe(200);
  return response.json();
}

async function sessionCookie(page: Page): Promise<string | undefined> {
  return (await page.context().cookies(appUrl)).find((cookie) => cookie.name === SESSION_COOKIE)?.value;
}

/** Each way a person signs in, from the built-in sign-in page back to the app as `email`. */
const SIGN_IN: Record<string, { email: string; signIn(page: Page): Promise<void> }> = {
  oidc: {
    email: "ada@example.test",
    async signIn(page) {
      await page.goto(`${appUrl}${BASE}/signin?callbackUrl=${encodeURIComponent("/")}`);
      await page.getByRole("button", { name: `Sign in with ${providerName.oidc}` }).click();
      await loginAtIdentityProvider(page, oidc?.issuer);
      await page.waitForURL(`${appUrl}/`);
    },
  },
};

describe.each(Object.entries(SIGN_IN))("database sessions in SQLite, signing in with %s", (_method, way) => {
  test("sign-in stores a session row whose token is the cookie; sign-out deletes it and the old cookie reads as signed out", async () => {
    const page = await freshPage();
    await way.signIn(page);
    expect(await sessionOf(page)).toMatchObject({ user: { email: way.email } });

    const token = await sessionCookie(page);
    expect(token).toBeDefined();
    const [user] = rows<{ id: string }>("SELECT id FROM users WHERE email = ?", way.email);
    expect(user).toBeDefined();
    const stored = rows<{ session_token: string; user_id: string }>(
      "SELECT session_token, user_id FROM sessions WHERE user_id = ?",
      user?.id,
    );
    expect(stored).toEqual([{ session_token: token, user_id: user?.id }]);

    await page.goto(`${appUrl}${BASE}/signout`);
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL((url) => !url.pathname.startsWith(`${BASE}/signout`));
    expect(await sessionOf(page)).toBeNull();
    expect(rows("SELECT 1 FROM sessions WHERE session_token = ?", token)).toEqual([]);
    // The person stays a user: sign-out ends the session, not the account.
    expect(rows("SELECT 1 FROM users WHERE id = ?", user?.id)).toHaveLength(1);

    const replay = await fetch(`${appUrl}${BASE}/session`, { headers: { cookie: `${SESSION_COOKIE}=${token}` } });
    expect(await replay.json()).toBeNull();
    await page.context().close();
  });
});
