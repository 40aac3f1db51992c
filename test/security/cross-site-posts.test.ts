/**
 * Cross-site POSTs (issue 9 point 4). Every state-changing POST (credentials sign-in, OAuth sign-in, email
 * sign-in, the email link posted back, sign-out, session update, passkey registration) is refused before its
 * action runs when the browser says it comes from elsewhere: a `Sec-Fetch-Site` other than `same-origin` or
 * `none`, or an `Origin` other than the app's. The answer is the one a missing CSRF token gets (the sign-in
 * page with `?error=MissingCSRF`; a session update: 400 `null`), and nothing happens: no authorize call, no
 * mail, no session cookie, no sign-out, no update. Requests without either header are judged by their CSRF
 * token alone; `skipCSRFCheck` skips both.
 *
 * Sources: OWASP CSRF Prevention Cheat Sheet ("Verifying Origin With Standard HeaderMap", "Fetch Metadata
 * headers", "Login CSRF"); RFC 6454 §7 (the Origin header); W3C Fetch Metadata §2.4 (Sec-Fetch-Site). The
 * decision on `same-site`: refused like `cross-site`, as the cheat sheet advises unless sibling origins are
 * trusted: a sibling subdomain is exactly the party that can plant cookies on the app (the login CSRF below).
 *
 * Each request is sent with a valid CSRF token and the cookies that make it succeed, so only the origin check
 * can stop it; each test ends with the same request sent from the app's own origin, which must act (the
 * positive control that keeps the refusals meaningful). Every case runs through every integration.
 */
import { isRedirect } from "@sveltejs/kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import memory, { createMemoryStore } from "../../src/runtime/adapters/memory.js";
import { Auth, setEnvDefaults, skipCSRFCheck } from "../../src/runtime/index.js";
import credentials from "../../src/runtime/providers/credentials.js";
import github from "../../src/runtime/providers/github.js";
import nodemailer from "../../src/runtime/providers/nodemailer.js";
import passkey from "../../src/runtime/providers/passkey.js";
import { signInRedirect } from "../../src/runtime/qwik/server.js";
import { createSvelteKitAuth } from "../../src/runtime/sveltekit/auth.js";
import type { AuthConfig } from "../../src/runtime/types.js";
import { CookieJar, captureLogger, DEMO_USER, ORIGIN, SECRET } from "../runtime/core/support.js";
import { requestEvent } from "../runtime/sveltekit/event.js";
import { SoftwareAuthenticator } from "../runtime/webauthn/software-authenticator.js";
import { type SmtpServer, startSmtpServer } from "../support/smtp-server.mjs";
import { APP_NAMES, type App, type AppConfig, startApp } from "./support/integrations.js";

const SESSION_COOKIE = "authjs.session-token";
const PASSWORD = "correct horse";
const FROM = "Example App <no-reply@example.test>";

/** What each app's actions did, counted by its own callbacks and events. */
interface Probe {
  authorize: number;
  signIns: number;
  signOuts: number;
  updates: number;
}

let smtp: SmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});

function appConfig(probe: Probe): AppConfig {
  return {
    secret: SECRET,
    trustHost: true,
    logger: captureLogger().logger,
    adapter: memory(createMemoryStore()),
    session: { strategy: "jwt" },
    experimental: { enableWebAuthn: true },
    providers: [
      credentials({
        credentials: { email: {}, password: {} },
        authorize(input) {
          probe.authorize++;
          return input.email === DEMO_USER.email && input.password === PASSWORD ? DEMO_USER : null;
        },
      }),
      github({ clientId: "github-client", clientSecret: "github-secret" }),
      nodemailer({ server: smtp.url, from: FROM }),
      passkey(),
    ],
    callbacks: {
      jwt({ token, trigger }) {
        if (trigger === "update") probe.updates++;
        return token;
      },
    },
    events: {
      signIn: () => void probe.signIns++,
      signOut: () => void probe.signOuts++,
    },
  };
}

// ── Requests as a browser sends them ───────────────────────────────────────────────────────────────────────

type HeaderMap = Record<string, string>;

