// Passkeys in a real browser: a small node:http server answers every request with `Auth()` (memory
// adapter, passkey provider, the built-in pages), browsed as http://localhost (a secure context, so
// WebAuthn is available) in headless Debian Chromium whose DevTools virtual authenticator stands in for a
// platform authenticator (CTAP2, internal transport, resident keys, user verification). The page's own
// inline script does the WebAuthn calls; nothing is mocked.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, BrowserContext, CDPSession, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import memory from "../../src/runtime/adapters/memory.js";
import { Auth } from "../../src/runtime/index.js";
import passkey from "../../src/runtime/providers/passkey.js";
import type { Adapter, AuthConfig, Session } from "../../src/runtime/types.js";
import { launchChromium } from "../support/chromium.mjs";
import { addPlatformAuthenticator } from "./support/virtual-authenticator.js";

const EMAIL = "grace@example.test";

/** Node's request as a web Request, and a web Response written back (Set-Cookie headers kept apart). */
function serve(config: AuthConfig): http.Server {
  return http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
    if (!url.pathname.startsWith("/auth/")) {
      res.writeHead(200, { "content-type": "text/html" }).end("<!DOCTYPE html><title>Home</title><h1>Home</h1>");
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === "string") headers.set(name, value);
      else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    }
    const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
    const response = await Auth(new Request(url, { method: req.method ?? "GET", headers, body }), config);
    const out: Record<string, string | string[]> = {};
    response.headers.forEach((value, name) => {
      if (name !== "set-cookie") out[name] = value;
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) out["set-cookie"] = cookies;
    res.writeHead(response.status, out).end(Buffer.from(await response.arrayBuffer()));
  });
}

async function sessionIn(page: Page, origin: string): Promise<Session | null> {
  const response = await page.request.get(`${origin}/auth/session`);
  return (await response.json()) as Session | null;
}

async function signOut(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/auth/signout`);
  await Promise.all([page.waitForURL(`${origin}/`), page.getByRole("button", { name: /sign out/i }).click()]);
}

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://localhost:${(server.address() as AddressInfo).port}`;
}

