/**
 * Hostile input is the client's fault, never the server's (issue 9, "hostile input answered as a server
 * fault"). Every endpoint under the base path is sent what scanners and attackers send: malformed and
 * script-scheme destinations (query, form field, JSON field, a planted `callback-url` cookie), malformed
 * bodies, unknown actions and providers, bad methods, overlong URLs, broken `Cookie` headers. The answer is
 * the documented one (a page, a redirect on this origin, the error page, or a 4xx), never a 500, never a
 * stack trace or a source path (test/security/fuzz/answer.ts holds the rules).
 * Sources: CVE-2022-31093 / GHSA-g5fm-jp9v-2432 (a malformed callbackUrl crashed next-auth's handler),
 * CWE-209 and the OWASP Error Handling cheat sheet, RFC 6265 §5.2 (a user agent ignores a cookie it cannot
 * parse; so does a server), RFC 9110 §15.5.6 (405/400 for an unsupported method).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setEnvDefaults } from "../../src/runtime/index.js";
import OIDC from "../../src/runtime/providers/oidc.js";
import type { AuthConfig } from "../../src/runtime/types.js";
import { CookieJar, csrfToken, setCookies } from "../runtime/core/support.js";
import { type SmtpServer, startSmtpServer } from "../support/smtp-server.mjs";
import { type Answer, type AnswerRules, attack } from "./fuzz/answer.js";
import {
  attackedApp,
  BASE,
  CALLBACK_URL_COOKIE,
  CSRF_COOKIE,
  DEMO_USER,
  ORIGIN,
  PASSWORD,
  SESSION_COOKIE,
} from "./fuzz/app.js";

let smtp: SmtpServer;
let config: AuthConfig;
let rules: AnswerRules;

beforeAll(async () => {
  smtp = await startSmtpServer();
  const app = attackedApp({ smtpUrl: smtp.url });
  config = app.config;
  rules = { allowedOrigins: app.allowedOrigins };
});

afterAll(async () => {
  await smtp?.close();
});

function url(path: string): string {
  return `${ORIGIN}${BASE}${path}`;
}

function expectNoFault(result: Answer & { faults: string[] }) {
  expect(result.faults).toEqual([]);
}

/** A browser that loaded a page with a form: a csrf cookie and its token. */
async function browser(): Promise<{ jar: CookieJar; csrf: string }> {
  const jar = new CookieJar();
  return { jar, csrf: await csrfToken(config, jar) };
}

function form(path: string, fields: Record<string, string>, jar: CookieJar, headers: Record<string, string> = {}) {
  return new Request(url(path), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header(), ...headers },
    body: new URLSearchParams(fields),
  });
}

/**
 * Destinations a client may send as `callbackUrl`. Script and other schemes (OWASP XSS Filter Evasion
 * cheat sheet: case, whitespace and control characters inside `javascript:`), values the WHATWG URL parser
 * refuses (CVE-2022-31093), forms a browser resolves to another host (GHSA-f9wg-5f46-cjmw), userinfo, raw
 * CR/LF (CWE-113, response splitting), percent-encoding that does not decode, and overlong values.
 */
const HOSTILE_DESTINATIONS: string[] = [
  "javascript:alert(document.domain)",
  "JaVaScRiPt:alert(1)",
  " javascript:alert(1)",
  "java\tscript:alert(1)",
  "javascript\u0000:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "file:///etc/passwd",
  "http://",
  "http://[",
  "https://exa mple.test/",
  "http://localhost:99999/",
  "%",
  "%E0%A4%A",
  "\u0000",
  "//evil.test",
  "///evil.test",
  "/\\evil.test",
  "\\\\evil.test",
  "https:evil.test",
  "https://evil.test/",
  `${ORIGIN}@evil.test/`,
  "http://user:pass@localhost:3000/",
  "/\r\nSet-Cookie: planted=1",
  "\r\nLocation: https://evil.test",
  "/..\\..\\windows\\win.ini",
  "undefined",
  `/${"a".repeat(10_000)}`,
  "x".repeat(70_000),
];

/**
 * The destinations whose sign-in goes on to the redirect rule when posted: a longer `callbackUrl` is over the
 * input limits (2048 characters, a 64 KiB body) and is refused before any action, with 400 or 413
 * (test/security/bounded-input.test.ts). Every one of them is still no fault (the first describe below).
 */
