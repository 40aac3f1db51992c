// What every database-strategy app checks, whatever the framework and the database: reading the rows the
// app wrote (its SQLite file, or PostgreSQL), and the OIDC story (sign-in stores a session row whose token
// is the cookie; sign-out deletes it and the old cookie reads as signed out). The passwordless stories
// (passwordless-stories.ts) build on the same helpers.
import path from "node:path";
import Database from "better-sqlite3";
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { loginAtIdentityProvider } from "../../support/identity-provider.js";
import type { App } from "./setup-app.js";

export const SESSION_COOKIE = "authjs.session-token";

/** The rows a query over the app's database returns; `?` marks each parameter. */
export type RowReader = <T>(sql: string, ...params: unknown[]) => Promise<T[]>;

/** The rows the app wrote, read from its SQLite file (`auth.db`) as anyone with a shell could. */
export function sqliteRows(app: App): RowReader {
  return sqliteFileRows(app, "auth.db");
}

/** The rows the app wrote to the SQLite file `file` in its folder (an ORM's own database: Prisma's `dev.db`). */
export function sqliteFileRows(app: App, file: string): RowReader {
  return async <T>(sql: string, ...params: unknown[]) => {
    const db = new Database(path.join(app.dir, file), { readonly: true, fileMustExist: true });
    try {
      return db.prepare(sql).all(...params) as T[];
    } finally {
      db.close();
    }
  };
}

export async function sessionCookie(app: App, page: Page): Promise<string | undefined> {
  return (await page.context().cookies(app.url)).find((cookie) => cookie.name === SESSION_COOKIE)?.value;
}

/** While signed in: the browser's session cookie is the token of one session row the app stored. */
export async function expectSessionRow(app: App, page: Page, rows: RowReader): Promise<void> {
  const token = await sessionCookie(app, page);
  expect(token).toBeDefined();
  expect(await rows("SELECT 1 FROM sessions WHERE session_token = ?", token)).toHaveLength(1);
}

/**
 * Signs out through the built-in page, back to the home page, and checks the app answers "no session". Not
 * back to a protected page: that would send the browser on to the sign-in page, where a passkey's autofill
 * signs straight back in (and a session read could see either).
 */
export async function signOutOnBuiltInPage(app: App, page: Page): Promise<void> {
  await page.goto(`${app.url}${app.base}/signout?callbackUrl=${encodeURIComponent("/")}`);
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL(`${app.url}/`);
  expect(await app.sessionOf(page)).toBeNull();
}

/** Registers the OIDC story over the app's database, read through `rows`. */
export function oidcSessionStory(app: App, rows: RowReader): void {
  test("sign-in stores a session row whose token is the cookie; sign-out deletes it and the old cookie reads as signed out", async () => {
    const email = "ada@example.test";
    const page = await app.freshPage();
    try {
      await page.goto(`${app.url}${app.base}/signin?callbackUrl=${encodeURIComponent("/")}`);
      await page.getByRole("button", { name: `Sign in with ${app.providerNames.oidc}` }).click();
      await loginAtIdentityProvider(page, app.oidc.issuer);
      await page.waitForURL(`${app.url}/`);
      expect(await app.sessionOf(page)).toMatchObject({ user: { email } });

      const token = await sessionCookie(app, page);
      expect(token).toBeDefined();
      const [user] = await rows<{ id: string }>("SELECT id FROM users WHERE email = ?", email);
      expect(user).toBeDefined();
      const stored = await rows("SELECT session_token, user_id FROM sessions WHERE user_id = ?", user?.id);
      expect(stored).toEqual([{ session_token: token, user_id: user?.id }]);

      await signOutOnBuiltInPage(app, page);
      expect(await rows("SELECT 1 FROM sessions WHERE session_token = ?", token)).toEqual([]);
      // The person stays a user: sign-out ends the session, not the account.
      expect(await rows("SELECT 1 FROM users WHERE id = ?", user?.id)).toHaveLength(1);

      const replay = await fetch(`${app.url}${app.base}/session`, {
        headers: { cookie: `${SESSION_COOKIE}=${token}` },
      });
      expect(await replay.json()).toBeNull();
    } finally {
      await page.context().close();
    }
  });
}
