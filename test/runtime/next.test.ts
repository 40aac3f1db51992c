/**
 * The Next.js integration: `auth` as middleware/proxy (the `authorized` callback, its default, a returned
 * Response, no redirect loop), `auth(handler)`, lazy config, the base path, a browser on 127.0.0.1 / [::1]
 * (route handlers, middleware, and `auth()` / `signIn()` in Next's own request scope for `next/headers`), and
 * the Pages Router (`auth(req, res)`, `auth(context)`, `pagesApiRoute`) on a real Node HTTP server.
 */
// Next's server loads this first: it exposes AsyncLocalStorage, which `next/headers` needs.
import "next/dist/server/node-environment-baseline.js";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { NextRequest } from "next/server.js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { AccountLinkRefused } from "../../src/runtime/errors.js";
import { encode } from "../../src/runtime/jwt.js";
import NextAuth, { type NextAuthConfig, pagesApiRoute } from "../../src/runtime/next.js";
import github from "../../src/runtime/providers/github.js";
import type { Session } from "../../src/runtime/types.js";
import { inNextRequest } from "../support/next-request-scope.js";
import { baseConfig, CookieJar, DEMO_USER, ORIGIN, SECRET } from "./core/support.js";

const SESSION_COOKIE = "authjs.session-token";

function config(overrides: Partial<NextAuthConfig> = {}): NextAuthConfig {
  const { basePath: _core, ...rest } = baseConfig();
  return { ...rest, ...overrides };
}

async function sessionCookie(): Promise<string> {
  const token = await encode({
    // Signed in just now: a link needs a recent sign-in (linking.maxAuthAge).
    token: {
      name: DEMO_USER.name,
      email: DEMO_USER.email,
      sub: DEMO_USER.id,
      auth_time: Math.floor(Date.now() / 1000),
    },
    secret: SECRET,
    salt: SESSION_COOKIE,
  });
  return `${SESSION_COOKIE}=${token}`;
}

function nextRequest(path: string, cookie?: string): NextRequest {
  return new NextRequest(`${ORIGIN}${path}`, { headers: cookie ? { cookie } : {} });
}

/** Next's middleware calls it with (request, event); the event is not used by auth. */
const event = {} as never;

describe("auth as middleware / proxy", () => {
  it("sends a signed-out visitor to the built-in sign-in page with where they were going", async () => {
    const { auth } = NextAuth(config());
    const response = await auth(nextRequest("/dashboard/notes?page=2"), event);
    expect(response.status).toBe(307);
    const location = new URL(response.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe(`${ORIGIN}/api/auth/signin`);
    expect(location.searchParams.get("callbackUrl")).toBe("/dashboard/notes?page=2");
  });

  it("lets a signed-in user through and re-issues the session cookie", async () => {
    // updateAge 0: every read is due for re-issue, so the rolled cookie must come through.
    const { auth } = NextAuth(config({ session: { updateAge: 0 } }));
    const response = await auth(nextRequest("/dashboard", await sessionCookie()), event);
    expect(response.headers.get("x-middleware-next")).toBe("1");
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))).toBe(true);
  });

  it("never redirects the auth routes or the sign-in page itself (no redirect loop)", async () => {
    const { auth } = NextAuth(config({ pages: { signIn: "/login" } }));
    for (const path of ["/login", "/login/", "/api/auth/signin", "/api/auth/callback/oidc", "/api/auth/session"]) {
      const response = await auth(nextRequest(path), event);
      expect(response.headers.get("x-middleware-next"), path).toBe("1");
    }
    const protectedPage = await auth(nextRequest("/settings"), event);
    expect(new URL(protectedPage.headers.get("location")!).pathname).toBe("/login");
  });

  it("keeps guarding every request when a custom page is one the redirect rule refuses (core/redirect.ts)", async () => {
    // A port no URL parser accepts: `new URL` of it throws, which rejected every request the middleware saw.
    const { auth } = NextAuth(
      config({ pages: { signIn: "http://localhost:65536/", error: "http://localhost:65536/" } }),
    );
    const response = await auth(nextRequest("/dashboard"), event);
    expect(response.status).toBe(307);
    const location = new URL(response.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe(`${ORIGIN}/api/auth/signin`);
  });

  it("does not let a sign-in page on another origin exempt the same path on this one", async () => {
    const { auth } = NextAuth(config({ pages: { signIn: "https://id.example.test/dashboard" } }));
    const response = await auth(nextRequest("/dashboard"), event);
    expect(response.headers.get("x-middleware-next")).toBeNull();
    const location = new URL(response.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe("https://id.example.test/dashboard");
    expect(location.searchParams.get("callbackUrl")).toBe("/dashboard");
  });

  it("follows the authorized callback: its Response overrides, its true lets a signed-out visitor in", async () => {
    const { auth } = NextAuth(
      config({
        callbacks: {
          authorized({ auth: session, request }) {
            const path = new URL(request.url).pathname;
            if (path.startsWith("/admin")) return Response.json({ error: "forbidden" }, { status: 403 });
            return path === "/public" || Boolean(session?.user);
          },
        },
      }),
    );
    const forbidden = await auth(nextRequest("/admin", await sessionCookie()), event);
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({ error: "forbidden" });
    expect((await auth(nextRequest("/public"), event)).headers.get("x-middleware-next")).toBe("1");
    expect((await auth(nextRequest("/private"), event)).status).toBe(307);
  });

  it("reads an unreadable session cookie as signed out (fail closed)", async () => {
    const { auth } = NextAuth(config());
    const response = await auth(nextRequest("/dashboard", `${SESSION_COOKIE}=not-a-token`), event);
    expect(response.status).toBe(307);
  });
});

