/**
 * Every input is bounded (issue 21, points 3 and 4): one urlencoded body of 10 MB with a million fields kept
 * the credentials endpoint busy for seconds of CPU, and a 10 MB address got a verification token and a
 * mailed link. Every POST endpoint, and every integration's own body path, is sent what a resource-exhaustion
 * attack sends: oversized bodies (urlencoded, JSON, multipart; with a true, an absent and a lying
 * Content-Length), many small fields under the byte limit, overlong fields and addresses. Each answers 413
 * (size) or 400 (fields, length), or the error page for a browser form, within 50 ms of CPU, reads no more
 * than the limit, stores nothing, mails nothing, and the server goes on serving.
 * Sources: CWE-400 / CWE-770 (allocation without limits), RFC 9110 §15.5.14 (413 Content Too Large) and
 * §15.5.1 (400), RFC 5321 §4.5.3.1 (a path, hence an address, of at most 256 octets with its brackets; a
 * local part of at most 64), the OWASP Denial of Service cheat sheet (limit request size and parameters).
 */
// Before anything loads Next (test/security/support/integrations.ts says why).
import "next/dist/server/node-environment-baseline.js";
import { request as httpRequest } from "node:http";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { normalizeEmailAddress } from "../../src/runtime/core/email/normalize.js";
import { oversizedBodyResponse } from "../../src/runtime/core/server/oversized-body.js";
import { helperSignIn } from "../../src/runtime/core/server/sign-in-sign-out.js";
import { ExpressAuth } from "../../src/runtime/express.js";
import { Auth } from "../../src/runtime/index.js";
import NextAuth, { pagesApiRoute } from "../../src/runtime/next.js";
import { isOwnActionPost, signInRedirect } from "../../src/runtime/qwik/server.js";
import { createSvelteKitAuth } from "../../src/runtime/sveltekit/auth.js";
import type { Adapter, AuthConfig } from "../../src/runtime/types.js";
import { CookieJar, csrfToken } from "../runtime/core/support.js";
import { requestEvent } from "../runtime/sveltekit/event.js";
import { type SmtpServer, startSmtpServer } from "../support/smtp-server.mjs";
import { attackedApp, BASE, DEMO_USER, ORIGIN, PASSWORD } from "./fuzz/app.js";
import { APP_NAMES, type AppConfig, startApp } from "./support/integrations.js";

const MB = 1024 * 1024;
/** The CPU one refused request may cost (issue 21, point 4). */
const CPU_BUDGET_MS = 50;
/** The documented default body limit (docs/configuration.md, Limits). */
const BODY_LIMIT = 64 * 1024;
const CHUNK = 64 * 1024;
/**
 * The most a bounded reader may have pulled from a stream: the limit, the chunk that passes it, and the one a
 * web stream queues ahead of its reader (highWaterMark 1). Ten megabytes is 160 chunks.
 */
const MOST_PULLED = BODY_LIMIT + 2 * CHUNK;

let smtp: SmtpServer;
let config: AuthConfig;
let stored: string[];

/** The adapter's writes, recorded: an oversized request must store nothing. */
function recording(adapter: Adapter, log: string[]): Adapter {
  const recorded: Adapter = { ...adapter };
  for (const name of ["createVerificationToken", "createUser", "createSession", "linkAccount"] as const) {
    const method = adapter[name] as ((...args: unknown[]) => unknown) | undefined;
    if (!method) continue;
    (recorded as Record<string, unknown>)[name] = (...args: unknown[]) => {
      log.push(name);
      return method(...args);
    };
  }
  return recorded;
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  stored = [];
  const app = attackedApp({ smtpUrl: smtp.url });
  config = { ...app.config, adapter: recording(app.config.adapter!, stored) };
});

afterAll(async () => {
  await smtp?.close();
});

/** Every POST endpoint the app serves: each provider kind's sign-in and callback, sign-out, the session update. */
const POST_ENDPOINTS = [
  "signin/nodemailer",
  "signin/acme",
  "callback/credentials",
  "callback/passkey",
  "signout",
  "session",
] as const;

