/**
 * The stories every initialised app with the usual providers (oidc, credentials) must pass in a real browser,
 * whatever its framework: a signed-out visitor of the protected page is sent to the built-in sign-in page;
 * a wrong password is refused and the demo user gets in; a person signs in through the identity provider's
 * login and consent pages; and each sign-in ends in a sign-out that leaves no session anywhere. What differs
 * per app (the protected page, how one signs out, what else the signed-in page shows) is the `AppPages`.
 */
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { loginAtIdentityProvider } from "../../support/identity-provider.js";
import { DEMO_USER } from "../../support/user-edits.mjs";
import type { App } from "./setup-app.js";

export interface AppPages {
  /** The page the person protected: signed out, it sends the visitor to the built-in sign-in page. */
  protectedPath: string;
  /** Signs out from the protected page and resolves once the browser has left it. */
  signOut: (app: App, page: Page) => Promise<void>;
  /** A route answering `{ user }` (auth(handler), auth(req, res)), checked signed in and signed out. */
  meRoute?: string;
  /** More of the app to check once the demo user is signed in; leaves the page on the protected page. */
  whileSignedIn?: (app: App, page: Page) => Promise<void>;
}

/** The identity provider's person (test/support/oidc-server.mjs): login "ada". */
export const IDENTITY_PROVIDER_USER = Object.freeze({ name: "ada", email: "ada@example.test" });

/** A sign-out button (a form or the framework's action) that lands on `landing` of the app. */
export function signOutWithButton(landing = "/"): AppPages["signOut"] {
  return async (app, page) => {
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(`${app.url}${landing}`);
  };
}

/**
 * A sign-out link to the built-in confirmation page, whose button ends the session and leaves it for the
 * app's own origin (for `landing` exactly, when given).
 */
export function signOutThroughBuiltInPage(landing?: string): AppPages["signOut"] {
  return async (app, page) => {
    await page.getByRole("link", { name: "Sign out" }).click();
    await page.waitForURL((url) => url.pathname === `${app.base}/signout`);
    expect(new URL(page.url()).origin).toBe(app.url);
    await page.getByRole("button", { name: "Sign out" }).click();
    if (landing === undefined) await page.waitForURL((url) => url.pathname !== `${app.base}/signout`);
    else await page.waitForURL(`${app.url}${landing}`);
    expect(new URL(page.url()).origin).toBe(app.url);
  };
}

/** The protected page shows who is signed in. */
export async function expectSignedInAs(
  app: App,
  pages: AppPages,
  page: Page,
  user: { name: string; email: string },
): Promise<void> {
  await page.waitForURL(`${app.url}${pages.protectedPath}`);
  await expect(page.getByTestId("user-name").textContent()).resolves.toBe(user.name);
  await expect(page.getByTestId("user-email").textContent()).resolves.toBe(user.email);
}

async function meOf(app: App, route: string, page: Page): Promise<unknown> {
  const response = await page.request.get(`${app.url}${route}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { user: unknown }).user;
}

/** After a sign-out: no session, no user on the app's own route, and the protected page sends to sign in. */
export async function expectSignedOut(app: App, pages: AppPages, page: Page): Promise<void> {
  expect(await app.sessionOf(page)).toBeNull();
  if (pages.meRoute) expect(await meOf(app, pages.meRoute, page)).toBeNull();
  await page.goto(`${app.url}${pages.protectedPath}`);
  expect(new URL(page.url()).pathname).toBe(`${app.base}/signin`);
}

/** Fills the built-in page's credentials form and submits it. */
export async function submitCredentials(page: Page, password: string): Promise<void> {
  await page.locator('input[name="email"]').fill(DEMO_USER.email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole("button", { name: "Sign in with Credentials" }).click();
}

/** Registers the three stories (timed as signedOutRedirect, credentialsStory, oidcStory). */
export function signInStories(app: App, pages: AppPages): void {
  const { protectedPath } = pages;

  test(
    `sends a signed-out visitor of ${protectedPath} to the built-in sign-in page, with the way back`,
    app.timed("signedOutRedirect", async () => {
      const page = await app.freshPage();
      await page.goto(`${app.url}${protectedPath}`);
      const landed = new URL(page.url());
      expect(landed.pathname).toBe(`${app.base}/signin`);
      expect(landed.searchParams.get("callbackUrl")).toBe(protectedPath);
      // The buttons read "Sign in with <name>"; the name is the provider's own, as the app reports it.
      const oidcButton = page.getByRole("button", { name: `Sign in with ${app.providerNames.oidc}` });
      await expect(oidcButton.isVisible()).resolves.toBe(true);
      await expect(page.getByRole("button", { name: "Sign in with Credentials" }).isVisible()).resolves.toBe(true);
      await page.context().close();
    }),
  );

  test(
    "rejects a wrong password with CredentialsSignin, lets the demo user in, and signs them out",
    app.timed("credentialsStory", async () => {
      const page = await app.freshPage();
      await page.goto(`${app.url}${protectedPath}`);
      await submitCredentials(page, "not the password");
      await page.waitForURL((url) => url.searchParams.get("error") === "CredentialsSignin");
      expect(new URL(page.url()).pathname).toBe(`${app.base}/signin`);
      await expect(page.getByRole("alert").textContent()).resolves.toContain("Sign in failed");
      expect(await app.sessionOf(page)).toBeNull();

      await submitCredentials(page, DEMO_USER.password);
      await expectSignedInAs(app, pages, page, DEMO_USER);
      expect(await app.sessionOf(page)).toMatchObject({ user: { name: DEMO_USER.name, email: DEMO_USER.email } });
      if (pages.meRoute) expect(await meOf(app, pages.meRoute, page)).toMatchObject({ email: DEMO_USER.email });
      await pages.whileSignedIn?.(app, page);

      await pages.signOut(app, page);
      await expectSignedOut(app, pages, page);
      await page.context().close();
    }),
  );

  test(
    "signs in through the identity provider's login and consent pages, then signs out",
    app.timed("oidcStory", async () => {
      const page = await app.freshPage();
      await page.goto(`${app.url}${protectedPath}`);
      await page.getByRole("button", { name: `Sign in with ${app.providerNames.oidc}` }).click();
      await loginAtIdentityProvider(page, app.oidc.issuer);
      await expectSignedInAs(app, pages, page, IDENTITY_PROVIDER_USER);

      await pages.signOut(app, page);
      await expectSignedOut(app, pages, page);
      await page.context().close();
    }),
  );
}
