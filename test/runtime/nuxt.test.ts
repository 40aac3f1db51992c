/**
 * The Nuxt integration on a real h3 1.15 app (Nitro 2's server layer, wired as Nitro wires a Nuxt app's
 * `server/` folder, test/runtime/support/nuxt-app.ts) listening on loopback, driven with fetch as a browser
 * would: the auth route at `server/routes/auth/[...].ts`, a credentials sign-in (CSRF + form POST),
 * `getSession(event)` writing a rolled JWT back, `requireSession(event)` (401 for an API request, sign-in for a
 * page), server-side `signIn`/`signOut`, the Nitro plugin's read for server rendering, bad input answered 4xx,
 * and forwarded headers believed only on a trusted host.
 */
import { defineEventHandler, type EventHandler, type H3Event, isError, readBody } from "h3";
import { afterEach, describe, expect, expectTypeOf, it } from "vitest";
import type { NuxtAuth, NuxtEvent } from "../../src/runtime/nuxt.js";
import github from "../../src/runtime/providers/github.js";
import type { Session } from "../../src/runtime/types.js";
import { CookieJar, DEMO_USER } from "./core/support.js";
import { call, csrfToken, form, json, navigate, rawRequest, signIn } from "./support/loopback.js";
import { type NuxtServer, nuxtServer, userConfig } from "./support/nuxt-app.js";

const servers: NuxtServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function start(...args: Parameters<typeof nuxtServer>): Promise<string> {
  const server = await nuxtServer(...args);
  servers.push(server);
  return server.origin;
}

