/**
 * The React Router integration in React Router 7.18's own server request handler (createRequestHandler over a
 * server build holding the auth splat resource route and page routes with loaders and actions), served on
 * loopback by Node's HTTP server and driven with fetch as a browser would: the auth routes, a credentials
 * sign-in, the session read in loaders, refreshed cookies written back (middleware, sessionHeaders, and a
 * forgotten write-back logged), the guard for pages and for data/API requests, server-side signIn/signOut in
 * actions, bad input, a route that disagrees with the base path, and forwarded headers believed only under
 * `trustHost`.
 */
import { createRequire } from "node:module";
import { createElement, type ReactNode } from "react";
import { data, type MiddlewareFunction, type ServerBuild } from "react-router";
import { afterEach, describe, expect, expectTypeOf, it } from "vitest";
import github from "../../src/runtime/providers/github.js";
import { SessionProvider, useSession } from "../../src/runtime/react.js";
import { MISSING_WRITE_BACK } from "../../src/runtime/react-router/session.js";
import { ReactRouterAuth, type ReactRouterAuthConfig } from "../../src/runtime/react-router.js";
import type { Session } from "../../src/runtime/types.js";
import { baseConfig, CookieJar, captureLogger, DEMO_USER } from "./core/support.js";
import { call, csrfToken, form, navigate, signIn as signInWithForm } from "./support/loopback.js";
import { appRoutes, closeServers, listen, listenApp, serverBuild } from "./support/react-router-app.js";

const SESSION_COOKIE = "authjs.session-token";
type ServerRouteModule = NonNullable<ServerBuild["routes"][string]>["module"];
// React DOM's server renderer, as an app's entry.server uses it (the repository has no @types/react-dom).
const { renderToString } = createRequire(import.meta.url)("react-dom/server") as {
  renderToString(node: ReactNode): string;
};
afterEach(closeServers);

/** The config as a user writes it: no basePath (the default `/auth`). */
function userConfig(overrides: Partial<ReactRouterAuthConfig> = {}): ReactRouterAuthConfig {
  const { basePath: _unused, ...config } = baseConfig({ logger: captureLogger().logger });
  return { ...config, ...overrides };
}