function request(
  app: App,
  path: string,
  init: { jar?: CookieJar; headers?: HeaderMap; form?: HeaderMap; json?: unknown },
) {
  const headers: HeaderMap = { ...(init.jar?.cookies.size ? { cookie: init.jar.header() } : {}), ...init.headers };
  if (init.form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    return new Request(`${app.origin}${app.basePath}${path}`, {
      method: "POST",
      headers,
      body: new URLSearchParams(init.form),
    });
  }
  if (init.json !== undefined) {
    headers["content-type"] = "application/json";
    return new Request(`${app.origin}${app.basePath}${path}`, {
      method: "POST",
      headers,
      body: JSON.stringify(init.json),
    });
  }
  return new Request(`${app.origin}${app.basePath}${path}`, { headers });
}

/** What the app's own pages send along with a POST in a current browser. */
function sameOrigin(app: App): HeaderMap {
  return { origin: app.origin, "sec-fetch-site": "same-origin" };
}

async function csrfToken(app: App, jar: CookieJar): Promise<string> {
  const response = await app.send(request(app, "/csrf", { jar }));
  jar.apply(response);
  return ((await response.json()) as { csrfToken: string }).csrfToken;
}

async function signedIn(app: App): Promise<CookieJar> {
  const jar = new CookieJar();
  const csrf = await csrfToken(app, jar);
  const form = { csrfToken: csrf, email: DEMO_USER.email!, password: PASSWORD };
  const response = await app.send(request(app, "/callback/credentials", { jar, headers: sameOrigin(app), form }));
  jar.apply(response);
  if (!jar.get(SESSION_COOKIE)) throw new Error(`${app.name}: the same-origin sign-in failed (${response.status})`);
  return jar;
}

function mailsTo(address: string): number {
  return smtp.messages.filter((message) => message.envelope.to.includes(address)).length;
}

let addressCounter = 0;
function freshAddress(): string {
  addressCounter++;
  return `reader-${addressCounter}@example.test`;
}

// ── The state-changing POSTs ────────────────────────────────────────────────────────────────────────────

/** A POST ready to send (valid token and cookies), and how to tell whether its action ran. */
interface Armed {
  send(headers: HeaderMap): Promise<Response>;
  ran(response: Response): boolean;
}

interface Scenario {
  name: string;
  /** How a refusal looks: the sign-in page with MissingCSRF, or the session update's 400 `null`. */
  refusal: "signin" | "session";
  arm(app: App, probe: Probe): Promise<Armed>;
}