/** Ten megabytes of `x=1234567&` (about 1.1 million fields). */
const URLENCODED = new TextEncoder().encode("x=1234567&".repeat(MB));
/** Ten megabytes of a JSON object with about 600,000 keys. */
const JSON_BODY = new TextEncoder().encode(
  `{${Array.from({ length: 600_000 }, (_, i) => `"k${i}":0`).join(",")}${",".padEnd(10 * MB - 600_000 * 10, " ")}"z":1}`,
);
const BOUNDARY = "----bounded-input";
/** Ten megabytes of multipart/form-data, about 170,000 small parts. */
const MULTIPART = new TextEncoder().encode(
  `${`--${BOUNDARY}\r\nContent-Disposition: form-data; name="f"\r\n\r\nvalue\r\n`.repeat(170_000)}--${BOUNDARY}--\r\n`,
);

/** A body handed out lazily in 64 KiB chunks, counting what a reader pulled: a bounded reader stops early. */
function lazyStream(bytes: Uint8Array): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  let offset = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.byteLength) {
        controller.close();
        return;
      }
      controller.enqueue(bytes.subarray(offset, offset + CHUNK));
      offset += CHUNK;
    },
  });
  return { stream, pulled: () => Math.min(offset, bytes.byteLength) };
}

interface Oversized {
  name: string;
  bytes: Uint8Array;
  contentType: string;
  /** The Content-Length a client declares: the true one, none (chunked), or a lie. */
  contentLength: "true" | "absent" | "lying";
}

const OVERSIZED: Oversized[] = [
  {
    name: "10 MB urlencoded, ~1M fields",
    bytes: URLENCODED,
    contentType: "application/x-www-form-urlencoded",
    contentLength: "true",
  },
  {
    name: "10 MB urlencoded streamed without Content-Length",
    bytes: URLENCODED,
    contentType: "application/x-www-form-urlencoded",
    contentLength: "absent",
  },
  {
    name: "10 MB urlencoded under a lying Content-Length of 100",
    bytes: URLENCODED,
    contentType: "application/x-www-form-urlencoded",
    contentLength: "lying",
  },
  { name: "10 MB JSON object", bytes: JSON_BODY, contentType: "application/json", contentLength: "true" },
  {
    name: "10 MB JSON streamed without Content-Length",
    bytes: JSON_BODY,
    contentType: "application/json",
    contentLength: "absent",
  },
  {
    name: "10 MB multipart form",
    bytes: MULTIPART,
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    contentLength: "true",
  },
  {
    name: "10 MB multipart streamed without Content-Length",
    bytes: MULTIPART,
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    contentLength: "absent",
  },
];

function declared(body: Oversized): Record<string, string> {
  if (body.contentLength === "absent") return {};
  return { "content-length": body.contentLength === "true" ? String(body.bytes.byteLength) : "100" };
}

function oversizedRequest(
  url: string,
  body: Oversized,
  headers: Record<string, string> = {},
): { request: Request; pulled: () => number } {
  const { stream, pulled } = lazyStream(body.bytes);
  const request = new Request(url, {
    method: "POST",
    headers: { "content-type": body.contentType, ...declared(body), ...headers },
    body: stream,
    duplex: "half",
  } as RequestInit);
  return { request, pulled };
}

/** Process CPU (user + system) that `run` took, in milliseconds. */
async function cpuMs(run: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  await run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

/**
 * The CPU budget of one refused request. The process's CPU counts more than the request (a garbage collection
 * of the 10 MB bodies the cases build, another file's server in this worker: the unit project shares
 * processes), so a reading over the budget is taken again with a fresh request, twice at most, and the least
 * counts. Unfixed, every reading was 280 ms to 1.7 s.
 */
async function expectWithinBudget(run: () => Promise<unknown>, label?: string): Promise<void> {
  let least = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < 3 && least >= CPU_BUDGET_MS; attempt++) least = Math.min(least, await cpuMs(run));
  expect(least, label).toBeLessThan(CPU_BUDGET_MS);
}

