/**
 * Open redirect, on every path that accepts a destination and through every integration that exposes it.
 * The class of CVE-2022-24858 / GHSA-f9wg-5f46-cjmw (next-auth sent the browser to a `callbackUrl` on
 * another site); RFC 9700 §4.11 (open redirection); the OWASP Unvalidated Redirects and Forwards cheat sheet.
 *
 * The vectors come from test/security/support/redirect-vectors.ts (about 1,700 per app origin: schemes,
 * slashes and backslashes, whitespace and C0 controls, encodings, userinfo, IP literals, look-alike hosts,
 * origin variants, dot segments, and a seeded fast-check sample of combinations). The oracle resolves what the
 * server sent the way a browser resolves a `Location` header (WHATWG URL: `new URL(location, requestUrl)`)
 * and holds it to the app's origin over http(s), or to the origin of an absolute URL the app itself chose. Every
 * answer must also be free of 5xx and of stack traces, and a `callback-url` cookie the server leaves set
 * must pass the same oracle, since the next request reads it.
 *
 * How many vectors each path takes (sampleVectors spreads a sample over each family's whole product):
 * - every vector (about 1,770): the core's request paths (callbackUrl in the credentials callback, the
 *   sign-out POST, X-Auth-Return-Redirect, the sign-in query, a planted callback-url cookie, the OAuth sign-in
 *   POST) and the helpers' redirectTo (Next signIn/signOut, SvelteKit's form actions, Qwik's actions);
 * - 12 of each family: the same request paths through Next's route handlers, SvelteKit's handle, Express and
 *   SolidStart (translation layers over the core), wrong passwords, the Referer fallback, and the app's own
 *   values (redirect and signIn callbacks, pages.*, the redirect proxy's state);
 * - 3 of each family: the round trips through the real OpenID Provider and SMTP server.
 * Qwik's request paths are `Auth` itself (its onRequest hands auth endpoints to the core): the core's cases
 * cover them. One case per path and family, each listing the vectors that got through and how.
 */
