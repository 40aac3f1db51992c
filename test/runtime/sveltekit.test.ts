/**
 * The SvelteKit integration against the real core, as SvelteKit drives it: the `handle` hook and the
 * `signIn` / `signOut` form actions called with request events built from real web Requests. The
 * environment is handed in (`createSvelteKitAuth`), as `../sveltekit.ts` does with `$env/dynamic/private`.
 */
import { isRedirect, type RequestEvent } from "@sveltejs/kit";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { AccountLinkRefused, CredentialsSignin } from "../../src/runtime/errors.js";
import credentials from "../../src/runtime/providers/credentials.js";
import github from "../../src/runtime/providers/github.js";
import OIDC from "../../src/runtime/providers/oidc.js";
import { createSvelteKitAuth, type SvelteKitAuthConfig } from "../../src/runtime/sveltekit/auth.js";
import { signIn as clientSignIn, signOut as clientSignOut } from "../../src/runtime/sveltekit/client.js";
import { loginThroughInteraction, type OidcServer, startOidcServer } from "../support/oidc-server.mjs";
import { browserAt } from "./browser-page.js";
import { baseConfig, CookieJar, captureLogger, DEMO_USER, ORIGIN } from "./core/support.js";
import { appResolver, httpGet as get, keepCookies, httpPost as postForm, requestEvent } from "./sveltekit/event.js";
import { SoftwareAuthenticator } from "./webauthn/software-authenticator.js";
import { passkeyConfig, register } from "./webauthn/support.js";

// The client module reads the app's base path from SvelteKit's virtual module: an app without one.
vi.mock("$app/paths", () => ({ base: "" }));

const SESSION_COOKIE = "authjs.session-token";

/** The core test configuration without a base path, so the integration's default applies. */
function svelteConfig(overrides: Partial<SvelteKitAuthConfig> = {}): SvelteKitAuthConfig {
  const { basePath: _unused, raw: _raw, ...config } = baseConfig();
  return { ...config, ...overrides };
}

function noEnv() {
  return {};
}

/** Runs one request through the hook; `resolved` holds the events passed on to the app (none if auth served it). */
async function throughHandle(auth: ReturnType<typeof createSvelteKitAuth>, request: Request) {
  const { event, cookiesSet } = requestEvent(request);
  const { resolve, resolved } = appResolver();
  const response = await auth.handle({ event, resolve });
  return { response, event, cookiesSet, resolved };
}

/** Signs the demo user in the way the built-in page does: csrf, then POST /auth/callback/credentials. */
async function signInThroughHandle(auth: ReturnType<typeof createSvelteKitAuth>, base = "/auth") {
  const jar = new CookieJar();
  const csrf = await throughHandle(auth, get(`${base}/csrf`, jar));
  jar.apply(csrf.response);
  const { csrfToken } = (await csrf.response.json()) as { csrfToken: string };
  const callback = await throughHandle(
    auth,
    postForm(
      `${base}/callback/credentials`,
      { csrfToken, email: DEMO_USER.email!, password: "correct horse", callbackUrl: "/journal" },
      jar,
    ),
  );
  expect(callback.response.status).toBe(302);
  expect(callback.response.headers.get("location")).toBe(`${ORIGIN}/journal`);
  return jar.apply(callback.response);
}

/** A form action's outcome: SvelteKit's `redirect` throws, so does a refused sign-in. */
async function thrownBy(action: Promise<never>): Promise<unknown> {
  try {
    await action;
  } catch (thrown) {
    return thrown;
  }
  throw new Error("the form action returned instead of throwing");
}

function redirectOf(thrown: unknown): { status: number; location: string } {
  if (!isRedirect(thrown)) throw new Error(`expected a SvelteKit redirect, got ${String(thrown)}`);
  return { status: thrown.status, location: thrown.location };
}