describe("auth(handler)", () => {
  it("gives the handler the session as request.auth, and null when signed out", async () => {
    const { auth } = NextAuth(config());
    const GET = auth((request) => Response.json({ user: request.auth?.user ?? null }));
    const signedIn = await GET(nextRequest("/api/me", await sessionCookie()), { params: Promise.resolve({}) });
    expect(await signedIn.json()).toEqual({ user: { name: DEMO_USER.name, email: DEMO_USER.email, image: null } });
    const signedOut = await GET(nextRequest("/api/me"), { params: Promise.resolve({}) });
    expect(await signedOut.json()).toEqual({ user: null });
  });

  it("lets the request through when the wrapped middleware returns nothing", async () => {
    const { auth } = NextAuth(config());
    const seen: (Session | null)[] = [];
    const middleware = auth((request) => {
      seen.push(request.auth);
      return undefined;
    });
    const response = await middleware(nextRequest("/"), event);
    expect(response.headers.get("x-middleware-next")).toBe("1");
    expect(seen).toEqual([null]);
  });
});

describe("configuration", () => {
  afterEach(() => {
    delete process.env.AUTH_URL;
  });

  it("resolves a lazy config per request, with that request", async () => {
    const seen: (string | undefined)[] = [];
    const { auth } = NextAuth((request) => {
      seen.push(request?.nextUrl.pathname);
      return config();
    });
    await auth(nextRequest("/a"), event);
    await auth(nextRequest("/b"), event);
    expect(seen).toEqual(["/a", "/b"]);
  });

  it("serves under /api/auth by default, and under AUTH_URL's path when it has one", async () => {
    const { handlers } = NextAuth(config());
    expect((await handlers.GET(nextRequest("/api/auth/providers"))).status).toBe(200);
    process.env.AUTH_URL = `${ORIGIN}/custom/auth`;
    const custom = NextAuth(config());
    const providers = await custom.handlers.GET(nextRequest("/custom/auth/providers"));
    expect(providers.status).toBe(200);
    expect((await providers.json()).credentials.signinUrl).toBe(`${ORIGIN}/custom/auth/signin/credentials`);
  });
});

