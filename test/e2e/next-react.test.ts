// `@create-auth/runtime/react` in a real browser: the Next fixture after `create-auth init`, plus a page
// wrapped in `SessionProvider` whose client component uses `useSession`, `signIn("credentials", { redirect:
// false })`, `signIn("oidc")` against a real oidc-provider on loopback, `update` and `signOut`
// (test/support/react-edits.mjs), a refused update, polling offline, and a provider whose `basePath` is a
// second auth instance at /api/custom-auth. Built and started for real, driven in headless Chromium; nothing
// is mocked (one story forges a CSRF token in flight, and the real server refuses it).
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { loginAtIdentityProvider } from "../support/identity-provider.js";
import { applyReactEdits, CUSTOM_BASE_PATH } from "../support/react-edits.mjs";
import { DEMO_USER, OIDC_CLIENT } from "../support/user-edits.mjs";
import { setupApp } from "./support/setup-app.js";

const app = setupApp("next-app", { edits: applyReactEdits, label: "next react" });

async function freshContext(): Promise<BrowserContext> {
  return app.browser.newContext();
}

/** Opens /react and waits for `useSession` to settle; marks the document so a reload would show. */
async function openAccount(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${app.url}/react`);
  await page.getByTestId("status").filter({ hasNotText: "loading" }).waitFor();
  await page.evaluate(() => {
    document.documentElement.dataset.loadedOnce = "yes";
  });
  return page;
}

async function stillTheSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.dataset.loadedOnce === "yes");
}

async function statusIs(page: Page, status: string): Promise<void> {
  await page
    .getByTestId("status")
    .filter({ hasText: new RegExp(`^${status}$`) })
    .waitFor({ timeout: 10_000 });
}

async function signInOn(page: Page, password: string): Promise<void> {
  await page.getByLabel("Email").fill(DEMO_USER.email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Signs the demo user in through the page's form and waits for useSession to say so. */
async function signInDemoUser(page: Page): Promise<void> {
  await signInOn(page, DEMO_USER.password);
  await statusIs(page, "authenticated");
}

/** Opens /react/poll (a provider polling every second) and waits for its first read: signed out. */
async function openPolling(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${app.url}/react/poll`);
  await statusIs(page, "unauthenticated");
  return page;
}

async function serverSession(page: Page): Promise<{ user?: { name?: string } } | null> {
  return (await page.request.get(`${app.url}/api/auth/session`)).json();
}

/**
 * Makes every session update the page POSTs carry a forged CSRF token (as a stale or foreign one would
 * be): the real server then refuses it with 400 `null`. GETs go through untouched unless `onRead` holds them.
 */
async function forgeUpdateCsrf(page: Page, basePath = "/api/auth", onRead?: () => Promise<void>): Promise<void> {
  await page.route(`${app.url}${basePath}/session`, async (route) => {
    const request = route.request();
    if (request.method() !== "POST") {
      await onRead?.();
      return route.continue();
    }
    const body = JSON.parse(request.postData() ?? "{}") as { csrfToken?: string };
    await route.continue({ postData: JSON.stringify({ ...body, csrfToken: `forged-${body.csrfToken}` }) });
  });
}

/** "METHOD /path" of every request the page makes to the app's API routes, in order. */
function recordApiRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.origin === app.url && url.pathname.startsWith("/api/")) seen.push(`${request.method()} ${url.pathname}`);
  });
  return seen;
}