const SCENARIOS: Scenario[] = [
  {
    name: "credentials sign-in (POST /callback/credentials)",
    refusal: "signin",
    async arm(app, probe) {
      const jar = new CookieJar();
      const form = { csrfToken: await csrfToken(app, jar), email: DEMO_USER.email!, password: PASSWORD };
      const before = probe.authorize;
      return {
        send: (headers) => app.send(request(app, "/callback/credentials", { jar, headers, form })),
        ran: () => probe.authorize > before,
      };
    },
  },
  {
    name: "OAuth sign-in (POST /signin/github)",
    refusal: "signin",
    async arm(app) {
      const jar = new CookieJar();
      const form = { csrfToken: await csrfToken(app, jar), callbackUrl: "/" };
      return {
        send: (headers) => app.send(request(app, "/signin/github", { jar, headers, form })),
        ran: (response) => response.headers.get("location")?.startsWith("https://github.com/") ?? false,
      };
    },
  },
  {
    name: "email sign-in (POST /signin/nodemailer)",
    refusal: "signin",
    async arm(app) {
      const jar = new CookieJar();
      const address = freshAddress();
      const form = { csrfToken: await csrfToken(app, jar), email: address };
      return {
        send: (headers) => app.send(request(app, "/signin/nodemailer", { jar, headers, form })),
        ran: () => mailsTo(address) > 0,
      };
    },
  },
  {
    name: "email link posted back (POST /callback/nodemailer)",
    refusal: "signin",
    async arm(app, probe) {
      const jar = new CookieJar();
      const address = freshAddress();
      const form = { csrfToken: await csrfToken(app, jar), email: address };
      await app.send(request(app, "/signin/nodemailer", { jar, headers: sameOrigin(app), form }));
      const mail = smtp.messages.find((message) => message.envelope.to.includes(address));
      const link = new URL(/https?:\/\/\S+/.exec(mail?.text ?? "")?.[0] ?? "http://missing.invalid");
      const path = `${link.pathname.slice(app.basePath.length)}${link.search}`;
      const before = probe.signIns;
      return {
        send: (headers) => app.send(request(app, path, { jar, headers, form: { csrfToken: form.csrfToken } })),
        ran: () => probe.signIns > before,
      };
    },
  },
  {
    name: "sign-out (POST /signout)",
    refusal: "signin",
    async arm(app, probe) {
      const jar = await signedIn(app);
      const form = { csrfToken: await csrfToken(app, jar) };
      const before = probe.signOuts;
      return {
        send: (headers) => app.send(request(app, "/signout", { jar, headers, form })),
        ran: () => probe.signOuts > before,
      };
    },
  },
  {
    name: "session update (POST /session)",
    refusal: "session",
    async arm(app, probe) {
      const jar = await signedIn(app);
      const json = { csrfToken: await csrfToken(app, jar), data: { name: "Mallory" } };
      const before = probe.updates;
      return {
        send: (headers) => app.send(request(app, "/session", { jar, headers, json })),
        ran: () => probe.updates > before,
      };
    },
  },
  {
    name: "passkey registration (POST /callback/passkey)",
    refusal: "signin",
    async arm(app, probe) {
      const jar = new CookieJar();
      const options = await app.send(request(app, `/webauthn-options/passkey?email=${freshAddress()}`, { jar }));
      jar.apply(options);
      const answer = (await options.json()) as { action: string; options: never };
      if (answer.action !== "register") throw new Error(`${app.name}: expected register options`);
      const data = JSON.stringify(new SoftwareAuthenticator(app.origin).create(answer.options));
      const before = probe.signIns;
      return {
        send: (headers) =>
          app.send(request(app, "/callback/passkey", { jar, headers, form: { action: "register", data } })),
        ran: () => probe.signIns > before,
      };
    },
  },
];

// ── Hostile values ──────────────────────────────────────────────────────────────────────────────────────

/**
 * Origins that are not the app's, generated around it as a cartesian product: other schemes (RFC 6454 §4:
 * scheme, host and port make the origin), the app's host with other ports, sibling and parent subdomains,
 * suffix and prefix look-alikes, digit/letter swaps, case and trailing-dot variants, other loopback spellings;
 * plus the serialisations that are never an origin match (`null` from sandboxed frames and file: pages, an
 * empty value, two values joined, a path, a wildcard).
 */
function hostileOrigins(appOrigin: string, stride = 1): string[] {
  const app = new URL(appOrigin);
  const host = app.hostname;
  const schemes = ["http", "https", "wss", "chrome-extension"];
  const hosts = [
    host,
    `evil.${host}`,
    `${host}.evil.test`,
    `evil-${host}`,
    `${host}-evil.test`,
    `${host}.`,
    host.toUpperCase(),
    host.replace(/o/, "0").replace(/l/, "1"),
    host === "localhost" ? "127.0.0.1" : "localhost",
    "[::1]",
    "evil.test",
  ];
  const ports = ["", app.port, String(Number(app.port || 80) + 1), "80", "443", "8080"];
  const generated = new Set<string>();
  let index = 0;
  for (const scheme of schemes) {
    for (const candidate of hosts) {
      for (const port of ports) {
        if (index++ % stride === 0) generated.add(`${scheme}://${candidate}${port ? `:${port}` : ""}`);
      }
    }
  }
  for (const special of [
    "null",
    "",
    "*",
    `${appOrigin}/`,
    `${appOrigin}/auth`,
    `${appOrigin}, http://evil.test`,
    `http://evil.test, ${appOrigin}`,
    `${appOrigin}.evil.test`,
    `${appOrigin}@evil.test`,
    "file://",
  ]) {
    generated.add(special);
  }
  generated.delete(appOrigin);
  return [...generated];
}

