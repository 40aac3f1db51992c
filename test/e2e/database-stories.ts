// What every database-strategy fixture checks, whatever the framework: reading the rows the app wrote to
// its SQLite file, the session as the app answers it, and the OIDC story (sign-in stores a session row
// whose token is the cookie; sign-out deletes it and the old cookie reads as signed out). The passwordless
// stories (passwordless-stories.ts) build on the same helpers.
import path from "node:path";
import Database from "better-sqlite3";
import type { Browser, Page } from "playwright-core";
import { expect, test } from "vitest";
import { loginAtIdentityProvider } from "../support/identity-provider.js";

export interface DatabaseApp {
  appUrl: string;
  appDir: string;
  /** The auth routes' base path: `/api/auth` (Next), `/auth` (SvelteKit). */
  base: string;
  browser: Browser;
}

export const SESSION_COOKIE = "authjs.session-token";

/** The rows the app wrote, read from its SQLite file as anyone with a shell could. */
export function rows<T>(app: DatabaseApp, sql: string, ...params: unknown[]): T[] {
  const db = new Database(path.join(app.appDir, "auth.db"), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

export async function sessionOf(app: DatabaseApp, page: Page): Promise<{ user?: { email?: string } } | null> {
  const response = await page.request.get(`${app.appUrl}${app.base}/session`);
  expect(response.status()).toBe(200);
  return response.json();
}

export async function sessionCookie(app: DatabaseApp, page: Page): Promise<string | undefined> {
  return (await page.context().cookies(app.appUrl)).find((cookie) => cookie.name === SESSION_COOKIE)?.value;
}

/** Signs out through the built-in page and checks the app answers "no session" afterwards. */
export async function signOut(app: DatabaseApp, page: Page): Promise<void> {
  await page.goto(`${app.appUrl}${app.base}/signout`);
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith(`${app.base}/signout`));
  expect(await sessionOf(app, page)).toBeNull();
}

export interface OidcDatabaseApp extends DatabaseApp {
  oidcIssuer: string;
  /** The OIDC provider's name on the built-in page's button. */
  oidcName: string;
}

/** Registers the OIDC story; `app()` is read when the test runs (after beforeAll started everything). */
export function oidcSessionStory(app: () => OidcDatabaseApp): void {
  test("sign-in stores a session row whose token is the cookie; sign-out deletes it and the old cookie reads as signed out", async () => {
    const current = app();
    const { appUrl, base, browser } = current;
    const email = "ada@example.test";
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${appUrl}${base}/signin?callbackUrl=${encodeURIComponent("/")}`);
      await page.getByRole("button", { name: `Sign in with ${current.oidcName}` }).click();
      await loginAtIdentityProvider(page, current.oidcIssuer);
      await page.waitForURL(`${appUrl}/`);
      expect(await sessionOf(current, page)).toMatchObject({ user: { email } });

      const token = await sessionCookie(current, page);
      expect(token).toBeDefined();
      const [user] = rows<{ id: string }>(current, "SELECT id FROM users WHERE email = ?", email);
      expect(user).toBeDefined();
      const stored = rows<{ session_token: string; user_id: string }>(
        current,
        "SELECT session_token, user_id FROM sessions WHERE user_id = ?",
        user?.id,
      );
      expect(stored).toEqual([{ session_token: token, user_id: user?.id }]);

      await signOut(current, page);
      expect(rows(current, "SELECT 1 FROM sessions WHERE session_token = ?", token)).toEqual([]);
      // The person stays a user: sign-out ends the session, not the account.
      expect(rows(current, "SELECT 1 FROM users WHERE id = ?", user?.id)).toHaveLength(1);

      const replay = await fetch(`${appUrl}${base}/session`, { headers: { cookie: `${SESSION_COOKIE}=${token}` } });
      expect(await replay.json()).toBeNull();
    } finally {
      await context.close();
    }
  });
}