describe("NuxtAuth on h3 1.15 (Nuxt 4's server)", () => {
  it("serves the built-in sign-in page from the catch-all route under /auth", async () => {
    const origin = await start(userConfig());
    const response = await call(`${origin}/auth/signin`, new CookieJar());
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(await response.text()).toContain(`action="${origin}/auth/callback/credentials"`);
  });

  it("signs in with credentials posted as a form, reads the session over HTTP and in a route, then signs out", async () => {
    const origin = await start(userConfig());
    const jar = new CookieJar();
    const signedIn = await signIn(origin, jar);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe(`${origin}/me`);
    expect(jar.get("authjs.session-token")).toBeTruthy();

    expect(await (await call(`${origin}/auth/session`, jar)).json()).toMatchObject({
      user: { email: DEMO_USER.email, name: DEMO_USER.name },
    });
    const me = (await (await call(`${origin}/api/me`, jar)).json()) as { session: unknown };
    expect(me.session).toMatchObject({ user: { email: DEMO_USER.email }, expires: expect.any(String) });

    const csrf = await csrfToken(origin, jar);
    const signedOut = await call(`${origin}/auth/signout`, jar, form({ csrfToken: csrf, callbackUrl: `${origin}/` }));
    expect(signedOut.status).toBe(302);
    expect(jar.get("authjs.session-token")).toBeUndefined();
    expect(await (await call(`${origin}/api/me`, jar)).json()).toEqual({ session: null });
  });

  it("hands the core a body the app's middleware already read through h3 (readBody), read once", async () => {
    const origin = await start(userConfig(), {
      onRequest: async (event) => {
        // An app's server middleware that logs every posted form before the routes run.
        if (event.method === "POST") await readBody(event);
      },
    });
    const jar = new CookieJar();
    const response = await call(
      `${origin}/auth/callback/credentials`,
      jar,
      json({ csrfToken: await csrfToken(origin, jar), email: DEMO_USER.email, password: "correct horse" }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).not.toContain("error=");
    expect(jar.get("authjs.session-token")).toBeTruthy();
    const signedIn = await signIn(origin, new CookieJar());
    expect(signedIn.headers.get("location")).toBe(`${origin}/me`);
  });

  it("redirects a wrong password back to the sign-in page with CredentialsSignin, and refuses a forged CSRF token", async () => {
    const origin = await start(userConfig());
    const wrong = await signIn(origin, new CookieJar(), "wrong");
    const location = new URL(wrong.headers.get("location")!);
    expect(location.pathname).toBe("/auth/signin");
    expect(location.searchParams.get("error")).toBe("CredentialsSignin");

    const jar = new CookieJar();
    await csrfToken(origin, jar);
    const forged = await call(
      `${origin}/auth/callback/credentials`,
      jar,
      form({ csrfToken: "forged", email: DEMO_USER.email!, password: "correct horse" }),
    );
    expect(new URL(forged.headers.get("location")!).searchParams.get("error")).toBe("MissingCSRF");
    expect(jar.get("authjs.session-token")).toBeUndefined();
  });

  it("writes a rolled JWT back on the response of the route that read the session, once for every read and guard", async () => {
    // updateAge 0: every read is due for re-issue, so the rolled cookie must come through.
    const origin = await start(userConfig({ session: { updateAge: 0 } }), {
      setup: (router, auth) =>
        router.get(
          "/api/twice",
          defineEventHandler(async (event) => {
            await auth.getSession(event);
            await auth.requireSession(event);
            return { session: await auth.getSession(event) };
          }),
        ),
    });
    const jar = new CookieJar();
    await signIn(origin, jar);
    const issued = jar.get("authjs.session-token");
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // a new `iat`/`exp`, a second later
    const me = await call(`${origin}/api/twice`, jar);
    const rolled = me.headers.getSetCookie().filter((cookie) => cookie.startsWith("authjs.session-token="));
    expect(rolled).toHaveLength(1);
    expect(jar.get("authjs.session-token")).not.toBe(issued);
    expect(((await me.json()) as { session: unknown }).session).toMatchObject({ user: { email: DEMO_USER.email } });
  });

  it("leaves nothing on the response when nothing was rolled (the default updateAge)", async () => {
    const origin = await start(userConfig());
    const jar = new CookieJar();
    await signIn(origin, jar);
    expect((await call(`${origin}/api/me`, jar)).headers.getSetCookie()).toEqual([]);
  });

  it("reads the session for server rendering through the Nitro plugin's event.context.auth, rolled cookie included", async () => {
    const origin = await start(userConfig({ session: { updateAge: 0 } }));
    expect(await (await call(`${origin}/ssr`, new CookieJar())).json()).toEqual({ session: null });
    const jar = new CookieJar();
    await signIn(origin, jar);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const page = await call(`${origin}/ssr`, jar);
    expect(page.headers.getSetCookie().some((cookie) => cookie.startsWith("authjs.session-token="))).toBe(true);
    expect(((await page.json()) as { session: unknown }).session).toMatchObject({ user: { email: DEMO_USER.email } });
  });

  it("requireSession: 401 JSON for a signed-out API request, 303 to sign-in for a page, the session when signed in", async () => {
    const origin = await start(userConfig());
    const api = await call(`${origin}/api/notes`, new CookieJar(), { headers: { accept: "application/json" } });
    expect(api.status).toBe(401);
    const body = (await api.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ statusCode: 401, data: { message: "Sign in to use this resource." } });
    expect(JSON.stringify(body)).not.toContain("at ");

    const page = await navigate(`${origin}/dashboard?tab=1`, new CookieJar());
    expect(page.status).toBe(303);
    const location = new URL(page.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe(`${origin}/auth/signin`);
    expect(location.searchParams.get("callbackUrl")).toBe("/dashboard?tab=1");

    const jar = new CookieJar();
    await signIn(origin, jar);
    const notes = await call(`${origin}/api/notes`, jar, { headers: { accept: "application/json" } });
    expect(notes.status).toBe(200);
    expect(await notes.json()).toEqual({ notes: ["Launch checklist"], owner: DEMO_USER.email });
    expect(await (await call(`${origin}/dashboard`, jar)).text()).toBe("dashboard");
  });

  it("requireSession answers as h3's own error: handled, not logged as unhandled, never a 500", async () => {
    const seen: unknown[] = [];
    const origin = await start(userConfig(), {
      setup: (router, auth) =>
        router.get(
          "/api/inspect",
          defineEventHandler(async (event) => {
            try {
              await auth.requireSession(event);
            } catch (error) {
              seen.push(error);
              throw error;
            }
          }),
        ),
    });
    expect((await call(`${origin}/api/inspect`, new CookieJar())).status).toBe(401);
    expect(seen).toEqual([expect.objectContaining({ statusCode: 401, unhandled: false })]);
    // h3's own verdict: one of its errors, answered as thrown.
    expect(isError(seen[0])).toBe(true);
  });

  it("lets the app's `authorized` callback refuse a signed-in user, or answer with its own Response", async () => {
    const origin = await start(
      userConfig({
        callbacks: {
          authorized: ({ auth, request }) => {
            const key = new URL(request.url).searchParams.get("key");
            if (key === "teapot") return new Response("no tea", { status: 418, headers: { "x-reason": "tea" } });
            return Boolean(auth?.user) && key !== "shut";
          },
        },
      }),
    );
    const jar = new CookieJar();
    await signIn(origin, jar);
    expect((await call(`${origin}/api/notes?key=open`, jar)).status).toBe(200);
    expect((await call(`${origin}/api/notes?key=shut`, jar)).status).toBe(401);
    const teapot = await call(`${origin}/api/notes?key=teapot`, jar);
    expect(teapot.status).toBe(418);
    expect(teapot.headers.get("x-reason")).toBe("tea");
    expect(await teapot.json()).toMatchObject({ statusCode: 418, data: { message: "no tea" } });
  });

  it("signs in and out server-side with signIn(event) and signOut(event) from the app's own routes", async () => {
    const origin = await start(userConfig());
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

  it("lands a rejected server-side sign-in on the sign-in page with its error, never a 500", async () => {
    const origin = await start(userConfig());
    const jar = new CookieJar();
    const login = await call(`${origin}/login`, jar, form({ email: DEMO_USER.email!, password: "wrong" }));
    expect(login.status).toBe(303);
    const location = new URL(login.headers.get("location")!, origin);
    expect(location.pathname).toBe("/auth/signin");
    expect(location.searchParams.get("error")).toBe("CredentialsSignin");
    expect(jar.get("authjs.session-token")).toBeUndefined();
  });

  it("starts an OAuth sign-in server-side: signIn(event, provider) redirects to the provider with its checks' cookies", async () => {
    const config = userConfig();
    const origin = await start(
      { ...config, providers: [...config.providers, github({ clientId: "Iv1.nuxt", clientSecret: "s" })] },
      {
        setup: (router, auth) =>
          router.post(
            "/login/github",
            defineEventHandler((event) =>
              auth.signIn(event, "github", { redirectTo: "/dashboard", authorizationParams: { login: "ada" } }),
            ),
          ),
      },
    );
    const jar = new CookieJar();
    const response = await call(`${origin}/login/github`, jar, { method: "POST" });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe("https://github.com/login/oauth/authorize");
    expect(location.searchParams.get("redirect_uri")).toBe(`${origin}/auth/callback/github`);
    expect(location.searchParams.get("login")).toBe("ada");
    expect(jar.get("authjs.state")).toBeTruthy();
  });

  it("refuses a cross-site request to the server-side helpers (login CSRF, logout CSRF)", async () => {
    const origin = await start(userConfig());
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

  it("answers 404 to paths under /auth that are not auth actions, and to other methods, under Nitro's preemptive router", async () => {
    const origin = await start(userConfig());
    for (const [path, method] of [
      ["/auth/unknown-action", "GET"],
      ["/auth/unknown-action", "POST"],
      ["/auth/session", "DELETE"],
    ] as const) {
      const response = await call(`${origin}${path}`, new CookieJar(), { method });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
  });

  it("refuses a route file at another path than the base path, saying which basePath to set", async () => {
    const origin = await start(userConfig(), { route: "/api/auth/**" });
    const response = await call(`${origin}/api/auth/session`, new CookieJar());
    expect(response.status).toBe(500);
    const withBasePath = await start(userConfig({ basePath: "/api/auth" }), { route: "/api/auth/**" });
    const providers = (await (await call(`${withBasePath}/api/auth/providers`, new CookieJar())).json()) as Record<
      string,
      { callbackUrl: string }
    >;
    expect(providers.credentials?.callbackUrl).toBe(`${withBasePath}/api/auth/callback/credentials`);
  });

  it("serves under Nuxt's app.baseURL with the base path set to it, and the guard sends pages there", async () => {
    const refused = await start(userConfig(), { baseURL: "/app" });
    expect((await call(`${refused}/app/auth/session`, new CookieJar())).status).toBe(500);

    const origin = await start(userConfig({ basePath: "/app/auth" }), { baseURL: "/app" });
    const providers = (await (await call(`${origin}/app/auth/providers`, new CookieJar())).json()) as Record<
      string,
      { callbackUrl: string }
    >;
    expect(providers.credentials?.callbackUrl).toBe(`${origin}/app/auth/callback/credentials`);
    const page = await navigate(`${origin}/app/dashboard`, new CookieJar());
    const location = new URL(page.headers.get("location")!);
    expect(location.pathname).toBe("/app/auth/signin");
    expect(location.searchParams.get("callbackUrl")).toBe("/app/dashboard");
    const login = await call(`${origin}/app/login`, new CookieJar(), json({}));
    expect(new URL(login.headers.get("location")!, origin).pathname).toBe("/app/auth/signin");
  });

  it("answers bad input with 4xx, never 500: an oversized body, a malformed body, a bad Host, an absolute-form target", async () => {
    const origin = await start(userConfig());
    const oversized = await rawRequest(origin, {
      path: "/auth/callback/credentials",
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: Buffer.alloc(1024 * 1024, "a"),
    });
    expect(oversized.status).toBe(413);
    expect(oversized.headers.connection).toBe("close");

    for (const [type, body] of [
      ["application/json", "{ not json"],
      ["application/x-www-form-urlencoded", "%E0%A4%A=broken&&=="],
      ["multipart/form-data; boundary=x", "--x\r\nnot a part"],
    ] as const) {
      const malformed = await call(`${origin}/auth/callback/credentials`, new CookieJar(), {
        method: "POST",
        headers: { "content-type": type },
        body,
      });
      // Refused (400), or a sign-in that fails on what it could read (the error page): never a 500.
      expect(malformed.status, type).toBeGreaterThanOrEqual(300);
      expect(malformed.status, type).toBeLessThan(500);
      expect(await malformed.text(), type).not.toMatch(/\n\s+at /);
    }

    for (const host of ["bad host", "a:b:c"]) {
      const badHost = await rawRequest(origin, { path: "/auth/session", headers: { host } });
      expect(badHost.status, host).toBe(400);
      expect(badHost.body, host).not.toMatch(/\n\s+at /);
      const guarded = await rawRequest(origin, { path: "/api/notes", headers: { host } });
      expect(guarded.status, host).toBe(400);
      const read = await rawRequest(origin, { path: "/api/me", headers: { host } });
      expect(JSON.parse(read.body), host).toEqual({ session: null });
    }
    // An absolute-form target: h3 matches routes on the target as sent, so it reaches no route (and were it
    // routed, connectionUrl refuses it): the authority it names never becomes the origin.
    const absolute = await rawRequest(origin, { path: "http://evil.test/auth/providers" });
    expect(absolute.status).toBe(404);
    expect(absolute.body).not.toContain("evil.test/auth/callback");
  });

  it("believes X-Forwarded-* only on a trusted host (trustHost), by the core's one rule", async () => {
    const forwarded = { "x-forwarded-proto": "https", "x-forwarded-host": "evil.example" };
    const untrusted = await start(userConfig({ trustHost: false }));
    const plain = await call(`${untrusted}/auth/signin`, new CookieJar(), { headers: forwarded });
    expect(await plain.text()).not.toContain("evil.example");
    expect(plain.headers.getSetCookie().some((cookie) => cookie.startsWith("__Host-"))).toBe(false);
    const page = await navigate(`${untrusted}/dashboard`, new CookieJar(), forwarded);
    expect(new URL(page.headers.get("location")!).origin).toBe(untrusted);
    const login = await call(`${untrusted}/login`, new CookieJar(), json({ email: "x", password: "y" }, forwarded));
    expect(new URL(login.headers.get("location")!).origin).toBe(untrusted);

    const trusted = await start(userConfig({ trustHost: true }));
    const proxied = await call(`${trusted}/auth/signin`, new CookieJar(), { headers: forwarded });
    expect(await proxied.text()).toContain('action="https://evil.example/auth/callback/credentials"');
    // A list is what a client sent followed by a proxy's: refused rather than its first entry believed.
    const listed = await call(`${trusted}/auth/signin`, new CookieJar(), {
      headers: { "x-forwarded-host": "evil.test, app.example.test" },
    });
    expect(await listed.text()).toContain(`action="${trusted}/auth/callback/credentials"`);
  });

  it("getSession fails closed: a tampered cookie or a missing secret reads as no session", async () => {
    const origin = await start(userConfig());
    const jar = new CookieJar();
    await signIn(origin, jar);
    jar.cookies.set("authjs.session-token", `${jar.get("authjs.session-token")!.slice(0, -4)}AAAA`);
    expect(await (await call(`${origin}/api/me`, jar)).json()).toEqual({ session: null });

    const { secret: _none, ...withoutSecret } = userConfig();
    const noSecret = await start(withoutSecret);
    expect(await (await call(`${noSecret}/api/me`, new CookieJar())).json()).toEqual({ session: null });
    expect((await call(`${noSecret}/api/notes`, new CookieJar())).status).toBe(401);
  });

  it("never mutates the user's config object", async () => {
    const config = userConfig();
    const before = { ...config, providers: [...config.providers] };
    const origin = await start(config);
    await signIn(origin, new CookieJar());
    expect(config).toEqual(before);
    expect(config.basePath).toBeUndefined();
  });

  it("types: h3's own H3Event is the event every verb takes, and the handler is an h3 event handler", () => {
    expectTypeOf<H3Event>().toMatchTypeOf<NuxtEvent>();
    const routeFile = (auth: NuxtAuth) => defineEventHandler(auth.handler);
    expectTypeOf(routeFile).returns.toMatchTypeOf<EventHandler>();
    expectTypeOf<ReturnType<NuxtAuth["getSession"]>>().toEqualTypeOf<Promise<Session | null>>();
    expectTypeOf<ReturnType<NuxtAuth["requireSession"]>>().toEqualTypeOf<Promise<Session>>();
  });
});