/** The answer and its body read, as a client reads it. */
async function answered(request: Request): Promise<Response> {
  const response = await Auth(request, config);
  await response.clone().text();
  return response;
}

function url(path: string): string {
  return `${ORIGIN}${BASE}/${path}`;
}

/** A form a browser posts with a CSRF token: the fields, urlencoded. */
function formRequest(
  path: string,
  fields: Iterable<[string, string]>,
  jar: CookieJar,
  headers: Record<string, string> = {},
) {
  return new Request(url(path), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header(), ...headers },
    body: new URLSearchParams([...fields]),
  });
}

function manyFields(count: number): Array<[string, string]> {
  return Array.from({ length: count }, (_, i) => [`f${i}`, "1"]);
}

function expectNothingStoredOrMailed() {
  expect(stored).toEqual([]);
  expect(smtp.messages).toEqual([]);
}

describe("oversized bodies on every POST endpoint (CWE-400; RFC 9110 §15.5.14)", () => {
  for (const endpoint of POST_ENDPOINTS) {
    for (const body of OVERSIZED) {
      it(`answers 413 to a ${body.name} on POST ${endpoint}, reading at most the limit`, {
        timeout: 120_000,
      }, async () => {
        const { request, pulled } = oversizedRequest(url(endpoint), body);
        const response = await answered(request);
        expect(response.status).toBe(413);
        expect(pulled()).toBeLessThanOrEqual(MOST_PULLED);
        await expectWithinBudget(() => answered(oversizedRequest(url(endpoint), body).request));
        expectNothingStoredOrMailed();
      });
    }
  }

  it("sends a browser's oversized form POST to the error page instead", { timeout: 120_000 }, async () => {
    for (const endpoint of POST_ENDPOINTS) {
      const browserPost = () =>
        oversizedRequest(url(endpoint), OVERSIZED[0]!, {
          accept: "text/html,application/xhtml+xml",
          "sec-fetch-mode": "navigate",
        }).request;
      const response = await answered(browserPost());
      expect(response.status, endpoint).toBe(302);
      expect(response.headers.get("location"), endpoint).toBe(`${ORIGIN}${BASE}/error?error=InputTooLarge`);
      await expectWithinBudget(() => answered(browserPost()), endpoint);
    }
    expectNothingStoredOrMailed();
  });
});

