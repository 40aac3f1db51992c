// The SolidStart fixtures after `create-auth init --providers oidc,credentials`: SolidStart 1 (vinxi, built
// on Node 20) and SolidStart 2 (vite plugin + nitro, built on Node 24), each installed, built and started
// from its production server output, then signed into from headless Chromium: credentials against the demo
// user plugged into `authorize`, and OIDC through a real oidc-provider's login and consent pages. The
// journal page is protected with the generated `requireUser`, reached both by URL and by a client-side link.
import fs from "node:fs/promises";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { launchChromium } from "../support/chromium.mjs";
import { loginAtIdentityProvider } from "../support/identity-provider.js";
import { ensureRepositoryBuilt, providerNames } from "../support/next-app.mjs";
import { type OidcServer, startOidcServer } from "../support/oidc-server.mjs";
import { freePort } from "../support/ports.mjs";
import type { RunningServer } from "../support/processes.mjs";
import { prepareSolidStartApp, SOLID_START_FIXTURES, startSolidStartApp } from "../support/solid-start-app.mjs";
import { DEMO_USER, OIDC_CLIENT } from "../support/user-edits.mjs";

let browser: Browser | undefined;

beforeAll(async () => {
  await ensureRepositoryBuilt();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

/** A fresh browser context per story: no cookies carried from one to the next. */
async function freshPage(): Promise<Page> {
  if (!browser) throw new Error("the browser did not start");
  return (await browser.newContext()).newPage();
}

for (const version of [1, 2] as const) {
  const fixture = SOLID_START_FIXTURES[version];

  describe(`the initialised SolidStart ${version} app`, () => {
    const timings: Record<string, number> = {};
    let appUrl = "";
    let appDir = "";
    let oidc: OidcServer | undefined;
    let app: RunningServer | undefined;
    let oidcButton = "";

    beforeAll(async () => {
      const port = await freePort();
      // The app is browsed as `localhost` and the identity provider as `127.0.0.1`: two cookie jars.
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
      const prepared = await prepareSolidStartApp({
        fixture,
        appUrl,
        oidc: { issuer: oidc.issuer, clientId: OIDC_CLIENT.id, clientSecret: OIDC_CLIENT.secret },
      });
      appDir = prepared.dir;
      Object.assign(timings, prepared.timings);
      const started = await startSolidStartApp(appDir, port);
      app = started;
      timings.start = started.readyMs;
      oidcButton = `Sign in with ${(await providerNames(appUrl)).oidc}`;
    });

    afterAll(async () => {
      await app?.stop();
      await oidc?.close();
      if (appDir) await fs.rm(appDir, { recursive: true, force: true });
      console.info(`${fixture.name} e2e timings (ms): ${JSON.stringify(timings)}`);
    });

    async function sessionOf(page: Page): Promise<unknown> {
      const response = await page.request.get(`${appUrl}/api/auth/session`);
      expect(response.status()).toBe(200);
      return response.json();
    }

    async function expectSignedInAs(page: Page, name: string, email: string): Promise<void> {
      await page.waitForURL(`${appUrl}/journal`);
      await expect(page.getByTestId("user-name").textContent()).resolves.toBe(name);
      await expect(page.getByTestId("user-email").textContent()).resolves.toBe(email);
    }

    /** The journal's sign-out link leads to the built-in confirmation page, whose button ends the session. */
    async function signOutFromJournal(page: Page): Promise<void> {
      await page.getByRole("link", { name: "Sign out" }).click();
      await page.waitForURL((url) => url.pathname === "/api/auth/signout");
      await page.getByRole("button", { name: "Sign out" }).click();
      await page.waitForURL(`${appUrl}/`);
      expect(await sessionOf(page)).toBeNull();
      await page.goto(`${appUrl}/journal`);
      expect(new URL(page.url()).pathname).toBe("/api/auth/signin");
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

    test("ships the auth config to the server only: no browser asset holds the demo user's password", async () => {
      const publicDir = path.join(appDir, ".output", "public");
      const entries = await fs.readdir(publicDir, { recursive: true, withFileTypes: true });
      const scripts = entries.filter((entry) => entry.isFile() && entry.name.endsWith(".js"));
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) {
        const text = await fs.readFile(path.join(script.parentPath, script.name), "utf8");
        expect(text.includes(DEMO_USER.password), script.name).toBe(false);
      }
    });

    test(
      "sends a signed-out visitor of /journal to the built-in sign-in page, by URL and by the app's own link",
      timed("signedOutRedirect", async () => {
        const page = await freshPage();
        await page.goto(`${appUrl}/journal`);
        const landed = new URL(page.url());
        expect(landed.pathname).toBe("/api/auth/signin");
        expect(landed.searchParams.get("callbackUrl")).toBe("/journal");
        await expect(page.getByRole("button", { name: oidcButton }).isVisible()).resolves.toBe(true);
        await expect(page.getByRole("button", { name: "Sign in with Credentials" }).isVisible()).resolves.toBe(true);

        // Client-side navigation: requireUser runs as a server function and its redirect leaves the app.
        await page.goto(`${appUrl}/`);
        await page.getByRole("link", { name: "My journal" }).click();
        // The router's own navigation to /journal is superseded by the redirect's full-page load, which Chromium
        // reports as an aborted navigation that can fail waitForURL: watch where the page ends up instead.
        await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toBe("/api/auth/signin");
        await page.waitForLoadState();
        expect(new URL(page.url()).searchParams.get("callbackUrl")).toBe("/journal");
        await page.context().close();
      }),
    );

    test(
      "rejects a wrong password with CredentialsSignin, lets the demo user in, and signs them out",
      timed("credentialsStory", async () => {
        const page = await freshPage();
        await page.goto(`${appUrl}/journal`);
        await page.locator('input[name="email"]').fill(DEMO_USER.email);
        await page.locator('input[name="password"]').fill("not the password");
        await page.getByRole("button", { name: "Sign in with Credentials" }).click();
        await page.waitForURL((url) => url.searchParams.get("error") === "CredentialsSignin");
        expect(new URL(page.url()).pathname).toBe("/api/auth/signin");
        expect(await sessionOf(page)).toBeNull();

        await page.locator('input[name="email"]').fill(DEMO_USER.email);
        await page.locator('input[name="password"]').fill(DEMO_USER.password);
        await page.getByRole("button", { name: "Sign in with Credentials" }).click();
        await expectSignedInAs(page, DEMO_USER.name, DEMO_USER.email);
        expect(await sessionOf(page)).toMatchObject({ user: { name: DEMO_USER.name, email: DEMO_USER.email } });

        // Signed in, the app's own link renders the journal client-side through getUser's server function.
        await page.goto(`${appUrl}/`);
        await page.getByRole("link", { name: "My journal" }).click();
        await expectSignedInAs(page, DEMO_USER.name, DEMO_USER.email);

        await signOutFromJournal(page);
        await page.context().close();
      }),
    );

    test(
      "signs in through the identity provider's login and consent pages, then signs out",
      timed("oidcStory", async () => {
        const page = await freshPage();
        await page.goto(`${appUrl}/journal`);
        await page.getByRole("button", { name: oidcButton }).click();

        await loginAtIdentityProvider(page, oidc?.issuer);

        await expectSignedInAs(page, "ada", "ada@example.test");
        await signOutFromJournal(page);
        await page.context().close();
      }),
    );
  });
}