// Next's server loads this first: it exposes AsyncLocalStorage, which `next/headers` needs.
import "next/dist/server/node-environment-baseline.js";
import { request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { isRedirect, type RequestEvent } from "@sveltejs/kit";
import express from "express";
import { NextRequest } from "next/server.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import memory from "../../src/runtime/adapters/memory.js";
import { sameOriginPath } from "../../src/runtime/core/server/helper-destination.js";
import { CredentialsSignin } from "../../src/runtime/errors.js";
import { ExpressAuth } from "../../src/runtime/express.js";
import { Auth, type AuthConfig } from "../../src/runtime/index.js";
import { encode } from "../../src/runtime/jwt.js";
import NextAuth, { type NextAuthConfig } from "../../src/runtime/next.js";
import GitHub from "../../src/runtime/providers/github.js";
import nodemailer from "../../src/runtime/providers/nodemailer.js";
import OIDC from "../../src/runtime/providers/oidc.js";
import { signInRedirect, signOutRedirect } from "../../src/runtime/qwik/server.js";
import { SolidAuth } from "../../src/runtime/solid-start.js";
import { createSvelteKitAuth, type SvelteKitAuthConfig } from "../../src/runtime/sveltekit/auth.js";
import { baseConfig, CookieJar, captureLogger, DEMO_USER, ORIGIN, SECRET } from "../runtime/core/support.js";
import { requestEvent } from "../runtime/sveltekit/event.js";
import { inNextRequest } from "../support/next-request-scope.js";
import { loginThroughInteraction, type OidcServer, startOidcServer } from "../support/oidc-server.mjs";
import { type SmtpServer, startSmtpServer } from "../support/smtp-server.mjs";
import {
  byFamily,
  escapes,
  FAMILY_SOURCE,
  hostileDestinations,
  sampleVectors,
  type Vector,
} from "./support/redirect-vectors.js";

const VECTORS = hostileDestinations(ORIGIN);
/** For the integrations' copies of the core's request paths and the other cheap paths: 12 of each family. */
const MEDIUM = sampleVectors(VECTORS, 12);
/** For the round trips through the real OpenID Provider and SMTP server: 3 of each family. */
const SAMPLE = sampleVectors(VECTORS, 3);
const PASSWORD = "correct horse";
const CALLBACK_COOKIE = "authjs.callback-url";
const SESSION_COOKIE = "authjs.session-token";
/** A stack frame (`at fn (file:line:col)`) or a source position: never in a body a client sees. */
const STACK_TRACE = /\n\s+at \S|\.(?:[cm]?[jt]s):\d+:\d+/;

/** What a browser received for one request, read once. */
interface Answer {
  requestUrl: string;
  status: number;
  location: string | null;
  body: string;
  setCookies: Array<{ name: string; value: string; cleared: boolean }>;
}

async function answerOf(response: Response, requestUrl: string): Promise<Answer> {
  return {
    requestUrl,
    status: response.status,
    location: response.headers.get("location"),
    body: await response.text(),
    setCookies: response.headers.getSetCookie().map((header) => {
      const [pair = "", ...attributes] = header.split(";").map((part) => part.trim());
      const separator = pair.indexOf("=");
      return {
        name: pair.slice(0, separator),
        value: decodeURIComponent(pair.slice(separator + 1)),
        cleared: attributes.some((attribute) => attribute.toLowerCase() === "max-age=0"),
      };
    }),
  };
}

/** What a path may answer besides a redirect to the origin of the request (the app's origin). */
interface Expectation {
  /** Absolute URLs the app chose itself (its callbacks, pages, proxy state): their origins are allowed too. */
  chosen?: readonly string[];
  /** The Location is the provider's authorization endpoint (an OAuth sign-in start): that origin, then. */
  providerOrigin?: string;
  /** A refused `pages.*` entry is the developer's mistake: the Configuration error page (500) is its answer. */
  configurationError?: boolean;
  /** The answer must be a redirect (a 302, or `{url}` for X-Auth-Return-Redirect). */
  redirects?: boolean;
}

/** The Configuration error page (HTML) and message (JSON): what a refused `pages.*` entry is answered with. */
const CONFIGURATION_ERROR = /There (?:is|was) a problem with the server configuration/;

/**
 * The suite's oracle applied to one answer: no 5xx (except the configuration page when allowed), no stack
 * trace, a Location / `{url}` that lands on the app (browser resolution), a callback-url cookie left set only
 * to a value that would land there too. Undefined when all hold, otherwise what broke.
 */
function judge(answer: Answer, expectation: Expectation = {}): string | undefined {
  const appOrigin = new URL(answer.requestUrl).origin;
  const chosen = expectation.chosen ?? [];
  if (answer.status >= 500) {
    const allowed = expectation.configurationError && CONFIGURATION_ERROR.test(answer.body);
    if (!allowed) return `answered ${answer.status}: ${answer.body.slice(0, 120)}`;
  }
  if (STACK_TRACE.test(answer.body)) return "a stack trace in the body";
  let destination = answer.location;
  if (destination === null && answer.body.startsWith("{")) {
    const url = (JSON.parse(answer.body) as { url?: unknown }).url;
    if (typeof url === "string") destination = url;
  }
  if (expectation.redirects && destination === null) return `no redirect (status ${answer.status})`;
  if (destination !== null) {
    if (expectation.providerOrigin !== undefined) {
      const landed = URL.canParse(destination) ? new URL(destination).origin : destination;
      if (landed !== expectation.providerOrigin) return `sign-in start went to ${landed}`;
    } else {
      const why = escapes(destination, answer.requestUrl, appOrigin, chosen);
      if (why) return `redirect ${JSON.stringify(destination)} ${why}`;
    }
  }
  for (const cookie of answer.setCookies) {
    if (!cookie.name.endsWith("callback-url") || cookie.cleared) continue;
    const why = escapes(cookie.value, answer.requestUrl, appOrigin, chosen);
    if (why) return `callback-url cookie ${JSON.stringify(cookie.value)} ${why}`;
  }
  return undefined;
}

/** The value of a hidden form field on a built-in page, as the browser will post it. */
function hiddenField(html: string, name: string): string | undefined {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(html);
  if (!match) return undefined;
  return match[1]!
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&amp;", "&");
}

/** One step of a path: the first broken expectation, if any. */
type Attempt = (value: string) => Promise<string | undefined>;

/**
 * One case per family of `vectors` for `path`: every vector of the family is tried (`concurrency` at a time)
 * and the case lists those that got through, so a failure reads as the vectors that escaped and how.
 */
function attack(path: string, vectors: readonly Vector[], attempt: Attempt, concurrency = 8): void {
  for (const [family, group] of byFamily(vectors)) {
    if (group.length === 0) continue;
    it(`${path}: ${family} vectors [${FAMILY_SOURCE[family]}]`, async () => {
      const escaped: string[] = [];
      for (let start = 0; start < group.length; start += concurrency) {
        const batch = group.slice(start, start + concurrency);
        const verdicts = await Promise.all(
          batch.map(async ({ value }) => {
            try {
              return await attempt(value);
            } catch (error) {
              return `threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`;
            }
          }),
        );
        verdicts.forEach((why, i) => {
          if (why) escaped.push(`${JSON.stringify(batch[i]!.value)} → ${why}`);
        });
      }
      expect(escaped, `${escaped.length} of ${group.length} ${family} vectors got through`).toEqual([]);
    });
  }
}

function form(fields: Record<string, string>): URLSearchParams {
  return new URLSearchParams(fields);
}

/** A browser on ORIGIN: its jar and how it sends one request through `handler`, answer read. */
class Browser {
  constructor(
    readonly handler: (request: Request) => Promise<Response>,
    readonly origin = ORIGIN,
    readonly jar = new CookieJar(),
  ) {}

  /** Another tab of this browser (same cookies, its own jar from now on), optionally on another app. */
  fork(handler = this.handler): Browser {
    const jar = new CookieJar();
    for (const [name, value] of this.jar.cookies) jar.cookies.set(name, value);
    return new Browser(handler, this.origin, jar);
  }

  async send(path: string, init: { body?: URLSearchParams; headers?: Record<string, string> } = {}): Promise<Answer> {
    const url = new URL(path, this.origin).href;
    const headers: Record<string, string> = { ...init.headers };
    if (this.jar.cookies.size > 0) headers.cookie = this.jar.header();
    if (init.body) headers["content-type"] = "application/x-www-form-urlencoded";
    const request = new Request(url, { method: init.body ? "POST" : "GET", headers, body: init.body });
    const response = await this.handler(request);
    // The jar reads only the Set-Cookie headers: the body stays unread for answerOf.
    this.jar.apply(response);
    return answerOf(response, url);
  }

  async csrfToken(base: string): Promise<string> {
    const answer = await this.send(`${base}/csrf`);
    return (JSON.parse(answer.body) as { csrfToken: string }).csrfToken;
  }
}

/**
 * The request paths every integration exposes (the core's own routes, mounted at `base`), for one browser
 * that already holds a CSRF token and a session: the credentials callback (right and wrong password), the
 * sign-out POST, both with X-Auth-Return-Redirect, the sign-in query followed through the page's form, and a
 * planted callback-url cookie.
 */
function requestPaths(
  integration: string,
  setup: () => { browser: Browser; csrfToken: string; base: string },
  vectors: readonly Vector[],
): void {
  const credentials = (value: string, password = PASSWORD) =>
    form({ csrfToken: setup().csrfToken, email: DEMO_USER.email!, password, callbackUrl: value });

  describe(`${integration}: the credentials callback's callbackUrl (CVE-2022-24858)`, () => {
    attack("right password", vectors, async (value) => {
      const { browser, base } = setup();
      const answer = await browser.fork().send(`${base}/callback/credentials`, { body: credentials(value) });
      return judge(answer, { redirects: true });
    });
    attack("wrong password", vectors, async (value) => {
      const { browser, base } = setup();
      const answer = await browser.fork().send(`${base}/callback/credentials`, { body: credentials(value, "wrong") });
      return judge(answer, { redirects: true });
    });
  });

  describe(`${integration}: the sign-out POST's callbackUrl (CVE-2022-24858)`, () => {
    attack("sign-out", vectors, async (value) => {
      const { browser, base, csrfToken } = setup();
      const answer = await browser.fork().send(`${base}/signout`, { body: form({ csrfToken, callbackUrl: value }) });
      return judge(answer, { redirects: true });
    });
  });

  describe(`${integration}: X-Auth-Return-Redirect answers {url} (CVE-2022-24858)`, () => {
    const headers = { "X-Auth-Return-Redirect": "1" };
    attack("credentials callback as JSON", vectors, async (value) => {
      const { browser, base } = setup();
      const answer = await browser.fork().send(`${base}/callback/credentials`, { body: credentials(value), headers });
      if (answer.status !== 200) return `answered ${answer.status}, not {url}`;
      return judge(answer, { redirects: true });
    });
    attack("sign-out as JSON", vectors, async (value) => {
      const { browser, base, csrfToken } = setup();
      const body = form({ csrfToken, callbackUrl: value });
      const answer = await browser.fork().send(`${base}/signout`, { body, headers });
      if (answer.status !== 200) return `answered ${answer.status}, not {url}`;
      return judge(answer, { redirects: true });
    });
  });

  describe(`${integration}: the sign-in query's callbackUrl, through the page's form (OWASP Unvalidated Redirects)`, () => {
    attack("sign-in page then its form", vectors, async (value) => {
      const { browser, base } = setup();
      const visitor = browser.fork();
      const page = await visitor.send(`${base}/signin?${form({ callbackUrl: value })}`);
      const broken = judge(page);
      if (broken) return `sign-in page: ${broken}`;
      const posted = hiddenField(page.body, "callbackUrl");
      if (posted === undefined) return "the sign-in page has no callbackUrl field";
      const why = escapes(posted, page.requestUrl, new URL(page.requestUrl).origin);
      if (why) return `the page's form posts callbackUrl ${JSON.stringify(posted)}, which ${why}`;
      const body = form({ csrfToken: hiddenField(page.body, "csrfToken") ?? "", callbackUrl: posted });
      body.set("email", DEMO_USER.email!);
      body.set("password", PASSWORD);
      return judge(await visitor.send(`${base}/callback/credentials`, { body }), { redirects: true });
    });
  });

  describe(`${integration}: a planted callback-url cookie (issue 9: a sibling subdomain can set it)`, () => {
    attack("planted cookie", vectors, async (value) => {
      const { browser, base } = setup();
      const visitor = browser.fork();
      visitor.jar.cookies.set(CALLBACK_COOKIE, value);
      const page = await visitor.send(`${base}/signin`);
      const broken = judge(page);
      if (broken) return `sign-in page: ${broken}`;
      const kept = visitor.jar.get(CALLBACK_COOKIE);
      if (kept !== undefined && escapes(kept, page.requestUrl, new URL(page.requestUrl).origin)) {
        return `the cookie is left set to ${JSON.stringify(kept)}`;
      }
      const session = await visitor.send(`${base}/session`);
      if (session.status !== 200) return `a later session read answered ${session.status}`;
      const body = form({ csrfToken: setup().csrfToken, email: DEMO_USER.email!, password: PASSWORD });
      const signIn = judge(await visitor.send(`${base}/callback/credentials`, { body }), { redirects: true });
      return signIn && `a later sign-in: ${signIn}`;
    });
    attack("planted cookie, then sign-out", vectors, async (value) => {
      const { browser, base, csrfToken } = setup();
      const visitor = browser.fork();
      visitor.jar.cookies.set(CALLBACK_COOKIE, value);
      return judge(await visitor.send(`${base}/signout`, { body: form({ csrfToken }) }), { redirects: true });
    });
  });
}

/** A browser with a CSRF token and a session, through `handler` under `base`. */
async function signedInBrowser(handler: (request: Request) => Promise<Response>, base: string, origin = ORIGIN) {
  const browser = new Browser(handler, origin);
  const csrfToken = await browser.csrfToken(base);
  const body = form({ csrfToken, email: DEMO_USER.email!, password: PASSWORD });
  const signedIn = await browser.send(`${base}/callback/credentials`, { body });
  if (signedIn.status !== 302 || !browser.jar.get(SESSION_COOKIE)) throw new Error("the demo sign-in failed");
  return { browser, csrfToken, base };
}

/** One real OpenID Provider on loopback for every OAuth round trip of the file. */
let idp: OidcServer;
beforeAll(async () => {
  idp = await startOidcServer({
    clients: [
      {
        client_id: "app",
        client_secret: "app-secret",
        redirect_uris: [`${ORIGIN}/auth/callback/oidc`, `${ORIGIN}/api/auth/callback/oidc`],
      },
    ],
  });
});
afterAll(async () => {
  await idp?.close();
});
const oidcProvider = () => OIDC({ name: "IdP", issuer: idp.issuer, clientId: "app", clientSecret: "app-secret" });

// ---------------------------------------------------------------------------------------------------------
// The core, in process: every path that accepts a destination.

function coreConfig(overrides: Partial<AuthConfig> = {}): AuthConfig {
  // Hundreds of sign-ins at one account, some at once: the rate limits (test/runtime/rate-limit/) would answer
  // 429 before the destination is ever judged, which is what this file checks.
  const config = baseConfig({ logger: captureLogger().logger, rateLimit: false });
  return {
    ...config,
    providers: [...config.providers, GitHub({ clientId: "app", clientSecret: "app-secret" })],
    ...overrides,
  };
}

const coreHandler = (config: AuthConfig) => (request: Request) => Auth(request, config);

describe("core", () => {
  let core: { browser: Browser; csrfToken: string; base: string };
  beforeAll(async () => {
    core = await signedInBrowser(coreHandler(coreConfig()), "/auth");
  });

  requestPaths("core", () => core, VECTORS);

  describe("core: the sign-in POST body's callbackUrl, carried to the callback in the cookie (CVE-2022-24858)", () => {
    attack("OAuth sign-in start", VECTORS, async (value) => {
      const body = form({ csrfToken: core.csrfToken, callbackUrl: value });
      const answer = await core.browser.fork().send("/auth/signin/github", { body });
      return judge(answer, { redirects: true, providerOrigin: "https://github.com" });
    });
  });

  describe("core: the app's redirect callback answering a hostile value (RFC 9700 §4.11; OWASP Unvalidated Redirects)", () => {
    attack("redirect callback, credentials sign-in", MEDIUM, async (value) => {
      const config = coreConfig({ callbacks: { redirect: () => value } });
      const body = form({ csrfToken: core.csrfToken, email: DEMO_USER.email!, password: PASSWORD, callbackUrl: "/j" });
      const answer = await core.browser.fork(coreHandler(config)).send("/auth/callback/credentials", { body });
      return judge(answer, { redirects: true, chosen: [value] });
    });
    attack("redirect callback, sign-in page", MEDIUM, async (value) => {
      const config = coreConfig({ callbacks: { redirect: () => value } });
      const page = await core.browser.fork(coreHandler(config)).send("/auth/signin?callbackUrl=%2Fj");
      const posted = hiddenField(page.body, "callbackUrl") ?? "";
      return judge(page, { chosen: [value] }) ?? escapes(posted, page.requestUrl, ORIGIN, [value]);
    });
  });

  describe("core: the signIn callback answering a destination (CVE-2022-24858: held to the default redirect callback)", () => {
    attack("signIn callback", MEDIUM, async (value) => {
      const config = coreConfig({ callbacks: { signIn: () => value } });
      const body = form({ csrfToken: core.csrfToken, email: DEMO_USER.email!, password: PASSWORD, callbackUrl: "/j" });
      const answer = await core.browser.fork(coreHandler(config)).send("/auth/callback/credentials", { body });
      return judge(answer, { redirects: true });
    });
  });

  describe("core: pages.* set to a hostile value (RFC 9700 §4.11: the app's own destinations pass the rule too)", () => {
    const visits: Array<[keyof NonNullable<AuthConfig["pages"]>, string]> = [
      ["signIn", "/auth/signin?callbackUrl=%2Fj"],
      ["signOut", "/auth/signout"],
      ["error", "/auth/error?error=AccessDenied"],
      ["verifyRequest", "/auth/verify-request"],
    ];
    for (const [page, path] of visits) {
      attack(`pages.${page}`, MEDIUM, async (value) => {
        const config = coreConfig({ pages: { [page]: value } });
        const answer = await core.browser.fork(coreHandler(config)).send(path);
        return judge(answer, { chosen: [value], configurationError: true });
      });
    }
  });

  describe("core: the redirect proxy forwards only where a state minted with the secret says (RFC 9700 §4.11.2)", () => {
    const proxy = "https://auth.example.com";
    const config = coreConfig({ redirectProxyUrl: `${proxy}/auth` });
    attack("redirect proxy", MEDIUM, async (value) => {
      const state = await encode({ token: { origin: value, random: "r" }, salt: "encodedState", secret: SECRET });
      const url = `${proxy}/auth/callback/github?${form({ code: "abc", state })}`;
      const answer = await answerOf(await Auth(new Request(url), config), url);
      return judge(answer, { redirects: true, chosen: [value] });
    });
  });
});

describe("core: OAuth sign-in through the real OpenID Provider, callbackUrl carried across the round trip (RFC 9700 §4.11)", () => {
  let start: { browser: Browser; csrfToken: string };
  beforeAll(async () => {
    const browser = new Browser(coreHandler(coreConfig({ providers: [oidcProvider()] })));
    start = { browser, csrfToken: await browser.csrfToken("/auth") };
  });

  attack(
    "OIDC round trip",
    SAMPLE,
    async (value) => {
      const visitor = start.browser.fork();
      const body = form({ csrfToken: start.csrfToken, callbackUrl: value });
      const started = await visitor.send("/auth/signin/oidc", { body });
      const broken = judge(started, { redirects: true, providerOrigin: idp.issuer });
      if (broken) return `sign-in start: ${broken}`;
      const back = await loginThroughInteraction(started.location!, { login: "alice" });
      return judge(await visitor.send(back), { redirects: true });
    },
    4,
  );
});

describe("core: email sign-in through the real SMTP server, callbackUrl carried in the link (RFC 9700 §4.11)", () => {
  let smtp: SmtpServer;
  let config: AuthConfig;
  let start: { browser: Browser; csrfToken: string };
  beforeAll(async () => {
    smtp = await startSmtpServer();
    config = coreConfig({
      adapter: memory(),
      providers: [nodemailer({ server: smtp.url, from: "App <no-reply@example.test>" })],
    });
    const browser = new Browser(coreHandler(config));
    start = { browser, csrfToken: await browser.csrfToken("/auth") };
  });
  afterAll(async () => {
    await smtp?.close();
  });

  let mailbox = 0;
  attack(
    "email link",
    SAMPLE,
    async (value) => {
      const visitor = start.browser.fork();
      // One address per vector: the links of concurrent requests are told apart by their recipient.
      const email = `reader-${++mailbox}@example.test`;
      const body = form({ csrfToken: start.csrfToken, email, callbackUrl: value });
      const requested = await visitor.send("/auth/signin/nodemailer", { body });
      const broken = judge(requested, { redirects: true });
      if (broken) return `link request: ${broken}`;
      const message = smtp.messages.find((candidate) => candidate.envelope.to.includes(email));
      const link = message?.text?.match(/https?:\/\/\S+/)?.[0];
      if (!link) return "no link was mailed";
      const carried = new URL(link).searchParams.get("callbackUrl") ?? "";
      const why = escapes(carried, link, ORIGIN);
      if (why) return `the link carries callbackUrl ${JSON.stringify(carried)}, which ${why}`;
      return judge(await visitor.send(link), { redirects: true });
    },
    6,
  );
});

// ---------------------------------------------------------------------------------------------------------
// The integrations: the core's request paths through each, and each framework's server-side helpers.

/** A configuration as the integrations take it: no base path (each mounts its own), no `raw`. */
function integrationConfig(overrides: Partial<AuthConfig> = {}): Omit<AuthConfig, "raw" | "basePath"> {
  const {
    basePath: _basePath,
    raw: _raw,
    ...config
  } = baseConfig({ logger: captureLogger().logger, rateLimit: false });
  return { ...config, ...overrides };
}

/** Header values a browser can send: the Referer is a serialized URL, printable ASCII only. */
const HEADER_SAFE = MEDIUM.filter(({ value }) => /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(value));

/** The outcome of a helper that redirects by throwing (SvelteKit, Next) or that returned normally. */
async function settled<T>(action: Promise<T>): Promise<{ value?: T; thrown?: unknown }> {
  try {
    return { value: await action };
  } catch (thrown) {
    return { thrown };
  }
}

/** The answer a browser gets from a helper's redirect: a 303 to `location` from the page at `pageUrl`. */
function helperAnswer(pageUrl: string, location: string, cookies: Answer["setCookies"]): Answer {
  return { requestUrl: pageUrl, status: 303, location, body: "", setCookies: cookies };
}

/** Follows a helper's redirect to the built-in sign-in page and reads where its form would post back. */
async function signInPageFollowed(browser: Browser, answer: Answer): Promise<string | undefined> {
  const page = await browser.fork().send(new URL(answer.location!, answer.requestUrl).href);
  const broken = judge(page);
  if (broken) return `the sign-in page: ${broken}`;
  const posted = hiddenField(page.body, "callbackUrl");
  if (posted === undefined) return "the sign-in page has no callbackUrl field";
  const why = escapes(posted, page.requestUrl, ORIGIN);
  return why && `the sign-in page's form posts callbackUrl ${JSON.stringify(posted)}, which ${why}`;
}

describe("Next.js", () => {
  const PAGE = `${ORIGIN}/journal`;
  const config = (overrides: Partial<NextAuthConfig> = {}) =>
    integrationConfig({ providers: [...baseConfig().providers, oidcProvider()], ...overrides }) as NextAuthConfig;
  let next: ReturnType<typeof NextAuth>;
  let site: { browser: Browser; csrfToken: string; base: string };
  const route = (request: Request) => {
    const nextRequest = new NextRequest(request);
    return request.method === "POST" ? next.handlers.POST(nextRequest) : next.handlers.GET(nextRequest);
  };
  beforeAll(async () => {
    next = NextAuth(config());
    site = await signedInBrowser(route, "/api/auth");
  });

  /**
   * Runs a server action the way Next does (a request scope for `headers()` / `cookies()`), posted from PAGE by
   * the signed-in browser; the answer is the redirect Next would send, and the cookies the action set.
   */
  async function serverAction(action: () => Promise<unknown>, referer = PAGE): Promise<Answer | { thrown: unknown }> {
    const headers = new Headers({
      host: new URL(ORIGIN).host,
      origin: ORIGIN,
      referer,
      cookie: site.browser.jar.header(),
    });
    const outcome = await inNextRequest(headers, new URL(PAGE), action);
    const written = new Headers();
    for (const cookie of outcome.setCookies) written.append("set-cookie", cookie);
    const { setCookies: cookies } = await answerOf(new Response(null, { headers: written }), PAGE);
    if ("value" in outcome) return helperAnswer(PAGE, String(outcome.value), cookies);
    if (outcome.redirect === null) return { thrown: outcome.thrown };
    return helperAnswer(PAGE, outcome.redirect, cookies);
  }

  const judged = (outcome: Answer | { thrown: unknown }) =>
    "thrown" in outcome ? `threw ${String(outcome.thrown)}` : judge(outcome, { redirects: true });

  describe("Next.js: the server-side signIn / signOut redirectTo (issue 9; CVE-2022-24858)", () => {
    const credentials = { email: DEMO_USER.email!, password: PASSWORD };
    attack("signIn('credentials', { redirectTo })", VECTORS, async (value) =>
      judged(await serverAction(() => next.signIn("credentials", { ...credentials, redirectTo: value }))),
    );
    attack("signIn('credentials', { redirectTo }) with a wrong password", MEDIUM, async (value) => {
      const outcome = await serverAction(() =>
        next.signIn("credentials", { email: DEMO_USER.email!, password: "wrong", redirectTo: value }),
      );
      if ("thrown" in outcome && outcome.thrown instanceof CredentialsSignin) return undefined;
      return judged(outcome);
    });
    attack("signOut({ redirectTo })", VECTORS, async (value) =>
      judged(await serverAction(() => next.signOut({ redirectTo: value }))),
    );
    attack("signIn() without a provider, then the sign-in page", MEDIUM, async (value) => {
      const outcome = await serverAction(() => next.signIn(undefined, { redirectTo: value }));
      return judged(outcome) ?? (await signInPageFollowed(site.browser, outcome as Answer));
    });
    attack("signIn('credentials') back to the Referer", HEADER_SAFE, async (value) =>
      judged(await serverAction(() => next.signIn("credentials", credentials), value)),
    );
    attack("signOut() back to the Referer", HEADER_SAFE, async (value) =>
      judged(await serverAction(() => next.signOut(), value)),
    );
    attack(
      "signIn('oidc', { redirectTo }) through the real OpenID Provider",
      SAMPLE,
      async (value) => {
        const started = await serverAction(() => next.signIn("oidc", { redirectTo: value }));
        if ("thrown" in started) return `threw ${String(started.thrown)}`;
        const broken = judge(started, { redirects: true, providerOrigin: idp.issuer });
        if (broken) return `sign-in start: ${broken}`;
        const visitor = new Browser(route);
        for (const cookie of started.setCookies)
          if (!cookie.cleared) visitor.jar.cookies.set(cookie.name, cookie.value);
        const back = await loginThroughInteraction(started.location!, { login: "alice" });
        return judge(await visitor.send(back), { redirects: true });
      },
      4,
    );
  });

  describe("Next.js: middleware sending a visitor to a hostile pages.signIn (RFC 9700 §4.11)", () => {
    attack("auth as middleware", MEDIUM, async (value) => {
      const { auth } = NextAuth(config({ pages: { signIn: value } }));
      const url = `${ORIGIN}/notes`;
      const middleware = auth as unknown as (request: NextRequest, event: unknown) => Promise<Response>;
      const outcome = await settled(middleware(new NextRequest(url), {}));
      // A page no URL parser reads is a configuration error, as in the core (which answers it with 500).
      if (outcome.thrown instanceof TypeError && !URL.canParse(value, ORIGIN)) return undefined;
      if (!outcome.value) return `threw ${String(outcome.thrown)}`;
      return judge(await answerOf(outcome.value, url), { redirects: true, chosen: [value] });
    });
  });

  requestPaths("Next.js route handlers", () => site, MEDIUM);
});

describe("SvelteKit", () => {
  const auth = () =>
    createSvelteKitAuth(
      integrationConfig({ providers: [...baseConfig().providers, oidcProvider()] }) as SvelteKitAuthConfig,
      () => ({}),
    );
  let kit: ReturnType<typeof createSvelteKitAuth>;
  let site: { browser: Browser; csrfToken: string; base: string };
  const handle = async (request: Request) => {
    const { event } = requestEvent(request);
    return kit.handle({ event, resolve: () => new Response("the app's page") });
  };
  beforeAll(async () => {
    kit = auth();
    site = await signedInBrowser(handle, "/auth");
  });

  /** A form action posted from /journal by the signed-in browser; the answer is SvelteKit's 303. */
  async function formAction(
    action: (event: RequestEvent) => Promise<never>,
    fields: Record<string, string>,
    referer = `${ORIGIN}/journal`,
  ): Promise<Answer | { thrown: unknown }> {
    const url = `${ORIGIN}/journal?/auth`;
    const request = new Request(url, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        host: new URL(ORIGIN).host,
        origin: ORIGIN,
        referer,
        cookie: site.browser.jar.header(),
      },
      body: form(fields),
    });
    const { event, cookiesSet } = requestEvent(request);
    const { thrown } = await settled(action(event));
    if (!isRedirect(thrown)) return { thrown };
    const cookies = cookiesSet.map(({ name, value, options }) => ({ name, value, cleared: options.maxAge === 0 }));
    return helperAnswer(url, thrown.location, cookies);
  }

  const judged = (outcome: Answer | { thrown: unknown }) =>
    "thrown" in outcome ? `threw ${String(outcome.thrown)}` : judge(outcome, { redirects: true });
  const credentials = { providerId: "credentials", email: DEMO_USER.email!, password: PASSWORD };

  describe("SvelteKit: the signIn / signOut form actions' redirectTo (issue 9; CVE-2022-24858)", () => {
    attack("signIn action, redirectTo", VECTORS, async (value) =>
      judged(await formAction(kit.signIn, { ...credentials, redirectTo: value })),
    );
    attack("signIn action, callbackUrl field", MEDIUM, async (value) =>
      judged(await formAction(kit.signIn, { ...credentials, callbackUrl: value })),
    );
    attack("signIn action, wrong password", MEDIUM, async (value) => {
      const outcome = await formAction(kit.signIn, { ...credentials, password: "wrong", redirectTo: value });
      if ("thrown" in outcome && outcome.thrown instanceof CredentialsSignin) return undefined;
      return judged(outcome);
    });
    attack("signOut action, redirectTo", VECTORS, async (value) =>
      judged(await formAction(kit.signOut, { redirectTo: value })),
    );
    attack("signIn action without a provider, then the sign-in page", MEDIUM, async (value) => {
      const outcome = await formAction(kit.signIn, { redirectTo: value });
      return judged(outcome) ?? (await signInPageFollowed(site.browser, outcome as Answer));
    });
    attack("signIn action back to the Referer", HEADER_SAFE, async (value) =>
      judged(await formAction(kit.signIn, credentials, value)),
    );
    attack("signOut action back to the Referer", HEADER_SAFE, async (value) =>
      judged(await formAction(kit.signOut, {}, value)),
    );
    attack(
      "signIn action with the real OpenID Provider",
      SAMPLE,
      async (value) => {
        const started = await formAction(kit.signIn, { providerId: "oidc", redirectTo: value });
        if ("thrown" in started) return `threw ${String(started.thrown)}`;
        const broken = judge(started, { redirects: true, providerOrigin: idp.issuer });
        if (broken) return `sign-in start: ${broken}`;
        const visitor = new Browser(handle);
        for (const cookie of started.setCookies)
          if (!cookie.cleared) visitor.jar.cookies.set(cookie.name, cookie.value);
        const back = await loginThroughInteraction(started.location!, { login: "alice" });
        return judge(await visitor.send(back), { redirects: true });
      },
      4,
    );
  });

  requestPaths("SvelteKit handle", () => site, MEDIUM);
});

