// The Qwik City fixture after `create-auth init --providers oidc,credentials`, built for production (client
// and node-server adapter: the runtime's `*.qwik.js` hooks must pass through Qwik's optimizer for any of
// this to work), started, and used from headless Chromium: the protected journal turns a signed-out visitor
// to the sign-in page, credentials through the built-in page and through the app's own useSignIn form,
// OIDC against a real oidc-provider, the session shown through useSession, sign-out through useSignOut,
// and the actions' validation failures in the spec's shape.
import fs from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { launchChromium } from "../support/chromium.mjs";
import { loginAtIdentityProvider } from "../support/identity-provider.js";
import { ensureRepositoryBuilt } from "../support/next-app.mjs";
import { type OidcServer, startOidcServer } from "../support/oidc-server.mjs";
import { freePort } from "../support/ports.mjs";
import type { RunningServer } from "../support/processes.mjs";
import { prepareQwikApp, startQwikApp } from "../support/qwik-app.mjs";
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
  // The app is browsed as `localhost` and the identity provider as `127.0.0.1`: two hosts, two cookie jars.
  appUrl = `http://localhost:${port}`;
  oidc = await startOidcServer({
    clients: [
      { client_id: OIDC_CLIENT.id, client_secret: OIDC_CLIENT.secret, redirect_uris: [`${appUrl}/auth/callback/oidc`] },
    ],
  });
  const prepared = await prepareQwikApp({
    oidc: { issuer: oidc.issuer, clientId: OIDC_CLIENT.id, clientSecret: OIDC_CLIENT.secret },
  });
  appDir = prepared.dir;
  Object.assign(timings, prepared.timings);
  app = await startQwikApp(appDir, port);
  timings.start = app.readyMs;
  const providers = (await (await fetch(`${appUrl}/auth/providers`)).json()) as Record<string, { name: string }>;
  oidcButton = `Sign in with ${providers.oidc?.name}`;
  const launched = performance.now();
  browser = await launchChromium();
  timings.browserLaunch = Math.round(performance.now() - launched);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await oidc?.close();
  if (appDir) await fs.rm(appDir, { recursive: true, force: true });
  console.info(`qwik e2e timings (ms): ${JSON.stringify(timings)}`);
});

async function freshPage(): Promise<Page> {
  if (!browser) throw new Error("the browser did not start");
  const context = await browser.newContext();
  return context.newPage();
}

async function sessionOf(page: Page): Promise<unknown> {
  const response = await page.request.get(`${appUrl}/auth/session`);
  expect(response.status()).toBe(200);
  return response.json();
}

async function expectJournalOf(page: Page, user: { name: string; email: string }): Promise<void> {
  await page.waitForURL(`${appUrl}/journal/`);
  await expect(page.getByTestId("user-name").textContent()).resolves.toBe(user.name);
  await expect(page.getByTestId("user-email").textContent()).resolves.toBe(user.email);
}