describe("a browser on 127.0.0.1 or [::1] (NextURL rewrites a loopback host to localhost)", () => {
  afterEach(() => {
    delete process.env.AUTH_URL;
  });

  /** What Next hands the route: `url` as it builds it, and the headers the browser on `origin` sent. */
  function routeRequest(url: string, origin: string, init: { host?: string; jar?: CookieJar; body?: URLSearchParams }) {
    const headers: Record<string, string> = { origin };
    if (init.host) headers.host = init.host;
    if (init.jar) headers.cookie = init.jar.header();
    if (!init.body) return new NextRequest(url, { headers });
    headers["content-type"] = "application/x-www-form-urlencoded";
    return new NextRequest(url, { method: "POST", headers, body: init.body });
  }

  /** A credentials sign-in through the App Router handlers, as the browser on `origin` makes it. */
  async function signIn(handlers: ReturnType<typeof NextAuth>["handlers"], origin: string, routeOrigin: string) {
    const host = routeOrigin === origin ? undefined : new URL(origin).host;
    const jar = new CookieJar();
    const csrf = await handlers.GET(routeRequest(`${routeOrigin}/api/auth/csrf`, origin, { host }));
    jar.apply(csrf);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const body = new URLSearchParams({ csrfToken, email: DEMO_USER.email!, password: "correct horse" });
    body.set("callbackUrl", "/dashboard");
    const response = await handlers.POST(
      routeRequest(`${routeOrigin}/api/auth/callback/credentials`, origin, { host, jar, body }),
    );
    return { response, jar: jar.apply(response) };
  }

  for (const origin of ["http://127.0.0.1:3000", "http://[::1]:3000"]) {
    it(`signs in a browser on ${origin} and sends it back there, where its cookies are (request URL as given)`, async () => {
      const { handlers } = NextAuth(config());
      const { response, jar } = await signIn(handlers, origin, origin);
      expect(response.headers.get("location")).toBe(`${origin}/dashboard`);
      expect(jar.get(SESSION_COOKIE)).toBeDefined();
    });

    it(`signs in a browser on ${origin} as Next's server hands the route over (its own hostname, the browser's Host)`, async () => {
      const { handlers } = NextAuth(config());
      const { response, jar } = await signIn(handlers, origin, "http://localhost:3000");
      expect(response.headers.get("location")).toBe(`${origin}/dashboard`);
      expect(jar.get(SESSION_COOKIE)).toBeDefined();
    });

    it(`auth as middleware sends a signed-out browser on ${origin} to the sign-in page there`, async () => {
      const { auth } = NextAuth(config());
      const response = await auth(new NextRequest(`${origin}/dashboard`), event);
      expect(response.status).toBe(307);
      const location = new URL(response.headers.get("location")!);
      expect(`${location.origin}${location.pathname}`).toBe(`${origin}/api/auth/signin`);
      expect(location.searchParams.get("callbackUrl")).toBe("/dashboard");
    });
  }

  it("auth() reads the session of a browser on 127.0.0.1 signed in there", async () => {
    const { auth, handlers } = NextAuth(config());
    const { jar } = await signIn(handlers, "http://127.0.0.1:3000", "http://127.0.0.1:3000");
    const GET = auth((request) => Response.json(request.auth?.user ?? null));
    const me = await GET(new NextRequest("http://127.0.0.1:3000/api/me", { headers: { cookie: jar.header() } }), {
      params: Promise.resolve({}),
    });
    expect(await me.json()).toMatchObject({ email: DEMO_USER.email });
  });

  it.each([
    "evil.test:3000",
    "127.0.0.1:4000",
    "[::1]:4000",
    "10.0.0.7:3000",
    "127.0.0.1.evil.test:3000",
    "0.0.0.0:3000",
  ])("a Host of %s does not move a localhost URL (only NextURL's own rewrite is undone)", async (host) => {
    const { handlers } = NextAuth(config());
    const response = await handlers.GET(routeRequest(`${ORIGIN}/api/auth/providers`, ORIGIN, { host }));
    expect((await response.json()).credentials.signinUrl).toBe(`${ORIGIN}/api/auth/signin/credentials`);
  });

  it("with AUTH_URL set, a browser's loopback Host changes nothing: its origin is not the app's", async () => {
    process.env.AUTH_URL = "http://localhost:3000/api/auth";
    const { handlers } = NextAuth(config());
    const providers = await handlers.GET(
      routeRequest(`${ORIGIN}/api/auth/providers`, "http://127.0.0.1:3000", { host: "127.0.0.1:3000" }),
    );
    expect((await providers.json()).credentials.signinUrl).toBe(`${ORIGIN}/api/auth/signin/credentials`);
    const { response, jar } = await signIn(handlers, "http://127.0.0.1:3000", ORIGIN);
    expect(new URL(response.headers.get("location")!).searchParams.get("error")).toBe("MissingCSRF");
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
  });

  it("without a trusted host, a browser on 127.0.0.1 is still refused (UntrustedHost)", async () => {
    const { handlers } = NextAuth(config({ trustHost: false }));
    const response = await handlers.GET(
      routeRequest("http://127.0.0.1:3000/api/auth/providers", "http://127.0.0.1:3000", {}),
    );
    expect(response.ok).toBe(false);
  });
});