const POSTABLE_DESTINATIONS = HOSTILE_DESTINATIONS.filter((destination) => destination.length <= 2048);

describe("a hostile callbackUrl in the query of every GET endpoint (CVE-2022-31093)", () => {
  const endpoints = [
    "/providers",
    "/session",
    "/csrf",
    "/signin",
    "/signin/acme",
    "/signout",
    "/error",
    "/verify-request",
    "/callback/acme",
    "/callback/nodemailer",
    "/callback/credentials",
    "/webauthn-options/passkey",
  ];
  for (const endpoint of endpoints) {
    it.each(HOSTILE_DESTINATIONS)(`GET ${endpoint}?callbackUrl=%j is no server fault`, async (destination) => {
      const request = new Request(`${url(endpoint)}?${new URLSearchParams({ callbackUrl: destination })}`);
      expectNoFault(await attack(request, config, rules));
    });
  }
});

describe("a hostile callbackUrl in the form of every POST endpoint (CVE-2022-31093, GHSA-f9wg-5f46-cjmw)", () => {
  const posts: Array<{ label: string; path: string; fields: Record<string, string> }> = [
    {
      label: "credentials sign-in, right password",
      path: "/callback/credentials",
      fields: { email: DEMO_USER.email!, password: PASSWORD },
    },
    {
      label: "credentials sign-in, wrong password",
      path: "/callback/credentials",
      fields: { email: DEMO_USER.email!, password: "wrong" },
    },
    { label: "OAuth sign-in start", path: "/signin/acme", fields: {} },
    { label: "email link request", path: "/signin/nodemailer", fields: { email: "reader@example.test" } },
    { label: "sign-out", path: "/signout", fields: {} },
    { label: "session update", path: "/session", fields: {} },
    { label: "passkey callback", path: "/callback/passkey", fields: { action: "authenticate", data: "{}" } },
  ];
  for (const { label, path, fields } of posts) {
    it.each(HOSTILE_DESTINATIONS)(
      `${label} (POST ${path}) with callbackUrl %j is no server fault`,
      async (destination) => {
        const { jar, csrf } = await browser();
        const request = form(path, { csrfToken: csrf, callbackUrl: destination, ...fields }, jar);
        expectNoFault(await attack(request, config, rules));
      },
    );
  }

  it.each(HOSTILE_DESTINATIONS)(
    "a client-side sign-out (JSON, X-Auth-Return-Redirect) with callbackUrl %j returns a URL on this origin",
    async (destination) => {
      const { jar, csrf } = await browser();
      const request = new Request(url("/signout"), {
        method: "POST",
        headers: { "content-type": "application/json", "x-auth-return-redirect": "1", cookie: jar.header() },
        body: JSON.stringify({ csrfToken: csrf, callbackUrl: destination }),
      });
      const result = await attack(request, config, rules);
      expectNoFault(result);
      expect(result.response?.status).toBe(200);
    },
  );
});

describe("with custom pages (pages.signIn, pages.error, pages.signOut), a hostile callbackUrl still lands on this origin", () => {
  let paged: AuthConfig;

  beforeAll(() => {
    paged = attackedApp({ overrides: { pages: { signIn: "/login", error: "/oops", signOut: "/bye" } } }).config;
  });

  it.each(HOSTILE_DESTINATIONS)(
    "GET /signin?callbackUrl=%j redirects to pages.signIn on this origin",
    async (destination) => {
      const request = new Request(`${url("/signin")}?${new URLSearchParams({ callbackUrl: destination })}`);
      const result = await attack(request, paged, rules);
      expectNoFault(result);
      expect(new URL(result.response!.headers.get("location")!, ORIGIN).pathname).toBe("/login");
    },
  );

  it.each(POSTABLE_DESTINATIONS)(
    "a wrong password with callbackUrl %j redirects to pages.signIn on this origin",
    async (destination) => {
      const jar = new CookieJar();
      const csrf = await csrfToken(paged, jar);
      const request = form(
        "/callback/credentials",
        { csrfToken: csrf, email: DEMO_USER.email!, password: "wrong", callbackUrl: destination },
        jar,
      );
      const result = await attack(request, paged, rules);
      expectNoFault(result);
      expect(new URL(result.response!.headers.get("location")!, ORIGIN).pathname).toBe("/login");
    },
  );
});

