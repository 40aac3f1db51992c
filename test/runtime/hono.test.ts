/**
 * The Hono integration on a real Hono app served on loopback by Node's HTTP server, driven with fetch as a
 * browser would: the auth routes, a credentials sign-in, the session read in routes (getSession, the
 * `session()` middleware), the guard, the server-side helpers, refreshed cookies written back, bad input,
 * a mount that disagrees with the base path, and forwarded headers believed only under `trustHost`.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { type HonoAuth as Auth, HonoAuth, type HonoAuthConfig, type HonoAuthEnv } from "../../src/runtime/hono.js";
import github from "../../src/runtime/providers/github.js";
import { baseConfig, CookieJar, captureLogger, DEMO_USER } from "./core/support.js";
import { call, csrfToken, form, navigate, signIn } from "./support/loopback.js";

const SESSION_COOKIE = "authjs.session-token";
const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** The config as a user writes it: no basePath (the default `/auth`). */
function userConfig(overrides: Partial<HonoAuthConfig> = {}): HonoAuthConfig {
  const { basePath: _unused, ...config } = baseConfig({ logger: captureLogger().logger });
  return { ...config, ...overrides };
}

/** An app shaped like the documented setup: the handler, the app's own routes, a guarded API and page. */
function appWith(auth: Auth, setup: (app: Hono<HonoAuthEnv>) => void = () => {}): Hono<HonoAuthEnv> {
  const app = new Hono<HonoAuthEnv>();
  setup(app);
  app.on(["GET", "POST"], "/auth/*", auth.handler);
  app.get("/me", async (c) => c.json({ session: await auth.getSession(c) }));
  app.get("/feed", auth.session(), (c) => new Response(JSON.stringify({ user: c.get("session")?.user ?? null })));
  app.use("/api/*", auth.requireAuth());
  app.get("/api/notes", (c) => c.json({ notes: ["one"], user: c.get("session")?.user?.email }));
  app.use("/account", auth.requireAuth());
  app.get("/account", (c) => c.html("<h1>Account</h1>"));
  app.post("/login", (c) => auth.signIn(c, "credentials"));
  app.post("/logout", (c) => auth.signOut(c));
  return app;
}

