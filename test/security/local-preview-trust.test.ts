/**
 * Which host the URLs are built on when nothing is configured (issue 11, point 2). A production build previewed
 * on this machine (`npm run build && npm run preview`, `npm start` with `NODE_ENV=production`, no AUTH_URL, no
 * AUTH_TRUST_HOST) signs in on whichever loopback host and port the browser used; a request naming any other
 * host, directly or through a forwarded header, still needs AUTH_URL or trustHost (OWASP WSTG-INPV-17: a host
 * the app did not choose must not reach an emailed link or a cached page). The refusal is the configuration
 * error page saying what to set, logged as one line, not a stack.
 *
 * The Express stories run a real Express app in production mode on two ports, driven over HTTP with the Host
 * header a browser sends, against a real OpenID Provider on loopback; the SvelteKit stories drive the hook and
 * the form actions with the production environment `vite preview` gives them.
 */
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { isRedirect } from "@sveltejs/kit";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ExpressAuth, type ExpressAuthConfig } from "../../src/runtime/express.js";
import { Auth, setEnvDefaults } from "../../src/runtime/index.js";
import credentials from "../../src/runtime/providers/credentials.js";
import github from "../../src/runtime/providers/github.js";
import OIDC from "../../src/runtime/providers/oidc.js";
import { createSvelteKitAuth, type SvelteKitAuthConfig } from "../../src/runtime/sveltekit/auth.js";
import type { AuthConfig } from "../../src/runtime/types.js";
import { CookieJar, captureLogger, DEMO_USER, SECRET } from "../runtime/core/support.js";
import { appResolver, requestEvent } from "../runtime/sveltekit/event.js";
import { loginThroughInteraction, type OidcServer, startOidcServer } from "../support/oidc-server.mjs";

const PASSWORD = "correct horse";
/** What decides trust besides the config: cleared for these stories, restored after. */
const TRUST_VARIABLES = ["NODE_ENV", "AUTH_URL", "NEXTAUTH_URL", "AUTH_TRUST_HOST", "VERCEL", "CF_PAGES"];