describe("a planted callback-url cookie (a sibling subdomain can set it: RFC 6265 §8.6) is cleared, and that browser is not locked out", () => {
  /** A browser holding only the planted cookie, as a sibling subdomain would leave it. */
  function planted(destination: string): CookieJar {
    const jar = new CookieJar();
    jar.cookies.set(CALLBACK_URL_COOKIE, destination);
    return jar;
  }

  const refused = HOSTILE_DESTINATIONS.filter((destination) => destination !== "undefined");

  it.each(refused)(
    "GET /session with callback-url cookie %j: no fault, and the cookie no longer holds the value",
    async (destination) => {
      const jar = planted(destination);
      const result = await attack(new Request(url("/session"), { headers: { cookie: jar.header() } }), config, rules);
      expectNoFault(result);
      const reset = setCookies(result.response!).find((cookie) => cookie.name === CALLBACK_URL_COOKIE);
      expect(reset, "the planted cookie is cleared or replaced").toBeDefined();
      jar.apply(result.response!);
      const left = jar.get(CALLBACK_URL_COOKIE);
      if (left !== undefined) expect(new URL(left, ORIGIN).origin).toBe(ORIGIN);
    },
  );

  it.each(refused)(
    "after a planted %j, the same browser's next session read, sign-in page and csrf request are no fault",
    async (destination) => {
      const jar = planted(destination);
      jar.apply(
        (await attack(new Request(url("/session"), { headers: { cookie: jar.header() } }), config, rules)).response!,
      );
      for (const path of ["/session", "/signin", "/csrf", "/signout", "/providers"]) {
        const result = await attack(new Request(url(path), { headers: { cookie: jar.header() } }), config, rules);
        expect(result.faults, path).toEqual([]);
        expect(result.response?.status, path).toBe(200);
        jar.apply(result.response!);
      }
    },
  );

  it.each(refused)(
    "a credentials sign-in of a browser carrying a planted %j lands on this origin",
    async (destination) => {
      const jar = planted(destination);
      const csrf = await csrfToken(config, jar);
      const result = await attack(
        form("/callback/credentials", { csrfToken: csrf, email: DEMO_USER.email!, password: PASSWORD }, jar),
        config,
        rules,
      );
      expectNoFault(result);
      expect(result.response?.status).toBe(302);
      expect(setCookies(result.response!).some((cookie) => cookie.name === SESSION_COOKIE)).toBe(true);
    },
  );
});