function sessionCookies(response: Response): string[] {
  return response.headers.getSetCookie().filter((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
}

/** The loaders' data a document response rendered (support/react-router-app.ts's entry). */
async function pageData(response: Response): Promise<Record<string, unknown>> {
  const html = await response.text();
  return JSON.parse(html.slice(html.indexOf("<pre>") + 5, html.indexOf("</pre>"))) as Record<string, unknown>;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("ReactRouterAuth: the auth resource route", () => {
  it("serves the built-in sign-in page and the actions under /auth", async () => {
    const origin = await listenApp(ReactRouterAuth(userConfig()));
    const page = await call(`${origin}/auth/signin`, new CookieJar());
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`action="${origin}/auth/callback/credentials"`);
    const providers = (await (await call(`${origin}/auth/providers`, new CookieJar())).json()) as object;
    expect(Object.keys(providers)).toEqual(["credentials"]);
  });

  it("signs in with credentials (CSRF token + POST), reads the session in a page's loader, then signs out", async () => {
    const origin = await listenApp(ReactRouterAuth(userConfig()));
    const jar = new CookieJar();
    const signedIn = await signInWithForm(origin, jar);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe(`${origin}/me`);
    expect(jar.get(SESSION_COOKIE)).toBeTruthy();

    const page = await navigate(`${origin}/dashboard`, jar);
    expect(page.status).toBe(200);
    expect(await pageData(page)).toMatchObject({ "routes/dashboard": { user: { email: DEMO_USER.email } } });
    const api = (await (await call(`${origin}/api/me`, jar)).json()) as { session: unknown };
    expect(api.session).toMatchObject({ user: { email: DEMO_USER.email }, expires: expect.any(String) });

    const csrf = await csrfToken(origin, jar);
    const signedOut = await call(`${origin}/auth/signout`, jar, form({ csrfToken: csrf, callbackUrl: `${origin}/` }));
    expect(signedOut.status).toBe(302);
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
    expect(await (await call(`${origin}/api/me`, jar)).json()).toEqual({ session: null });
  });

  it("rejects a sign-in without the CSRF token", async () => {
    const origin = await listenApp(ReactRouterAuth(userConfig()));
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

  it("answers bad input with 4xx, never 500 nor a stack: oversized body, malformed forms, unknown actions", async () => {
    const origin = await listenApp(ReactRouterAuth(userConfig()));
    const jar = new CookieJar();
    const csrf = await csrfToken(origin, jar);
    const json = { accept: "application/json" };
    const responses = {
      oversized: await call(`${origin}/auth/callback/credentials`, jar, {
        ...form({ csrfToken: csrf, email: DEMO_USER.email!, password: "x".repeat(200_000) }),
        headers: { "content-type": "application/x-www-form-urlencoded", ...json },
      }),
      badJson: await call(`${origin}/auth/callback/credentials`, jar, {
        method: "POST",
        headers: { "content-type": "application/json", ...json },
        body: "{ not json",
      }),
      badMultipart: await call(`${origin}/auth/callback/credentials`, jar, {
        method: "POST",
        headers: { "content-type": "multipart/form-data; boundary=missing", ...json },
        body: "no parts here",
      }),
      helperBadMultipart: await call(`${origin}/login`, jar, {
        method: "POST",
        headers: { "content-type": "multipart/form-data; boundary=missing" },
        body: "no parts",
      }),
      helperOversized: await call(`${origin}/login`, jar, form({ email: "a", password: "p".repeat(200_000) })),
      unknownAction: await call(`${origin}/auth/no-such-action`, jar),
      extraSegments: await call(`${origin}/auth/session/extra/segments`, jar),
      put: await call(`${origin}/auth/signout`, jar, { method: "PUT" }),
      head: await call(`${origin}/auth/signin`, jar, { method: "HEAD" }),
      options: await call(`${origin}/auth/signin`, jar, { method: "OPTIONS" }),
      badEncoding: await call(`${origin}/auth/callback/%E0%A4%A`, jar),
    };
    const statuses = Object.fromEntries(Object.entries(responses).map(([name, r]) => [name, r.status]));
    expect(statuses).toEqual({
      oversized: 413,
      badJson: 400,
      badMultipart: 400,
      helperBadMultipart: 400,
      helperOversized: 413,
      unknownAction: 404,
      extraSegments: 400,
      put: 405,
      head: 405,
      options: 405,
      badEncoding: 400,
    });
    for (const response of Object.values(responses)) expect(await response.text()).not.toMatch(/\n\s+at /);
  });

  it("refuses a route whose path disagrees with the base path, and serves one that agrees", async () => {
    const logged: unknown[] = [];
    const wrong = await listenApp(ReactRouterAuth(userConfig()), {
      authPath: "api/auth/*",
      onError: (error) => logged.push(error),
    });
    const refused = await call(`${wrong}/api/auth/providers`, new CookieJar());
    expect(refused.status).toBe(500);
    // React Router's production mode answers without the error's text; the fix is in the app's log.
    expect(await refused.text()).not.toContain("basePath");
    expect(String(logged[0])).toContain('set `basePath: "/api/auth"`');

    const right = await listenApp(ReactRouterAuth(userConfig({ basePath: "/api/auth" })), { authPath: "api/auth/*" });
    const providers = (await (await call(`${right}/api/auth/providers`, new CookieJar())).json()) as Record<
      string,
      { callbackUrl: string }
    >;
    expect(providers.credentials?.callbackUrl).toBe(`${right}/api/auth/callback/credentials`);
  });
});

describe("ReactRouterAuth: the session read and its cookies", () => {
  // updateAge 0: every read is due for re-issue, so the refreshed cookie must go out.
  const rolling = () => userConfig({ session: { updateAge: 0 } });

  async function signedIn(origin: string): Promise<CookieJar> {
    const jar = new CookieJar();
    await signInWithForm(origin, jar);
    await wait(1100); // a re-issued token differs from the first only once its `iat` second has passed
    return jar;
  }

  it("writes the re-issued JWT back through the root middleware: documents, data requests, resource routes", async () => {
    const origin = await listenApp(ReactRouterAuth(rolling()), { writeBack: "middleware" });
    const jar = await signedIn(origin);
    const first = jar.get(SESSION_COOKIE);
    const document = await navigate(`${origin}/dashboard`, jar);
    expect(sessionCookies(document)).toHaveLength(1);
    expect(sessionCookies(document)[0]).toMatch(/; Path=\/.*HttpOnly/i);
    expect(jar.get(SESSION_COOKIE)).not.toBe(first);
    const dataRequest = await call(`${origin}/dashboard.data`, jar);
    expect(dataRequest.status).toBe(200);
    expect(sessionCookies(dataRequest)).toHaveLength(1);
    const resource = await call(`${origin}/api/me`, jar);
    expect(sessionCookies(resource)).toHaveLength(1);
    expect(await resource.json()).toMatchObject({ session: { user: { email: DEMO_USER.email } } });
  });

  it("writes it back through the middleware on a redirect a loader threw after reading the session", async () => {
    const auth = ReactRouterAuth(rolling());
    const routes = appRoutes(auth, { writeBack: "middleware" });
    routes["routes/moved"] = {
      path: "moved",
      parentId: "root",
      module: {
        default: () => null,
        loader: async ({ request }: { request: Request }) => {
          await auth.getSession(request);
          throw Response.redirect(new URL("/dashboard", request.url), 302);
        },
      },
    };
    const origin = await listen(serverBuild(routes, { future: { v8_middleware: true } }));
    const jar = await signedIn(origin);
    const moved = await navigate(`${origin}/moved`, jar);
    expect(moved.status).toBe(302);
    expect(sessionCookies(moved)).toHaveLength(1);
  });

  it("writes it back through sessionHeaders(request) passed to data() and to a Response", async () => {
    const origin = await listenApp(ReactRouterAuth(rolling()), { writeBack: "headers" });
    const jar = await signedIn(origin);
    expect(sessionCookies(await navigate(`${origin}/dashboard`, jar))).toHaveLength(1);
    expect(sessionCookies(await call(`${origin}/dashboard.data`, jar))).toHaveLength(1);
    expect(sessionCookies(await call(`${origin}/api/me`, jar))).toHaveLength(1);
  });

  /** A logger keeping each warning's code and message. */
  function warningLog() {
    const warnings: unknown[][] = [];
    return {
      warnings,
      logger: { error: () => {}, debug: () => {}, warn: (...args: unknown[]) => warnings.push(args) },
    };
  }

  it("logs a re-issued cookie that no response carried (neither middleware nor sessionHeaders), once", async () => {
    const { logger, warnings } = warningLog();
    const origin = await listenApp(ReactRouterAuth({ ...rolling(), logger }), { writeBack: "none" });
    const jar = await signedIn(origin);
    const page = await navigate(`${origin}/dashboard`, jar);
    expect(await pageData(page)).toMatchObject({ "routes/dashboard": { user: { email: DEMO_USER.email } } });
    expect(sessionCookies(page)).toHaveLength(0);
    await navigate(`${origin}/dashboard`, jar);
    await wait(2200);
    const logged = warnings.filter(([code]) => code === "react-router-session-cookie");
    expect(logged).toEqual([["react-router-session-cookie", MISSING_WRITE_BACK]]);
  });

  it("logs nothing when the cookies went out", async () => {
    const { logger, warnings } = warningLog();
    const origin = await listenApp(ReactRouterAuth({ ...rolling(), logger }), { writeBack: "headers" });
    const jar = await signedIn(origin);
    await navigate(`${origin}/dashboard`, jar);
    await wait(2200);
    expect(warnings.filter(([code]) => code === "react-router-session-cookie")).toEqual([]);
  });

  it("reads once per request: requireSession's read answers getSession in the same loader", async () => {
    let decoded = 0;
    const auth = ReactRouterAuth(
      userConfig({
        callbacks: {
          jwt: ({ token }) => {
            decoded++;
            return token;
          },
        },
      }),
    );
    const routes = appRoutes(auth);
    routes["routes/both"] = {
      path: "api/both",
      parentId: "root",
      module: {
        loader: async ({ request }: { request: Request }) => {
          const required = await auth.requireSession(request);
          return Response.json({ same: required === (await auth.getSession(request)) });
        },
      },
    };
    const origin = await listen(serverBuild(routes));
    const jar = new CookieJar();
    await signInWithForm(origin, jar);
    decoded = 0;
    expect(await (await call(`${origin}/api/both`, jar)).json()).toEqual({ same: true });
    expect(decoded).toBe(1);
  });

  it("fails closed: a tampered cookie or a missing secret reads as no session", async () => {
    const origin = await listenApp(ReactRouterAuth(userConfig()));
    const jar = new CookieJar();
    await signInWithForm(origin, jar);
    jar.cookies.set(SESSION_COOKIE, `${jar.get(SESSION_COOKIE)!.slice(0, -4)}AAAA`);
    expect(await (await call(`${origin}/api/me`, jar)).json()).toEqual({ session: null });

    const { secret: _none, ...withoutSecret } = userConfig();
    const noSecret = await listenApp(ReactRouterAuth(withoutSecret));
    expect(await (await call(`${noSecret}/api/me`, new CookieJar())).json()).toEqual({ session: null });
    expect((await call(`${noSecret}/api/notes`, new CookieJar())).status).toBe(401);
  });

  it("has React Router's own types: a route module's loader, action and middleware; a required session", () => {
    const auth = ReactRouterAuth(userConfig());
    expectTypeOf(auth.loader).toExtend<NonNullable<ServerRouteModule["loader"]>>();
    expectTypeOf(auth.action).toExtend<NonNullable<ServerRouteModule["action"]>>();
    expectTypeOf(auth.middleware).toExtend<MiddlewareFunction<Response>>();
    expectTypeOf(auth.requireSession).returns.resolves.toEqualTypeOf<Session>();
    expectTypeOf(auth.getSession).returns.resolves.toEqualTypeOf<Session | null>();
    expect(typeof auth.middleware).toBe("function");
  });
});

describe("ReactRouterAuth: requireSession", () => {
  for (const passThroughRequests of [false, true]) {
    const flavour = passThroughRequests ? "loaders see the raw .data URL (React Router 8)" : "React Router 7";
    it(`redirects a page to sign-in and answers data and API requests 401, then lets the user through (${flavour})`, async () => {
      const origin = await listenApp(ReactRouterAuth(userConfig()), { passThroughRequests });
      const jar = new CookieJar();
      const page = await navigate(`${origin}/account?tab=keys`, jar);
      expect(page.status).toBe(302);
      const location = new URL(page.headers.get("location")!);
      expect(`${location.origin}${location.pathname}`).toBe(`${origin}/auth/signin`);
      expect(location.searchParams.get("callbackUrl")).toBe("/account?tab=keys");

      // React Router's client fetches a page's data as `/account.data`; a script cannot render a sign-in page.
      const data = await call(`${origin}/account.data?_routes=routes/account`, jar);
      expect(data.status).toBe(401);
      // Remix's data request (`?_data=`), even with a page's headers.
      expect((await navigate(`${origin}/account?_data=routes%2Faccount`, jar)).status).toBe(401);
      const api = await call(`${origin}/api/notes`, jar, { headers: { accept: "application/json" } });
      expect(api.status).toBe(401);
      expect(await api.json()).toEqual({ message: "Sign in to use this resource." });

      await signInWithForm(origin, jar);
      const allowed = await call(`${origin}/api/notes`, jar);
      expect(await allowed.json()).toEqual({ notes: ["one"], user: DEMO_USER.email });
      const signedInPage = await navigate(`${origin}/account`, jar);
      expect(await pageData(signedInPage)).toMatchObject({ "routes/account": { email: DEMO_USER.email } });
      expect((await call(`${origin}/account.data`, jar)).status).toBe(200);
    });
  }

  it("asks the authorized callback too: its Response is sent, and a signed-out visitor it lets through gets 401", async () => {
    const config = userConfig({
      callbacks: {
        authorized: ({ request }) =>
          new URL(request.url).searchParams.has("blocked") ? new Response("Blocked.", { status: 403 }) : true,
      },
    });
    const origin = await listenApp(ReactRouterAuth(config));
    const jar = new CookieJar();
    await signInWithForm(origin, jar);
    const blocked = await call(`${origin}/api/notes?blocked`, jar);
    expect(blocked.status).toBe(403);
    expect(await blocked.text()).toBe("Blocked.");
    // Let through signed out: no session to return, and no redirect loop either.
    const signedOut = await navigate(`${origin}/account`, new CookieJar());
    expect(signedOut.status).toBe(401);
  });

  it("redirects to the app's own sign-in page (pages.signIn) with where to come back to", async () => {
    const origin = await listenApp(ReactRouterAuth(userConfig({ pages: { signIn: "/login" } })));
    const page = await navigate(`${origin}/account`, new CookieJar());
    const location = new URL(page.headers.get("location")!, origin);
    expect(location.pathname).toBe("/login");
    expect(location.searchParams.get("callbackUrl")).toBe("/account");
  });
});

describe("ReactRouterAuth: server-side signIn and signOut in actions", () => {
  const sameOrigin = (origin: string) => ({ origin, "sec-fetch-site": "same-origin" });

  it("signs in from the app's own action, and signs out from another", async () => {
    const origin = await listenApp(ReactRouterAuth(userConfig()));
    const jar = new CookieJar();
    const signedIn = await call(
      `${origin}/login`,
      jar,
      form({ email: DEMO_USER.email!, password: "correct horse", redirectTo: "/account" }, sameOrigin(origin)),
    );
    expect(signedIn.status).toBe(303);
    expect(new URL(signedIn.headers.get("location")!, origin).pathname).toBe("/account");
    // The app's own page: React Router's client navigates there itself.
    expect(signedIn.headers.get("x-remix-reload-document")).toBeNull();
    expect(jar.get(SESSION_COOKIE)).toBeTruthy();
    expect(await (await call(`${origin}/api/me`, jar)).json()).toMatchObject({
      session: { user: { name: DEMO_USER.name } },
    });

    const signedOut = await call(`${origin}/logout`, jar, form({ redirectTo: "/" }, sameOrigin(origin)));
    expect(signedOut.status).toBe(303);
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
  });

  it("signs in through React Router's client (a <Form> submitted as a .data request)", async () => {
    const origin = await listenApp(ReactRouterAuth(userConfig()));
    const jar = new CookieJar();
    const response = await call(
      `${origin}/login.data`,
      jar,
      form({ email: DEMO_USER.email!, password: "correct horse", redirectTo: "/account" }, sameOrigin(origin)),
    );
    // React Router answers a data request's redirect with 202 and the target in its own encoding.
    expect(response.status).toBe(202);
    expect(await response.text()).toContain("/account");
    expect(jar.get(SESSION_COOKIE)).toBeTruthy();
  });

  it("lands a wrong password on the built-in sign-in page with CredentialsSignin, as a document load", async () => {
    const origin = await listenApp(ReactRouterAuth(userConfig()));
    const jar = new CookieJar();
    const response = await call(
      `${origin}/login`,
      jar,
      form({ email: DEMO_USER.email!, password: "wrong" }, sameOrigin(origin)),
    );
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get("location")!, origin);
    expect(location.pathname).toBe("/auth/signin");
    expect(location.searchParams.get("error")).toBe("CredentialsSignin");
    // A resource route's page: React Router's client must load it as a document, not render it.
    expect(response.headers.get("x-remix-reload-document")).toBe("true");
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
  });

  it("starts an OAuth sign-in from an action with the callback under the base path", async () => {
    const config = userConfig({ basePath: "/api/auth" });
    const auth = ReactRouterAuth({ ...config, providers: [github({ clientId: "Iv1.rr", clientSecret: "s" })] });
    const routes = appRoutes(auth, { authPath: "api/auth/*" });
    routes["routes/login.github"] = {
      path: "login/github",
      parentId: "root",
      module: { default: () => null, action: ({ request }: { request: Request }) => auth.signIn(request, "github") },
    };
    const origin = await listen(serverBuild(routes));
    const jar = new CookieJar();
    const response = await call(`${origin}/login/github`, jar, { method: "POST", headers: sameOrigin(origin) });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get("location")!);
    expect(location.origin).toBe("https://github.com");
    expect(location.searchParams.get("redirect_uri")).toBe(`${origin}/api/auth/callback/github`);
    expect(jar.get("authjs.state")).toBeTruthy();
  });

  it("refuses a cross-site form posted to the helpers' actions (login CSRF)", async () => {
    const origin = await listenApp(ReactRouterAuth(userConfig()));
    const jar = new CookieJar();
    const fields = { email: DEMO_USER.email!, password: "correct horse" };
    // React Router refuses a foreign Origin on a route's action itself; Fetch Metadata alone reaches the helper.
    const foreignOrigin = await call(`${origin}/login`, jar, form(fields, { origin: "https://evil.example" }));
    expect(foreignOrigin.status).toBeGreaterThanOrEqual(400);
    const crossSite = await call(`${origin}/login`, jar, form(fields, { "sec-fetch-site": "cross-site" }));
    expect(crossSite.status).toBe(403);
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
  });

  it("asks for the form when the action read it first, and signs in with it when handed over", async () => {
    const auth = ReactRouterAuth(userConfig());
    const routes = appRoutes(auth);
    const errors: unknown[] = [];
    routes["routes/login.read"] = {
      path: "login/read",
      parentId: "root",
      module: {
        default: () => null,
        action: async ({ request }: { request: Request }) => {
          const fields = await request.formData();
          if (fields.get("handOver") === "yes") return auth.signIn(request, "credentials", { fields });
          return auth.signIn(request, "credentials");
        },
      },
    };
    const origin = await listen(serverBuild(routes, { onError: (error) => errors.push(error) }));
    const jar = new CookieJar();
    const fields = { email: DEMO_USER.email!, password: "correct horse", redirectTo: "/account" };
    const forgot = await call(`${origin}/login/read`, jar, form(fields, sameOrigin(origin)));
    expect(forgot.status).toBe(500);
    expect(String(errors[0])).toContain("{ fields: form }");
    const handed = await call(`${origin}/login/read`, jar, form({ ...fields, handOver: "yes" }, sameOrigin(origin)));
    expect(handed.status).toBe(303);
    expect(jar.get(SESSION_COOKIE)).toBeTruthy();
  });
});

describe("ReactRouterAuth without JavaScript", () => {
  it("signs in with a page's own form posted to the auth route, its CSRF field from the auth route's loader", async () => {
    const auth = ReactRouterAuth(userConfig());
    const routes = appRoutes(auth);
    // docs/react-router.md: the page's loader asks the auth route for the token and hands on its cookie.
    routes["routes/login.form"] = {
      path: "login/form",
      parentId: "root",
      module: {
        default: () => null,
        loader: async ({ request }: { request: Request }) => {
          const csrf = await auth.loader({ request: new Request(new URL("/auth/csrf", request.url), request) });
          const { csrfToken } = (await csrf.json()) as { csrfToken: string };
          const headers = new Headers();
          for (const cookie of csrf.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
          return data({ csrfToken }, { headers });
        },
      },
    };
    const origin = await listen(serverBuild(routes));
    const jar = new CookieJar();
    const page = await navigate(`${origin}/login/form`, jar);
    const { csrfToken } = (await pageData(page))["routes/login.form"] as { csrfToken: string };
    expect(jar.get("authjs.csrf-token")).toBeTruthy();
    const posted = await call(
      `${origin}/auth/callback/credentials`,
      jar,
      form(
        { csrfToken, email: DEMO_USER.email!, password: "correct horse", callbackUrl: `${origin}/account` },
        { origin, "sec-fetch-site": "same-origin" },
      ),
    );
    expect(posted.status).toBe(302);
    expect(posted.headers.get("location")).toBe(`${origin}/account`);
    expect(jar.get(SESSION_COOKIE)).toBeTruthy();
  });
});

describe("ReactRouterAuth: the origin", () => {
  const forwarded = { "x-forwarded-proto": "https", "x-forwarded-host": "evil.example" };

  for (const urlFromForwardedHost of [false, true]) {
    const adapter = urlFromForwardedHost ? "an adapter that builds request.url from X-Forwarded-Host" : "an adapter";
    it(`ignores X-Forwarded-* without trustHost, behind ${adapter}`, async () => {
      const origin = await listenApp(ReactRouterAuth(userConfig({ trustHost: false })), { urlFromForwardedHost });
      const page = await call(`${origin}/auth/signin`, new CookieJar(), { headers: forwarded });
      expect(await page.text()).not.toContain("evil.example");
      const guarded = await navigate(`${origin}/account`, new CookieJar(), forwarded);
      expect(new URL(guarded.headers.get("location")!).origin).toBe(origin);
      const helper = await call(`${origin}/login`, new CookieJar(), form({}, forwarded));
      expect(new URL(helper.headers.get("location")!).origin).toBe(origin);
    });
  }

  it("believes a trusted proxy's X-Forwarded-* under trustHost", async () => {
    const origin = await listenApp(ReactRouterAuth(userConfig({ trustHost: true })));
    const proxied = await call(`${origin}/auth/signin`, new CookieJar(), { headers: forwarded });
    expect(await proxied.text()).toContain('action="https://evil.example/auth/callback/credentials"');
  });

  it("ignores X-Forwarded-Host in production with no AUTH_URL or trustHost: only loopback is trusted", async () => {
    const before = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    try {
      const { trustHost: _unset, ...config } = userConfig();
      const origin = await listenApp(ReactRouterAuth(config));
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

/** What a page component shows with `useSession()` under the root's `SessionProvider`. */
function Status() {
  const { data: session, status } = useSession();
  return createElement("p", null, `${status}:${session?.user?.email ?? "nobody"}`);
}

describe("ReactRouterAuth with the ./react bindings", () => {
  it("server-renders SessionProvider and useSession with the session the root loader read", async () => {
    const auth = ReactRouterAuth(userConfig());
    const routes = appRoutes(auth);
    // app/root.tsx: the loader reads the session; the layout hands it to SessionProvider (no fetch on mount).
    routes.root!.module.loader = async ({ request }: { request: Request }) =>
      data({ session: await auth.getSession(request) }, { headers: auth.sessionHeaders(request) });
    const render = (loaderData: Record<string, unknown>) => {
      const { session } = loaderData.root as { session: Session | null };
      return renderToString(createElement(SessionProvider, { session, basePath: "/auth" }, createElement(Status)));
    };
    const origin = await listen(serverBuild(routes, { render }));
    const jar = new CookieJar();
    expect(await (await navigate(`${origin}/dashboard`, jar)).text()).toContain("unauthenticated:nobody");
    await signInWithForm(origin, jar);
    expect(await (await navigate(`${origin}/dashboard`, jar)).text()).toContain(`authenticated:${DEMO_USER.email}`);
  });
});
