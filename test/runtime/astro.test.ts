/**
 * The Astro integration in a real Astro 7 app (test/runtime/support/astro-app.ts), built once with the Node
 * adapter and served by its production server on loopback, driven with fetch as a browser would: the auth
 * routes, a credentials sign-in, the session read in endpoints, pages and the middleware, refreshed cookies
 * written back, the guard, the server-side helpers, the app's own middleware setting headers on every
 * response, Astro's `checkOrigin`, bad input, and forwarded headers believed only under `trustHost`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../support/chromium.mjs";
import type { RunningServer } from "../support/processes.mjs";
import { CookieJar, DEMO_USER } from "./core/support.js";
import { type AstroApp, buildAstroApp } from "./support/astro-app.js";
import { call, csrfToken, form, navigate } from "./support/loopback.js";

const SESSION_COOKIE = "authjs.session-token";

let app: AstroApp;
/** The production server with the default environment: no AUTH_URL, no AUTH_TRUST_HOST (loopback only). */
let origin: string;
let server: RunningServer;

beforeAll(async () => {
  app = await buildAstroApp();
  ({ origin, server } = await app.start());
}, 300_000);

afterAll(async () => {
  await app?.dispose();
});

/** A form POST as the browser sends it from a page of the app: Astro's `checkOrigin` wants the Origin. */
function browserForm(fields: Record<string, string>, headers: Record<string, string> = {}): RequestInit {
  return form(fields, { origin, "sec-fetch-site": "same-origin", ...headers });
}

/** The demo user's sign-in through the built-in form's POST (CSRF token, then the credentials callback). */
async function signIn(jar: CookieJar, password = "correct horse"): Promise<Response> {
  const csrf = await csrfToken(origin, jar);
  const fields = { csrfToken: csrf, email: DEMO_USER.email!, password, callbackUrl: `${origin}/me` };
  return call(`${origin}/auth/callback/credentials`, jar, browserForm(fields));
}