describe("Qwik City: the signIn / signOut actions' redirectTo (issue 9; CVE-2022-24858)", () => {
  // auth.qwik.ts needs the optimizer; what it does with an action's outcome is `sameOriginPath(url, event.url)`
  // as the redirect, which is what is judged here (a path is resolved against the page by the browser). The
  // config is as QwikAuth$ hands it on, after Qwik's setEnvDefaults gave it the base path.
  const config = { ...integrationConfig(), basePath: "/auth" };
  const PAGE = `${ORIGIN}/login/`;
  let cookie = "";
  beforeAll(async () => {
    const { browser } = await signedInBrowser(coreHandler(config), "/auth");
    cookie = browser.jar.header();
  });
  const event = () => {
    const url = new URL(PAGE);
    const request = new Request(url, { headers: { host: url.host, cookie } });
    return { request, url, env: { get: () => undefined } };
  };
  const landed = (result: {
    url: string;
    cookies: Array<{ name: string; value: string; options: { maxAge?: number } }>;
  }) => {
    const cookies = result.cookies.map(({ name, value, options }) => ({ name, value, cleared: options.maxAge === 0 }));
    return judge(helperAnswer(PAGE, sameOriginPath(result.url, new URL(PAGE)), cookies), { redirects: true });
  };
  const credentials = { email: DEMO_USER.email, password: PASSWORD };

  attack("useSignIn, options.redirectTo", VECTORS, async (value) =>
    landed(
      await signInRedirect(event(), config, {
        providerId: "credentials",
        options: { ...credentials, redirectTo: value },
      }),
    ),
  );
  attack("useSignIn, redirectTo", MEDIUM, async (value) =>
    landed(
      await signInRedirect(event(), config, { providerId: "credentials", redirectTo: value, options: credentials }),
    ),
  );
  attack("useSignIn, wrong password", MEDIUM, async (value) =>
    landed(
      await signInRedirect(event(), config, {
        providerId: "credentials",
        options: { ...credentials, password: "wrong", redirectTo: value },
      }),
    ),
  );
  attack("useSignOut, redirectTo", VECTORS, async (value) =>
    landed(await signOutRedirect(event(), config, { redirectTo: value })),
  );
  attack("useSignIn without a provider, then the sign-in page", MEDIUM, async (value) => {
    const result = await signInRedirect(event(), config, { redirectTo: value });
    const answer = helperAnswer(PAGE, sameOriginPath(result.url, new URL(PAGE)), []);
    const browser = new Browser(coreHandler(config));
    return judge(answer, { redirects: true }) ?? (await signInPageFollowed(browser, answer));
  });
});