describe("many fields and overlong fields under the byte limit (400)", () => {
  it("answers 400 to 1,000 small fields on every POST endpoint", async () => {
    const jar = new CookieJar();
    const csrf = await csrfToken(config, jar);
    for (const endpoint of POST_ENDPOINTS) {
      const fields: Array<[string, string]> = [["csrfToken", csrf], ...manyFields(1_000)];
      const response = await answered(formRequest(endpoint, fields, jar));
      expect(response.status, endpoint).toBe(400);
      await expectWithinBudget(() => answered(formRequest(endpoint, fields, jar)), endpoint);
    }
    expectNothingStoredOrMailed();
  });

  it("answers 400 to any field count over the limit, in any field names (property)", async () => {
    const jar = new CookieJar();
    const csrf = await csrfToken(config, jar);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...POST_ENDPOINTS),
        fc.integer({ min: 101, max: 3_000 }),
        fc.stringMatching(/^[a-z]{1,6}$/),
        async (endpoint, count, prefix) => {
          const fields: Array<[string, string]> = [["csrfToken", csrf]];
          for (let i = 0; i < count; i++) fields.push([`${prefix}${i}`, "v"]);
          const response = await Auth(formRequest(endpoint, fields, jar), config);
          expect(response.status).toBe(400);
        },
      ),
      { numRuns: 25 },
    );
    expectNothingStoredOrMailed();
  });

  it("answers 400 to a field over its length cap on every POST endpoint (JSON too)", async () => {
    const jar = new CookieJar();
    const csrf = await csrfToken(config, jar);
    for (const endpoint of POST_ENDPOINTS) {
      const fields: Array<[string, string]> = [
        ["csrfToken", csrf],
        ["password", "p".repeat(20_000)],
      ];
      expect((await answered(formRequest(endpoint, fields, jar))).status, endpoint).toBe(400);
      await expectWithinBudget(() => answered(formRequest(endpoint, fields, jar)), endpoint);
      const json = new Request(url(endpoint), {
        method: "POST",
        headers: { "content-type": "application/json", cookie: jar.header() },
        body: JSON.stringify({ csrfToken: csrf, callbackUrl: `/${"a".repeat(3_000)}` }),
      });
      expect((await Auth(json, config)).status, endpoint).toBe(400);
    }
    expectNothingStoredOrMailed();
  });

  it("never calls authorize with an overlong credentials field", async () => {
    let calls = 0;
    const { config: own } = attackedApp({
      overrides: {
        providers: [
          {
            id: "credentials",
            name: "Credentials",
            type: "credentials",
            credentials: {},
            authorize: async () => {
              calls++;
              return DEMO_USER;
            },
          },
        ],
      },
    });
    const jar = new CookieJar();
    const csrf = await csrfToken(own, jar);
    const fields: Array<[string, string]> = [
      ["csrfToken", csrf],
      ["email", DEMO_USER.email!],
      ["password", "p".repeat(20_000)],
    ];
    const response = await Auth(formRequest("callback/credentials", fields, jar), own);
    expect(response.status).toBe(400);
    expect(calls).toBe(0);
  });
});

describe("addresses are capped as RFC 5321 caps them (§4.5.3.1.1, §4.5.3.1.3)", () => {
  const overlong = [
    ["a local part of 65 octets", `${"a".repeat(65)}@example.test`],
    ["an address of 255 octets", `${"a".repeat(64)}@${`${"d".repeat(59)}.`.repeat(3)}abcde.test`],
    ["an address of 10,000 octets", `${"a".repeat(60)}@${"d.".repeat(5_000)}test`],
  ] as const;

  for (const [what, address] of overlong) {
    it(`stores no token and mails nothing for ${what}`, async () => {
      const jar = new CookieJar();
      const csrf = await csrfToken(config, jar);
      const response = await Auth(
        formRequest(
          "signin/nodemailer",
          [
            ["csrfToken", csrf],
            ["email", address],
          ],
          jar,
        ),
        config,
      );
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toMatch(/\/signin\?error=EmailSignInError$/);
      expectNothingStoredOrMailed();
    });
  }

  it("takes an address of 254 octets with a 64-octet local part, and refuses one octet more in either", () => {
    const longest = `${"a".repeat(64)}@${`${"d".repeat(59)}.`.repeat(3)}abcd.test`;
    expect(longest).toHaveLength(254);
    expect(normalizeEmailAddress(longest)).toBe(longest);
    expect(() => normalizeEmailAddress(`a${longest}`)).toThrow(/254/);
    expect(() => normalizeEmailAddress(`${"a".repeat(65)}@example.test`)).toThrow(/64/);
    // Counted in octets, as RFC 5321 counts: 64 two-octet characters are 128 octets.
    expect(() => normalizeEmailAddress(`${"é".repeat(64)}@example.test`)).toThrow(/64/);
  });

  it("still mails the link for a long address the relay takes (253 octets, a 64-octet local part)", async () => {
    // smtp-server takes at most 253 octets (its reading of §4.5.3.1.3); the rule's 254 is errata 1690's.
    const address = `${"a".repeat(64)}@${`${"d".repeat(59)}.`.repeat(3)}abc.test`;
    expect(address.length).toBe(253);
    const jar = new CookieJar();
    const csrf = await csrfToken(config, jar);
    const response = await Auth(
      formRequest(
        "signin/nodemailer",
        [
          ["csrfToken", csrf],
          ["email", address],
        ],
        jar,
      ),
      config,
    );
    expect(response.headers.get("location")).toContain("/verify-request");
    expect(stored).toEqual(["createVerificationToken"]);
    expect(smtp.messages.map((message: { envelope: { to: string[] } }) => message.envelope.to)).toEqual([[address]]);
    stored.length = 0;
    smtp.messages.length = 0;
  });
});

