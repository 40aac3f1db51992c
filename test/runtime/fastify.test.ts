import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { FastifyAuth, type FastifyAuthConfig } from "../../src/runtime/fastify.js";
import github from "../../src/runtime/providers/github.js";
import { baseConfig, CookieJar, captureLogger, DEMO_USER } from "./core/support.js";
import { call, csrfToken, form, json, rawRequest, signIn } from "./support/loopback.js";

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** The config as a user writes it: no basePath (the prefix is the base path). */
function userConfig(overrides: Partial<FastifyAuthConfig> = {}): FastifyAuthConfig {
  const { basePath: _unused, ...config } = baseConfig({ logger: captureLogger().logger });
  return { ...config, ...overrides };
}

/** An app shaped like a real one: the plugin under /auth, then the app's own routes, some guarded. */
async function appWith(
  config: FastifyAuthConfig,
  setup: (app: FastifyInstance) => void | Promise<void> = () => {},
): Promise<FastifyInstance> {
  const app = Fastify();
  await setup(app);
  await app.register(FastifyAuth(config), { prefix: "/auth" });
  app.get("/auth/help", async () => "the app's own page under /auth");
  app.get("/me", async (request) => ({ session: await request.getSession() }));
  app.get("/api/notes", { preHandler: app.requireAuth }, async (request) => {
    const session = await request.getSession();
    return { notes: ["Launch checklist"], owner: session?.user?.email };
  });
  app.get("/dashboard", { preHandler: app.requireAuth }, async () => "dashboard");
  app.post<{ Body: { email: string; password: string } }>("/login", async (request, reply) =>
    reply.signIn("credentials", { ...request.body, redirectTo: "/dashboard" }),
  );
  app.post("/logout", async (_request, reply) => reply.signOut({ redirectTo: "/" }));
  app.post<{ Body: { title: string } }>("/notes", async (request) => ({ title: request.body.title }));
  return app;
}

async function listen(app: FastifyInstance): Promise<string> {
  apps.push(app);
  return app.listen({ port: 0, host: "127.0.0.1" });
}

/** What a browser sends when it navigates to a page. */
const NAVIGATION = {
  accept: "text/html,application/xhtml+xml",
  "sec-fetch-mode": "navigate",
  "sec-fetch-dest": "document",
};