/** Node's server in front of `app.fetch`, as `@hono/node-server` is: `c.env.incoming` is Node's request. */
async function listen(app: Hono<HonoAuthEnv>): Promise<string> {
  const server = createServer(async (req: IncomingMessage, res) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, item);
    }
    const method = req.method ?? "GET";
    const body = method === "GET" || method === "HEAD" ? undefined : (Readable.toWeb(req) as ReadableStream);
    const request = new Request(`http://${req.headers.host}${req.url}`, {
      method,
      headers,
      body,
      duplex: "half",
    } as RequestInit);
    const response = await app.fetch(request, { incoming: req });
    res.statusCode = response.status;
    for (const [name, value] of response.headers) if (name !== "set-cookie") res.setHeader(name, value);
    res.setHeader("set-cookie", response.headers.getSetCookie());
    // A body refused before it was read: close rather than drain it (RFC 9110 §15.5.14).
    if (!req.readableEnded) res.setHeader("connection", "close");
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function sessionCookies(response: Response): string[] {
  return response.headers.getSetCookie().filter((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
}

describe("HonoAuth: the handler", () => {
  it("serves the built-in sign-in page and the actions under /auth", async () => {
    const origin = await listen(appWith(HonoAuth(userConfig())));
    const page = await call(`${origin}/auth/signin`, new CookieJar());
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`action="${origin}/auth/callback/credentials"`);
    const providers = (await (await call(`${origin}/auth/providers`, new CookieJar())).json()) as Record<
      string,
      unknown
    >;
    expect(Object.keys(providers)).toEqual(["credentials"]);
  });

  it("signs in with credentials (CSRF token + POST), reads the session in routes, then signs out", async () => {
    const origin = await listen(appWith(HonoAuth(userConfig())));
    const jar = new CookieJar();
    const signedIn = await signIn(origin, jar);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe(`${origin}/me`);
    expect(jar.get(SESSION_COOKIE)).toBeTruthy();

    const me = (await (await call(`${origin}/me`, jar)).json()) as { session: unknown };
    expect(me.session).toMatchObject({ user: { email: DEMO_USER.email }, expires: expect.any(String) });
    expect(await (await call(`${origin}/feed`, jar)).json()).toMatchObject({ user: { email: DEMO_USER.email } });

    const csrf = await csrfToken(origin, jar);
    const signedOut = await call(`${origin}/auth/signout`, jar, form({ csrfToken: csrf, callbackUrl: `${origin}/` }));
    expect(signedOut.status).toBe(302);
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
    expect(await (await call(`${origin}/me`, jar)).json()).toEqual({ session: null });
    expect(await (await call(`${origin}/feed`, jar)).json()).toEqual({ user: null });
  });

  it("rejects a sign-in without the CSRF token", async () => {
    const origin = await listen(appWith(HonoAuth(userConfig())));
    const jar = new CookieJar();
    await csrfToken(origin, jar);
    const response = await call(
      `${origin}/auth/callback/credentials`,
      jar,
      form({ csrfToken: "forged", email: DEMO_USER.email!, password: "correct horse" }),
    );
    expect(new URL(response.headers.get("location")!).searchParams.get("error")).toBe("MissingCSRF");
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
  });

  it("hands the core a body the app's own middleware already read (c.req.parseBody)", async () => {
    const seen: unknown[] = [];
    const app = appWith(HonoAuth(userConfig()), (app) =>
      app.use("*", async (c, next) => {
        if (c.req.method === "POST") seen.push((await c.req.parseBody()).email);
        await next();
      }),
    );
    const origin = await listen(app);
    const jar = new CookieJar();
    const response = await signIn(origin, jar);
    expect(response.headers.get("location")).toBe(`${origin}/me`);
    expect(jar.get(SESSION_COOKIE)).toBeTruthy();
    expect(seen).toEqual([DEMO_USER.email]);
  });

  it("answers bad input with 4xx, never 500: an oversized body, a malformed form, unknown actions", async () => {
    const origin = await listen(appWith(HonoAuth(userConfig())));
    const jar = new CookieJar();
    const csrf = await csrfToken(origin, jar);
    const oversized = await call(`${origin}/auth/callback/credentials`, jar, {
      ...form({ csrfToken: csrf, email: DEMO_USER.email!, password: "x".repeat(200_000) }),
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    });
    expect(oversized.status).toBe(413);
    const malformed = await call(`${origin}/auth/callback/credentials`, jar, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: "{ not json",
    });
    expect(malformed.status).toBe(400);
    const brokenForm = { "content-type": "multipart/form-data; boundary=missing", accept: "application/json" };
    const multipart = await call(`${origin}/auth/callback/credentials`, jar, {
      method: "POST",
      headers: brokenForm,
      body: "no parts here",
    });
    expect(multipart.status).toBe(400);
    expect((await call(`${origin}/login`, jar, { method: "POST", headers: brokenForm, body: "no parts" })).status).toBe(
      400,
    );
    expect((await call(`${origin}/auth/no-such-action`, jar)).status).toBe(404);
    expect((await call(`${origin}/auth/session/extra/segments`, jar)).status).toBe(400);
    expect((await call(`${origin}/auth/signout`, jar, { method: "PUT" })).status).toBe(404);
    const helper = await call(`${origin}/login`, jar, form({ email: "a", password: "p".repeat(200_000) }));
    expect(helper.status).toBe(413);
  });

  it("keeps the app's own headers and cookies set before it, and its framing policy over the pages' default", async () => {
    const config = userConfig();
    const before = { ...config, providers: [...config.providers] };
    const app = appWith(HonoAuth(config), (app) =>
      app.use("*", async (c, next) => {
        c.header("X-Frame-Options", "SAMEORIGIN");
        c.header("Set-Cookie", "theme=dark; Path=/", { append: true });
        await next();
      }),
    );
    const origin = await listen(app);
    const page = await call(`${origin}/auth/signin`, new CookieJar());
    expect(page.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    const cookies = page.headers.getSetCookie();
    expect(cookies).toContain("theme=dark; Path=/");
    expect(cookies.some((cookie) => cookie.startsWith("authjs.csrf-token="))).toBe(true);
    const plain = await call(`${await listen(appWith(HonoAuth(userConfig())))}/auth/signin`, new CookieJar());
    expect(plain.headers.get("x-frame-options")).toBe("DENY");
    // The app's config object is never written to (the base path and env defaults live on a copy).
    expect(config).toEqual(before);
    expect(config.basePath).toBeUndefined();
  });

  it("serves its base path when mounted app-wide or through app.route, passing other paths on", async () => {
    const wide = new Hono<HonoAuthEnv>();
    wide.use(HonoAuth(userConfig()).handler);
    wide.get("/", (c) => c.text("home"));
    const wideOrigin = await listen(wide);
    expect((await call(`${wideOrigin}/auth/providers`, new CookieJar())).status).toBe(200);
    expect(await (await call(`${wideOrigin}/`, new CookieJar())).text()).toBe("home");

    const auth = HonoAuth(userConfig({ basePath: "/api/auth" }));
    const routes = new Hono();
    routes.on(["GET", "POST"], "/*", auth.handler);
    const api = new Hono<HonoAuthEnv>().basePath("/api");
    api.route("/auth", routes);
    const apiOrigin = await listen(api);
    const providers = (await (await call(`${apiOrigin}/api/auth/providers`, new CookieJar())).json()) as Record<
      string,
      { signinUrl: string }
    >;
    expect(providers.credentials?.signinUrl).toBe(`${apiOrigin}/api/auth/signin/credentials`);
  });

  it("refuses a route whose path disagrees with the base path, and serves one that agrees", async () => {
    const logged: unknown[] = [];
    const wrong = new Hono().basePath("/api");
    wrong.on(["GET", "POST"], "/auth/*", HonoAuth(userConfig()).handler);
    wrong.onError((error, c) => {
      logged.push(error);
      return c.text("misconfigured", 500);
    });
    const wrongOrigin = await listen(wrong as unknown as Hono<HonoAuthEnv>);
    expect((await call(`${wrongOrigin}/api/auth/providers`, new CookieJar())).status).toBe(500);
    expect(String(logged[0])).toContain('set `basePath: "/api/auth"`');

    const right = new Hono().basePath("/api");
    right.on(["GET", "POST"], "/auth/*", HonoAuth(userConfig({ basePath: "/api/auth" })).handler);
    const rightOrigin = await listen(right as unknown as Hono<HonoAuthEnv>);
    const providers = (await (await call(`${rightOrigin}/api/auth/providers`, new CookieJar())).json()) as Record<
      string,
      { callbackUrl: string }
    >;
    expect(providers.credentials?.callbackUrl).toBe(`${rightOrigin}/api/auth/callback/credentials`);
  });

  it("ignores X-Forwarded-* without trustHost, and believes a trusted proxy's", async () => {
    const forwarded = { "x-forwarded-proto": "https", "x-forwarded-host": "evil.example" };
    const untrusted = await listen(appWith(HonoAuth(userConfig({ trustHost: false }))));
    const plain = await call(`${untrusted}/auth/signin`, new CookieJar(), { headers: forwarded });
    // trustHost false refuses the request's own host too: only AUTH_URL could name the site then.
    expect(await plain.text()).not.toContain("evil.example");
    const guarded = await navigate(`${untrusted}/account`, new CookieJar(), forwarded);
    expect(new URL(guarded.headers.get("location")!).origin).toBe(untrusted);
    const helper = await call(`${untrusted}/login`, new CookieJar(), form({}, forwarded));
    expect(new URL(helper.headers.get("location")!).origin).toBe(untrusted);

    const trusted = await listen(appWith(HonoAuth(userConfig({ trustHost: true }))));
    const proxied = await call(`${trusted}/auth/signin`, new CookieJar(), { headers: forwarded });
    expect(await proxied.text()).toContain('action="https://evil.example/auth/callback/credentials"');
  });

  it("ignores X-Forwarded-Host in production with no AUTH_URL or trustHost: only loopback is trusted", async () => {
    const before = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    try {
      const { trustHost: _unset, ...config } = userConfig();
      const origin = await listen(appWith(HonoAuth(config)));
      const refused = await call(`${origin}/auth/signin`, new CookieJar(), {
        headers: { "x-forwarded-host": "evil.example" },
      });
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(await refused.text()).not.toContain('action="http://evil.example');
      const local = await call(`${origin}/auth/signin`, new CookieJar());
      expect(await local.text()).toContain(`action="${origin}/auth/callback/credentials"`);
    } finally {
      process.env.NODE_ENV = before;
    }
  });
});

describe("HonoAuth: the session read", () => {
  it("writes a refreshed JWT back, from getSession (c.json) and from session() (a raw Response)", async () => {
    // updateAge 0: every read is due for re-issue, so the refreshed cookie must go out.
    const origin = await listen(appWith(HonoAuth(userConfig({ session: { updateAge: 0 } }))));
    const jar = new CookieJar();
    await signIn(origin, jar);
    const first = jar.get(SESSION_COOKIE);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const me = await call(`${origin}/me`, jar);
    expect(sessionCookies(me)).toHaveLength(1);
    expect(sessionCookies(me)[0]).toMatch(/; Path=\/.*HttpOnly/i);
    expect(jar.get(SESSION_COOKIE)).not.toBe(first);
    const feed = await call(`${origin}/feed`, jar);
    expect(sessionCookies(feed)).toHaveLength(1);
    expect(await feed.json()).toMatchObject({ user: { email: DEMO_USER.email } });
  });

  it("reads once per request: the guard's read answers getSession and c.get('session') in the route", async () => {
    let decoded = 0;
    const config = userConfig({
      session: { updateAge: 0 },
      callbacks: {
        jwt: ({ token }) => {
          decoded++;
          return token;
        },
      },
    });
    const auth = HonoAuth(config);
    const app = appWith(auth);
    app.get("/api/both", async (c) => c.json({ read: await auth.getSession(c), variable: c.get("session") }));
    const origin = await listen(app);
    const jar = new CookieJar();
    await signIn(origin, jar);
    decoded = 0;
    const response = await call(`${origin}/api/both`, jar);
    const body = (await response.json()) as { read: unknown; variable: unknown };
    expect(body.read).toEqual(body.variable);
    expect(body.read).toMatchObject({ user: { email: DEMO_USER.email } });
    expect(decoded).toBe(1);
    expect(sessionCookies(response)).toHaveLength(1);
  });

  it("sends one refreshed cookie when session() runs app-wide and requireAuth() guards the route", async () => {
    const auth = HonoAuth(userConfig({ session: { updateAge: 0 } }));
    const app = new Hono<HonoAuthEnv>();
    app.on(["GET", "POST"], "/auth/*", auth.handler);
    app.use("*", auth.session());
    app.use("/api/*", auth.requireAuth());
    app.get("/api/notes", (c) => c.json({ user: c.get("session")?.user?.email }));
    const origin = await listen(app);
    const jar = new CookieJar();
    await signIn(origin, jar);
    const response = await call(`${origin}/api/notes`, jar);
    expect(await response.json()).toEqual({ user: DEMO_USER.email });
    expect(sessionCookies(response)).toHaveLength(1);
  });

  it("fails closed: a tampered cookie or a missing secret reads as no session", async () => {
    const origin = await listen(appWith(HonoAuth(userConfig())));
    const jar = new CookieJar();
    await signIn(origin, jar);
    jar.cookies.set(SESSION_COOKIE, `${jar.get(SESSION_COOKIE)!.slice(0, -4)}AAAA`);
    expect(await (await call(`${origin}/me`, jar)).json()).toEqual({ session: null });

    const { secret: _none, ...withoutSecret } = userConfig();
    const noSecret = await listen(appWith(HonoAuth(withoutSecret)));
    expect(await (await call(`${noSecret}/me`, new CookieJar())).json()).toEqual({ session: null });
    expect((await call(`${noSecret}/api/notes`, new CookieJar())).status).toBe(401);
  });
});

describe("HonoAuth: the guard", () => {
  it("answers an API request 401 and sends a page to sign-in, then lets the signed-in user through", async () => {
    const origin = await listen(appWith(HonoAuth(userConfig())));
    const jar = new CookieJar();
    const api = await call(`${origin}/api/notes`, jar, { headers: { accept: "application/json" } });
    expect(api.status).toBe(401);
    expect(await api.json()).toEqual({ message: "Sign in to use this resource." });
    const page = await navigate(`${origin}/account?tab=keys`, jar);
    expect(page.status).toBe(302);
    const location = new URL(page.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe(`${origin}/auth/signin`);
    expect(location.searchParams.get("callbackUrl")).toBe("/account?tab=keys");

    await signIn(origin, jar);
    const allowed = await call(`${origin}/api/notes`, jar);
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toEqual({ notes: ["one"], user: DEMO_USER.email });
    expect((await navigate(`${origin}/account`, jar)).status).toBe(200);
  });
});

describe("HonoAuth: server-side signIn and signOut", () => {
  it("signs in from the app's own form route, and signs out from another", async () => {
    const origin = await listen(appWith(HonoAuth(userConfig())));
    const jar = new CookieJar();
    const sameOrigin = { origin, "sec-fetch-site": "same-origin" };
    const signedIn = await call(
      `${origin}/login`,
      jar,
      form({ email: DEMO_USER.email!, password: "correct horse", redirectTo: "/account" }, sameOrigin),
    );
    expect(signedIn.status).toBe(303);
    expect(new URL(signedIn.headers.get("location")!, origin).pathname).toBe("/account");
    expect(jar.get(SESSION_COOKIE)).toBeTruthy();
    expect(await (await call(`${origin}/me`, jar)).json()).toMatchObject({
      session: { user: { name: DEMO_USER.name } },
    });

    const signedOut = await call(`${origin}/logout`, jar, form({ redirectTo: "/" }, sameOrigin));
    expect(signedOut.status).toBe(303);
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
  });

  it("starts an OAuth sign-in from the app's route with the callback under the base path", async () => {
    const config = userConfig({ basePath: "/api/auth" });
    const auth = HonoAuth({ ...config, providers: [github({ clientId: "Iv1.hono", clientSecret: "s" })] });
    const app = new Hono<HonoAuthEnv>();
    app.on(["GET", "POST"], "/api/auth/*", auth.handler);
    app.post("/login/github", (c) => auth.signIn(c, "github", { redirectTo: "/account" }));
    const origin = await listen(app);
    const jar = new CookieJar();
    const response = await call(`${origin}/login/github`, jar, { method: "POST" });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get("location")!);
    expect(location.origin).toBe("https://github.com");
    expect(location.searchParams.get("redirect_uri")).toBe(`${origin}/api/auth/callback/github`);
    expect(jar.get("authjs.state")).toBeTruthy();
  });

  it("lands a wrong password on the sign-in page with CredentialsSignin, without a session", async () => {
    const origin = await listen(appWith(HonoAuth(userConfig())));
    const jar = new CookieJar();
    const response = await call(`${origin}/login`, jar, form({ email: DEMO_USER.email!, password: "wrong" }));
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get("location")!, origin);
    expect(location.pathname).toBe("/auth/signin");
    expect(location.searchParams.get("error")).toBe("CredentialsSignin");
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
  });

  it("refuses a cross-site form posted to the helpers' routes (login CSRF)", async () => {
    const origin = await listen(appWith(HonoAuth(userConfig())));
    const jar = new CookieJar();
    const crossSite = { origin: "https://evil.example", "sec-fetch-site": "cross-site" };
    const response = await call(
      `${origin}/login`,
      jar,
      form({ email: DEMO_USER.email!, password: "correct horse" }, crossSite),
    );
    expect(response.status).toBe(403);
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
  });
});