/** Node's request as Express and the Pages Router hand it over: headers, and a body streamed lazily. */
function nodeRequest(body: Oversized, path: string, mount = "") {
  let pulled = 0;
  const headers: Record<string, string> = {
    host: "localhost:3000",
    "content-type": body.contentType,
    ...declared(body),
  };
  return {
    req: {
      method: "POST",
      // Express strips the mount point from `url`; Node itself gives the whole path.
      url: path.slice(mount.length),
      originalUrl: path,
      baseUrl: mount,
      headers,
      socket: {},
      readableEnded: false,
      app: { get: () => undefined },
      async *[Symbol.asyncIterator]() {
        for (let offset = 0; offset < body.bytes.byteLength; offset += CHUNK) {
          pulled += CHUNK;
          yield body.bytes.subarray(offset, offset + CHUNK);
        }
      },
    },
    pulled: () => pulled,
  };
}

function nodeResponse() {
  const headers = new Map<string, unknown>();
  let ended: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    ended = resolve;
  });
  const res = {
    statusCode: 200,
    getHeader: (name: string) => headers.get(name.toLowerCase()),
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), value),
    end: () => ended(),
  };
  return { res, done, headers };
}

function integrationConfig(): AppConfig {
  const { basePath: _basePath, raw: _raw, ...rest } = config;
  return rest;
}