describe("passkeys in Chromium with the virtual authenticator", () => {
  // Two servers over one adapter and one secret: the built-in page with conditional UI, and one without
  // (where only the button can start a sign-in). Cookies and the rpID "localhost" ignore the port, so a
  // passkey and a session made on one are good on the other.
  const servers: http.Server[] = [];
  let origin = "";
  let originWithoutAutofill = "";
  let adapter: Adapter;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let devtools: CDPSession;
  let authenticatorId = "";
  const mediations: string[] = [];

  async function authenticatorOf(email: string) {
    const user = await adapter.getUserByEmail!(email);
    const list = await adapter.listAuthenticatorsByUserId!(user!.id);
    expect(list).toHaveLength(1);
    return list[0]!;
  }

  beforeAll(async () => {
    adapter = memory();
    const config = (enableConditionalUI: boolean): AuthConfig => ({
      secret: "a-passkey-e2e-secret-of-at-least-thirty-two-characters",
      trustHost: true,
      basePath: "/auth",
      adapter,
      providers: [passkey({ enableConditionalUI })],
      experimental: { enableWebAuthn: true },
      logger: { warn: () => {} },
    });
    servers.push(serve(config(true)), serve(config(false)));
    origin = await listen(servers[0]!);
    originWithoutAutofill = await listen(servers[1]!);
    browser = await launchChromium();
    context = await browser.newContext();
    // Records how the page calls navigator.credentials.get (a conditional request names its mediation).
    await context.exposeFunction("recordCredentialsGet", (mediation: string) => mediations.push(mediation));
    await context.addInitScript(() => {
      const credentials = navigator.credentials;
      const get = credentials.get.bind(credentials);
      credentials.get = (options?: CredentialRequestOptions) => {
        (window as unknown as { recordCredentialsGet(m: string): void }).recordCredentialsGet(
          options?.mediation ?? "optional",
        );
        return get(options);
      };
    });
    page = await context.newPage();
    ({ devtools, authenticatorId } = await addPlatformAuthenticator(context, page));
  });

  afterAll(async () => {
    await browser?.close();
    for (const server of servers) await new Promise((resolve) => server.close(resolve));
  });

  test("registers a passkey on the built-in page (email and button) and is signed in", async () => {
    await page.goto(`${originWithoutAutofill}/auth/signin`);
    // The field that offers passkeys in its autofill where conditional UI is on.
    expect(await page.getByLabel("Email").getAttribute("autocomplete")).toBe("username webauthn");
    await page.getByLabel("Email").fill(EMAIL);
    await Promise.all([
      page.waitForURL(`${originWithoutAutofill}/`),
      page.getByRole("button", { name: "Sign in with Passkey" }).click(),
    ]);
    expect((await sessionIn(page, origin))?.user?.email).toBe(EMAIL);
    const stored = await authenticatorOf(EMAIL);
    const { credentials } = await devtools.send("WebAuthn.getCredentials", { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);
    expect(Buffer.from(credentials[0]!.credentialId, "base64").toString("base64")).toBe(stored.credentialID);
  });

  test("signs out, then signs in again as the same user from the email field's passkey autofill", async () => {
    await signOut(page, origin);
    expect(await sessionIn(page, origin)).toBeNull();
    const before = await authenticatorOf(EMAIL);

    mediations.length = 0;
    await page.goto(`${origin}/auth/signin`);
    // Conditional mediation: the virtual authenticator answers the autofill request without a click.
    await page.waitForURL(`${origin}/`);
    expect(mediations).toEqual(["conditional"]);
    expect((await sessionIn(page, origin))?.user?.email).toBe(EMAIL);
    const after = await authenticatorOf(EMAIL);
    expect(after.credentialID).toBe(before.credentialID);
    expect(after.counter).toBeGreaterThan(before.counter);
  });

  test("signs out, then signs in again with the passkey button", async () => {
    await signOut(page, origin);
    expect(await sessionIn(page, origin)).toBeNull();
    const before = await authenticatorOf(EMAIL);

    await page.goto(`${originWithoutAutofill}/auth/signin`);
    await Promise.all([
      page.waitForURL(`${originWithoutAutofill}/`),
      page.getByRole("button", { name: "Sign in with Passkey" }).click(),
    ]);
    expect((await sessionIn(page, origin))?.user?.email).toBe(EMAIL);
    expect((await authenticatorOf(EMAIL)).counter).toBeGreaterThan(before.counter);
  });

  test("registers and signs in where the browser has no PublicKeyCredential.toJSON (the page encodes itself)", async () => {
    const older = await browser.newContext();
    try {
      await older.addInitScript(() => {
        delete (PublicKeyCredential.prototype as { toJSON?: unknown }).toJSON;
      });
      const olderPage = await older.newPage();
      await addPlatformAuthenticator(older, olderPage);
      await olderPage.goto(`${originWithoutAutofill}/auth/signin`);
      expect(await olderPage.evaluate(() => "toJSON" in PublicKeyCredential.prototype)).toBe(false);
      await olderPage.getByLabel("Email").fill("alan@example.test");
      const button = olderPage.getByRole("button", { name: "Sign in with Passkey" });
      await Promise.all([olderPage.waitForURL(`${originWithoutAutofill}/`), button.click()]);
      await signOut(olderPage, originWithoutAutofill);
      await olderPage.goto(`${originWithoutAutofill}/auth/signin`);
      await Promise.all([olderPage.waitForURL(`${originWithoutAutofill}/`), button.click()]);
      expect((await sessionIn(olderPage, originWithoutAutofill))?.user?.email).toBe("alan@example.test");
      expect((await authenticatorOf("alan@example.test")).counter).toBeGreaterThan(0);
    } finally {
      await older.close();
    }
  });
});