/** Bodies a client can send instead of a form, each with the content type it claims. */
const MALFORMED_BODIES: Array<{ label: string; source: string; contentType?: string; body: BodyInit }> = [
  {
    label: "a form sent as text/plain",
    source: "RFC 9110 §8.3",
    contentType: "text/plain",
    body: "csrfToken=x&callbackUrl=/",
  },
  { label: "no content type at all", source: "RFC 9110 §8.3", body: "csrfToken=x" },
  { label: "invalid JSON", source: "RFC 8259 §2", contentType: "application/json", body: '{"csrfToken": ' },
  { label: "a JSON array", source: "RFC 8259 §2", contentType: "application/json", body: '["csrfToken"]' },
  { label: "JSON null", source: "RFC 8259 §2", contentType: "application/json", body: "null" },
  { label: "a JSON string", source: "RFC 8259 §2", contentType: "application/json", body: '"csrfToken"' },
  {
    label: "JSON nested 100 000 deep",
    source: "CWE-674 (uncontrolled recursion)",
    contentType: "application/json",
    body: `{"a":${"[".repeat(100_000)}${"]".repeat(100_000)}}`,
  },
  {
    label: "JSON whose fields are not strings (a list of addresses, CVE-2022-35924)",
    source: "CVE-2022-35924",
    contentType: "application/json",
    body: '{"email":["a@example.test","b@example.test"],"callbackUrl":{"href":"https://evil.test"},"csrfToken":7,"password":null}',
  },
  {
    label: "JSON with __proto__ and constructor keys",
    source: "CWE-1321 (prototype pollution)",
    contentType: "application/json",
    body: '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},"csrfToken":"x"}',
  },
  {
    label: "a form with invalid percent-encoding",
    source: "WHATWG URL §5.1 (application/x-www-form-urlencoded parsing)",
    contentType: "application/x-www-form-urlencoded",
    body: "csrfToken=%E0%A4%A&callbackUrl=%&email=%zz%00@example.test&password=%",
  },
  {
    label: "a form with NUL bytes",
    source: "CWE-158 (improper neutralization of null byte)",
    contentType: "application/x-www-form-urlencoded",
    body: "email=ada%00@example.test&password=correct%00horse&callbackUrl=/%00",
  },
  {
    label: "a form with every field given twice",
    source: "RFC 6749 §3.1 (parameters MUST NOT be included more than once)",
    contentType: "application/x-www-form-urlencoded",
    body: "csrfToken=a&csrfToken=b&callbackUrl=/a&callbackUrl=https://evil.test&email=a&email=b&code=1&code=2",
  },
  {
    label: "a form with a 2 MB field",
    source: "CWE-400 (uncontrolled resource consumption)",
    contentType: "application/x-www-form-urlencoded",
    body: `email=ada%40example.test&password=${"p".repeat(2_000_000)}`,
  },
  {
    label: "bytes that are not UTF-8",
    source: "WHATWG Encoding, UTF-8 decode (replaces, never throws)",
    contentType: "application/x-www-form-urlencoded",
    body: new Uint8Array([0x63, 0x73, 0x72, 0x66, 0x3d, 0xff, 0xfe, 0xc3, 0x28, 0x80]),
  },
  {
    label: "multipart without a boundary",
    source: "RFC 7578 §4.1",
    contentType: "multipart/form-data",
    body: "--x\r\nContent-Disposition: form-data; name=csrfToken\r\n\r\nx\r\n--x--",
  },
  {
    label: "truncated multipart",
    source: "RFC 7578 §4.1",
    contentType: "multipart/form-data; boundary=x",
    body: '--x\r\nContent-Disposition: form-data; name="csrfToken"\r\n\r\nx',
  },
  {
    label: "JSON claimed as UTF-16",
    source: "RFC 8259 §8.1 (JSON is UTF-8)",
    contentType: "application/json; charset=utf-16",
    body: '{"csrfToken":"x"}',
  },
];