describe("each integration's own body reading obeys the same limits", () => {
  it("Express: a 10 MB body streamed from Node's request answers 413 having read at most the limit", async () => {
    const middleware = ExpressAuth(integrationConfig());
    const send = async (body: Oversized) => {
      const { req, pulled } = nodeRequest(body, "/auth/callback/credentials", "/auth");
      const { res, headers } = nodeResponse();
      // biome-ignore lint/suspicious/noExplicitAny: a structural stand-in for Express's req and res.
      await middleware(req as any, res as any, (error) => {
        throw error ?? new Error("next() was called");
      });
      return { status: res.statusCode, connection: headers.get("connection"), pulled: pulled() };
    };
    for (const body of OVERSIZED) {
      const answer = await send(body);
      expect(answer.status, body.name).toBe(413);
      expect(answer.pulled, body.name).toBeLessThanOrEqual(MOST_PULLED);
      // The rest of the body is left unread: the connection is closed rather than kept waiting on it.
      expect(answer.connection, body.name).toBe("close");
      await expectWithinBudget(() => send(body), body.name);
    }
    expectNothingStoredOrMailed();
  });

  it("Express: a body an app's parser already read (req.body) obeys the field limit", async () => {
    const middleware = ExpressAuth(integrationConfig());
    const statusFor = async (parsed: Record<string, string>) => {
      const { req } = nodeRequest(OVERSIZED[0]!, "/auth/callback/credentials", "/auth");
      Object.assign(req, { readableEnded: true, body: parsed });
      const { res } = nodeResponse();
      // biome-ignore lint/suspicious/noExplicitAny: a structural stand-in for Express's req and res.
      await middleware(req as any, res as any, (error) => {
        throw error ?? new Error("next() was called");
      });
      return res.statusCode;
    };
    // The control: the same request with a few fields reaches the action (a refused CSRF token: a redirect).
    expect(await statusFor({ email: "a@b.test", password: "x" })).toBe(302);
    expect(await statusFor(Object.fromEntries(manyFields(1_000)))).toBe(400);
  });

  it("Next Pages Router: a 10 MB body streamed from Node's request answers 413 having read at most the limit", async () => {
    const route = pagesApiRoute(NextAuth(integrationConfig()).handlers);
    const send = async (body: Oversized) => {
      const { req, pulled } = nodeRequest(body, "/api/auth/callback/credentials");
      const { res, done } = nodeResponse();
      // biome-ignore lint/suspicious/noExplicitAny: a structural stand-in for Node's req and res.
      await route(req as any, res as any);
      await done;
      return { status: res.statusCode, pulled: pulled() };
    };
    for (const body of OVERSIZED) {
      const answer = await send(body);
      expect(answer.status, body.name).toBe(413);
      expect(answer.pulled, body.name).toBeLessThanOrEqual(MOST_PULLED);
      await expectWithinBudget(() => send(body), body.name);
    }
    expectNothingStoredOrMailed();
  });

  it("SvelteKit: the signIn form action answers 413 to a 10 MB form, having read at most the limit", async () => {
    const auth = createSvelteKitAuth(integrationConfig(), () => ({}));
    for (const body of OVERSIZED.filter((entry) => !entry.contentType.includes("json"))) {
      const post = () => oversizedRequest(`${ORIGIN}/signin`, body, { host: "localhost:3000" });
      const { request, pulled } = post();
      const thrown = await auth.signIn(requestEvent(request).event).catch((error: unknown) => error);
      expect(thrown, body.name).toMatchObject({ status: 413 });
      expect(pulled(), body.name).toBeLessThanOrEqual(MOST_PULLED);
      await expectWithinBudget(() => auth.signIn(requestEvent(post().request).event).catch(() => {}), body.name);
    }
    expectNothingStoredOrMailed();
  });

  it("SvelteKit: the signIn and signOut form actions answer 400 to 1,000 fields", async () => {
    const auth = createSvelteKitAuth(integrationConfig(), () => ({}));
    for (const action of [auth.signIn, auth.signOut]) {
      const request = new Request(`${ORIGIN}/signin`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", host: "localhost:3000" },
        body: new URLSearchParams([["providerId", "credentials"], ...manyFields(1_000)]),
      });
      const thrown = await action(requestEvent(request).event).catch((error: unknown) => error);
      expect(thrown).toMatchObject({ status: 400 });
    }
  });

  it("server-side helpers (Next server actions, SvelteKit and Qwik actions) refuse 1,000 fields with InputTooLarge", async () => {
    const incoming = { headers: new Headers({ host: "localhost:3000" }), url: new URL(ORIGIN), env: {} };
    const signIn = helperSignIn({ ...integrationConfig(), basePath: BASE }, incoming, {
      providerId: "credentials",
      callbackUrl: "/",
      fields: manyFields(1_000),
    });
    await expect(signIn).rejects.toMatchObject({ type: "InputTooLarge" });
    expectNothingStoredOrMailed();
  });

  it("Qwik City: a sign-in action with 1,000 fields lands on the error page", async () => {
    const event = { request: new Request(`${ORIGIN}/`), url: new URL(`${ORIGIN}/`), env: { get: () => undefined } };
    const qwikConfig = { ...integrationConfig(), basePath: "/auth" };
    const target = await signInRedirect(event, qwikConfig, {
      providerId: "credentials",
      options: Object.fromEntries(manyFields(1_000)),
    });
    expect(target.url).toBe(`${ORIGIN}/auth/error?error=InputTooLarge`);
    expectNothingStoredOrMailed();
  });

  it("Qwik City: onRequest answers an oversized POST of its own actions before Qwik City parses it", async () => {
    const qwikConfig = { ...integrationConfig(), basePath: BASE };
    const ids = ["signin-action-id", "signout-action-id"];
    for (const body of OVERSIZED) {
      const post = () => oversizedRequest(`${ORIGIN}/login?qaction=signin-action-id`, body);
      const { request, pulled } = post();
      expect(isOwnActionPost(request, ids)).toBe(true);
      const refused = await oversizedBodyResponse(request, qwikConfig);
      expect(refused?.status, body.name).toBe(413);
      // Read through a clone (Qwik City reads the request after): the tee pulls one chunk more.
      expect(pulled(), body.name).toBeLessThanOrEqual(MOST_PULLED + CHUNK);
      await expectWithinBudget(() => oversizedBodyResponse(post().request, qwikConfig), body.name);
    }
    const browserPost = oversizedRequest(`${ORIGIN}/login?qaction=signin-action-id`, OVERSIZED[0]!, {
      "sec-fetch-mode": "navigate",
    }).request;
    const page = await oversizedBodyResponse(browserPost, qwikConfig);
    expect(page?.headers.get("location")).toBe(`${ORIGIN}${BASE}/error?error=InputTooLarge`);
    // The app's own actions, and any GET, are the app's.
    expect(isOwnActionPost(new Request(`${ORIGIN}/?qaction=app-action`, { method: "POST" }), ids)).toBe(false);
    expect(isOwnActionPost(new Request(`${ORIGIN}/?qaction=signin-action-id`), ids)).toBe(false);
    // A body within the limits is left whole for Qwik City to read.
    const small = new Request(`${ORIGIN}/login?qaction=signin-action-id`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ providerId: "credentials", email: "a@b.test" }),
    });
    expect(await oversizedBodyResponse(small, qwikConfig)).toBeUndefined();
    expect((await small.formData()).get("email")).toBe("a@b.test");
    const many = new Request(`${ORIGIN}/login?qaction=signin-action-id`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(manyFields(1_000)),
    });
    expect((await oversizedBodyResponse(many, qwikConfig))?.status).toBe(400);
  });

  /** A chunked POST (no Content-Length) over a real socket, written as the socket takes it: the status it gets. */
  function chunkedPost(target: string, bytes: Uint8Array): Promise<number> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        target,
        { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      // The server answers and closes while the client is still writing: the write then fails, as it should.
      req.on("error", (error) => reject(error));
      let offset = 0;
      const write = () => {
        while (offset < bytes.byteLength) {
          const chunk = bytes.subarray(offset, offset + CHUNK);
          offset += CHUNK;
          if (!req.write(chunk)) {
            req.once("drain", write);
            return;
          }
        }
        req.end();
      };
      write();
    });
  }

  for (const appName of ["express", "next-pages"] as const) {
    it(`${appName} over a real socket: a chunked 10 MB body answers 413, and the server goes on serving`, async () => {
      const app = await startApp(appName, integrationConfig);
      try {
        const status = await chunkedPost(`${app.origin}${app.basePath}/callback/credentials`, URLENCODED);
        expect(status).toBe(413);
        const session = await app.send(new Request(`${app.origin}${app.basePath}/session`));
        expect(session.status).toBe(200);
      } finally {
        await app.close();
      }
      expectNothingStoredOrMailed();
    });
  }

  describe.each(APP_NAMES)("through %s", (appName) => {
    it("answers a 10 MB form with 413 and 1,000 fields with 400, then still serves a sign-in", {
      timeout: 120_000,
    }, async () => {
      const app = await startApp(appName, integrationConfig);
      try {
        const target = `${app.origin}${app.basePath}/callback/credentials`;
        const big = await app.send(
          new Request(target, {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body: URLENCODED,
          }),
        );
        expect(big.status).toBe(413);
        const many = await app.send(
          new Request(target, {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams(manyFields(1_000)),
          }),
        );
        expect(many.status).toBe(400);
        const session = await app.send(new Request(`${app.origin}${app.basePath}/session`));
        expect(session.status).toBe(200);
      } finally {
        await app.close();
      }
      expectNothingStoredOrMailed();
    });
  });
});

it("still signs a user in with credentials after every attack above", async () => {
  const jar = new CookieJar();
  const csrf = await csrfToken(config, jar);
  const response = await Auth(
    formRequest(
      "callback/credentials",
      [
        ["csrfToken", csrf],
        ["email", DEMO_USER.email!],
        ["password", PASSWORD],
      ],
      jar,
    ),
    config,
  );
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe(ORIGIN);
});
