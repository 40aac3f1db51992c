// The SvelteKit fixtures (kit 2 on Node 20, kit 3 on Node 24) after `create-auth init --providers
// oidc,credentials`, built with `vite build` and started from adapter-node's output, signed into from
// headless Chromium: credentials through the built-in page and through the app's own SignIn component,
// OIDC through a real oidc-provider, sign-out through the SignOut component. Nothing is mocked.
import fs from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { launchChromium } from "../support/chromium.mjs";
import { loginAtIdentityProvider } from "../support/identity-provider.js";
import { ensureRepositoryBuilt } from "../support/next-app.mjs";
import { type OidcServer, startOidcServer } from "../support/oidc-server.mjs";
import { freePort } from "../support/ports.mjs";
import type { RunningServer } from "../support/processes.mjs";
import { prepareSvelteKitApp, startSvelteKitApp } from "../support/sveltekit-app.mjs";
import { DEMO_USER, OIDC_CLIENT } from "../support/user-edits.mjs";

const FIXTURES = [
  { fixture: "sveltekit-2", node24: false, lib: "$lib" },
  { fixture: "sveltekit-3", node24: true, lib: "#lib" },
] as const;

let browser: Browser | undefined;

beforeAll(async () => {
  await ensureRepositoryBuilt();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe.each(FIXTURES)("the initialised $fixture app", ({ fixture, node24, lib }) => {
  const timings: Record<string, number> = {};
  let appUrl = "";
  let appDir = "";
  let oidc: OidcServer | undefined;
  let app: RunningServer | undefined;
  let oidcButton = "";

  beforeAll(async () => {
    const port = await freePort();
    // The app as `localhost`, the identity provider as `127.0.0.1`: two hosts, two cookie jars.
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
    const prepared = await prepareSvelteKitApp({
      fixture,
      node24,
      lib,
      origin: node24 ? appUrl : undefined,
      oidc: { issuer: oidc.issuer, clientId: OIDC_CLIENT.id, clientSecret: OIDC_CLIENT.secret },
    });
    appDir = prepared.dir;
    Object.assign(timings, prepared.timings);
    app = await startSvelteKitApp(appDir, port, { node24 });
    timings.start = app.readyMs;
    // The buttons read "Sign in with <name>"; the name is the provider's own, as the app reports it.
    const providers = (await (await fetch(`${appUrl}/auth/providers`)).json()) as Record<string, { name: string }>;
    oidcButton = `Sign in with ${providers.oidc?.name}`;
  });

  afterAll(async () => {
    await app?.stop();
    await oidc?.close();
    if (appDir) await fs.rm(appDir, { recursive: true, force: true });
    console.info(`${fixture} e2e timings (ms): ${JSON.stringify(timings)}`);
  });

  async function freshPage(): Promise<Page> {
    if (!browser) throw new Error("the browser did not start");
    return (await browser.newContext()).newPage();
  }

  async function sessionOf(page: Page): Promise<unknown> {
    const response = await page.request.get(`${appUrl}/auth/session`);
    expect(response.status()).toBe(200);
    return response.json();
  }

  /** The SignOut component on the notes page: back home, signed out according to the layout's session. */
  async function signOutFromNotes(page: Page): Promise<void> {
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(`${appUrl}/`);
    await expect(page.getByTestId("session-state").textContent()).resolves.toBe("signed out");
    expect(await sessionOf(page)).toBeNull();
  }

  async function expectSignedInAs(page: Page, name: string, email: string): Promise<void> {
    await page.waitForURL(`${appUrl}/notes`);
    await expect(page.getByTestId("user-name").textContent()).resolves.toBe(name);
    await expect(page.getByTestId("user-email").textContent()).resolves.toBe(email);
  }

  test("keeps the app's own hook and sends a signed-out visitor of /notes to the sign-in page", async () => {
    const home = await fetch(`${appUrl}/`);
    expect(home.headers.get("x-served-by")).toBe("acme-notes");
    const page = await freshPage();
    await page.goto(`${appUrl}/notes`);
    const landed = new URL(page.url());
    expect(landed.pathname).toBe("/auth/signin");
    expect(landed.searchParams.get("callbackUrl")).toBe("/notes");
    await expect(page.getByRole("button", { name: oidcButton }).isVisible()).resolves.toBe(true);
    await page.context().close();
  });

  test("credentials on the built-in page: a wrong password is refused, the demo user gets in and signs out", async () => {
    const page = await freshPage();
    await page.goto(`${appUrl}/notes`);
    await page.locator('input[name="email"]').fill(DEMO_USER.email);
    await page.locator('input[name="password"]').fill("not the password");
    await page.getByRole("button", { name: "Sign in with Credentials" }).click();
    await page.waitForURL((url) => url.searchParams.get("error") === "CredentialsSignin");
    expect(await sessionOf(page)).toBeNull();

    await page.locator('input[name="email"]').fill(DEMO_USER.email);
    await page.locator('input[name="password"]').fill(DEMO_USER.password);
    await page.getByRole("button", { name: "Sign in with Credentials" }).click();
    await expectSignedInAs(page, DEMO_USER.name, DEMO_USER.email);
    await page.goto(`${appUrl}/`);
    await expect(page.getByTestId("session-state").textContent()).resolves.toBe(`signed in as ${DEMO_USER.email}`);
    await page.goto(`${appUrl}/notes`);
    await signOutFromNotes(page);
    await page.context().close();
  });

  test("credentials through the SignIn component and the /signin form action (CredentialsSignin thrown, shown)", async () => {
    const page = await freshPage();
    await page.goto(`${appUrl}/login`);
    await page.getByLabel("Email").fill(DEMO_USER.email);
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(`${appUrl}/signin`);
    await expect(page.getByRole("alert").textContent()).resolves.toContain("(CredentialsSignin)");
    expect(await sessionOf(page)).toBeNull();

    await page.goto(`${appUrl}/login`);
    await page.getByLabel("Email").fill(DEMO_USER.email);
    await page.getByLabel("Password").fill(DEMO_USER.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await expectSignedInAs(page, DEMO_USER.name, DEMO_USER.email);
    expect(await sessionOf(page)).toMatchObject({ user: { email: DEMO_USER.email } });
    await signOutFromNotes(page);
    await page.context().close();
  });

  test("OIDC through the identity provider's login and consent pages, then sign-out", async () => {
    const page = await freshPage();
    await page.goto(`${appUrl}/notes`);
    await page.getByRole("button", { name: oidcButton }).click();
    await loginAtIdentityProvider(page, oidc?.issuer);
    await expectSignedInAs(page, "ada", "ada@example.test");
    await signOutFromNotes(page);
    await page.context().close();
  });
});