/** A form POST to the app's own action route, as the SignIn / SignOut components send it. */
function formAction(path: string, fields: Record<string, string>, jar?: CookieJar) {
  return requestEvent(postForm(path, fields, jar, { origin: ORIGIN, referer: `${ORIGIN}/journal` }));
}

describe("handle: the auth endpoints", () => {
  it("serves the providers, the CSRF token and the sign-in page under /auth by default", async () => {
    const auth = createSvelteKitAuth(svelteConfig(), noEnv);

    const providers = await throughHandle(auth, get("/auth/providers"));
    expect(providers.resolved).toHaveLength(0);
    expect(await providers.response.json()).toMatchObject({
      credentials: { id: "credentials", callbackUrl: `${ORIGIN}/auth/callback/credentials` },
    });

    const csrf = await throughHandle(auth, get("/auth/csrf"));
    expect(await csrf.response.json()).toEqual({ csrfToken: expect.any(String) });
    expect(csrf.response.headers.getSetCookie().some((cookie) => cookie.startsWith("authjs.csrf-token="))).toBe(true);

    const page = await throughHandle(auth, get("/auth/signin"));
    expect(page.response.headers.get("content-type")).toContain("text/html");
    expect(await page.response.text()).toContain(`action="${ORIGIN}/auth/callback/credentials"`);
  });

  it("passes every other path on to resolve, untouched", async () => {
    const auth = createSvelteKitAuth(svelteConfig(), noEnv);
    const paths = [
      "/",
      "/journal",
      "/authentic/signin",
      "/auth-signin",
      "/auth",
      "/auth/not-an-action",
      "/api/auth/session",
    ];
    for (const path of paths) {
      const request = get(path);
      const { response, event, resolved } = await throughHandle(auth, request);
      expect(await response.text(), path).toBe("the app's page");
      expect(resolved, path).toEqual([event]);
      expect(resolved[0]!.request, path).toBe(request);
    }
  });

  it("honours a custom basePath", async () => {
    const auth = createSvelteKitAuth(svelteConfig({ basePath: "/app/auth" }), noEnv);
    const providers = await throughHandle(auth, get("/app/auth/providers"));
    expect(await providers.response.json()).toMatchObject({
      credentials: { callbackUrl: `${ORIGIN}/app/auth/callback/credentials` },
    });
    const outside = await throughHandle(auth, get("/auth/providers"));
    expect(outside.resolved).toHaveLength(1);

    const jar = await signInThroughHandle(auth, "/app/auth");
    expect(jar.get(SESSION_COOKIE)).toBeDefined();
  });

  it("takes the base path from AUTH_URL when the config sets none", async () => {
    const auth = createSvelteKitAuth(svelteConfig(), () => ({ AUTH_URL: `${ORIGIN}/base/auth` }));
    const providers = await throughHandle(auth, get("/base/auth/providers"));
    expect(providers.resolved).toHaveLength(0);
    expect(await providers.response.json()).toMatchObject({
      credentials: { callbackUrl: `${ORIGIN}/base/auth/callback/credentials` },
    });
  });

  it("defaults to <base>/auth below the app's base path (SvelteKit's paths.base)", async () => {
    const auth = createSvelteKitAuth(svelteConfig(), noEnv, () => "/notes");
    const providers = await throughHandle(auth, get("/notes/auth/providers"));
    expect(providers.resolved).toHaveLength(0);
    expect(await providers.response.json()).toMatchObject({
      credentials: { callbackUrl: `${ORIGIN}/notes/auth/callback/credentials` },
    });
    const outside = await throughHandle(auth, get("/auth/providers"));
    expect(outside.resolved).toHaveLength(1);

    const jar = await signInThroughHandle(auth, "/notes/auth");
    const page = await throughHandle(auth, get("/notes/journal", jar));
    await expect(page.event.locals.auth()).resolves.toMatchObject({ user: { email: DEMO_USER.email } });
  });

  it("lets a configured basePath, then AUTH_URL's path, win over the app's base path", async () => {
    const configured = createSvelteKitAuth(svelteConfig({ basePath: "/custom" }), noEnv, () => "/notes");
    expect((await throughHandle(configured, get("/custom/providers"))).resolved).toHaveLength(0);
    expect((await throughHandle(configured, get("/notes/auth/providers"))).resolved).toHaveLength(1);

    const fromEnv = createSvelteKitAuth(
      svelteConfig(),
      () => ({ AUTH_URL: `${ORIGIN}/elsewhere/auth` }),
      () => "/notes",
    );
    expect((await throughHandle(fromEnv, get("/elsewhere/auth/providers"))).resolved).toHaveLength(0);
    expect((await throughHandle(fromEnv, get("/notes/auth/providers"))).resolved).toHaveLength(1);

    // A bare AUTH_URL (an origin) says nothing about the path: the app's base still applies.
    const bare = createSvelteKitAuth(
      svelteConfig(),
      () => ({ AUTH_URL: ORIGIN }),
      () => "/notes",
    );
    expect((await throughHandle(bare, get("/notes/auth/providers"))).resolved).toHaveLength(0);
  });

  it("reads AUTH_SECRET from the environment it is given, and only once a request arrives", async () => {
    const { secret: _unused, ...config } = svelteConfig();
    let reads = 0;
    const auth = createSvelteKitAuth(config, () => {
      reads++;
      return { AUTH_SECRET: "a-secret-from-the-environment-of-32-characters" };
    });
    expect(reads).toBe(0);
    const jar = await signInThroughHandle(auth);
    expect(reads).toBeGreaterThan(0);
    const page = await throughHandle(auth, get("/journal", jar));
    await expect(page.event.locals.auth()).resolves.toMatchObject({ user: { email: DEMO_USER.email } });
  });
});

