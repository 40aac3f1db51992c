// The Next fixture after `create-auth init --providers oidc,credentials`, built and started for real, signed
// into from headless Chromium: credentials against the demo user a person plugs into `authorize`, and OIDC
// through a real oidc-provider's login and consent pages. Nothing is mocked: if a user would see it
// break, this test fails.
import fs from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { launchChromium } from "../support/chromium.mjs";
import { loginAtIdentityProvider } from "../support/identity-provider.js";
import { ensureRepositoryBuilt, prepareNextApp, providerNames, startApp } from "../support/next-app.mjs";
import { type OidcServer, startOidcServer } from "../support/oidc-server.mjs";
import { freePort } from "../support/ports.mjs";
import type { RunningServer } from "../support/processes.mjs";
import { DEMO_USER, OIDC_CLIENT } from "../support/user-edits.mjs";

const timings: Record<string, number> = {};
let appUrl = "";
let appDir = "";
let oidc: OidcServer | undefined;
let app: RunningServer | undefined;
let browser: Browser | undefined;
let oidcButton = "";

beforeAll(async () => {
  timings.repositoryBuild = await ensureRepositoryBuilt();
  const port = await freePort();
  // The app is browsed as `localhost` and the identity provider as `127.0.0.1`: two hosts, two cookie jars,
  // as with a real hosted provider.
  appUrl = `http://localhost:${port}`;
  oidc = await startOidcServer({
    clients: [
      {
        client_id: OIDC_CLIENT.id,
        client_secret: OIDC_CLIENT.secret,
        redirect_uris: [`${appUrl}/api/auth/callback/oidc`],
      },
    ],
  });
  const prepared = await prepareNextApp({
    appUrl,
    oidc: { issuer: oidc.issuer, clientId: OIDC_CLIENT.id, clientSecret: OIDC_CLIENT.secret },
  });
  appDir = prepared.dir;
  Object.assign(timings, prepared.timings);
  app = await startApp(appDir, port);
  timings.start = app.readyMs;
  // The buttons read "Sign in with <name>"; the name is the provider's own, as the app reports it.
  oidcButton = `Sign in with ${(await providerNames(appUrl)).oidc}`;
  const launched = performance.now();
  browser = await launchChromium();
  timings.browserLaunch = Math.round(performance.now() - launched);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await oidc?.close();
  if (appDir) await fs.rm(appDir, { recursive: true, force: true });
  console.info(`next e2e timings (ms): ${JSON.stringify(timings)}`);
});

/** A fresh browser context per test: no cookies carried from one story to the next. */
async function freshPage(): Promise<Page> {
  if (!browser) throw new Error("the browser did not start");
  const context = await browser.newContext();
  return context.newPage();
}

async function sessionOf(page: Page): Promise<unknown> {
  const response = await page.request.get(`${appUrl}/api/auth/session`);
  expect(response.status()).toBe(200);
  return response.json();
}

async function signOutFromDashboard(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL(`${appUrl}/`);
  expect(await sessionOf(page)).toBeNull();
}

function timed<T>(name: string, story: () => Promise<T>): () => Promise<T> {
  return async () => {
    const started = performance.now();
    try {
      return await story();
    } finally {
      timings[name] = Math.round(performance.now() - started);
    }
  };
}