/** Sec-Fetch-Site values a state-changing POST must not carry (W3C Fetch Metadata §2.4; case-insensitive). */
const HOSTILE_FETCH_SITES = ["cross-site", "CROSS-SITE", "Cross-Site", "same-site", "Same-Site", "unknown-value", ""];

// ── Assertions ──────────────────────────────────────────────────────────────────────────────────────────

function cookieNames(response: Response): string[] {
  return response.headers.getSetCookie().map((header) => header.slice(0, header.indexOf("=")));
}

/**
 * The documented MissingCSRF outcome, and nothing else: the only cookies a refused POST may set are the ones
 * any request gets (a fresh csrf cookie, the callback URL), never a session, state, challenge or cleared one.
 */
async function expectRefused(app: App, scenario: Scenario, response: Response, label: string) {
  if (scenario.refusal === "session") {
    expect(response.status, label).toBe(400);
    expect(await response.json(), label).toBeNull();
  } else {
    expect(response.status, label).toBe(302);
    expect(response.headers.get("location"), label).toBe(`${app.origin}${app.basePath}/signin?error=MissingCSRF`);
    await response.body?.cancel();
  }
  for (const name of cookieNames(response)) expect(["authjs.csrf-token", "authjs.callback-url"], label).toContain(name);
}

// ── Through every integration ───────────────────────────────────────────────────────────────────────────

describe.each(APP_NAMES)("cross-site POSTs through %s", (appName) => {
  let app: App;
  const probe: Probe = { authorize: 0, signIns: 0, signOuts: 0, updates: 0 };

  beforeAll(async () => {
    app = await startApp(appName, () => appConfig(probe));
  });
  afterAll(async () => {
    await app?.close();
  });

  describe.each(SCENARIOS)("$name", (scenario) => {
    it("refuses it when Sec-Fetch-Site is cross-site, same-site or unknown, with or without the app's Origin (OWASP CSRF cheat sheet, Fetch Metadata)", async () => {
      const armed = await scenario.arm(app, probe);
      for (const fetchSite of HOSTILE_FETCH_SITES) {
        for (const origin of [undefined, app.origin]) {
          const headers: HeaderMap = { "sec-fetch-site": fetchSite, ...(origin ? { origin } : {}) };
          const label = `Sec-Fetch-Site: "${fetchSite}", Origin: ${origin ?? "none"}`;
          const response = await armed.send(headers);
          expect(armed.ran(response), label).toBe(false);
          await expectRefused(app, scenario, response, label);
        }
      }
      // The positive control: the very same request from the app's own page acts.
      const control = await armed.send(sameOrigin(app));
      expect(armed.ran(control)).toBe(true);
    });

    it("refuses it from every other origin: other scheme, port, sibling or look-alike host, null (OWASP CSRF cheat sheet, Verifying Origin; RFC 6454 §7)", async () => {
      const armed = await scenario.arm(app, probe);
      // The whole product through the core; every fifth of it (and every special value) through the integrations.
      const origins = hostileOrigins(app.origin, appName === "core" ? 1 : 5);
      expect(origins.length).toBeGreaterThan(appName === "core" ? 200 : 50);
      for (const origin of origins) {
        const response = await armed.send({ origin });
        expect(armed.ran(response), `Origin: ${origin}`).toBe(false);
        await expectRefused(app, scenario, response, `Origin: ${origin}`);
      }
      const control = await armed.send({ origin: app.origin });
      expect(armed.ran(control)).toBe(true);
    });
  });

  it("still judges a POST without Origin and Sec-Fetch-Site, or from the app's own origin, by its CSRF token", async () => {
    const variants: HeaderMap[] = [
      {},
      { origin: app.origin },
      { "sec-fetch-site": "same-origin" },
      { "sec-fetch-site": "none" },
      sameOrigin(app),
    ];
    for (const headers of variants) {
      const label = JSON.stringify(headers);
      const jar = new CookieJar();
      const csrf = await csrfToken(app, jar);
      const form = { email: DEMO_USER.email!, password: PASSWORD };
      const without = await app.send(request(app, "/callback/credentials", { jar, headers, form }));
      expect(without.headers.get("location"), label).toBe(`${app.origin}${app.basePath}/signin?error=MissingCSRF`);
      const forged = { ...form, csrfToken: "0".repeat(64) };
      const wrong = await app.send(request(app, "/callback/credentials", { jar, headers, form: forged }));
      expect(wrong.headers.get("location"), label).toBe(`${app.origin}${app.basePath}/signin?error=MissingCSRF`);
      const valid = await app.send(
        request(app, "/callback/credentials", { jar, headers, form: { ...form, csrfToken: csrf } }),
      );
      expect(cookieNames(valid), label).toContain(SESSION_COOKIE);
    }
  });

  it("refuses the login CSRF of issue 9: a planted CSRF cookie pair on plain http and a cross-site form signing the victim in as the attacker (OWASP CSRF cheat sheet, Login CSRF)", async () => {
    // The attacker fetches a token pair of their own: a valid cookie for this app's secret, and its token.
    const attacker = new CookieJar();
    const token = await csrfToken(app, attacker);
    const pair = attacker.get("authjs.csrf-token")!;
    // On plain http any host of the site (a sibling subdomain, a network attacker) can plant that cookie in
    // the victim's browser; then the attacker's page posts the attacker's credentials with the token.
    const plant = () => {
      const victim = new CookieJar();
      victim.cookies.set("authjs.csrf-token", pair);
      return victim;
    };
    const form = { csrfToken: token, email: DEMO_USER.email!, password: PASSWORD, callbackUrl: "/" };
    const attackerPages: HeaderMap[] = [
      { origin: "http://evil.test", "sec-fetch-site": "cross-site" },
      { origin: `http://evil.${new URL(app.origin).host}`, "sec-fetch-site": "same-site" },
      { origin: "null", "sec-fetch-site": "cross-site" },
      { origin: "http://evil.test" },
    ];
    for (const headers of attackerPages) {
      const victim = plant();
      const response = await app.send(request(app, "/callback/credentials", { jar: victim, headers, form }));
      expect(cookieNames(response), JSON.stringify(headers)).not.toContain(SESSION_COOKIE);
      expect(response.headers.get("location")).toBe(`${app.origin}${app.basePath}/signin?error=MissingCSRF`);
      victim.apply(response);
      const session = await app.send(request(app, "/session", { jar: victim }));
      expect(await session.json()).toBeNull();
    }
    // Why the origin check is needed: to the token check alone the planted pair is valid.
    const victim = plant();
    const tokenOnly = await app.send(request(app, "/callback/credentials", { jar: victim, form }));
    expect(cookieNames(tokenOnly)).toContain(SESSION_COOKIE);
  });
});