describe("handle: event.locals.auth()", () => {
  it("is null without a session cookie", async () => {
    const auth = createSvelteKitAuth(svelteConfig(), noEnv);
    const { event } = await throughHandle(auth, get("/journal"));
    await expect(event.locals.auth()).resolves.toBeNull();
  });

  it("is the session after a credentials sign-in through handle", async () => {
    const auth = createSvelteKitAuth(svelteConfig(), noEnv);
    const jar = await signInThroughHandle(auth);
    const { event } = await throughHandle(auth, get("/journal", jar));
    const session = await event.locals.auth();
    expect(session).toMatchObject({ user: { name: DEMO_USER.name, email: DEMO_USER.email } });
    expect(Date.parse(session!.expires)).toBeGreaterThan(Date.now());
  });

  it("is null for a tampered session cookie (fail closed)", async () => {
    const log = captureLogger();
    const auth = createSvelteKitAuth(svelteConfig({ logger: log.logger }), noEnv);
    const jar = await signInThroughHandle(auth);
    const token = jar.get(SESSION_COOKIE)!;
    jar.cookies.set(SESSION_COOKIE, `${token.slice(0, -4)}AAAA`);
    const { event } = await throughHandle(auth, get("/journal", jar));
    await expect(event.locals.auth()).resolves.toBeNull();
    expect(log.errors.length).toBeGreaterThan(0);
  });

  it("is null when the session cannot be read at all (no secret anywhere), instead of throwing", async () => {
    const log = captureLogger();
    const { secret: _unused, ...config } = svelteConfig({ logger: log.logger });
    const auth = createSvelteKitAuth(config, noEnv);
    const { event, resolved } = await throughHandle(auth, get("/journal"));
    expect(resolved).toHaveLength(1);
    await expect(event.locals.auth()).resolves.toBeNull();
    expect(log.errors.length).toBeGreaterThan(0);
  });

  it("reads the session once per request, however often it is asked", async () => {
    let decoded = 0;
    const auth = createSvelteKitAuth(
      svelteConfig({
        // updateAge 0: every read is due for re-issue, so the refreshed cookie must go out.
        session: { updateAge: 0 },
        callbacks: {
          jwt: ({ token }) => {
            decoded++;
            return token;
          },
        },
      }),
      noEnv,
    );
    const jar = await signInThroughHandle(auth);
    decoded = 0;
    const { event, cookiesSet } = await throughHandle(auth, get("/journal", jar));
    const [first, second, third] = await Promise.all([event.locals.auth(), event.locals.auth(), event.locals.auth()]);
    expect(first).toMatchObject({ user: { email: DEMO_USER.email } });
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(decoded).toBe(1);
    // The refreshed session cookie goes out through SvelteKit's cookies, once, on the whole site.
    expect(cookiesSet.filter((cookie) => cookie.name === SESSION_COOKIE)).toEqual([
      expect.objectContaining({ options: expect.objectContaining({ path: "/", httpOnly: true }) }),
    ]);

    const next = await throughHandle(auth, get("/journal", jar));
    await next.event.locals.auth();
    expect(decoded).toBe(2);
  });
});