describe("the initialised Next app", () => {
  test(
    "sends a signed-out visitor of /dashboard to the built-in sign-in page",
    timed("signedOutRedirect", async () => {
      const page = await freshPage();
      await page.goto(`${appUrl}/dashboard`);
      const landed = new URL(page.url());
      expect(landed.pathname).toBe("/api/auth/signin");
      expect(landed.searchParams.get("callbackUrl")).toBe("/dashboard");
      await expect(page.getByRole("button", { name: oidcButton }).isVisible()).resolves.toBe(true);
      await expect(page.getByRole("button", { name: "Sign in with Credentials" }).isVisible()).resolves.toBe(true);
      await page.context().close();
    }),
  );

  test(
    "rejects a wrong password with CredentialsSignin, lets the demo user in, and signs them out",
    timed("credentialsStory", async () => {
      const page = await freshPage();
      await page.goto(`${appUrl}/dashboard`);

      await page.locator('input[name="email"]').fill(DEMO_USER.email);
      await page.locator('input[name="password"]').fill("not the password");
      await page.getByRole("button", { name: "Sign in with Credentials" }).click();
      await page.waitForURL((url) => url.searchParams.get("error") === "CredentialsSignin");
      expect(new URL(page.url()).pathname).toBe("/api/auth/signin");
      await expect(page.getByRole("alert").textContent()).resolves.toContain("Sign in failed");
      expect(await sessionOf(page)).toBeNull();

      await page.locator('input[name="email"]').fill(DEMO_USER.email);
      await page.locator('input[name="password"]').fill(DEMO_USER.password);
      await page.getByRole("button", { name: "Sign in with Credentials" }).click();
      await page.waitForURL(`${appUrl}/dashboard`);
      await expect(page.getByTestId("user-name").textContent()).resolves.toBe(DEMO_USER.name);
      await expect(page.getByTestId("user-email").textContent()).resolves.toBe(DEMO_USER.email);

      await signOutFromDashboard(page);
      await page.goto(`${appUrl}/dashboard`);
      expect(new URL(page.url()).pathname).toBe("/api/auth/signin");
      await page.context().close();
    }),
  );

  test(
    "signs in from the app's own form through the signIn server action (CredentialsSignin thrown on a wrong password) and renames the user with unstable_update",
    timed("serverActionStory", async () => {
      const page = await freshPage();
      await page.goto(`${appUrl}/login`);
      await page.getByLabel("Email").fill(DEMO_USER.email);
      await page.getByLabel("Password").fill("not the password");
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(`${appUrl}/login?error=CredentialsSignin`);
      await expect(page.locator("p[role=alert]").textContent()).resolves.toContain("(CredentialsSignin)");

      await page.getByLabel("Email").fill(DEMO_USER.email);
      await page.getByLabel("Password").fill(DEMO_USER.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(`${appUrl}/dashboard`);
      await expect(page.getByTestId("user-email").textContent()).resolves.toBe(DEMO_USER.email);

      // unstable_update: the new name goes through the app's jwt callback into the re-issued session cookie.
      await page.getByLabel("Display name").fill("Ada Demo");
      await page.getByRole("button", { name: "Save name" }).click();
      await expect(page.getByTestId("user-name").filter({ hasText: "Ada Demo" }).waitFor()).resolves.toBeUndefined();
      expect(await sessionOf(page)).toMatchObject({ user: { name: "Ada Demo", email: DEMO_USER.email } });

      // The same update re-rendered in place (revalidatePath, no redirect): auth() in that render must read the
      // cookie the action has just set, not the one the request came with.
      await page.getByLabel("New name (in place)").fill("Ada In Place");
      await page.getByRole("button", { name: "Rename in place" }).click();
      await page.getByTestId("user-name").filter({ hasText: "Ada In Place" }).waitFor({ timeout: 10_000 });
      expect(await sessionOf(page)).toMatchObject({ user: { name: "Ada In Place" } });

      await signOutFromDashboard(page);
      await page.context().close();
    }),
  );

  test(
    "signIn and signOut with redirect: false resolve with the URL and leave the browser where it is",
    timed("noRedirectStory", async () => {
      const page = await freshPage();
      await page.goto(`${appUrl}/quick`);
      // A server action that redirects answers with Next's `x-action-redirect` header; these must not.
      const actionResponse = () =>
        page.waitForResponse(
          (response) => response.request().method() === "POST" && response.url() === `${appUrl}/quick`,
        );

      await page.getByLabel("Email").fill(DEMO_USER.email);
      await page.getByLabel("Password").fill(DEMO_USER.password);
      const signedIn = actionResponse();
      await page.getByRole("button", { name: "Sign in here" }).click();
      expect((await signedIn).headers()["x-action-redirect"]).toBeUndefined();
      const link = page.getByTestId("signed-in-url");
      await expect(link.textContent()).resolves.toBe(`${appUrl}/dashboard`);
      expect(page.url()).toBe(`${appUrl}/quick`);
      expect(await sessionOf(page)).toMatchObject({ user: { email: DEMO_USER.email } });

      // The returned URL is the redirectTo, on the app's origin: following it lands signed in.
      await link.click();
      await page.waitForURL(`${appUrl}/dashboard`);
      await expect(page.getByTestId("user-email").textContent()).resolves.toBe(DEMO_USER.email);

      await page.goto(`${appUrl}/quick`);
      const signedOut = actionResponse();
      await page.getByRole("button", { name: "Sign out here" }).click();
      expect((await signedOut).headers()["x-action-redirect"]).toBeUndefined();
      await expect(page.getByTestId("signed-out-url").textContent()).resolves.toBe(`${appUrl}/`);
      expect(page.url()).toBe(`${appUrl}/quick`);
      expect(await sessionOf(page)).toBeNull();
      await page.context().close();
    }),
  );

  test(
    "signs in through the identity provider's login and consent pages, then signs out",
    timed("oidcStory", async () => {
      const page = await freshPage();
      await page.goto(`${appUrl}/dashboard`);
      await page.getByRole("button", { name: oidcButton }).click();

      await loginAtIdentityProvider(page, oidc?.issuer);

      await page.waitForURL(`${appUrl}/dashboard`);
      await expect(page.getByTestId("user-name").textContent()).resolves.toBe("ada");
      await expect(page.getByTestId("user-email").textContent()).resolves.toBe("ada@example.test");

      await signOutFromDashboard(page);
      await page.context().close();
    }),
  );
});