function sessionCookies(response: Response): string[] {
  return response.headers.getSetCookie().filter((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
}

function waitASecond(): Promise<void> {
  // A JWT's `iat`/`exp` move in whole seconds: a re-issued token differs only after one.
  return new Promise((resolve) => setTimeout(resolve, 1100));
}

describe("AstroAuth: the auth routes (src/pages/auth/[...auth].ts)", () => {
  it("serves the built-in sign-in page and the actions under /auth, with the app's middleware header", async () => {
    const page = await call(`${origin}/auth/signin`, new CookieJar());
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`action="${origin}/auth/callback/credentials"`);
    // The app's own middleware, after auth.middleware in sequence(), set a header on the core's Response.
    expect(page.headers.get("x-app-middleware")).toBe("stamped");
    const providers = (await (await call(`${origin}/auth/providers`, new CookieJar())).json()) as Record<
      string,
      unknown
    >;
    expect(Object.keys(providers)).toEqual(["credentials", "github"]);
  });

  it("signs in with credentials (CSRF token + POST), reads the session in an endpoint and a page, then signs out", async () => {
    const jar = new CookieJar();
    const signedIn = await signIn(jar);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe(`${origin}/me`);
    expect(signedIn.headers.get("x-app-middleware")).toBe("stamped");
    expect(jar.get(SESSION_COOKIE)).toBeTruthy();

    const me = (await (await call(`${origin}/me`, jar)).json()) as { session: unknown; local: unknown };
    expect(me.session).toMatchObject({ user: { email: DEMO_USER.email }, expires: expect.any(String) });
    // locals.session, set by the middleware, is the same read.
    expect(me.local).toEqual(me.session);
    const profile = await (await navigate(`${origin}/profile`, jar)).text();
    expect(profile).toContain(`<p id="email">${DEMO_USER.email}</p>`);
    expect(profile).toContain(`<p id="local">${DEMO_USER.email}</p>`);

    const csrf = await csrfToken(origin, jar);
    const signedOut = await call(`${origin}/auth/signout`, jar, browserForm({ csrfToken: csrf, callbackUrl: "/" }));
    expect(signedOut.status).toBe(302);
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
    expect(await (await call(`${origin}/me`, jar)).json()).toEqual({ session: null, local: null });
  });

  it("is behind Astro's checkOrigin: a form POST without the page's Origin is refused before the core runs", async () => {
    const jar = new CookieJar();
    const csrf = await csrfToken(origin, jar);
    const fields = { csrfToken: csrf, email: DEMO_USER.email!, password: "correct horse" };
    const noOrigin = await call(`${origin}/auth/callback/credentials`, jar, form(fields));
    expect(noOrigin.status).toBe(403);
    expect(await noOrigin.text()).toContain("Cross-site POST form submissions are forbidden");
    const crossSite = await call(
      `${origin}/auth/callback/credentials`,
      jar,
      form(fields, { origin: "https://evil.example" }),
    );
    expect(crossSite.status).toBe(403);
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
    // The trap: a provider's answer posted cross-site (form_post, Apple's) never reaches the core either.
    const answer = form({ code: "c", state: "s" }, { origin: "https://appleid.apple.com" });
    expect((await call(`${origin}/auth/callback/github`, jar, answer)).status).toBe(403);
  });

  it("refuses a route file whose path is not the base path, saying which basePath to set", async () => {
    const response = await call(`${origin}/api/auth/providers`, new CookieJar());
    expect(response.status).toBe(500);
    expect(await response.text()).not.toMatch(/\n\s+at /);
    expect(server.output()).toContain('set `basePath: "/api/auth"`');
  });

  it("rejects a sign-in without the CSRF token", async () => {
    const jar = new CookieJar();
    await csrfToken(origin, jar);
    const fields = { csrfToken: "forged", email: DEMO_USER.email!, password: "correct horse" };
    const response = await call(`${origin}/auth/callback/credentials`, jar, browserForm(fields));
    expect(new URL(response.headers.get("location")!).searchParams.get("error")).toBe("MissingCSRF");
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
  });

  it("answers bad input with 4xx, never 500 nor a stack trace: an oversized body, a malformed form, unknown actions", async () => {
    const jar = new CookieJar();
    const csrf = await csrfToken(origin, jar);
    const asApi = { accept: "application/json" };
    const answers: Response[] = [];
    const send = async (path: string, init: RequestInit = {}) => {
      const response = await call(`${origin}${path}`, jar, init);
      answers.push(response);
      return response.status;
    };
    const oversized = { csrfToken: csrf, email: DEMO_USER.email!, password: "x".repeat(200_000) };
    expect(await send("/auth/callback/credentials", browserForm(oversized, asApi))).toBe(413);
    const json = { "content-type": "application/json", accept: "application/json", origin };
    expect(await send("/auth/callback/credentials", { method: "POST", headers: json, body: "{ not json" })).toBe(400);
    const brokenForm = { "content-type": "multipart/form-data; boundary=missing", ...asApi, origin };
    expect(await send("/auth/callback/credentials", { method: "POST", headers: brokenForm, body: "no parts" })).toBe(
      400,
    );
    expect(await send("/login", { method: "POST", headers: brokenForm, body: "no parts" })).toBe(400);
    expect(await send("/auth/no-such-action")).toBe(404);
    expect(await send("/auth/session/extra/segments")).toBe(400);
    expect(await send("/login", browserForm({ email: "a", password: "p".repeat(200_000) }))).toBe(413);
    const put = await send("/auth/signout", { method: "PUT", headers: { origin } });
    expect(put).toBeGreaterThanOrEqual(400);
    expect(put).toBeLessThan(500);
    for (const response of answers) expect(await response.text()).not.toMatch(/\n\s+at /);
  });

  it("ignores X-Forwarded-* without trustHost (production, no AUTH_URL), and believes them under AUTH_TRUST_HOST", async () => {
    const forwarded = { "x-forwarded-proto": "https", "x-forwarded-host": "evil.example" };
    const page = await call(`${origin}/auth/signin`, new CookieJar(), { headers: forwarded });
    expect(await page.text()).not.toContain("evil.example");
    const guarded = await navigate(`${origin}/account`, new CookieJar(), forwarded);
    expect(new URL(guarded.headers.get("location")!).origin).toBe(origin);
    const helper = await call(`${origin}/login`, new CookieJar(), browserForm({}, forwarded));
    expect(new URL(helper.headers.get("location")!).origin).toBe(origin);

    const trusted = await app.start({ AUTH_TRUST_HOST: "true" });
    const proxied = await call(`${trusted.origin}/auth/signin`, new CookieJar(), { headers: forwarded });
    expect(await proxied.text()).toContain('action="https://evil.example/auth/callback/credentials"');
  });
});

describe("AstroAuth: the session read", () => {
  it("writes a refreshed JWT back from getSession alone, in an endpoint and in a page", async () => {
    const jar = new CookieJar();
    await signIn(jar);
    const first = jar.get(SESSION_COOKIE);
    await waitASecond();
    // /raw/ is outside auth.middleware: getSession's own write is what goes out.
    const endpoint = await call(`${origin}/raw/me`, jar);
    expect(await endpoint.json()).toMatchObject({ session: { user: { email: DEMO_USER.email } } });
    expect(sessionCookies(endpoint)).toHaveLength(1);
    expect(sessionCookies(endpoint)[0]).toMatch(/; Path=\/.*HttpOnly/i);
    const second = jar.get(SESSION_COOKIE);
    expect(second).not.toBe(first);

    await waitASecond();
    const page = await navigate(`${origin}/raw/page`, jar);
    expect(await page.text()).toContain(`<p id="email">${DEMO_USER.email}</p>`);
    expect(sessionCookies(page)).toHaveLength(1);
    expect(jar.get(SESSION_COOKIE)).not.toBe(second);
    expect(await (await call(`${origin}/raw/me`, jar)).json()).toMatchObject({
      session: { user: { email: DEMO_USER.email } },
    });
  });

  it("reads once per request, and writes one refreshed cookie, when the middleware and the route both ask", async () => {
    const decodes = async () => ((await (await fetch(`${origin}/decoded`)).json()) as { count: number }).count;
    const jar = new CookieJar();
    await signIn(jar);
    const first = jar.get(SESSION_COOKIE);
    await waitASecond();
    const before = await decodes();
    const me = await call(`${origin}/me`, jar);
    expect(await decodes()).toBe(before + 1);
    expect(sessionCookies(me)).toHaveLength(1);
    expect(jar.get(SESSION_COOKIE)).not.toBe(first);
    const profile = await navigate(`${origin}/profile`, jar);
    expect(await decodes()).toBe(before + 2);
    expect(sessionCookies(profile)).toHaveLength(1);
    expect(profile.headers.get("x-app-middleware")).toBe("stamped");
  });

  it("gives a prerendered page no session (it is rendered at build time, without a visitor)", async () => {
    const jar = new CookieJar();
    await signIn(jar);
    const home = await navigate(`${origin}/`, jar);
    expect(await home.text()).toContain('<p id="state">static</p>');
  });

  it("fails closed: a tampered cookie reads as no session", async () => {
    const jar = new CookieJar();
    await signIn(jar);
    jar.cookies.set(SESSION_COOKIE, `${jar.get(SESSION_COOKIE)!.slice(0, -4)}AAAA`);
    expect(await (await call(`${origin}/me`, jar)).json()).toEqual({ session: null, local: null });
    expect(await (await call(`${origin}/raw/me`, jar)).json()).toEqual({ session: null });
    expect((await call(`${origin}/api/notes`, jar)).status).toBe(401);
  });
});

describe("AstroAuth: requireSession", () => {
  it("answers an API request 401 and sends a page to sign-in, then lets the signed-in user through", async () => {
    const jar = new CookieJar();
    const api = await call(`${origin}/api/notes`, jar, { headers: { accept: "application/json" } });
    expect(api.status).toBe(401);
    expect(await api.json()).toEqual({ message: "Sign in to use this resource." });
    expect(api.headers.get("x-app-middleware")).toBe("stamped");
    const page = await navigate(`${origin}/account?tab=keys`, jar);
    expect(page.status).toBe(303);
    expect(page.headers.get("x-app-middleware")).toBe("stamped");
    const location = new URL(page.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe(`${origin}/auth/signin`);
    expect(location.searchParams.get("callbackUrl")).toBe("/account?tab=keys");

    await signIn(jar);
    const allowed = await call(`${origin}/api/notes`, jar);
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toEqual({ notes: ["one"], user: DEMO_USER.email, local: DEMO_USER.email });
    expect(sessionCookies(allowed)).toHaveLength(1);
    const account = await navigate(`${origin}/account`, jar);
    expect(account.status).toBe(200);
    expect(await account.text()).toContain(`<p id="email">${DEMO_USER.email}</p>`);
  });
});

describe("AstroAuth: server-side signIn and signOut", () => {
  it("signs in from the app's own endpoint, and signs out from another (the cleared cookie wins)", async () => {
    const jar = new CookieJar();
    const signedIn = await call(
      `${origin}/login`,
      jar,
      browserForm({ email: DEMO_USER.email!, password: "correct horse", redirectTo: "/account" }),
    );
    expect(signedIn.status).toBe(303);
    expect(new URL(signedIn.headers.get("location")!, origin).pathname).toBe("/account");
    expect(signedIn.headers.get("x-app-middleware")).toBe("stamped");
    expect(jar.get(SESSION_COOKIE)).toBeTruthy();
    expect(await (await call(`${origin}/me`, jar)).json()).toMatchObject({
      session: { user: { name: DEMO_USER.name } },
    });

    await waitASecond();
    // The middleware re-issues the session on /logout too (updateAge 0); signOut's cleared cookie replaces it.
    const signedOut = await call(`${origin}/logout`, jar, browserForm({ redirectTo: "/" }));
    expect(signedOut.status).toBe(303);
    expect(sessionCookies(signedOut)).toHaveLength(1);
    expect(sessionCookies(signedOut)[0]).toMatch(/Max-Age=0/i);
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
  });

  it("starts an OAuth sign-in from the app's endpoint with the callback under the base path", async () => {
    const jar = new CookieJar();
    const response = await call(`${origin}/login/github`, jar, { method: "POST", headers: { origin } });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get("location")!);
    expect(location.origin).toBe("https://github.com");
    expect(location.searchParams.get("redirect_uri")).toBe(`${origin}/auth/callback/github`);
    expect(jar.get("authjs.state")).toBeTruthy();
  });

  it("lands a wrong password on the sign-in page with CredentialsSignin, without a session", async () => {
    const jar = new CookieJar();
    const response = await call(`${origin}/login`, jar, browserForm({ email: DEMO_USER.email!, password: "wrong" }));
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get("location")!, origin);
    expect(location.pathname).toBe("/auth/signin");
    expect(location.searchParams.get("error")).toBe("CredentialsSignin");
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
  });

  it("refuses a cross-site POST: Astro's checkOrigin on a foreign Origin, the core's rule on Sec-Fetch-Site", async () => {
    const jar = new CookieJar();
    const fields = { email: DEMO_USER.email!, password: "correct horse" };
    const foreign = await call(`${origin}/login`, jar, form(fields, { origin: "https://evil.example" }));
    expect(foreign.status).toBe(403);
    // Same Origin header (as a sibling site cannot send, but a checkOrigin: false app would not even look at):
    // the browser's own Sec-Fetch-Site still says cross-site, and the helper refuses it.
    const sibling = await call(`${origin}/login`, jar, browserForm(fields, { "sec-fetch-site": "cross-site" }));
    expect(sibling.status).toBe(403);
    expect(await sibling.text()).toMatch(/^Refused a cross-origin POST to signin .*Sec-Fetch-Site: cross-site/);
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
  });
});

describe("the browser client (astro/client) in a page's <script>", () => {
  it("signs in without leaving the page, reads the session, then signs out, in Chromium", async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(`${origin}/client`);
      await page.waitForSelector("body[data-ready]");
      const seen = await page.evaluate(async (email) => {
        type Client = typeof import("../../src/runtime/astro/client.js");
        const client = (window as unknown as { authClient: Client }).authClient;
        const before = await client.getSession();
        const wrong = await client.signIn("credentials", { email, password: "nope", redirect: false });
        const right = await client.signIn("credentials", { email, password: "correct horse", redirect: false });
        const during = (await client.getSession())?.user?.email;
        const out = await client.signOut({ redirect: false, redirectTo: "/bye" });
        return { before, wrong: wrong?.error, right: right?.ok, during, out, after: await client.getSession() };
      }, DEMO_USER.email!);
      expect(seen).toEqual({
        before: null,
        wrong: "CredentialsSignin",
        right: true,
        during: DEMO_USER.email,
        out: { url: `${origin}/bye` },
        after: null,
      });
    } finally {
      await browser.close();
    }
  });
});