describe("FastifyAuth on Fastify 5", () => {
  it("serves the built-in sign-in page under its prefix", async () => {
    const origin = await listen(await appWith(userConfig()));
    const response = await call(`${origin}/auth/signin`, new CookieJar());
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(await response.text()).toContain(`action="${origin}/auth/callback/credentials"`);
  });

  it("signs in with credentials posted as a form, reads the session over HTTP and in a route, then signs out", async () => {
    const origin = await listen(await appWith(userConfig()));
    const jar = new CookieJar();
    const signedIn = await signIn(origin, jar);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe(`${origin}/me`);
    expect(signedIn.headers.getSetCookie().length).toBeGreaterThanOrEqual(2);
    expect(jar.get("authjs.session-token")).toBeTruthy();

    expect(await (await call(`${origin}/auth/session`, jar)).json()).toMatchObject({
      user: { email: DEMO_USER.email, name: DEMO_USER.name },
    });
    const me = (await (await call(`${origin}/me`, jar)).json()) as { session: unknown };
    expect(me.session).toMatchObject({ user: { email: DEMO_USER.email }, expires: expect.any(String) });

    const csrf = await csrfToken(origin, jar);
    const signedOut = await call(`${origin}/auth/signout`, jar, form({ csrfToken: csrf, callbackUrl: `${origin}/` }));
    expect(signedOut.status).toBe(302);
    expect(jar.get("authjs.session-token")).toBeUndefined();
    expect(await (await call(`${origin}/me`, jar)).json()).toEqual({ session: null });
  });

  it("signs in with credentials posted as JSON, the app's own JSON parser left out of the auth routes", async () => {
    const origin = await listen(await appWith(userConfig()));
    const jar = new CookieJar();
    const response = await call(
      `${origin}/auth/callback/credentials`,
      jar,
      json({ csrfToken: await csrfToken(origin, jar), email: DEMO_USER.email, password: "correct horse" }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).not.toContain("error=");
    expect(jar.get("authjs.session-token")).toBeTruthy();
  });

  it("redirects a wrong password back to the sign-in page with CredentialsSignin", async () => {
    const origin = await listen(await appWith(userConfig()));
    const response = await signIn(origin, new CookieJar(), "wrong");
    const location = new URL(response.headers.get("location")!);
    expect(location.pathname).toBe("/auth/signin");
    expect(location.searchParams.get("error")).toBe("CredentialsSignin");
  });

  it("rejects a sign-in without the CSRF token", async () => {
    const origin = await listen(await appWith(userConfig()));
    const jar = new CookieJar();
    await csrfToken(origin, jar);
    const response = await call(
      `${origin}/auth/callback/credentials`,
      jar,
      form({ csrfToken: "forged", email: DEMO_USER.email!, password: "correct horse" }),
    );
    expect(new URL(response.headers.get("location")!).searchParams.get("error")).toBe("MissingCSRF");
    expect(jar.get("authjs.session-token")).toBeUndefined();
  });

  it("writes a rolled JWT back on the reply of the route that read the session", async () => {
    // updateAge 0: every read is due for re-issue, so the rolled cookie must come through.
    const origin = await listen(await appWith(userConfig({ session: { updateAge: 0 } })));
    const jar = new CookieJar();
    await signIn(origin, jar);
    const issued = jar.get("authjs.session-token");
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // a new `iat`/`exp`, a second later
    const me = await call(`${origin}/me`, jar);
    const rolled = me.headers.getSetCookie().find((cookie) => cookie.startsWith("authjs.session-token="));
    expect(rolled).toBeDefined();
    expect(jar.get("authjs.session-token")).not.toBe(issued);
    expect(((await me.json()) as { session: unknown }).session).toMatchObject({ user: { email: DEMO_USER.email } });
  });

  it("leaves nothing on the reply when nothing was rolled (the default updateAge)", async () => {
    const origin = await listen(await appWith(userConfig()));
    const jar = new CookieJar();
    await signIn(origin, jar);
    const me = await call(`${origin}/me`, jar);
    expect(me.headers.getSetCookie()).toEqual([]);
  });

  it("guards routes: 401 for a signed-out API request, a redirect to sign-in for a page, through when signed in", async () => {
    const origin = await listen(await appWith(userConfig()));
    const api = await call(`${origin}/api/notes`, new CookieJar(), { headers: { accept: "application/json" } });
    expect(api.status).toBe(401);
    expect(await api.json()).toEqual({ message: "Sign in to use this resource." });

    // A browser's navigation (fetch itself always sends `Sec-Fetch-Mode: cors`, so this one goes out raw).
    const page = await rawRequest(origin, { path: "/dashboard?tab=1", headers: NAVIGATION });
    expect(page.status).toBe(303);
    const location = new URL(page.headers.location!);
    expect(`${location.origin}${location.pathname}`).toBe(`${origin}/auth/signin`);
    expect(location.searchParams.get("callbackUrl")).toBe("/dashboard?tab=1");

    const jar = new CookieJar();
    await signIn(origin, jar);
    const notes = await call(`${origin}/api/notes`, jar, { headers: { accept: "application/json" } });
    expect(notes.status).toBe(200);
    expect(await notes.json()).toEqual({ notes: ["Launch checklist"], owner: DEMO_USER.email });
    expect(await (await call(`${origin}/dashboard`, jar)).text()).toBe("dashboard");
  });

  it("lets the app's `authorized` callback decide for the guard", async () => {
    const config = userConfig({
      callbacks: { authorized: ({ request }) => new URL(request.url).searchParams.get("key") === "open" },
    });
    const origin = await listen(await appWith(config));
    expect((await call(`${origin}/api/notes?key=open`, new CookieJar())).status).toBe(200);
    expect((await call(`${origin}/api/notes?key=shut`, new CookieJar())).status).toBe(401);
  });

  it("signs in and out server-side with reply.signIn() and reply.signOut() from the app's own routes", async () => {
    const origin = await listen(await appWith(userConfig()));
    const jar = new CookieJar();
    const login = await call(`${origin}/login`, jar, json({ email: DEMO_USER.email, password: "correct horse" }));
    expect(login.status).toBe(303);
    expect(login.headers.get("location")).toBe(`${origin}/dashboard`);
    expect(jar.get("authjs.session-token")).toBeTruthy();
    expect((await call(`${origin}/api/notes`, jar)).status).toBe(200);

    const logout = await call(`${origin}/logout`, jar, { method: "POST" });
    expect(logout.status).toBe(303);
    expect(jar.get("authjs.session-token")).toBeUndefined();
    expect((await call(`${origin}/api/notes`, jar)).status).toBe(401);
  });

  it("starts an OAuth sign-in server-side: reply.signIn(provider) redirects to the provider with its checks' cookies", async () => {
    const config = userConfig();
    const app = await appWith({
      ...config,
      providers: [...config.providers, github({ clientId: "Iv1.fastify", clientSecret: "s" })],
    });
    app.post("/login/github", async (_request, reply) =>
      reply.signIn("github", { redirectTo: "/dashboard", authorizationParams: { login: "ada" } }),
    );
    const origin = await listen(app);
    const jar = new CookieJar();
    const response = await call(`${origin}/login/github`, jar, { method: "POST" });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe("https://github.com/login/oauth/authorize");
    expect(location.searchParams.get("redirect_uri")).toBe(`${origin}/auth/callback/github`);
    expect(location.searchParams.get("login")).toBe("ada");
    expect(jar.get("authjs.state")).toBeTruthy();
  });

  it("lands a rejected server-side sign-in on the sign-in page with its error, never a 500", async () => {
    const origin = await listen(await appWith(userConfig()));
    const jar = new CookieJar();
    const login = await call(`${origin}/login`, jar, json({ email: DEMO_USER.email, password: "wrong" }));
    expect(login.status).toBe(303);
    const location = new URL(login.headers.get("location")!, origin);
    expect(location.pathname).toBe("/auth/signin");
    expect(location.searchParams.get("error")).toBe("CredentialsSignin");
    expect(jar.get("authjs.session-token")).toBeUndefined();
  });

  it("refuses a cross-site request to the server-side helpers (login CSRF, logout CSRF)", async () => {
    const origin = await listen(await appWith(userConfig()));
    const jar = new CookieJar();
    const crossSite = { origin: "https://evil.test", "sec-fetch-site": "cross-site" };
    const login = await call(
      `${origin}/login`,
      jar,
      json({ email: DEMO_USER.email, password: "correct horse" }, crossSite),
    );
    expect(login.status).toBe(403);
    expect(jar.get("authjs.session-token")).toBeUndefined();

    await signIn(origin, jar);
    const logout = await call(`${origin}/logout`, jar, { method: "POST", headers: crossSite });
    expect(logout.status).toBe(403);
    expect(jar.get("authjs.session-token")).toBeTruthy();
  });

  it("keeps its parsing to its own routes: the app's routes still refuse a form without a form-body plugin", async () => {
    const origin = await listen(await appWith(userConfig()));
    const jar = new CookieJar();
    expect((await call(`${origin}/notes`, jar, form({ title: "Launch checklist" }))).status).toBe(415);
    expect(await (await call(`${origin}/notes`, jar, json({ title: "Launch checklist" }))).json()).toEqual({
      title: "Launch checklist",
    });
  });

  it("passes paths under the prefix that are not auth actions to the app, or to its 404", async () => {
    const origin = await listen(await appWith(userConfig()));
    const help = await call(`${origin}/auth/help`, new CookieJar());
    expect(await help.text()).toBe("the app's own page under /auth");
    expect((await call(`${origin}/auth/unknown-action`, new CookieJar())).status).toBe(404);
    expect((await call(`${origin}/auth/unknown-action`, new CookieJar(), { method: "POST" })).status).toBe(404);
    expect((await call(`${origin}/auth/session`, new CookieJar(), { method: "DELETE" })).status).toBe(404);
  });

  it("takes its base path from a nested prefix, and its decorators stay in the context that registered it", async () => {
    const config = userConfig();
    const app = Fastify();
    await app.register(
      async (api) => {
        await api.register(FastifyAuth(config), { prefix: "/auth" });
        api.get("/me", async (request) => ({ session: await request.getSession() }));
      },
      { prefix: "/api" },
    );
    app.get("/outside", async (request) => ({ decorated: typeof request.getSession === "function" }));
    const origin = await listen(app);
    const providers = (await (await call(`${origin}/api/auth/providers`, new CookieJar())).json()) as Record<
      string,
      { callbackUrl: string }
    >;
    expect(providers.credentials?.callbackUrl).toBe(`${origin}/api/auth/callback/credentials`);
    expect(await (await call(`${origin}/api/me`, new CookieJar())).json()).toEqual({ session: null });
    expect(await (await call(`${origin}/outside`, new CookieJar())).json()).toEqual({ decorated: false });
  });

  it("without a prefix, serves under the config's basePath, else /auth", async () => {
    for (const [config, basePath] of [
      [userConfig(), "/auth"],
      [userConfig({ basePath: "/account" }), "/account"],
    ] as const) {
      const app = Fastify();
      await app.register(FastifyAuth(config));
      const origin = await listen(app);
      const response = await call(`${origin}${basePath}/providers`, new CookieJar());
      const providers = (await response.json()) as Record<string, { signinUrl: string }>;
      expect(providers.credentials?.signinUrl).toBe(`${origin}${basePath}/signin/credentials`);
    }
  });

  it("guards a whole plugin with app.requireAuth as its preHandler hook", async () => {
    const app = Fastify();
    await app.register(FastifyAuth(userConfig()), { prefix: "/auth" });
    await app.register(
      async (admin) => {
        admin.addHook("preHandler", app.requireAuth);
        admin.get("/users", async () => ["ada"]);
      },
      { prefix: "/admin" },
    );
    const origin = await listen(app);
    expect((await call(`${origin}/admin/users`, new CookieJar())).status).toBe(401);
    const jar = new CookieJar();
    await signIn(origin, jar);
    expect(await (await call(`${origin}/admin/users`, jar)).json()).toEqual(["ada"]);
  });

  it("answers bad input with 4xx, never 500: an oversized body, a malformed form, a bad Host, an absolute-form target", async () => {
    const origin = await listen(await appWith(userConfig()));
    const oversized = await rawRequest(origin, {
      path: "/auth/callback/credentials",
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: Buffer.alloc(1024 * 1024, "a"),
    });
    expect(oversized.status).toBe(413);
    expect(oversized.headers.connection).toBe("close");

    const malformed = await call(`${origin}/auth/callback/credentials`, new CookieJar(), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{ not json",
    });
    expect(malformed.status).toBeGreaterThanOrEqual(400);
    expect(malformed.status).toBeLessThan(500);

    for (const host of ["bad host", "a:b:c"]) {
      const badHost = await rawRequest(origin, { path: "/auth/session", headers: { host } });
      expect(badHost.status, host).toBe(400);
      const guarded = await rawRequest(origin, { path: "/api/notes", headers: { host } });
      expect(guarded.status, host).toBe(400);
    }
    // Fastify routes an absolute-form target by its path; the authority it names must not become the origin.
    expect((await rawRequest(origin, { path: "http://evil.test/auth/providers" })).status).toBe(400);
  });

  it("believes X-Forwarded-* only on a trusted host (trustHost), by the core's one rule", async () => {
    const forwarded = { "x-forwarded-proto": "https", "x-forwarded-host": "evil.example" };
    const untrusted = await listen(await appWith(userConfig({ trustHost: false })));
    const plain = await call(`${untrusted}/auth/signin`, new CookieJar(), { headers: forwarded });
    expect(await plain.text()).not.toContain("evil.example");
    expect(plain.headers.getSetCookie().some((cookie) => cookie.startsWith("__Host-"))).toBe(false);
    const page = await rawRequest(untrusted, { path: "/dashboard", headers: { ...forwarded, ...NAVIGATION } });
    expect(new URL(page.headers.location!).origin).toBe(untrusted);

    const trusted = await listen(await appWith(userConfig({ trustHost: true })));
    const proxied = await call(`${trusted}/auth/signin`, new CookieJar(), { headers: forwarded });
    expect(await proxied.text()).toContain('action="https://evil.example/auth/callback/credentials"');
    // A list is what a client sent followed by a proxy's: refused rather than its first entry believed.
    const listed = await call(`${trusted}/auth/signin`, new CookieJar(), {
      headers: { "x-forwarded-host": "evil.test, app.example.test" },
    });
    expect(await listed.text()).toContain(`action="${trusted}/auth/callback/credentials"`);
  });

  it("keeps the app's own framing policy (a helmet-style CSP) on the built-in pages", async () => {
    const origin = await listen(
      await appWith(userConfig(), (app) => {
        app.addHook("onRequest", async (_request, reply) => {
          reply.header("content-security-policy", "default-src 'self'; frame-ancestors 'self'");
          reply.header("x-frame-options", "SAMEORIGIN");
        });
      }),
    );
    const page = await call(`${origin}/auth/signin`, new CookieJar());
    expect(page.headers.get("content-security-policy")).toBe("default-src 'self'; frame-ancestors 'self'");
    expect(page.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    const plain = await call(`${await listen(await appWith(userConfig()))}/auth/signin`, new CookieJar());
    expect(plain.headers.get("x-frame-options")).toBe("DENY");
  });

  it("getSession fails closed: a tampered cookie or a missing secret reads as no session", async () => {
    const origin = await listen(await appWith(userConfig()));
    const jar = new CookieJar();
    await signIn(origin, jar);
    jar.cookies.set("authjs.session-token", `${jar.get("authjs.session-token")!.slice(0, -4)}AAAA`);
    expect(await (await call(`${origin}/me`, jar)).json()).toEqual({ session: null });

    const { secret: _none, ...withoutSecret } = userConfig();
    const noSecret = await listen(await appWith(withoutSecret));
    expect(await (await call(`${noSecret}/me`, new CookieJar())).json()).toEqual({ session: null });
  });

  it("never mutates the user's config object", async () => {
    const config = userConfig();
    const before = { ...config, providers: [...config.providers] };
    const origin = await listen(await appWith(config));
    await signIn(origin, new CookieJar());
    expect(config).toEqual(before);
    expect(config.basePath).toBeUndefined();
  });
});