// ── The core's own contract ─────────────────────────────────────────────────────────────────────────────

describe("the origin check in the core", () => {
  const probe: Probe = { authorize: 0, signIns: 0, signOuts: 0, updates: 0 };
  // One config object for the block (its memory adapter holds the email tokens), made once the SMTP server runs.
  let shared: AuthConfig | undefined;
  const config = () => {
    shared ??= { ...appConfig(probe), basePath: "/auth" };
    return shared;
  };
  const crossSite = { origin: "http://evil.test", "sec-fetch-site": "cross-site" };
  const coreApp: App = {
    name: "core",
    origin: ORIGIN,
    basePath: "/auth",
    send: (r) => Auth(r, config()),
    close: async () => {},
  };

  it("answers a client-side call (X-Auth-Return-Redirect) refused cross-site with the MissingCSRF URL as JSON", async () => {
    const jar = new CookieJar();
    const form = { csrfToken: await csrfToken(coreApp, jar), email: DEMO_USER.email!, password: PASSWORD };
    const headers = { ...crossSite, "x-auth-return-redirect": "1" };
    const response = await coreApp.send(request(coreApp, "/callback/credentials", { jar, headers, form }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ url: `${ORIGIN}/auth/signin?error=MissingCSRF` });
    expect(cookieNames(response)).not.toContain(SESSION_COOKIE);
  });

  it("skips both the token and the origin check with skipCSRFCheck: the framework's own check stands in (docs/configuration.md)", async () => {
    const before = probe.authorize;
    const skipping: AuthConfig = { ...config(), skipCSRFCheck };
    const form = { email: DEMO_USER.email!, password: PASSWORD };
    const response = await Auth(request(coreApp, "/callback/credentials", { headers: crossSite, form }), skipping);
    expect(probe.authorize).toBe(before + 1);
    expect(cookieNames(response)).toContain(SESSION_COOKIE);
  });

  it("compares the Origin with AUTH_URL's origin behind a proxy, not with the internal URL the request arrived at", async () => {
    const behindProxy = { ...appConfig(probe), basePath: "/auth" };
    setEnvDefaults({ AUTH_URL: "https://app.example.test/auth" }, behindProxy);
    const internal: App = { ...coreApp, origin: "http://10.0.0.7:8080", send: (r) => Auth(r, behindProxy) };
    for (const [origin, acts] of [
      ["https://app.example.test", true],
      ["http://10.0.0.7:8080", false],
      ["http://app.example.test", false],
    ] as const) {
      const jar = new CookieJar();
      const csrf = await csrfToken(internal, jar);
      const form = { csrfToken: csrf, email: DEMO_USER.email!, password: PASSWORD };
      const response = await internal.send(
        request(internal, "/callback/credentials", { jar, headers: { origin }, form }),
      );
      expect(cookieNames(response).includes("__Host-authjs.session-token"), origin).toBe(acts);
    }
  });

  it("leaves the email link itself (a GET opened from a mail client, cross-site by nature) to its one-time token", async () => {
    const jar = new CookieJar();
    const address = freshAddress();
    const form = { csrfToken: await csrfToken(coreApp, jar), email: address };
    await coreApp.send(request(coreApp, "/signin/nodemailer", { jar, headers: sameOrigin(coreApp), form }));
    const mail = smtp.messages.find((message) => message.envelope.to.includes(address));
    const link = /https?:\/\/\S+/.exec(mail?.text ?? "")![0];
    const before = probe.signIns;
    const response = await coreApp.send(new Request(link, { headers: { "sec-fetch-site": "cross-site" } }));
    expect(probe.signIns).toBe(before + 1);
    expect(cookieNames(response)).toContain(SESSION_COOKIE);
  });
});