describe("Express", () => {
  // A real Express app on loopback, reached as the browser at ORIGIN reaches it: the Host header is ORIGIN's.
  let server: Server;
  let site: { browser: Browser; csrfToken: string; base: string };
  beforeAll(async () => {
    const app = express();
    app.use("/auth", ExpressAuth(integrationConfig()));
    server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    });
    const port = (server.address() as AddressInfo).port;
    site = await signedInBrowser((request) => overHttp(request, port), "/auth");
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  requestPaths("Express", () => site, MEDIUM);
});

describe("SolidStart", () => {
  const { GET, POST } = SolidAuth(integrationConfig());
  let site: { browser: Browser; csrfToken: string; base: string };
  beforeAll(async () => {
    site = await signedInBrowser(async (request) => {
      const response = await (request.method === "POST" ? POST : GET)({ request });
      if (!response) throw new Error(`SolidAuth passed ${request.url} on`);
      return response;
    }, "/api/auth");
  });

  requestPaths("SolidStart", () => site, MEDIUM);
});

/** Sends a web Request to a loopback Node server with the Host header of the URL the browser used. */
function overHttp(request: Request, port: number): Promise<Response> {
  const url = new URL(request.url);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: "127.0.0.1",
        port,
        method: request.method,
        path: `${url.pathname}${url.search}`,
        headers: { ...Object.fromEntries(request.headers), host: url.host },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("end", () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(incoming.headers)) {
            for (const one of Array.isArray(value) ? value : [value ?? ""]) headers.append(name, one);
          }
          const status = incoming.statusCode ?? 500;
          const body = [101, 204, 205, 304].includes(status) ? null : Buffer.concat(chunks);
          resolve(new Response(body, { status, headers }));
        });
      },
    );
    outgoing.on("error", reject);
    request
      .arrayBuffer()
      .then((body) => outgoing.end(Buffer.from(body)))
      .catch(reject);
  });
}
