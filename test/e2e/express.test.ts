// The Express fixtures (Express 5 in TypeScript, Express 4 in CommonJS JavaScript) after
// `create-auth init --providers oidc,credentials`, installed, built when they have a build step, started
// with their own `npm start`, and signed into from headless Chromium: credentials against the demo user
// plugged into `authorize`, and OIDC through a real oidc-provider's login and consent pages. The notes
// page is protected with the generated `requireAuth`. Nothing is mocked.
import fs from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { launchChromium } from "../support/chromium.mjs";
import { type ExpressFixture, prepareExpressApp, startExpressApp } from "../support/express-app.mjs";
import { loginAtIdentityProvider } from "../support/identity-provider.js";
import { ensureRepositoryBuilt } from "../support/next-app.mjs";
import { type OidcServer, startOidcServer } from "../support/oidc-server.mjs";
import { freePort } from "../support/ports.mjs";
import type { RunningServer } from "../support/processes.mjs";
import { DEMO_USER, OIDC_CLIENT } from "../support/user-edits.mjs";

const FIXTURES: ExpressFixture[] = ["express-5-ts", "express-4-js"];

describe.each(FIXTURES)("the initialised %s app", (fixture) => {
  const timings: Record<string, number> = {};
  let appUrl = "";
  let appDir = "";
  let oidc: OidcServer | undefined;
  let app: RunningServer | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    timings.repositoryBuild = await ensureRepositoryBuilt();
    const port = await freePort();
    // The app is browsed as `localhost` and the identity provider as `127.0.0.1`: two hosts, two cookie jars.
    appUrl = `http://localhost:${port}`;
    oidc = await startOidcServer({
      clients: [
        {
          client_id: OIDC_CLIENT.id,
          client_secret: OIDC_CLIENT.secret,
          redirect_uris: [`${appUrl}/auth/callback/oidc`],
        },
      ],
    });
    const prepared = await prepareExpressApp(fixture, {
      oidc: { issuer: oidc.issuer, clientId: OIDC_CLIENT.id, clientSecret: OIDC_CLIENT.secret },
    });
    appDir = prepared.dir;
    Object.assign(timings, prepared.timings);
    app = await startExpressApp(appDir, port);
    timings.start = app.readyMs;
    const launched = performance.now();
    browser = await launchChromium();
    timings.browserLaunch = Math.round(performance.now() - launched);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await oidc?.close();
    if (appDir) await fs.rm(appDir, { recursive: true, force: true });
    console.info(`${fixture} e2e timings (ms): ${JSON.stringify(timings)}`);
  });

  /** A fresh browser context per story: no cookies carried from one to the next. */
  async function freshPage(): Promise<Page> {
    if (!browser) throw new Error("the browser did not start");
    return (await browser.newContext()).newPage();
  }

  async function sessionOf(page: Page): Promise<unknown> {
    const response = await page.request.get(`${appUrl}/auth/session`);
    expect(response.status()).toBe(200);
    return response.json();
  }

  /** The link on the notes page leads to the built-in confirmation page; its button signs out. */
  async function signOutFromNotes(page: Page): Promise<void> {
    await page.getByRole("link", { name: "Sign out" }).click();
    await page.waitForURL(`${appUrl}/auth/signout`);
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL((url) => url.pathname !== "/auth/signout");
    expect(await sessionOf(page)).toBeNull();
    await page.goto(`${appUrl}/notes`);
    expect(new URL(page.url()).pathname).toBe("/auth/signin");
  }

  function timed(name: string, story: () => Promise<void>): () => Promise<void> {
    return async () => {
      const started = performance.now();
      try {
        await story();
      } finally {
        timings[name] = Math.round(performance.now() - started);
      }
    };
  }

  test(
    "serves its own pages and loads .env at start without any change to its start command",
    timed("publicPages", async () => {
      const home = await fetch(`${appUrl}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain("Acme Notes");
      // An empty session (not a configuration error) proves AUTH_SECRET came from .env.
      const session = await fetch(`${appUrl}/auth/session`);
      expect(session.status).toBe(200);
      expect(await session.json()).toBeNull();
    }),
  );

  test(
    "sends a signed-out visitor of /notes to the built-in sign-in page",
    timed("signedOutRedirect", async () => {
      const page = await freshPage();
      await page.goto(`${appUrl}/notes`);
      const landed = new URL(page.url());
      expect(landed.pathname).toBe("/auth/signin");
      expect(landed.searchParams.get("callbackUrl")).toBe("/notes");
      await expect(page.getByRole("button", { name: "Sign in with OIDC" }).isVisible()).resolves.toBe(true);
      await expect(page.getByRole("button", { name: "Sign in with Credentials" }).isVisible()).resolves.toBe(true);
      await page.context().close();
    }),
  );

  test(
    "rejects a wrong password with CredentialsSignin, lets the demo user in, and signs them out",
    timed("credentialsStory", async () => {
      const page = await freshPage();
      await page.goto(`${appUrl}/notes`);
      await page.locator('input[name="email"]').fill(DEMO_USER.email);
      await page.locator('input[name="password"]').fill("not the password");
      await page.getByRole("button", { name: "Sign in with Credentials" }).click();
      await page.waitForURL((url) => url.searchParams.get("error") === "CredentialsSignin");
      expect(new URL(page.url()).pathname).toBe("/auth/signin");
      expect(await sessionOf(page)).toBeNull();

      await page.locator('input[name="email"]').fill(DEMO_USER.email);
      await page.locator('input[name="password"]').fill(DEMO_USER.password);
      await page.getByRole("button", { name: "Sign in with Credentials" }).click();
      await page.waitForURL(`${appUrl}/notes`);
      await expect(page.getByTestId("user-name").textContent()).resolves.toBe(DEMO_USER.name);
      await expect(page.getByTestId("user-email").textContent()).resolves.toBe(DEMO_USER.email);
      await expect(page.getByText("Launch checklist").isVisible()).resolves.toBe(true);

      await signOutFromNotes(page);
      await page.context().close();
    }),
  );

  test(
    "signs in through the identity provider's login and consent pages, then signs out",
    timed("oidcStory", async () => {
      const page = await freshPage();
      await page.goto(`${appUrl}/notes`);
      await page.getByRole("button", { name: "Sign in with OIDC" }).click();
      await loginAtIdentityProvider(page, oidc?.issuer);

      await page.waitForURL(`${appUrl}/notes`);
      await expect(page.getByTestId("user-name").textContent()).resolves.toBe("ada");
      await expect(page.getByTestId("user-email").textContent()).resolves.toBe("ada@example.test");

      await signOutFromNotes(page);
      await page.context().close();
    }),
  );
});