describe("handle: a configuration computed from the event", () => {
  it("resolves the lazy config on every request, from that request", async () => {
    const asked: string[] = [];
    const auth = createSvelteKitAuth(async (event: RequestEvent) => {
      const tenant = event.request.headers.get("x-tenant") ?? "none";
      asked.push(tenant);
      return svelteConfig({
        providers: [credentials({ name: `Sign in to ${tenant}`, credentials: {}, authorize: () => null })],
      });
    }, noEnv);

    const first = await throughHandle(auth, get("/auth/providers", undefined, { "x-tenant": "north" }));
    const second = await throughHandle(auth, get("/auth/providers", undefined, { "x-tenant": "south" }));
    expect(await first.response.json()).toMatchObject({ credentials: { name: "Sign in to north" } });
    expect(await second.response.json()).toMatchObject({ credentials: { name: "Sign in to south" } });
    expect(asked).toEqual(["north", "south"]);
  });
});

describe("the signIn form action", () => {
  it("signs in with the right credentials: sets the session cookie, then redirects (303) to redirectTo", async () => {
    const auth = createSvelteKitAuth(svelteConfig(), noEnv);
    const { event, cookiesSet } = formAction("/signin", {
      providerId: "credentials",
      redirectTo: "/journal",
      email: DEMO_USER.email!,
      password: "correct horse",
    });
    expect(redirectOf(await thrownBy(auth.signIn(event)))).toEqual({ status: 303, location: `${ORIGIN}/journal` });
    const session = cookiesSet.find((cookie) => cookie.name === SESSION_COOKIE);
    expect(session?.options).toMatchObject({ path: "/", httpOnly: true, sameSite: "lax" });

    const page = await throughHandle(auth, get("/journal", keepCookies(new CookieJar(), cookiesSet)));
    await expect(page.event.locals.auth()).resolves.toMatchObject({ user: { email: DEMO_USER.email } });
  });

  it("throws CredentialsSignin to the caller for a wrong password, and sets no session", async () => {
    const auth = createSvelteKitAuth(svelteConfig(), noEnv);
    const { event, cookiesSet } = formAction("/signin", {
      providerId: "credentials",
      redirectTo: "/journal",
      email: DEMO_USER.email!,
      password: "wrong",
    });
    const thrown = await thrownBy(auth.signIn(event));
    expect(thrown).toBeInstanceOf(CredentialsSignin);
    expect((thrown as CredentialsSignin).code).toBe("credentials");
    expect(cookiesSet.some((cookie) => cookie.name === SESSION_COOKIE)).toBe(false);
  });

  it("without a provider, redirects to the built-in sign-in page, coming back to the posting page", async () => {
    const auth = createSvelteKitAuth(svelteConfig(), noEnv);
    const { event } = formAction("/signin", {});
    expect(redirectOf(await thrownBy(auth.signIn(event)))).toEqual({
      status: 303,
      location: `/auth/signin?${new URLSearchParams({ callbackUrl: `${ORIGIN}/journal` })}`,
    });
  });
});