/** Signs out through the journal's useSignOut form, which lands on the home page with no session left. */
async function signOutFromJournal(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL(`${appUrl}/`);
  expect(await sessionOf(page)).toBeNull();
  await page.goto(`${appUrl}/journal/`);
  expect(new URL(page.url()).pathname).toBe("/auth/signin");
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

describe("the initialised Qwik City app (production build, node-server adapter)", () => {
  test(
    "sends a signed-out visitor of /journal/ to the built-in sign-in page",
    timed("signedOutRedirect", async () => {
      const page = await freshPage();
      await page.goto(`${appUrl}/journal/`);
      const landed = new URL(page.url());
      expect(landed.pathname).toBe("/auth/signin");
      expect(landed.searchParams.get("callbackUrl")).toBe("/journal/");
      await expect(page.getByRole("button", { name: oidcButton }).isVisible()).resolves.toBe(true);
      await expect(page.getByRole("button", { name: "Sign in with Credentials" }).isVisible()).resolves.toBe(true);
      await page.context().close();
    }),
  );

  test(
    "rejects a wrong password on the built-in page, lets the demo user in, shows them through useSession and signs them out through useSignOut",
    timed("builtInCredentialsStory", async () => {
      const page = await freshPage();
      await page.goto(`${appUrl}/journal/`);
      await page.locator('input[name="email"]').fill(DEMO_USER.email);
      await page.locator('input[name="password"]').fill("not the password");
      await page.getByRole("button", { name: "Sign in with Credentials" }).click();
      await page.waitForURL((url) => url.searchParams.get("error") === "CredentialsSignin");
      expect(await sessionOf(page)).toBeNull();

      await page.locator('input[name="email"]').fill(DEMO_USER.email);
      await page.locator('input[name="password"]').fill(DEMO_USER.password);
      await page.getByRole("button", { name: "Sign in with Credentials" }).click();
      await expectJournalOf(page, DEMO_USER);
      expect(await sessionOf(page)).toMatchObject({ user: { name: DEMO_USER.name, email: DEMO_USER.email } });
      await signOutFromJournal(page);
      await page.context().close();
    }),
  );

  test(
    "signs in from the app's own form through the useSignIn action (a wrong password lands on the sign-in page with CredentialsSignin)",
    timed("useSignInCredentialsStory", async () => {
      const page = await freshPage();
      await page.goto(`${appUrl}/login/`);
      await page.getByLabel("Email").fill(DEMO_USER.email);
      await page.getByLabel("Password").fill("not the password");
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get("error") === "CredentialsSignin");
      expect(new URL(page.url()).searchParams.get("code")).toBe("credentials");
      expect(await sessionOf(page)).toBeNull();

      await page.goto(`${appUrl}/login/`);
      await page.getByLabel("Email").fill(DEMO_USER.email);
      await page.getByLabel("Password").fill(DEMO_USER.password);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await expectJournalOf(page, DEMO_USER);
      await signOutFromJournal(page);
      await page.context().close();
    }),
  );

  test(
    "signs in through the identity provider's login and consent pages from the built-in page, then signs out",
    timed("oidcStory", async () => {
      const page = await freshPage();
      await page.goto(`${appUrl}/journal/`);
      await page.getByRole("button", { name: oidcButton }).click();
      await loginAtIdentityProvider(page, oidc?.issuer);
      await expectJournalOf(page, { name: "ada", email: "ada@example.test" });
      await signOutFromJournal(page);
      await page.context().close();
    }),
  );

  test(
    "signs in with OIDC from the app's own useSignIn button",
    timed("useSignInOidcStory", async () => {
      const page = await freshPage();
      await page.goto(`${appUrl}/login/`);
      await page.getByRole("button", { name: "Sign in with the company account" }).click();
      await loginAtIdentityProvider(page, oidc?.issuer);
      await expectJournalOf(page, { name: "ada", email: "ada@example.test" });
      await signOutFromJournal(page);
      await page.context().close();
    }),
  );

  test(
    "refuses malformed useSignIn and useSignOut input with { failed, fieldErrors, formErrors }",
    timed("validationStory", async () => {
      const page = await freshPage();
      await page.goto(`${appUrl}/login/`);
      await page.getByRole("button", { name: "Check validation" }).click();
      const output = page.getByTestId("validation");
      await output.filter({ hasText: "signOut" }).waitFor();
      const { signIn, signOut } = JSON.parse((await output.textContent()) ?? "") as Record<
        string,
        { status: number; value: { failed: boolean; fieldErrors: Record<string, unknown>; formErrors: unknown } }
      >;
      expect(signIn?.status).toBe(400);
      expect(signIn?.value).toEqual({
        failed: true,
        fieldErrors: {
          providerId: [expect.any(String)],
          redirectTo: [expect.any(String)],
          options: [expect.any(String)],
          authorizationParams: [expect.any(String)],
        },
        formErrors: [],
      });
      expect(signOut?.status).toBe(400);
      expect(signOut?.value).toEqual({
        failed: true,
        fieldErrors: { redirectTo: [expect.any(String)] },
        formErrors: [],
      });
      expect(await sessionOf(page)).toBeNull();
      await page.context().close();
    }),
  );
});