describe("server-side helpers (they skip the core's checks and rely on the framework's own origin check)", () => {
  it("SvelteKit's signIn form action runs whatever the request's Origin: SvelteKit's csrf.checkOrigin refuses a cross-site form POST before it", async () => {
    const probe: Probe = { authorize: 0, signIns: 0, signOuts: 0, updates: 0 };
    const auth = createSvelteKitAuth({ ...appConfig(probe) }, () => ({}));
    const form = { providerId: "credentials", redirectTo: "/journal", email: DEMO_USER.email!, password: PASSWORD };
    const { event, cookiesSet } = requestEvent(
      new Request(`${ORIGIN}/signin`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          host: new URL(ORIGIN).host,
          origin: "http://evil.test",
          "sec-fetch-site": "cross-site",
        },
        body: new URLSearchParams(form),
      }),
    );
    const thrown = await auth.signIn(event).catch((error: unknown) => error);
    expect(isRedirect(thrown)).toBe(true);
    expect(probe.authorize).toBe(1);
    expect(cookiesSet.map((cookie) => cookie.name)).toContain(SESSION_COOKIE);
  });

  it("Qwik City's sign-in action runs whatever the request's Origin: Qwik City's checkOrigin refuses a cross-site action POST before it", async () => {
    const probe: Probe = { authorize: 0, signIns: 0, signOuts: 0, updates: 0 };
    const config = { ...appConfig(probe), basePath: "/auth" };
    const url = new URL("/journal/?qaction=signin", ORIGIN);
    const event = {
      request: new Request(url, {
        method: "POST",
        headers: { origin: "http://evil.test", "sec-fetch-site": "cross-site" },
      }),
      url,
      env: { get: () => undefined },
    };
    const result = await signInRedirect(event, config, {
      providerId: "credentials",
      options: { email: DEMO_USER.email!, password: PASSWORD },
    });
    expect(probe.authorize).toBe(1);
    expect(result.cookies.map((cookie) => cookie.name)).toContain(SESSION_COOKIE);
  });
});