describe("link: true (docs/linking.md)", () => {
  const LINK_INTENT = "authjs.link-intent";
  const withGitHub = () =>
    svelteConfig({ providers: [...svelteConfig().providers, github({ clientId: "Iv1.link", clientSecret: "s" })] });

  it("the SignIn component's form: a user signed in just now gets the link intent and goes to the provider", async () => {
    const auth = createSvelteKitAuth(withGitHub(), noEnv);
    const jar = await signInThroughHandle(auth);
    const { event, cookiesSet } = formAction("/signin", { providerId: "github", link: "true" }, jar);
    const { status, location } = redirectOf(await thrownBy(auth.signIn(event)));
    expect(status).toBe(303);
    expect(new URL(location).origin).toBe("https://github.com");
    expect(cookiesSet.find((cookie) => cookie.name === LINK_INTENT)?.options).toMatchObject({ path: "/" });
  });

  it("the SignIn component's form without a session: AccountLinkRefused (code signin) to the caller", async () => {
    const auth = createSvelteKitAuth(withGitHub(), noEnv);
    const { event, cookiesSet } = formAction("/signin", { providerId: "github", link: "true" });
    const thrown = await thrownBy(auth.signIn(event));
    expect(thrown).toBeInstanceOf(AccountLinkRefused);
    expect((thrown as AccountLinkRefused).code).toBe("signin");
    expect(cookiesSet.some((cookie) => cookie.name === LINK_INTENT)).toBe(false);
  });

  it("the client's POST /auth/signin/github with link=true: the intent and the provider, or the refusal", async () => {
    const auth = createSvelteKitAuth(withGitHub(), noEnv);
    const signedIn = await signInThroughHandle(auth);
    const post = async (jar: CookieJar) => {
      const csrf = await throughHandle(auth, get("/auth/csrf", jar));
      jar.apply(csrf.response);
      const { csrfToken } = (await csrf.response.json()) as { csrfToken: string };
      const { response } = await throughHandle(auth, postForm("/auth/signin/github", { csrfToken, link: "true" }, jar));
      return response;
    };
    const linking = await post(signedIn);
    expect(new URL(linking.headers.get("location")!).origin).toBe("https://github.com");
    expect(linking.headers.getSetCookie().some((cookie) => cookie.startsWith(`${LINK_INTENT}=`))).toBe(true);

    const refused = new URL((await post(new CookieJar())).headers.get("location")!);
    expect(`${refused.pathname}?${refused.searchParams}`).toBe("/auth/signin?error=AccountLinkRefused&code=signin");
  });
});

describe("the client's signIn(provider, { link: true }) in a page (fetch answered by the real Auth)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("for a passkey: asks for the link, then registers the new passkey on the signed-in user", async () => {
    const { config, adapter } = passkeyConfig();
    const { jar } = await register(config, new SoftwareAuthenticator(ORIGIN), "grace@example.test");
    const second = new SoftwareAuthenticator(ORIGIN);
    const posted = browserAt(config, jar, second);
    const result = await clientSignIn("passkey", { link: true, redirect: false });
    expect(result).toMatchObject({ ok: true, error: null });
    expect(posted.map((entry) => entry.split(" ")[0])).toEqual(["/auth/signin/passkey", "/auth/callback/passkey"]);
    const user = await adapter.getUserByEmail!("grace@example.test");
    const stored = await adapter.listAuthenticatorsByUserId!(user!.id);
    expect(stored.map((entry) => entry.credentialID)).toContain(second.storedId);
  });

  it("signOut with redirect: false resolves with where the core would go, and the session is gone", async () => {
    const { config } = passkeyConfig();
    const { jar } = await register(config, new SoftwareAuthenticator(ORIGIN), "grace@example.test");
    browserAt(config, jar);
    const result = await clientSignOut({ redirect: false, redirectTo: "/goodbye" });
    expect(result).toEqual({ url: `${ORIGIN}/goodbye` });
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
  });

  it("with nobody signed in: AccountLinkRefused, code signin, and no ceremony", async () => {
    const { config } = passkeyConfig();
    const posted = browserAt(config, new CookieJar(), new SoftwareAuthenticator(ORIGIN));
    const result = await clientSignIn("passkey", { link: true, redirect: false });
    expect(result).toMatchObject({ ok: false, error: "AccountLinkRefused", code: "signin" });
    expect(posted).toHaveLength(1);
  });
});

