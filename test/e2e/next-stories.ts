/**
 * The end-to-end stories every Next.js layout must pass, registered per fixture: the initialised app
 * installed, built and started for real, then in headless Chromium a signed-out visitor is sent to sign in,
 * the demo user signs in with credentials and a person through the real oidc-provider, the protected page
 * shows them, and signing out ends the session. Nothing is mocked.
 */
import fs from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { launchChromium } from "../support/chromium.mjs";
import { loginAtIdentityProvider } from "../support/identity-provider.js";
import { ensureRepositoryBuilt, nextFixture, prepareNextApp, providerNames, startApp } from "../support/next-app.mjs";
import { type OidcServer, startOidcServer } from "../support/oidc-server.mjs";
import { freePort } from "../support/ports.mjs";
import type { RunningServer } from "../support/processes.mjs";
import { DEMO_USER, OIDC_CLIENT, type OidcSettings } from "../support/user-edits.mjs";

export interface NextLayout {
  fixture: string;
  /** The page the user protected, and how (the proxy/middleware or the page's own check). */
  protectedPath: string;
  edits: (dir: string, options: { appUrl: string; oidc: OidcSettings }) => Promise<void>;
  /** A route answering `{ user }` through auth(handler) or auth(req, res), when the layout has one. */
  meRoute?: string;
  /** Signs out from the protected page and resolves once the browser has left it. */
  signOut: (page: Page, appUrl: string) => Promise<void>;
  /** Extra checks on the running app (e.g. the app's own proxy still runs). */
  extra?: (appUrl: string) => Promise<void>;
}

/** The dashboard's server-action sign-out form. */
export async function signOutWithButton(page: Page, appUrl: string): Promise<void> {
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL(`${appUrl}/`);
}

export function describeNextLayout(layout: NextLayout): void {
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
      fixture: nextFixture(layout.fixture),
      edits: layout.edits,
    });
    appDir = prepared.dir;
    Object.assign(timings, prepared.timings);
    app = await startApp(appDir, port);
    timings.start = app.readyMs;
    oidcButton = `Sign in with ${(await providerNames(appUrl)).oidc}`;
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await oidc?.close();
    if (appDir) await fs.rm(appDir, { recursive: true, force: true });
    console.info(`${layout.fixture} e2e timings (ms): ${JSON.stringify(timings)}`);
  });

  async function freshPage(): Promise<Page> {
    if (!browser) throw new Error("the browser did not start");
    return (await browser.newContext()).newPage();
  }

  async function sessionOf(page: Page): Promise<unknown> {
    const response = await page.request.get(`${appUrl}/api/auth/session`);
    expect(response.status()).toBe(200);
    return response.json();
  }

  async function meOf(page: Page): Promise<unknown> {
    const response = await page.request.get(`${appUrl}${layout.meRoute}`);
    expect(response.status()).toBe(200);
    return ((await response.json()) as { user: unknown }).user;
  }

  async function expectSignedOutEverywhere(page: Page): Promise<void> {
    expect(await sessionOf(page)).toBeNull();
    if (layout.meRoute) expect(await meOf(page)).toBeNull();
    await page.goto(`${appUrl}${layout.protectedPath}`);
    expect(new URL(page.url()).pathname).toBe("/api/auth/signin");
  }

  describe(`the initialised ${layout.fixture} app`, () => {
    test("sends a signed-out visitor of the protected page to sign in, and back there afterwards", async () => {
      const page = await freshPage();
      await page.goto(`${appUrl}${layout.protectedPath}`);
      const landed = new URL(page.url());
      expect(landed.pathname).toBe("/api/auth/signin");
      expect(landed.searchParams.get("callbackUrl")).toBe(layout.protectedPath);
      await expect(page.getByRole("button", { name: oidcButton }).isVisible()).resolves.toBe(true);
      await layout.extra?.(appUrl);
      await page.context().close();
    });

    test("signs the demo user in with credentials, shows them the protected page, and signs them out", async () => {
      const page = await freshPage();
      await page.goto(`${appUrl}${layout.protectedPath}`);
      await page.locator('input[name="email"]').fill(DEMO_USER.email);
      await page.locator('input[name="password"]').fill(DEMO_USER.password);
      await page.getByRole("button", { name: "Sign in with Credentials" }).click();
      await page.waitForURL(`${appUrl}${layout.protectedPath}`);
      await expect(page.getByTestId("user-name").textContent()).resolves.toBe(DEMO_USER.name);
      await expect(page.getByTestId("user-email").textContent()).resolves.toBe(DEMO_USER.email);
      if (layout.meRoute) expect(await meOf(page)).toMatchObject({ email: DEMO_USER.email });

      await layout.signOut(page, appUrl);
      await expectSignedOutEverywhere(page);
      await page.context().close();
    });

    test("signs in through the identity provider's login and consent pages, then signs out", async () => {
      const page = await freshPage();
      await page.goto(`${appUrl}${layout.protectedPath}`);
      await page.getByRole("button", { name: oidcButton }).click();
      await loginAtIdentityProvider(page, oidc?.issuer);

      await page.waitForURL(`${appUrl}${layout.protectedPath}`);
      await expect(page.getByTestId("user-name").textContent()).resolves.toBe("ada");
      await expect(page.getByTestId("user-email").textContent()).resolves.toBe("ada@example.test");

      await layout.signOut(page, appUrl);
      await expectSignedOutEverywhere(page);
      await page.context().close();
    });
  });
}