describe("@create-auth/runtime/react in the initialised Next app", () => {
  test("useSession reports unauthenticated for a visitor without a session", async () => {
    const context = await freshContext();
    const page = await openAccount(context);
    await expect(page.getByTestId("status").textContent()).resolves.toBe("unauthenticated");
    await expect(page.getByTestId("user-name").textContent()).resolves.toBe("");
    await context.close();
  });

  test("signIn with redirect: false resolves a wrong password as CredentialsSignin and stays on the page", async () => {
    const context = await freshContext();
    const page = await openAccount(context);
    await signInOn(page, "not the password");
    await page.getByTestId("outcome").filter({ hasText: "error" }).waitFor();
    const outcome = JSON.parse((await page.getByTestId("outcome").textContent()) ?? "");
    expect(outcome).toEqual({ error: "CredentialsSignin", code: "credentials", status: 200, ok: false, url: null });
    expect(page.url()).toBe(`${app.url}/react`);
    expect(await stillTheSameDocument(page)).toBe(true);
    await expect(page.getByTestId("status").textContent()).resolves.toBe("unauthenticated");
    expect(await serverSession(page)).toBeNull();
    await context.close();
  });

  test("the right password authenticates without a reload; update renames the user; signOut ends the session", async () => {
    const context = await freshContext();
    const page = await openAccount(context);
    await signInDemoUser(page);
    await expect(page.getByTestId("user-name").textContent()).resolves.toBe(DEMO_USER.name);
    await expect(page.getByTestId("user-email").textContent()).resolves.toBe(DEMO_USER.email);
    const signedIn = JSON.parse((await page.getByTestId("outcome").textContent()) ?? "");
    expect(signedIn).toMatchObject({ ok: true, error: null, code: null, status: 200 });
    expect(await stillTheSameDocument(page)).toBe(true);

    await page.getByLabel("Display name").fill("Renamed In React");
    await page.getByRole("button", { name: "Save name" }).click();
    await page.getByTestId("user-name").filter({ hasText: "Renamed In React" }).waitFor();
    await expect(page.getByTestId("outcome").textContent()).resolves.toBe('{"updated":"Renamed In React"}');
    expect((await serverSession(page))?.user?.name).toBe("Renamed In React");

    await page.getByRole("button", { name: "Sign out" }).click();
    await statusIs(page, "unauthenticated");
    await expect(page.getByTestId("user-name").textContent()).resolves.toBe("");
    expect(await stillTheSameDocument(page)).toBe(true);
    expect(await serverSession(page)).toBeNull();
    await context.close();
  });

  test("SessionProvider given the server's session renders the user in the server HTML, without a loading state", async () => {
    const context = await freshContext();
    const page = await openAccount(context);
    const before = await page.request.get(`${app.url}/react/server`);
    expect(await before.text()).toMatch(/data-testid="status">unauthenticated</);
    await signInDemoUser(page);
    const html = await (await page.request.get(`${app.url}/react/server`)).text();
    expect(html).toMatch(/data-testid="status">authenticated</);
    expect(html).toContain(DEMO_USER.email);
    expect(html).not.toMatch(/data-testid="status">loading</);
    await context.close();
  });

  test("signIn and signOut without redirect: false navigate to where the server answers", async () => {
    const context = await freshContext();
    const page = await openAccount(context);
    await page.getByLabel("Email").fill(DEMO_USER.email);
    await page.getByLabel("Password").fill(DEMO_USER.password);
    await page.getByRole("button", { name: "Open the dashboard signed in" }).click();
    await page.waitForURL(`${app.url}/dashboard`);
    await expect(page.getByTestId("user-email").textContent()).resolves.toBe(DEMO_USER.email);

    await page.goto(`${app.url}/react`);
    await statusIs(page, "authenticated");
    await page.getByRole("button", { name: "End the session and go home" }).click();
    await page.waitForURL(`${app.url}/`);
    expect(await serverSession(page)).toBeNull();
    await context.close();
  });

  test("signIn with an OIDC provider goes through the identity provider, carrying the authorization params, and comes back signed in", async () => {
    const context = await freshContext();
    const page = await openAccount(context);
    const authorizationRequest = page.waitForRequest((request) => {
      const url = new URL(request.url());
      return url.origin === app.oidc.issuer && url.searchParams.get("client_id") === OIDC_CLIENT.id;
    });
    await page.getByRole("button", { name: "Continue with the identity provider" }).click();
    expect(new URL((await authorizationRequest).url()).searchParams.get("login_hint")).toBe("ada");

    await loginAtIdentityProvider(page, app.oidc.issuer);
    await page.waitForURL(`${app.url}/react`);
    await statusIs(page, "authenticated");
    await expect(page.getByTestId("user-email").textContent()).resolves.toBe("ada@example.test");
    await context.close();
  });

  test("refetchOnWindowFocus: the tab coming back into view re-reads the session", async () => {
    const context = await freshContext();
    const page = await openAccount(context);
    await signInDemoUser(page);
    // The session ends behind the page's back (as when it expires); nothing tells the page until it is shown.
    await context.clearCookies();
    await page.waitForTimeout(300);
    await expect(page.getByTestId("status").textContent()).resolves.toBe("authenticated");
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await statusIs(page, "unauthenticated");
    await context.close();
  });

  test("refetchInterval: the provider re-reads the session on its own", async () => {
    const context = await freshContext();
    const page = await openPolling(context);
    await signInDemoUser(page);
    // The session ends behind the page's back; with no event at all, the next poll (every second) shows it.
    await context.clearCookies();
    await page
      .getByTestId("status")
      .filter({ hasText: /^unauthenticated$/ })
      .waitFor({ timeout: 5_000 });
    await context.close();
  });

  test("a sign-in and a sign-out in one tab reach the app's other tab", async () => {
    const context = await freshContext();
    const first = await openAccount(context);
    const second = await openAccount(context);
    await signInOn(first, DEMO_USER.password);
    await statusIs(first, "authenticated");
    await statusIs(second, "authenticated");
    await expect(second.getByTestId("user-name").textContent()).resolves.toBe(DEMO_USER.name);
    await first.getByRole("button", { name: "Sign out" }).click();
    await statusIs(second, "unauthenticated");
    expect(await stillTheSameDocument(second)).toBe(true);
    await context.close();
  });

  test("update resolves to null when the server refuses it with 400, and the session shown stays as it was", async () => {
    const context = await freshContext();
    const page = await openAccount(context);
    await signInDemoUser(page);
    await forgeUpdateCsrf(page);
    const refusal = page.waitForResponse(
      (response) => response.request().method() === "POST" && response.url() === `${app.url}/api/auth/session`,
    );
    await page.getByLabel("Display name").fill("Refused Rename");
    await page.getByRole("button", { name: "Save name" }).click();
    expect((await refusal).status()).toBe(400);
    await page.getByTestId("outcome").filter({ hasText: "updated" }).waitFor();
    await expect(page.getByTestId("outcome").textContent()).resolves.toBe('{"updated":null}');
    await expect(page.getByTestId("status").textContent()).resolves.toBe("authenticated");
    await expect(page.getByTestId("user-name").textContent()).resolves.toBe(DEMO_USER.name);
    expect((await serverSession(page))?.user?.name).toBe(DEMO_USER.name);
    await context.close();
  });

  test("an update refused while the first session read is in flight does not leave the status loading", async () => {
    const context = await freshContext();
    const page = await context.newPage();
    // The provider's first read of /session is held until the update has been refused.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let heldRead = () => {};
    const readHeld = new Promise<void>((resolve) => {
      heldRead = resolve;
    });
    let held = false;
    await forgeUpdateCsrf(page, "/api/auth", async () => {
      if (held) return;
      held = true;
      heldRead();
      await released;
    });
    try {
      await page.goto(`${app.url}/react`);
      // The read starts in an effect, so once it is held the page is hydrated and its forms are React's.
      await readHeld;
      await expect(page.getByTestId("status").textContent()).resolves.toBe("loading");
      await page.getByLabel("Display name").fill("Anyone");
      await page.getByRole("button", { name: "Save name" }).click();
      await page.getByTestId("outcome").filter({ hasText: "updated" }).waitFor();
      await expect(page.getByTestId("outcome").textContent()).resolves.toBe('{"updated":null}');
    } finally {
      release();
    }
    await statusIs(page, "unauthenticated");
    await context.close();
  });

  test("refetchWhenOffline: false: no session reads while the browser is offline, and polling resumes back online", async () => {
    const context = await freshContext();
    const page = await openPolling(context);
    await signInDemoUser(page);
    // Go offline right after a poll has answered, so no read is in flight when the network drops.
    await page.waitForResponse((response) => response.url() === `${app.url}/api/auth/session`);
    await context.setOffline(true);
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    const requests = recordApiRequests(page);
    // The session ends while offline; a poll now would fail, and a failed read shows as signed out.
    await context.clearCookies();
    await page.waitForTimeout(2_500);
    expect(requests).toEqual([]);
    await expect(page.getByTestId("status").textContent()).resolves.toBe("authenticated");
    await context.setOffline(false);
    await page
      .getByTestId("status")
      .filter({ hasText: /^unauthenticated$/ })
      .waitFor({ timeout: 5_000 });
    expect(requests).toContain("GET /api/auth/session");
    await context.close();
  });

  test("a SessionProvider basePath sends the session read, signIn and signOut there and nowhere else", async () => {
    const context = await freshContext();
    const page = await context.newPage();
    const requests = recordApiRequests(page);
    await page.goto(`${app.url}/react/custom-base`);
    await statusIs(page, "unauthenticated");
    await signInDemoUser(page);
    await expect(page.getByTestId("user-name").textContent()).resolves.toBe(DEMO_USER.name);
    await page.getByRole("button", { name: "Sign out" }).click();
    await statusIs(page, "unauthenticated");
    expect(requests).toEqual(
      expect.arrayContaining([
        `GET ${CUSTOM_BASE_PATH}/session`,
        `GET ${CUSTOM_BASE_PATH}/csrf`,
        `POST ${CUSTOM_BASE_PATH}/callback/credentials`,
        `POST ${CUSTOM_BASE_PATH}/signout`,
      ]),
    );
    expect(requests.filter((request) => !request.includes(`${CUSTOM_BASE_PATH}/`))).toEqual([]);
    await context.close();
  });

  test("useSession({ required: true }) sends a signed-out visitor to sign in with SessionRequired", async () => {
    const context = await freshContext();
    const page = await context.newPage();
    await page.goto(`${app.url}/react/required`);
    await page.waitForURL((url) => url.pathname === "/api/auth/signin");
    const landed = new URL(page.url());
    expect(landed.searchParams.get("error")).toBe("SessionRequired");
    expect(landed.searchParams.get("callbackUrl")).toBe(`${app.url}/react/required`);
    await context.close();
  });
});
