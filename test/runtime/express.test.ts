/**
 * The Express integration on a real Express 5 app listening on loopback, driven with fetch as a browser
 * would: the sign-in page, CSRF, a credentials sign-in, the session, getSession in the app's own route,
 * sign-out, body parsers before or after the mount, nested routers, and Express's `trust proxy` deciding
 * whether forwarded headers count.
 */
import type { AddressInfo } from "node:net";
import express, { type Express } from "express";
import { afterEach, describe, expect, it } from "vitest";
import { ExpressAuth, type ExpressAuthConfig, getSession } from "../../src/runtime/express.js";
import github from "../../src/runtime/providers/github.js";
import { baseConfig, CookieJar, captureLogger, DEMO_USER } from "./core/support.js";
import { call, csrfToken, form, signIn } from "./support/loopback.js";

const servers: { close(): void }[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** The config as a user writes it: no basePath (the mount point is the base path). */
function userConfig(overrides: Partial<ExpressAuthConfig> = {}): ExpressAuthConfig {
  const { basePath: _unused, ...config } = baseConfig({ logger: captureLogger().logger });
  return { ...config, ...overrides };
}

/** An app shaped like the generated mount: auth first, then the app's routes, one protected by getSession. */
function appWith(config: ExpressAuthConfig, setup: (app: Express) => void = () => {}): Express {
  const app = express();
  setup(app);
  app.use("/auth", ExpressAuth(config));
  app.get("/auth/help", (_req, res) => {
    res.send("the app's own page under /auth");
  });
  app.get("/me", async (req, res) => {
    res.json({ session: await getSession(req, config) });
  });
  app.post("/notes", express.urlencoded({ extended: false }), async (req, res) => {
    const session = await getSession(req, config);
    res.json({ user: session?.user?.email ?? null, title: req.body.title });
  });
  return app;
}

async function listen(app: Express): Promise<string> {
  return new Promise((resolve) => {
    const server = app.listen(0, "127.0.0.1", () => {
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    });
    servers.push(server);
  });
}

describe("ExpressAuth on Express 5", () => {
  it("serves the built-in sign-in page under its mount point", async () => {
    const origin = await listen(appWith(userConfig()));
    const response = await call(`${origin}/auth/signin`, new CookieJar());
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    const page = await response.text();
    expect(page).toContain(`action="${origin}/auth/callback/credentials"`);
  });

  it("signs in with credentials, reads the session over HTTP and in a route, then signs out", async () => {
    const origin = await listen(appWith(userConfig()));
    const jar = new CookieJar();
    const signedIn = await signIn(origin, jar);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe(`${origin}/me`);
    // The session cookie and the callback-url cookie arrive as separate Set-Cookie headers.
    expect(signedIn.headers.getSetCookie().length).toBeGreaterThanOrEqual(2);
    expect(jar.get("authjs.session-token")).toBeTruthy();

    const session = await (await call(`${origin}/auth/session`, jar)).json();
    expect(session).toMatchObject({ user: { email: DEMO_USER.email, name: DEMO_USER.name } });
    const me = (await (await call(`${origin}/me`, jar)).json()) as { session: unknown };
    expect(me.session).toMatchObject({ user: { email: DEMO_USER.email }, expires: expect.any(String) });

    const csrf = await csrfToken(origin, jar);
    const signedOut = await call(`${origin}/auth/signout`, jar, form({ csrfToken: csrf, callbackUrl: `${origin}/` }));
    expect(signedOut.status).toBe(302);
    expect(jar.get("authjs.session-token")).toBeUndefined();
    expect(await (await call(`${origin}/me`, jar)).json()).toEqual({ session: null });
  });

  it("redirects a wrong password back to the sign-in page with CredentialsSignin", async () => {
    const origin = await listen(appWith(userConfig()));
    const response = await signIn(origin, new CookieJar(), "wrong");
    const location = new URL(response.headers.get("location")!);
    expect(location.pathname).toBe("/auth/signin");
    expect(location.searchParams.get("error")).toBe("CredentialsSignin");
    expect(location.searchParams.get("code")).toBe("credentials");
  });

  it("starts a link for the signed-in user (POST /auth/signin/github, link=true): the intent, then the provider", async () => {
    const config = userConfig();
    const origin = await listen(
      appWith({ ...config, providers: [...config.providers, github({ clientId: "Iv1.link", clientSecret: "s" })] }),
    );
    const jar = new CookieJar();
    await signIn(origin, jar);
    const response = await call(
      `${origin}/auth/signin/github`,
      jar,
      form({ csrfToken: await csrfToken(origin, jar), link: "true" }),
    );
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get("location")!).origin).toBe("https://github.com");
    expect(jar.get("authjs.link-intent")).toBeTruthy();
  });

  it('refuses a link asked for as JSON (`"link": true`, app-wide express.json()) with nobody signed in', async () => {
    const config = userConfig();
    const app = appWith({ ...config, providers: [github({ clientId: "Iv1.link", clientSecret: "s" })] }, (app) =>
      app.use(express.json()),
    );
    const origin = await listen(app);
    const jar = new CookieJar();
    const response = await call(`${origin}/auth/signin/github`, jar, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ csrfToken: await csrfToken(origin, jar), link: true }),
    });
    const location = new URL(response.headers.get("location")!);
    expect(`${location.pathname}?${location.searchParams}`).toBe("/auth/signin?error=AccountLinkRefused&code=signin");
    expect(jar.get("authjs.link-intent")).toBeUndefined();
  });

  it("rejects a sign-in without the CSRF token", async () => {
    const origin = await listen(appWith(userConfig()));
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

  it("reads bodies an app-wide express.json() or express.urlencoded() parsed before the mount", async () => {
    const origin = await listen(
      appWith(userConfig(), (app) => {
        app.use(express.json());
        app.use(express.urlencoded({ extended: false }));
      }),
    );
    const jar = new CookieJar();
    expect((await signIn(origin, jar)).status).toBe(302);
    const csrf = await csrfToken(origin, jar);
    const json = await call(`${origin}/auth/callback/credentials`, jar, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ csrfToken: csrf, email: DEMO_USER.email, password: "correct horse" }),
    });
    expect(json.status).toBe(302);
    expect(json.headers.get("location")).not.toContain("error=");
  });

  it("leaves the route's own request body to the route when getSession runs in it", async () => {
    const origin = await listen(appWith(userConfig()));
    const jar = new CookieJar();
    await signIn(origin, jar);
    const response = await call(`${origin}/notes`, jar, form({ title: "Launch checklist" }));
    expect(await response.json()).toEqual({ user: DEMO_USER.email, title: "Launch checklist" });
  });

  it("passes paths under the mount that are not auth actions on to the app", async () => {
    const origin = await listen(appWith(userConfig()));
    const response = await call(`${origin}/auth/help`, new CookieJar());
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("the app's own page under /auth");
  });

  it("takes its base path from a nested mount (router under /api)", async () => {
    const config = userConfig();
    const app = express();
    const api = express.Router();
    api.use("/auth", ExpressAuth(config));
    app.use("/api", api);
    const origin = await listen(app);
    const providers = (await (await call(`${origin}/api/auth/providers`, new CookieJar())).json()) as Record<
      string,
      { callbackUrl: string }
    >;
    expect(providers.credentials?.callbackUrl).toBe(`${origin}/api/auth/callback/credentials`);
  });

  it("ignores X-Forwarded-* unless Express trusts the proxy", async () => {
    const forwarded = { "x-forwarded-proto": "https", "x-forwarded-host": "evil.example" };
    const untrusted = await listen(appWith(userConfig()));
    const plain = await call(`${untrusted}/auth/signin?callbackUrl=%2Fme`, new CookieJar(), { headers: forwarded });
    expect(await plain.text()).toContain(`action="${untrusted}/auth/callback/credentials"`);
    expect(plain.headers.getSetCookie().some((cookie) => cookie.startsWith("__Host-"))).toBe(false);

    const trusted = await listen(appWith(userConfig(), (app) => app.set("trust proxy", "loopback")));
    const proxied = await call(`${trusted}/auth/signin`, new CookieJar(), { headers: forwarded });
    expect(await proxied.text()).toContain('action="https://evil.example/auth/callback/credentials"');
    // HTTPS seen through the trusted proxy: the secure cookie names and attributes.
    expect(proxied.headers.getSetCookie().some((cookie) => cookie.startsWith("__Host-authjs.csrf-token="))).toBe(true);
  });

  it("believes a trusted proxy's X-Forwarded-Host only as one plain host, never the first entry of a list (OWASP WSTG-INPV-17)", async () => {
    const trusted = await listen(appWith(userConfig(), (app) => app.set("trust proxy", true)));
    for (const forwardedHost of ["evil.test, app.example.test", "app.example.test@evil.test", "evil.test/path"]) {
      const response = await call(`${trusted}/auth/providers`, new CookieJar(), {
        headers: { "x-forwarded-host": forwardedHost },
      });
      const providers = (await response.json()) as Record<string, { signinUrl: string }>;
      expect(providers.credentials?.signinUrl, forwardedHost).toBe(`${trusted}/auth/signin/credentials`);
    }
    const listed = await call(`${trusted}/auth/signin`, new CookieJar(), {
      headers: { "x-forwarded-proto": "https, http" },
    });
    expect(await listed.text()).toContain(`action="${trusted}/auth/callback/credentials"`);
  });

  it("keeps the app's own framing policy (helmet's CSP, X-Frame-Options) on the built-in pages", async () => {
    const origin = await listen(
      appWith(userConfig(), (app) =>
        app.use((_req, res, next) => {
          res.setHeader("Content-Security-Policy", "default-src 'self'; frame-ancestors 'self'");
          res.setHeader("X-Frame-Options", "SAMEORIGIN");
          next();
        }),
      ),
    );
    const page = await call(`${origin}/auth/signin`, new CookieJar());
    expect(page.headers.get("content-security-policy")).toBe("default-src 'self'; frame-ancestors 'self'");
    expect(page.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    const plain = await call(`${await listen(appWith(userConfig()))}/auth/signin`, new CookieJar());
    expect(plain.headers.get("x-frame-options")).toBe("DENY");
  });

  it("getSession fails closed: a tampered cookie or a missing secret reads as no session", async () => {
    const config = userConfig();
    const origin = await listen(appWith(config));
    const jar = new CookieJar();
    await signIn(origin, jar);
    jar.cookies.set("authjs.session-token", `${jar.get("authjs.session-token")!.slice(0, -4)}AAAA`);
    expect(await (await call(`${origin}/me`, jar)).json()).toEqual({ session: null });

    const { secret: _none, ...withoutSecret } = userConfig();
    const noSecret = await listen(appWith(withoutSecret));
    expect(await (await call(`${noSecret}/me`, new CookieJar())).json()).toEqual({ session: null });
  });

  it("never mutates the user's config object", async () => {
    const config = userConfig();
    const before = { ...config, providers: [...config.providers] };
    const origin = await listen(appWith(config));
    await signIn(origin, new CookieJar());
    expect(config).toEqual(before);
    expect(config.basePath).toBeUndefined();
  });
});