describe("the signOut form action", () => {
  it("clears the session cookie and redirects (303) to redirectTo", async () => {
    const auth = createSvelteKitAuth(svelteConfig(), noEnv);
    const jar = await signInThroughHandle(auth);
    const { event, cookiesSet } = formAction("/signout", { redirectTo: "/goodbye" }, jar);
    expect(redirectOf(await thrownBy(auth.signOut(event)))).toEqual({ status: 303, location: `${ORIGIN}/goodbye` });
    expect(cookiesSet.filter((cookie) => cookie.name === SESSION_COOKIE)).toEqual([
      expect.objectContaining({ value: "", options: expect.objectContaining({ maxAge: 0, path: "/" }) }),
    ]);

    const page = await throughHandle(auth, get("/", keepCookies(jar, cookiesSet)));
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
    await expect(page.event.locals.auth()).resolves.toBeNull();
  });
});

describe("the signIn form action with an OpenID Connect provider (real issuer on loopback)", () => {
  let server: OidcServer;
  let auth: ReturnType<typeof createSvelteKitAuth>;

  beforeAll(async () => {
    server = await startOidcServer({
      clients: [{ client_id: "app", client_secret: "app-secret", redirect_uris: [`${ORIGIN}/auth/callback/oidc`] }],
    });
    auth = createSvelteKitAuth(
      svelteConfig({
        providers: [OIDC({ name: "Test IdP", issuer: server.issuer, clientId: "app", clientSecret: "app-secret" })],
      }),
      noEnv,
    );
  });

  afterAll(async () => {
    await server?.close();
  });

  it("redirects (303) to the provider's authorization URL with the check cookies set", async () => {
    const { event, cookiesSet } = formAction("/signin", { providerId: "oidc", redirectTo: "/journal" });
    const { status, location } = redirectOf(await thrownBy(auth.signIn(event)));
    expect(status).toBe(303);
    expect(location.startsWith(`${server.issuer}/auth?`)).toBe(true);
    const authorization = new URL(location).searchParams;
    expect(authorization.get("client_id")).toBe("app");
    expect(authorization.get("redirect_uri")).toBe(`${ORIGIN}/auth/callback/oidc`);
    expect(cookiesSet.map((cookie) => cookie.name)).toEqual(
      expect.arrayContaining(["authjs.state", "authjs.pkce.code_verifier"]),
    );
  });

  it("completes through handle's callback with those cookies: the provider's user is signed in", async () => {
    const started = formAction("/signin", { providerId: "oidc", redirectTo: "/journal" });
    const { location } = redirectOf(await thrownBy(auth.signIn(started.event)));
    const jar = keepCookies(new CookieJar(), started.cookiesSet);

    const back = new URL(await loginThroughInteraction(location, { login: "alice" }));
    const callback = await throughHandle(auth, get(back.pathname + back.search, jar));
    expect(callback.response.status).toBe(302);
    expect(callback.response.headers.get("location")).toBe(`${ORIGIN}/journal`);

    const page = await throughHandle(auth, get("/journal", jar.apply(callback.response)));
    await expect(page.event.locals.auth()).resolves.toMatchObject({ user: { name: "alice" } });
  });
});