function demoCredentials() {
  return credentials({
    credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
    async authorize(input) {
      return input.email === DEMO_USER.email && input.password === PASSWORD ? DEMO_USER : null;
    },
  });
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTP exchange as a browser makes it: to 127.0.0.1:<port>, with the Host header it names. */
function send(
  port: number,
  host: string,
  path: string,
  options: { jar?: CookieJar; form?: Record<string, string>; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const { jar, form, headers = {} } = options;
  const body = form ? new URLSearchParams(form).toString() : undefined;
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: "127.0.0.1",
        port,
        path,
        method: body === undefined ? "GET" : "POST",
        headers: {
          host,
          ...(jar && jar.cookies.size > 0 ? { cookie: jar.header() } : {}),
          ...(body === undefined ? {} : { "content-type": "application/x-www-form-urlencoded" }),
          ...headers,
        },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("end", () => {
          const answer = {
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body: Buffer.concat(chunks).toString(),
          };
          if (jar) jar.apply(new Response(null, { headers: setCookieHeaders(incoming.headers["set-cookie"]) }));
          resolve(answer);
        });
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

function setCookieHeaders(values: string[] | undefined): Headers {
  const headers = new Headers();
  for (const value of values ?? []) headers.append("set-cookie", value);
  return headers;
}

function location(answer: Answer): URL {
  const value = answer.headers.location;
  if (typeof value !== "string") throw new Error(`no Location (status ${answer.status}): ${answer.body.slice(0, 200)}`);
  return new URL(value);
}

describe("a local production preview (NODE_ENV=production, no AUTH_URL, no AUTH_TRUST_HOST) on a real Express server", () => {
  let saved: Record<string, string | undefined>;
  let oidcServer: OidcServer;
  const ports: number[] = [];
  const closers: Array<() => void> = [];

  beforeAll(async () => {
    saved = Object.fromEntries(TRUST_VARIABLES.map((name) => [name, process.env[name]]));
    for (const name of TRUST_VARIABLES) delete process.env[name];
    process.env.NODE_ENV = "production";

    // Two apps, as `PORT=… npm start` twice: each one's port is known only once it listens.
    const apps = [express(), express()];
    for (const app of apps) {
      const server = app.listen(0, "127.0.0.1");
      await new Promise<void>((resolve) => server.once("listening", () => resolve()));
      ports.push((server.address() as AddressInfo).port);
      closers.push(() => server.close());
    }
    const redirectUris = ports.flatMap((port) =>
      ["localhost", "127.0.0.1"].map((host) => `http://${host}:${port}/auth/callback/oidc`),
    );
    oidcServer = await startOidcServer({
      clients: [{ client_id: "app", client_secret: "app-secret", redirect_uris: redirectUris }],
    });
    for (const app of apps) {
      const config: ExpressAuthConfig = {
        secret: SECRET,
        logger: captureLogger().logger,
        providers: [
          demoCredentials(),
          OIDC({ issuer: oidcServer.issuer, clientId: "app", clientSecret: "app-secret" }),
        ],
      };
      app.use("/auth", ExpressAuth(config));
    }
  });

  afterAll(async () => {
    for (const close of closers) close();
    await oidcServer?.close();
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  const cases = () =>
    ports.flatMap((port, index) =>
      ["localhost", "127.0.0.1"].map((hostname) => ({
        label: `${hostname}, port #${index + 1}`,
        port,
        host: `${hostname}:${port}`,
      })),
    );

  it("the ports differ, and neither is 3000 (PORT=3100 and the like)", () => {
    expect(new Set(ports).size).toBe(2);
    expect(ports).not.toContain(3000);
  });

  it("signs in with credentials on the host and port the browser used", async () => {
    for (const { label, port, host } of cases()) {
      const jar = new CookieJar();
      const csrf = JSON.parse((await send(port, host, "/auth/csrf", { jar })).body) as { csrfToken: string };
      const signedIn = await send(port, host, "/auth/callback/credentials", {
        jar,
        form: { csrfToken: csrf.csrfToken, email: DEMO_USER.email!, password: PASSWORD, callbackUrl: "/dashboard" },
      });
      expect(signedIn.status, label).toBe(302);
      expect(location(signedIn).href, label).toBe(`http://${host}/dashboard`);
      const session = JSON.parse((await send(port, host, "/auth/session", { jar })).body) as {
        user?: { email?: string };
      };
      expect(session.user?.email, label).toBe(DEMO_USER.email);
    }
  });

  it("an OIDC sign-in's redirect_uri, and the landing after it, stay on that host and port", async () => {
    for (const { label, port, host } of cases()) {
      const jar = new CookieJar();
      const csrf = JSON.parse((await send(port, host, "/auth/csrf", { jar })).body) as { csrfToken: string };
      const started = await send(port, host, "/auth/signin/oidc", {
        jar,
        form: { csrfToken: csrf.csrfToken, callbackUrl: "/after" },
      });
      const authorization = location(started);
      expect(authorization.origin, label).toBe(oidcServer.issuer);
      expect(authorization.searchParams.get("redirect_uri"), label).toBe(`http://${host}/auth/callback/oidc`);

      const callback = new URL(await loginThroughInteraction(authorization, { login: "ada" }));
      expect(callback.host, label).toBe(host);
      const landed = await send(port, host, `${callback.pathname}${callback.search}`, { jar });
      expect(location(landed).href, label).toBe(`http://${host}/after`);
      const session = JSON.parse((await send(port, host, "/auth/session", { jar })).body) as {
        user?: { email?: string };
      };
      expect(session.user?.email, label).toBe("ada@example.test");
    }
  });

  it("a request naming another host is refused with the page that says what to set, and no cookie", async () => {
    const [port] = ports;
    const answer = await send(port!, "app.example.test", "/auth/signin");
    expect(answer.status).toBe(500);
    expect(answer.body).toContain("AUTH_URL");
    expect(answer.body).toContain("AUTH_TRUST_HOST=true");
    expect(answer.body).not.toContain("app.example.test");
    expect(answer.body).not.toMatch(/^\s+at /m);
    expect(answer.headers["set-cookie"]).toBeUndefined();
  });

  it("a spoofed X-Forwarded-Host changes nothing: Express drops it without `trust proxy`, the URLs stay on loopback", async () => {
    const [port] = ports;
    const host = `localhost:${port}`;
    const answer = await send(port!, host, "/auth/providers", { headers: { "x-forwarded-host": "evil.test" } });
    expect(answer.status).toBe(200);
    expect(answer.body).not.toContain("evil.test");
    expect(JSON.parse(answer.body).oidc.callbackUrl).toBe(`http://${host}/auth/callback/oidc`);
  });
});

describe("the core's rule in production mode with nothing configured", () => {
  function productionConfig(
    env: Record<string, string> = {},
    overrides: Partial<AuthConfig> = {},
  ): AuthConfig & { errors: Error[] } {
    const { logger, errors } = captureLogger();
    const config: AuthConfig = {
      basePath: "/auth",
      secret: SECRET,
      logger,
      providers: [demoCredentials()],
      ...overrides,
    };
    setEnvDefaults({ NODE_ENV: "production", ...env }, config);
    return Object.assign(config, { errors });
  }

  async function providersAt(origin: string, config: AuthConfig, headers: Record<string, string> = {}) {
    return Auth(new Request(`${origin}/auth/providers`, { headers }), config);
  }

  it.each([
    "http://localhost:3000",
    "http://localhost:3100",
    "http://127.0.0.1:4173",
    "http://127.8.9.10:5173",
    "http://[::1]:3100",
    "http://app.localhost:3100",
    "http://localhost",
  ])("trusts %s: its URLs are built on it", async (origin) => {
    const config = productionConfig();
    const response = await providersAt(origin, config);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { credentials: { callbackUrl: string } };
    expect(body.credentials.callbackUrl).toBe(`${origin}/auth/callback/credentials`);
    expect(config.errors).toEqual([]);
  });

  it.each([
    "http://app.example.test",
    "http://localhost.evil.test:3000",
    "http://127.0.0.1.nip.io:3000",
    "http://10.0.0.7:3000",
    "http://192.168.1.20:3000",
    "http://[::2]:3000",
    "http://0.0.0.0:3000",
    "http://localhost.:3000",
  ])("refuses %s as UntrustedHost (a host that is not this machine, or only looks like it)", async (origin) => {
    const config = productionConfig();
    const response = await providersAt(origin, config);
    expect(response.status).toBe(500);
    expect(config.errors.map((error) => (error as { type?: string }).type)).toEqual(["UntrustedHost"]);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it.each<{ label: string; headers: Record<string, string> }>([
    { label: "X-Forwarded-Host evil.test", headers: { "x-forwarded-host": "evil.test" } },
    {
      label: "an X-Forwarded-Host list ending on loopback",
      headers: { "x-forwarded-host": "evil.test, localhost:3000" },
    },
    { label: "X-Forwarded-Host with a path", headers: { "x-forwarded-host": "localhost:3000/evil.test" } },
    { label: "Forwarded host=evil.test", headers: { forwarded: "for=1.2.3.4;host=evil.test;proto=https" } },
    { label: 'Forwarded host="evil.test"', headers: { forwarded: 'host="evil.test"' } },
    { label: "a second Forwarded element", headers: { forwarded: "host=localhost:3000, host=evil.test" } },
  ])(
    "a loopback request with $label is a request through a proxy: refused, and the host is reflected nowhere",
    async ({ headers }) => {
      const config = productionConfig();
      const response = await providersAt("http://localhost:3000", config, headers);
      expect(response.status).toBe(500);
      expect(await response.text()).not.toContain("evil.test");
      expect(config.errors.map((error) => (error as { type?: string }).type)).toEqual(["UntrustedHost"]);
      expect(config.errors[0]!.message).not.toContain("evil.test");
    },
  );

  it("a loopback X-Forwarded-Host (what Next's own server writes from the browser's Host) is no proxy: trusted, and not used", async () => {
    const config = productionConfig();
    const response = await providersAt("http://localhost:3000", config, {
      "x-forwarded-host": "127.0.0.1:3000",
      "x-forwarded-proto": "https",
      forwarded: 'host="[::1]:3000"',
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { credentials: { callbackUrl: string } };
    // Forwarded headers are believed only under trustHost: the URL stays the request's own.
    expect(body.credentials.callbackUrl).toBe("http://localhost:3000/auth/callback/credentials");
  });

  it("AUTH_TRUST_HOST=false or `trustHost: false` refuses loopback too (the explicit opt-out)", async () => {
    for (const config of [productionConfig({ AUTH_TRUST_HOST: "false" }), productionConfig({}, { trustHost: false })]) {
      expect((await providersAt("http://localhost:3000", config)).status).toBe(500);
      expect(config.errors.map((error) => (error as { type?: string }).type)).toEqual(["UntrustedHost"]);
    }
  });

  it("AUTH_URL still wins over any loopback host: the URLs name the deployment", async () => {
    const config = productionConfig({ AUTH_URL: "https://app.example.test/auth" });
    const response = await providersAt("http://localhost:3000", config, { "x-forwarded-host": "evil.test" });
    const body = (await response.json()) as { credentials: { callbackUrl: string } };
    expect(body.credentials.callbackUrl).toBe("https://app.example.test/auth/callback/credentials");
  });

  it("the UntrustedHost page says what to set, and the default console logs it as one line without a stack", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const config: AuthConfig = { basePath: "/auth", secret: SECRET, providers: [demoCredentials()] };
      setEnvDefaults({ NODE_ENV: "production" }, config);
      const response = await Auth(new Request("http://app.example.test/auth/signin"), config);
      expect(response.status).toBe(500);
      const page = await response.text();
      expect(page).toContain("AUTH_URL set to the site&#39;s public URL");
      expect(page).toContain("AUTH_TRUST_HOST=true");
      expect(page).not.toContain("app.example.test");
      const lines = consoleError.mock.calls.flatMap((call) => call.map(String).join(" ").split("\n"));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^\[auth\]\[error\] UntrustedHost: .*AUTH_URL/);
    } finally {
      consoleError.mockRestore();
    }
  });

  it("an emailed link cannot be poisoned through it: a non-loopback Host gets no sign-in at all", async () => {
    // The host-header suite covers AUTH_URL and trustHost; here the unconfigured case: nothing is sent.
    const config = productionConfig();
    const response = await Auth(
      new Request("http://evil.test/auth/callback/credentials", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email: DEMO_USER.email!, password: PASSWORD }),
      }),
      config,
    );
    expect(response.status).toBe(500);
    expect(response.headers.get("location")).toBeNull();
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});

describe("SvelteKit's `npm run build && npm run preview` (production env, no AUTH_URL) through the handle hook and form actions", () => {
  const PREVIEWS = ["http://localhost:4173", "http://127.0.0.1:4174", "http://[::1]:3100"];

  function previewAuth() {
    const config: SvelteKitAuthConfig = {
      secret: SECRET,
      logger: captureLogger().logger,
      providers: [demoCredentials(), github({ clientId: "Iv1.preview", clientSecret: "preview-secret" })],
    };
    return createSvelteKitAuth(config, () => ({ NODE_ENV: "production" }));
  }

  /** A request as the preview server hands it to the hook: its URL and Host are what the browser used. */
  function browserRequest(origin: string, path: string, jar: CookieJar, form?: Record<string, string>): Request {
    const headers: Record<string, string> = { host: new URL(origin).host };
    if (jar.cookies.size > 0) headers.cookie = jar.header();
    if (!form) return new Request(`${origin}${path}`, { headers });
    headers["content-type"] = "application/x-www-form-urlencoded";
    headers.origin = origin;
    return new Request(`${origin}${path}`, { method: "POST", headers, body: new URLSearchParams(form) });
  }

  async function throughHandle(auth: ReturnType<typeof createSvelteKitAuth>, request: Request) {
    const { event, cookiesSet } = requestEvent(request);
    const { resolve } = appResolver();
    const response = await auth.handle({ event, resolve });
    return { response, event, cookiesSet };
  }

  it.each(PREVIEWS)(
    "on %s: the credentials form signs in, lands there, and the app's page reads the session",
    async (origin) => {
      const auth = previewAuth();
      const jar = new CookieJar();
      const csrf = await throughHandle(auth, browserRequest(origin, "/auth/csrf", jar));
      expect(csrf.response.status).toBe(200);
      jar.apply(csrf.response);
      const { csrfToken } = (await csrf.response.json()) as { csrfToken: string };
      const signedIn = await throughHandle(
        auth,
        browserRequest(origin, "/auth/callback/credentials", jar, {
          csrfToken,
          email: DEMO_USER.email!,
          password: PASSWORD,
          callbackUrl: "/journal",
        }),
      );
      expect(signedIn.response.headers.get("location")).toBe(`${origin}/journal`);
      jar.apply(signedIn.response);
      const page = await throughHandle(auth, browserRequest(origin, "/journal", jar));
      expect((await page.event.locals.auth())?.user?.email).toBe(DEMO_USER.email);
    },
  );

  it.each(PREVIEWS)("on %s: an OAuth sign-in's redirect_uri names that host and port", async (origin) => {
    const auth = previewAuth();
    const jar = new CookieJar();
    const csrf = await throughHandle(auth, browserRequest(origin, "/auth/csrf", jar));
    jar.apply(csrf.response);
    const { csrfToken } = (await csrf.response.json()) as { csrfToken: string };
    const started = await throughHandle(auth, browserRequest(origin, "/auth/signin/github", jar, { csrfToken }));
    const authorization = new URL(started.response.headers.get("location")!);
    expect(authorization.origin).toBe("https://github.com");
    expect(authorization.searchParams.get("redirect_uri")).toBe(`${origin}/auth/callback/github`);
  });

  it.each(PREVIEWS)("on %s: the signIn form action (server-side helper) lands there too", async (origin) => {
    const auth = previewAuth();
    const { event } = requestEvent(
      browserRequest(origin, "/login", new CookieJar(), {
        providerId: "credentials",
        email: DEMO_USER.email!,
        password: PASSWORD,
        redirectTo: "/journal",
      }),
    );
    let thrown: unknown;
    try {
      await auth.signIn(event);
    } catch (error) {
      thrown = error;
    }
    expect(isRedirect(thrown)).toBe(true);
    expect((thrown as { location: string }).location).toBe(`${origin}/journal`);
  });

  it("the same build served under a public name without AUTH_URL: the hook answers the page that says what to set, and the app's pages read no session", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const config: SvelteKitAuthConfig = { secret: SECRET, providers: [demoCredentials()] };
      const auth = createSvelteKitAuth(config, () => ({ NODE_ENV: "production" }));
      const origin = "https://app.example.test";
      const signin = await throughHandle(auth, browserRequest(origin, "/auth/signin", new CookieJar()));
      expect(signin.response.status).toBe(500);
      expect(await signin.response.text()).toContain("AUTH_URL");
      const page = await throughHandle(auth, browserRequest(origin, "/journal", new CookieJar()));
      expect(await page.event.locals.auth()).toBeNull();
      const lines = consoleError.mock.calls.flatMap((call) => call.map(String).join(" ").split("\n"));
      expect(lines).toHaveLength(2);
      for (const line of lines) expect(line).toMatch(/^\[auth\]\[error\] UntrustedHost: /);
    } finally {
      consoleError.mockRestore();
    }
  });
});