describe("server components and server actions (next/headers) of a browser on 127.0.0.1", () => {
  const BROWSER = "http://127.0.0.1:3000";

  /** Runs `action` in the request scope Next gives a page of BROWSER (as its server builds it: its own hostname). */
  async function inRequest<T>(cookie: string, action: () => Promise<T>) {
    const headers = new Headers({ host: "127.0.0.1:3000", origin: BROWSER, referer: `${BROWSER}/journal`, cookie });
    const jar = new CookieJar();
    const outcome = await inNextRequest(headers, new URL("http://localhost:3000/journal"), action);
    const written = new Headers();
    for (const value of outcome.setCookies) written.append("set-cookie", value);
    jar.apply(new Response(null, { headers: written }));
    return "value" in outcome ? { value: outcome.value, jar } : { redirect: outcome.redirect, jar };
  }

  it("signIn() sends the browser back to 127.0.0.1 with its session, and auth() reads it there", async () => {
    const { auth, signIn } = NextAuth(config());
    const signedIn = await inRequest("", () =>
      signIn("credentials", { email: DEMO_USER.email!, password: "correct horse", redirectTo: "/dashboard" }),
    );
    expect(signedIn.redirect).toBe(`${BROWSER}/dashboard`);
    const cookie = signedIn.jar.get(SESSION_COOKIE);
    expect(cookie).toBeDefined();
    const read = await inRequest(`${SESSION_COOKIE}=${cookie}`, () => auth());
    expect(read.value).toMatchObject({ user: { email: DEMO_USER.email } });
  });
});

describe("signIn(provider, { link: true }) from a server action (docs/linking.md)", () => {
  const withGitHub = () => config({ providers: [github({ clientId: "Iv1.link", clientSecret: "s" })] });

  async function inAction<T>(cookie: string, action: () => Promise<T>) {
    const headers = new Headers({ host: "localhost:3000", origin: ORIGIN, referer: `${ORIGIN}/settings`, cookie });
    return inNextRequest(headers, new URL(`${ORIGIN}/settings`), action);
  }

  it("with a recent sign-in, sets the link intent and redirects to the provider", async () => {
    const { signIn } = NextAuth(withGitHub());
    const outcome = await inAction(await sessionCookie(), () => signIn("github", { link: true }));
    expect("redirect" in outcome && new URL(outcome.redirect!).origin).toBe("https://github.com");
    expect(outcome.setCookies.some((cookie) => cookie.startsWith("authjs.link-intent="))).toBe(true);
  });

  it("without a session, throws AccountLinkRefused (code signin) and sets no intent", async () => {
    const { signIn } = NextAuth(withGitHub());
    const outcome = await inAction("", () => signIn("github", { link: true }));
    expect("thrown" in outcome && outcome.thrown).toBeInstanceOf(AccountLinkRefused);
    expect("thrown" in outcome && (outcome.thrown as AccountLinkRefused).code).toBe("signin");
    expect(outcome.setCookies.some((cookie) => cookie.startsWith("authjs.link-intent="))).toBe(false);
  });
});