describe("malformed bodies on every POST endpoint", () => {
  const paths = [
    "/signin/acme",
    "/signin/nodemailer",
    "/signin",
    "/signout",
    "/session",
    "/callback/credentials",
    "/callback/acme",
    "/callback/passkey",
  ];
  for (const path of paths) {
    it.each(MALFORMED_BODIES)(
      `POST ${path} with $label ($source) is no server fault`,
      async ({ contentType, body }) => {
        const { jar } = await browser();
        const request = new Request(url(path), {
          method: "POST",
          headers: { ...(contentType ? { "content-type": contentType } : {}), cookie: jar.header() },
          body,
        });
        expectNoFault(await attack(request, config, rules));
      },
    );
  }

  it("a __proto__ key in a JSON body pollutes no prototype (CWE-1321)", async () => {
    const { jar, csrf } = await browser();
    await attack(
      new Request(url("/callback/credentials"), {
        method: "POST",
        headers: { "content-type": "application/json", cookie: jar.header() },
        body: `{"__proto__":{"polluted":"yes"},"csrfToken":"${csrf}","email":"${DEMO_USER.email}","password":"wrong"}`,
      }),
      config,
      rules,
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("duplicated credentials fields never sign in with a wrong password (RFC 6749 §3.1 spirit: no last-value-wins surprise)", async () => {
    const { jar, csrf } = await browser();
    const body = `csrfToken=${csrf}&email=${encodeURIComponent(DEMO_USER.email!)}&password=wrong&password=${encodeURIComponent(PASSWORD)}&password=wrong`;
    const result = await attack(
      new Request(url("/callback/credentials"), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header() },
        body,
      }),
      config,
      rules,
    );
    expectNoFault(result);
    expect(setCookies(result.response!).some((cookie) => cookie.name === SESSION_COOKIE && cookie.value)).toBe(false);
  });
});

describe("a provider whose AUTH_<ID>_ISSUER is still blank, as `init --providers oidc` leaves it (issue 11, point 7)", () => {
  /** The attacked app plus the generic OIDC provider, its issuer and client to come from blank env keys. */
  let halfConfigured: AuthConfig;
  beforeAll(() => {
    const app = attackedApp();
    app.config.providers.push(OIDC);
    setEnvDefaults(
      { NODE_ENV: "production", AUTH_OIDC_ID: "", AUTH_OIDC_SECRET: "", AUTH_OIDC_ISSUER: "" },
      app.config,
    );
    halfConfigured = app.config;
  });

  for (const endpoint of ["/signin", "/providers", "/session", "/signin/oidc", "/callback/oidc"]) {
    it.each(HOSTILE_DESTINATIONS)(`GET ${endpoint}?callbackUrl=%j is no server fault`, async (destination) => {
      const request = new Request(`${url(endpoint)}?${new URLSearchParams({ callbackUrl: destination })}`);
      const result = await attack(request, halfConfigured, rules);
      expectNoFault(result);
      expect(result.response!.status).toBeLessThan(500);
    });
  }

  it.each(POSTABLE_DESTINATIONS)(
    "its sign-in (POST /signin/oidc) with callbackUrl %j lands on this origin's configuration page for it",
    async (destination) => {
      const jar = new CookieJar();
      const csrf = await csrfToken(halfConfigured, jar);
      const result = await attack(
        form("/signin/oidc", { csrfToken: csrf, callbackUrl: destination }, jar),
        halfConfigured,
        rules,
      );
      expectNoFault(result);
      expect(result.response!.headers.get("location")).toBe(url("/error?error=Configuration&provider=oidc"));
    },
  );

  it.each([
    "oidc",
    "OIDC",
    "acme",
    "__proto__",
    "<script>alert(1)</script>",
    "oidc\r\nSet-Cookie: planted=1",
    "x".repeat(70_000),
  ])("the configuration page for ?provider=%j echoes nothing and leaks nothing", async (provider) => {
    const request = new Request(`${url("/error")}?${new URLSearchParams({ error: "Configuration", provider })}`);
    const result = await attack(request, halfConfigured, rules);
    expectNoFault(result);
    expect(result.body.includes("AUTH_OIDC_ISSUER")).toBe(provider === "oidc");
  });
});

describe("unknown actions, unknown providers and paths that are not actions (AUTHJS-FACTS §1)", () => {
  const badPaths = [
    "",
    "/",
    "/nope",
    "/signin/nope",
    "/callback/nope",
    "/webauthn-options/nope",
    "/session/extra",
    "/providers/acme",
    "/a/b/c",
    "/signin/acme/extra",
    "/signin/%E0%A4%A",
    "/signin/..%2F..%2Fetc%2Fpasswd",
    "/callback/__proto__",
    "/callback/constructor",
    "/signin/toString",
    "/webauthn-options/hasOwnProperty",
    "/callback/%00",
    "/SESSION",
    "/%73ession",
    "/signin/%2e%2e",
  ];
  for (const method of ["GET", "POST"]) {
    it.each(badPaths)(`${method} ${BASE}%s is a 4xx or the documented error redirect`, async (path) => {
      const { jar, csrf } = await browser();
      const request =
        method === "GET"
          ? new Request(url(path), { headers: { cookie: jar.header() } })
          : form(path, { csrfToken: csrf }, jar);
      const result = await attack(request, config, rules);
      expectNoFault(result);
      const { status } = result.response!;
      if (status === 302) {
        const location = new URL(result.response!.headers.get("location")!, ORIGIN);
        expect(location.pathname).toBe(`${BASE}/error`);
      } else {
        expect(status).toBeGreaterThanOrEqual(400);
      }
    });
  }

  it.each(["/other", "/authx/session", "/", "/api/auth/session"])(
    "a path outside the base path (%s) is 400 Bad request",
    async (path) => {
      const result = await attack(new Request(`${ORIGIN}${path}`), config, rules);
      expectNoFault(result);
      expect(result.response?.status).toBe(400);
    },
  );
});

describe("methods the surface does not serve (RFC 9110 §9, §15.5.6)", () => {
  const methods = ["PUT", "DELETE", "PATCH", "OPTIONS", "HEAD", "PROPFIND", "FOO"];
  for (const path of ["/session", "/signin", "/signin/acme", "/callback/credentials", "/signout", "/csrf"]) {
    it.each(methods)(`%s ${BASE}${path} is a 4xx`, async (method) => {
      const result = await attack(new Request(url(path), { method }), config, rules);
      expectNoFault(result);
      expect(result.response?.status).toBeGreaterThanOrEqual(400);
      expect(result.response?.status).toBeLessThan(500);
    });
  }
});

describe("overlong URLs (CWE-400; RFC 9112 §3 lets a server refuse them, never crash on them)", () => {
  const cases: Array<[string, string]> = [
    ["a 100 000-character provider segment", `/signin/${"p".repeat(100_000)}`],
    ["a 100 000-character query value", `/signin?callbackUrl=/${"a".repeat(100_000)}`],
    ["20 000 query parameters", `/session?${Array.from({ length: 20_000 }, (_, i) => `p${i}=${i}`).join("&")}`],
    ["a 100 000-character error type", `/error?error=${"E".repeat(100_000)}`],
    ["an OAuth callback with a 100 000-character code", `/callback/acme?code=${"c".repeat(100_000)}&state=s`],
  ];
  it.each(cases)("%s is no server fault", async (_label, path) => {
    expectNoFault(await attack(new Request(url(path)), config, rules));
  });
});

/**
 * `Cookie` headers a browser would never send but a client can (RFC 6265 §4.2.1 grammar broken every way),
 * and cookie values that are not what the server wrote: read as no cookie, never as a fault.
 */
const BROKEN_COOKIE_HEADERS: Array<[string, string]> = [
  ["only separators", ";;;; ;=; =;"],
  ["a name without a value", SESSION_COOKIE],
  ["invalid percent-encoding", `${SESSION_COOKIE}=%E0%A4%A; ${CSRF_COOKIE}=%`],
  ["an unterminated quote", `${SESSION_COOKIE}="abc`],
  ["a session that is not a JWE", `${SESSION_COOKIE}=not.a.jwe`],
  ["a session shaped like a JWE", `${SESSION_COOKIE}=eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2Q0JDLUhTNTEyIn0..AAAA.BBBB.CCCC`],
  ["a session JWE header naming another algorithm", `${SESSION_COOKIE}=eyJhbGciOiJub25lIn0.e30.`],
  ["session chunks of garbage", `${SESSION_COOKIE}.0=abc; ${SESSION_COOKIE}.1=def; ${SESSION_COOKIE}.x=ghi`],
  ["a chunk index beyond any number", `${SESSION_COOKIE}.99999999999999999999999=abc`],
  ["a csrf cookie that is only a separator", `${CSRF_COOKIE}=|`],
  ["a csrf cookie without a hash", `${CSRF_COOKIE}=abc`],
  ["a 10 000-character csrf cookie", `${CSRF_COOKIE}=${"a".repeat(5000)}|${"b".repeat(5000)}`],
  ["OAuth check cookies of garbage", "authjs.pkce.code_verifier=x; authjs.state=y; authjs.nonce=z"],
  ["prototype names", "__proto__=1; constructor=2; hasOwnProperty=3; toString=4"],
  ["a 64 KiB header", `filler=${"f".repeat(65_536)}`],
  ["control characters in a value", `${SESSION_COOKIE}=a%00b%0d%0a`],
];

describe("broken Cookie headers (RFC 6265 §5.2: what cannot be parsed is ignored)", () => {
  const requests: Array<[string, (cookie: string) => Request]> = [
    ["GET /session", (cookie) => new Request(url("/session"), { headers: { cookie } })],
    ["GET /signin", (cookie) => new Request(url("/signin"), { headers: { cookie } })],
    ["GET /csrf", (cookie) => new Request(url("/csrf"), { headers: { cookie } })],
    ["GET /callback/acme", (cookie) => new Request(url("/callback/acme?code=c&state=s"), { headers: { cookie } })],
    [
      "POST /signout",
      (cookie) =>
        new Request(url("/signout"), {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", cookie },
          body: "csrfToken=x",
        }),
    ],
  ];
  for (const [label, build] of requests) {
    it.each(BROKEN_COOKIE_HEADERS)(`${label} with %s is no server fault`, async (_name, cookie) => {
      expectNoFault(await attack(build(cookie), config, rules));
    });
  }

  it.each(BROKEN_COOKIE_HEADERS)("GET /session with %s reads as signed out (200 null)", async (_name, cookie) => {
    const result = await attack(new Request(url("/session"), { headers: { cookie } }), config, rules);
    expect(result.response?.status).toBe(200);
    expect(JSON.parse(result.body)).toBeNull();
  });
});