describe("Pages Router", () => {
  let server: Server;
  let origin = "";
  // updateAge 0: every session read re-issues the cookie, so the tests can see it forwarded.
  const { auth, handlers } = NextAuth(config({ session: { updateAge: 0 } }));
  const apiRoute = pagesApiRoute(handlers);

  beforeAll(async () => {
    server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
      if (req.url?.startsWith("/api/auth/")) return apiRoute(req, res);
      if (req.url === "/api/me") {
        const session = await auth(req, res);
        res.setHeader("content-type", "application/json");
        return res.end(JSON.stringify(session));
      }
      // What getServerSideProps receives.
      const context = { req, res, query: {}, resolvedUrl: req.url ?? "/" };
      const session = await auth(context);
      res.end(session?.user?.email ?? "signed out");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("signs in through the API route's CSRF and credentials endpoints, then auth(req, res) and auth(context) see the user", async () => {
    const jar = new CookieJar();
    const csrfResponse = await fetch(`${origin}/api/auth/csrf`);
    jar.apply(csrfResponse);
    const { csrfToken } = (await csrfResponse.json()) as { csrfToken: string };
    const signIn = await fetch(`${origin}/api/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, email: DEMO_USER.email!, password: "correct horse", callbackUrl: "/" }),
    });
    expect(signIn.status).toBe(302);
    jar.apply(signIn);
    expect(jar.get(SESSION_COOKIE)).toBeDefined();

    const me = await fetch(`${origin}/api/me`, { headers: { cookie: jar.header() } });
    expect(await me.json()).toMatchObject({ user: { email: DEMO_USER.email } });
    expect(me.headers.getSetCookie().some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))).toBe(true);
    const page = await fetch(`${origin}/notes`, { headers: { cookie: jar.header() } });
    expect(await page.text()).toBe(DEMO_USER.email);
  });

  it("keeps the app's own framing policy set on res before the API route (next.config.js headers())", async () => {
    const appPolicy = createServer((req, res) => {
      res.setHeader("X-Frame-Options", "SAMEORIGIN");
      res.setHeader("Content-Security-Policy", "default-src 'self'; frame-ancestors 'self'");
      return apiRoute(req, res);
    });
    await new Promise<void>((resolve) => appPolicy.listen(0, "127.0.0.1", resolve));
    try {
      const page = await fetch(`http://127.0.0.1:${(appPolicy.address() as AddressInfo).port}/api/auth/signin`);
      expect(page.headers.get("x-frame-options")).toBe("SAMEORIGIN");
      expect(page.headers.get("content-security-policy")).toBe("default-src 'self'; frame-ancestors 'self'");
      // Without a policy of the app's, the core's own is sent.
      const own = await fetch(`${origin}/api/auth/signin`);
      expect(own.headers.get("x-frame-options")).toBe("DENY");
      expect(own.headers.get("content-security-policy")).toBe("frame-ancestors 'none'");
    } finally {
      await new Promise<void>((resolve) => appPolicy.close(() => resolve()));
    }
  });

  it("takes X-Forwarded-Proto only as one http or https, never the first entry of a list", async () => {
    const providers = async (proto: string) => {
      const response = await fetch(`${origin}/api/auth/providers`, { headers: { "x-forwarded-proto": proto } });
      return new URL(((await response.json()) as { credentials: { signinUrl: string } }).credentials.signinUrl)
        .protocol;
    };
    expect(await providers("https")).toBe("https:");
    expect(await providers("https, http")).toBe("http:");
    expect(await providers("javascript")).toBe("http:");
  });

  it("answers null to a visitor without a session", async () => {
    expect(await (await fetch(`${origin}/api/me`)).json()).toBeNull();
    expect(await (await fetch(`${origin}/notes`)).text()).toBe("signed out");
  });
});
