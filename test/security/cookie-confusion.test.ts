/**
 * Cookie confusion: every cookie the runtime reads is sealed for one purpose, and presenting it as another kind,
 * minted with another secret or salt, for another provider, under a name without its prefix, chunked and
 * tampered, oversized or plain garbage, is never accepted and never answered as a server fault.
 * - Each sealed cookie's key is derived with its own cookie name as the HKDF salt (RFC 5869 §3.1), so a value
 *   is only readable under the name it was minted for: the "confused deputy" between token kinds (OWASP Session
 *   Management cheat sheet, "Session ID Properties"; CWE-345).
 * - Check cookies also name their provider (RFC 9700 §4.4 mix-up; test/security/oauth-callback.test.ts has the
 *   state cases) and the WebAuthn challenge its ceremony (WebAuthn Level 3 §13.4.3).
 * - On https the names carry `__Host-` (RFC 6265bis §4.1.3): a cookie planted without the prefix (from plain
 *   http) or with `__Secure-` (a sibling host) is another cookie and is not read (the reference's session
 *   cookie is the one exception, read for migration: test/security/cookie-tossing.test.ts). Every Set-Cookie is
 *   HttpOnly, SameSite and Path=/ (OWASP Session Management cheat sheet, "Cookies"), Secure on https.
 * - Chunked session cookies (`<name>.0`, `<name>.1`, …) tampered in any way read as no session, and every chunk
 *   is cleared, so a planted chunk cannot lock a browser out (issue 9: "never a 500").
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import memory from "../../src/runtime/adapters/memory.js";
import { Auth } from "../../src/runtime/index.js";
import { encode } from "../../src/runtime/jwt.js";
import OIDC from "../../src/runtime/providers/oidc.js";
import passkey from "../../src/runtime/providers/passkey.js";
import type { AuthConfig } from "../../src/runtime/types.js";
import { baseConfig, CookieJar, captureLogger, DEMO_USER, ORIGIN, SECRET } from "../runtime/core/support.js";
import { SoftwareAuthenticator } from "../runtime/webauthn/software-authenticator.js";
import { loginThroughInteraction, type OidcServer, startOidcServer } from "../support/oidc-server.mjs";

const HTTPS_ORIGIN = "https://app.example.test";
const INVALID_CHECK = "/auth/error?error=Configuration";
const OTHER_SECRET = "another-secret-of-at-least-thirty-two-characters";

let server: OidcServer;
let config: AuthConfig;
const capture = captureLogger();

beforeAll(async () => {
  server = await startOidcServer({
    clients: [
      {
        client_id: "app",
        client_secret: "app-secret",
        redirect_uris: [`${ORIGIN}/auth/callback/oidc`, `${HTTPS_ORIGIN}/auth/callback/oidc`],
      },
      { client_id: "other-app", client_secret: "other-secret", redirect_uris: [`${ORIGIN}/auth/callback/other`] },
    ],
  });
  const { providers } = baseConfig();
  config = baseConfig({
    logger: capture.logger,
    adapter: memory(),
    session: { strategy: "jwt" },
    experimental: { enableWebAuthn: true },
    providers: [
      ...providers,
      OIDC({ issuer: server.issuer, clientId: "app", clientSecret: "app-secret" }),
      OIDC({ id: "other", name: "Other", issuer: server.issuer, clientId: "other-app", clientSecret: "other-secret" }),
      passkey(),
    ],
  });
});

afterAll(async () => {
  await server?.close();
});

// ── Browser steps ───────────────────────────────────────────────────────────────────────────────────────

function get(origin: string, path: string, jar?: CookieJar, cookie?: string): Request {
  const header = cookie ?? jar?.header();
  return new Request(`${origin}${path}`, { headers: header ? { cookie: header } : {} });
}

function post(origin: string, path: string, fields: Record<string, string>, jar: CookieJar): Request {
  return new Request(`${origin}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header(), origin },
    body: new URLSearchParams(fields),
  });
}

async function send(request: Request, into?: CookieJar, log?: string[]): Promise<Response> {
  const response = await Auth(request, config);
  into?.apply(response);
  log?.push(...response.headers.getSetCookie());
  return response;
}

async function csrfToken(origin: string, jar: CookieJar, log?: string[]): Promise<string> {
  const response = await send(get(origin, "/auth/csrf", jar), jar, log);
  return ((await response.json()) as { csrfToken: string }).csrfToken;
}

/** An OIDC sign-in started and logged in at the provider: the check cookies and the redirect back. */
async function startFlow(providerId = "oidc", origin = ORIGIN, log?: string[]) {
  const jar = new CookieJar();
  const csrf = await csrfToken(origin, jar, log);
  const started = await send(
    post(origin, `/auth/signin/${providerId}`, { csrfToken: csrf, callbackUrl: "/" }, jar),
    jar,
    log,
  );
  const back = new URL(await loginThroughInteraction(started.headers.get("location")!, { login: "alice" }));
  return { jar, path: `${back.pathname}${back.search}`, state: back.searchParams.get("state")! };
}

async function signIn(origin = ORIGIN): Promise<CookieJar> {
  const jar = new CookieJar();
  const csrf = await csrfToken(origin, jar);
  const fields = { csrfToken: csrf, email: DEMO_USER.email!, password: "correct horse" };
  const response = await send(post(origin, "/auth/callback/credentials", fields, jar), jar);
  if (response.status !== 302) throw new Error(`sign-in failed: ${response.status}`);
  return jar;
}

async function sessionOf(origin: string, cookie: string): Promise<{ response: Response; body: unknown }> {
  const response = await send(get(origin, "/auth/session", undefined, cookie));
  expect(response.status).toBe(200);
  return { response, body: await response.json() };
}

function copyOf(jar: CookieJar): CookieJar {
  const copy = new CookieJar();
  for (const [name, value] of jar.cookies) copy.cookies.set(name, value);
  return copy;
}

function header(cookies: Record<string, string>): string {
  return Object.entries(cookies)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join("; ");
}

function sessionToken(token: Record<string, unknown>, salt = "authjs.session-token", secret = SECRET) {
  return encode({ token: { name: DEMO_USER.name, email: DEMO_USER.email, sub: DEMO_USER.id, ...token }, salt, secret });
}

function expectInvalidCheck(response: Response, reason: RegExp, label?: string) {
  expect(response.headers.get("location"), label).toBe(`${ORIGIN}${INVALID_CHECK}`);
  expect(
    response.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token")),
    label,
  ).toBe(false);
  expect(capture.errors.at(-1)?.message, label).toMatch(reason);
}

// ── One kind of cookie presented as another ────────────────────────────────────────────────────────────

const CHECKS = ["authjs.state", "authjs.pkce.code_verifier", "authjs.nonce"] as const;
const LABEL: Record<(typeof CHECKS)[number], string> = {
  "authjs.state": "state",
  "authjs.pkce.code_verifier": "PKCE code_verifier",
  "authjs.nonce": "nonce",
};

describe("a cookie of one kind presented as another (HKDF salt = the cookie's name)", () => {
  it("refuses every check cookie presented as another check cookie of the same flow", async () => {
    for (const from of CHECKS) {
      for (const to of CHECKS) {
        if (from === to) continue;
        const flow = await startFlow();
        const jar = copyOf(flow.jar);
        jar.cookies.set(to, flow.jar.get(from)!);
        const response = await send(get(ORIGIN, flow.path, jar));
        expectInvalidCheck(response, new RegExp(`${LABEL[to]} cookie could not be unsealed`), `${from} as ${to}`);
      }
    }
  });

  it("refuses a session token, a CSRF cookie, the encoded state parameter or a WebAuthn challenge as a check cookie", async () => {
    const session = (await signIn()).get("authjs.session-token")!;
    const csrfJar = new CookieJar();
    await csrfToken(ORIGIN, csrfJar);
    const challengeJar = new CookieJar();
    await send(get(ORIGIN, "/auth/webauthn-options/passkey?email=someone@example.test", challengeJar), challengeJar);
    for (const check of CHECKS) {
      const flow = await startFlow();
      const impostors = {
        "session token": session,
        "csrf cookie": csrfJar.get("authjs.csrf-token")!,
        "state parameter": flow.state,
        "webauthn challenge": challengeJar.get("authjs.challenge")!,
      };
      for (const [kind, value] of Object.entries(impostors)) {
        const jar = copyOf(flow.jar);
        jar.cookies.set(check, value);
        const response = await send(get(ORIGIN, flow.path, jar));
        expectInvalidCheck(
          response,
          new RegExp(`${LABEL[check]} cookie (could not be unsealed|holds no value)`),
          `${kind} as ${check}`,
        );
      }
    }
  });

  it("refuses a check cookie minted with another secret, even holding the right value for the right provider", async () => {
    const flow = await startFlow();
    for (const check of CHECKS) {
      const jar = copyOf(flow.jar);
      // The value the flow really holds is unknown to an attacker; the point is that even the right one fails.
      const forged = await encode({
        token: { value: "any-value", provider: "oidc" },
        salt: check,
        secret: OTHER_SECRET,
      });
      jar.cookies.set(check, forged);
      expectInvalidCheck(await send(get(ORIGIN, flow.path, jar)), /could not be unsealed/, check);
    }
  });

  it("refuses a PKCE or nonce cookie minted for another provider beside this provider's own state (RFC 9700 §4.4)", async () => {
    for (const check of ["authjs.pkce.code_verifier", "authjs.nonce"] as const) {
      const flow = await startFlow("oidc");
      const other = await startFlow("other");
      const jar = copyOf(flow.jar);
      jar.cookies.set(check, other.jar.get(check)!);
      expectInvalidCheck(
        await send(get(ORIGIN, flow.path, jar)),
        new RegExp(`${LABEL[check]} cookie was minted for another provider`),
        check,
      );
    }
  });

  it("reads a check cookie, CSRF cookie, state parameter, challenge, or a token of another secret or salt as no session, and clears it", async () => {
    const flow = await startFlow();
    const csrfJar = new CookieJar();
    await csrfToken(ORIGIN, csrfJar);
    const impostors: Record<string, string> = {
      "state cookie": flow.jar.get("authjs.state")!,
      "pkce cookie": flow.jar.get("authjs.pkce.code_verifier")!,
      "nonce cookie": flow.jar.get("authjs.nonce")!,
      "csrf cookie": csrfJar.get("authjs.csrf-token")!,
      "state parameter": flow.state,
      "token of another secret": await sessionToken({}, "authjs.session-token", OTHER_SECRET),
      "token salted for https": await sessionToken({}, "__Secure-authjs.session-token"),
      "token salted as a state cookie": await sessionToken({}, "authjs.state"),
    };
    for (const [kind, value] of Object.entries(impostors)) {
      const { response, body } = await sessionOf(ORIGIN, header({ "authjs.session-token": value }));
      expect(body, kind).toBeNull();
      expect(
        response.headers.getSetCookie().some((c) => /^authjs\.session-token=;.*Max-Age=0/.test(c)),
        kind,
      ).toBe(true);
    }
    // The control: a token minted for this name and secret is a session.
    const genuine = await sessionOf(ORIGIN, header({ "authjs.session-token": await sessionToken({}) }));
    expect(genuine.body).toMatchObject({ user: { email: DEMO_USER.email } });
  });

  it("refuses a WebAuthn challenge of one ceremony presented for the other, or swapped for another one", async () => {
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const register = new CookieJar();
    const options = await send(
      get(ORIGIN, "/auth/webauthn-options/passkey?email=dana@example.test", register),
      register,
    );
    const { options: creation } = (await options.json()) as { options: never };
    const credential = JSON.stringify(authenticator.create(creation));

    const authenticateJar = new CookieJar();
    await send(get(ORIGIN, "/auth/webauthn-options/passkey", authenticateJar), authenticateJar);
    const secondRegister = new CookieJar();
    await send(get(ORIGIN, "/auth/webauthn-options/passkey?email=erin@example.test", secondRegister), secondRegister);
    const flow = await startFlow();
    for (const [kind, challenge, reason] of [
      [
        "an authentication challenge",
        authenticateJar.get("authjs.challenge")!,
        /issued to authenticate, not to register/,
      ],
      [
        "another registration's challenge",
        secondRegister.get("authjs.challenge")!,
        /registration could not be verified/,
      ],
      ["a state cookie", flow.jar.get("authjs.state")!, /could not be unsealed/],
    ] as const) {
      const jar = copyOf(register);
      jar.cookies.set("authjs.challenge", challenge);
      const response = await send(
        post(ORIGIN, "/auth/callback/passkey", { action: "register", data: credential }, jar),
      );
      expect(response.status, kind).toBe(302);
      expect(response.headers.get("location"), kind).toBe(`${ORIGIN}/auth/error?error=WebAuthnVerificationError`);
      expect(
        response.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token")),
        kind,
      ).toBe(false);
      expect(capture.errors.at(-1)?.message, kind).toMatch(reason);
    }
    // The control: with its own challenge the registration signs in.
    const own = await send(post(ORIGIN, "/auth/callback/passkey", { action: "register", data: credential }, register));
    expect(own.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token="))).toBe(true);
  });
});

// ── Prefixed names and attributes ──────────────────────────────────────────────────────────────────────

/** name → attributes, lower-cased, for every Set-Cookie in `log`. */
function parsed(log: string[]) {
  return log.map((line) => {
    const [pair, ...attributes] = line.split(";").map((part) => part.trim());
    return { name: pair!.slice(0, pair!.indexOf("=")), attributes: attributes.map((a) => a.toLowerCase()), line };
  });
}

describe("cookie names and attributes (RFC 6265bis §4.1.3; OWASP Session Management cheat sheet, Cookies)", () => {
  it("on https, sets every cookie of a whole OAuth sign-in, passkey options and sign-out with its prefix, HttpOnly, Secure, SameSite=Lax and Path=/", async () => {
    const log: string[] = [];
    const flow = await startFlow("oidc", HTTPS_ORIGIN, log);
    const callback = await send(get(HTTPS_ORIGIN, flow.path, flow.jar), flow.jar, log);
    expect(callback.headers.get("location")).toBe(`${HTTPS_ORIGIN}/`);
    const visitor = new CookieJar();
    const passkeyOptions = "/auth/webauthn-options/passkey?email=frank@example.test";
    expect((await send(get(HTTPS_ORIGIN, passkeyOptions, visitor), visitor, log)).status).toBe(200);
    const csrf = await csrfToken(HTTPS_ORIGIN, flow.jar, log);
    await send(post(HTTPS_ORIGIN, "/auth/signout", { csrfToken: csrf }, flow.jar), flow.jar, log);

    const cookies = parsed(log);
    const names = new Set(cookies.map((cookie) => cookie.name));
    expect([...names].sort()).toEqual([
      "__Host-authjs.callback-url",
      "__Host-authjs.challenge",
      "__Host-authjs.csrf-token",
      "__Host-authjs.nonce",
      "__Host-authjs.pkce.code_verifier",
      "__Host-authjs.session-token",
      "__Host-authjs.state",
    ]);
    for (const { name, attributes, line } of cookies) {
      expect(attributes, line).toEqual(expect.arrayContaining(["httponly", "secure", "samesite=lax", "path=/"]));
      expect(
        attributes.some((a) => a.startsWith("domain=")),
        line,
      ).toBe(false);
      expect(name.startsWith("__Host-"), line).toBe(true);
      expect(attributes.filter((a) => a.startsWith("path="))).toEqual(["path=/"]);
    }
  });

  it("on https, marks the check cookies of a form_post flow SameSite=None and Secure (they come back cross-site)", async () => {
    const jar = new CookieJar();
    const csrf = await csrfToken(HTTPS_ORIGIN, jar);
    const started = await send(
      post(HTTPS_ORIGIN, "/auth/signin/oidc?response_mode=form_post", { csrfToken: csrf, callbackUrl: "/" }, jar),
    );
    const checks = parsed(started.headers.getSetCookie()).filter((c) => /state|nonce|pkce/.test(c.name));
    expect(checks.map((c) => c.name).sort()).toEqual([
      "__Host-authjs.nonce",
      "__Host-authjs.pkce.code_verifier",
      "__Host-authjs.state",
    ]);
    for (const { attributes, line } of checks) {
      expect(attributes, line).toEqual(expect.arrayContaining(["httponly", "secure", "path=/"]));
      expect(
        attributes.filter((a) => a.startsWith("samesite=")),
        line,
      ).toHaveLength(1);
    }
    const stateLike = checks.filter((c) => /state|nonce/.test(c.name));
    for (const { attributes, line } of stateLike) expect(attributes, line).toContain("samesite=none");
  });

  it("on plain http, sets them without prefixes and without Secure, still HttpOnly, SameSite=Lax and Path=/", async () => {
    const log: string[] = [];
    const flow = await startFlow("oidc", ORIGIN, log);
    await send(get(ORIGIN, flow.path, flow.jar), flow.jar, log);
    for (const { name, attributes, line } of parsed(log)) {
      expect(name.startsWith("__"), line).toBe(false);
      expect(attributes, line).toEqual(expect.arrayContaining(["httponly", "samesite=lax", "path=/"]));
      expect(attributes, line).not.toContain("secure");
    }
  });

  it("on https, does not read a session, CSRF or check cookie planted without its prefix (cookie tossing from http)", async () => {
    // A genuine session, but under the unprefixed name and salt a plain-http page could set.
    const planted = await sessionToken({}, "authjs.session-token");
    expect((await sessionOf(HTTPS_ORIGIN, header({ "authjs.session-token": planted }))).body).toBeNull();
    // Even sealed for the prefixed salt, the unprefixed name is not the session cookie.
    const prefixedSalt = await sessionToken({}, "__Host-authjs.session-token");
    expect((await sessionOf(HTTPS_ORIGIN, header({ "authjs.session-token": prefixedSalt }))).body).toBeNull();
    expect((await sessionOf(HTTPS_ORIGIN, header({ "__Host-authjs.session-token": prefixedSalt }))).body).toMatchObject(
      { user: { email: DEMO_USER.email } },
    );

    // An http CSRF pair (valid for this secret) planted on the https app does not make a POST pass.
    const httpJar = new CookieJar();
    const token = await csrfToken(ORIGIN, httpJar);
    const planted2 = new CookieJar();
    planted2.cookies.set("authjs.csrf-token", httpJar.get("authjs.csrf-token")!);
    const fields = { csrfToken: token, email: DEMO_USER.email!, password: "correct horse" };
    const refused = await send(post(HTTPS_ORIGIN, "/auth/callback/credentials", fields, planted2));
    expect(refused.headers.get("location")).toBe(`${HTTPS_ORIGIN}/auth/signin?error=MissingCSRF`);
    // Nor does a __Secure- (not __Host-) csrf cookie, which a sibling host could set with a Domain attribute.
    const secureOnly = new CookieJar();
    secureOnly.cookies.set("__Secure-authjs.csrf-token", httpJar.get("authjs.csrf-token")!);
    const refused2 = await send(post(HTTPS_ORIGIN, "/auth/callback/credentials", fields, secureOnly));
    expect(refused2.headers.get("location")).toBe(`${HTTPS_ORIGIN}/auth/signin?error=MissingCSRF`);

    // Check cookies of an https flow renamed without the prefix are missing.
    const flow = await startFlow("oidc", HTTPS_ORIGIN);
    const stripped = new CookieJar();
    for (const [name, value] of flow.jar.cookies) stripped.cookies.set(name.replace(/^__(Secure|Host)-/, ""), value);
    const response = await send(get(HTTPS_ORIGIN, flow.path, stripped));
    expect(response.headers.get("location")).toBe(`${HTTPS_ORIGIN}${INVALID_CHECK}`);
    expect(capture.errors.at(-1)?.message).toMatch(/state cookie was missing/);
  });
});

// ── Chunked session cookies ─────────────────────────────────────────────────────────────────────────────

describe("chunked session cookies tampered", () => {
  async function chunkyChunks(): Promise<Record<string, string>> {
    const token = await sessionToken({ bio: "b".repeat(9000) });
    // Split as the runtime does on write: 3936 characters per chunk.
    const chunks: Record<string, string> = {};
    for (let index = 0; index * 3936 < token.length; index++) {
      chunks[`authjs.session-token.${index}`] = token.slice(index * 3936, (index + 1) * 3936);
    }
    return chunks;
  }

  it("reads the chunks the runtime itself writes (the control)", async () => {
    const chunks = await chunkyChunks();
    expect(Object.keys(chunks).length).toBeGreaterThanOrEqual(3);
    expect((await sessionOf(ORIGIN, header(chunks))).body).toMatchObject({ user: { email: DEMO_USER.email } });
    // And a sign-in whose token is that large writes chunks of that shape.
    const jar = new CookieJar();
    const csrf = await csrfToken(ORIGIN, jar);
    const big = baseConfig({
      callbacks: { jwt: ({ token }) => ({ ...token, bio: "b".repeat(9000) }) },
    });
    const response = await Auth(
      post(
        ORIGIN,
        "/auth/callback/credentials",
        { csrfToken: csrf, email: DEMO_USER.email!, password: "correct horse" },
        jar,
      ),
      big,
    );
    const written = response.headers.getSetCookie().filter((c) => c.startsWith("authjs.session-token."));
    expect(written.length).toBeGreaterThanOrEqual(3);
  });

  it("reads any tampering with the chunks as no session, and clears every chunk it was sent", async () => {
    const chunks = await chunkyChunks();
    const other = await (async () => {
      const token = await sessionToken({ sub: "someone-else", bio: "c".repeat(9000) });
      return token.slice(3936, 2 * 3936);
    })();
    const names = Object.keys(chunks);
    const last = names.at(-1)!;
    const flip = (value: string, at: number) =>
      `${value.slice(0, at)}${value[at] === "A" ? "B" : "A"}${value.slice(at + 1)}`;
    const variants: Record<string, Record<string, string>> = {
      "first chunk dropped": Object.fromEntries(Object.entries(chunks).slice(1)),
      "last chunk dropped": Object.fromEntries(Object.entries(chunks).slice(0, -1)),
      "chunks 0 and 1 swapped": {
        ...chunks,
        "authjs.session-token.0": chunks["authjs.session-token.1"]!,
        "authjs.session-token.1": chunks["authjs.session-token.0"]!,
      },
      "one character flipped in chunk 1": {
        ...chunks,
        "authjs.session-token.1": flip(chunks["authjs.session-token.1"]!, 1000),
      },
      "chunk 1 taken from another session": { ...chunks, "authjs.session-token.1": other },
      "an extra chunk appended": { ...chunks, [`authjs.session-token.${names.length}`]: "garbage" },
      "chunk 1 given twice under .01": { ...chunks, "authjs.session-token.01": chunks["authjs.session-token.1"]! },
      "a huge chunk index": { ...chunks, "authjs.session-token.99999999999999999999": "x" },
      "the last chunk emptied": { ...chunks, [last]: "" },
    };
    for (const [label, cookies] of Object.entries(variants)) {
      const { response, body } = await sessionOf(ORIGIN, header(cookies));
      expect(body, label).toBeNull();
      const cleared = parsed(response.headers.getSetCookie())
        .filter((c) => c.attributes.includes("max-age=0"))
        .map((c) => c.name);
      for (const name of Object.keys(cookies)) expect(cleared, `${label}: ${name}`).toContain(name);
    }
  });
});

// ── Oversized and garbage cookies ───────────────────────────────────────────────────────────────────────

const COOKIE_NAMES = [
  "authjs.session-token",
  "authjs.session-token.0",
  "authjs.csrf-token",
  "authjs.callback-url",
  "authjs.state",
  "authjs.pkce.code_verifier",
  "authjs.nonce",
  "authjs.challenge",
];

const b64url = (text: string) => Buffer.from(text).toString("base64url");

/**
 * A value as it can reach the server in a Cookie header: UTF-8 bytes read one per character (what Node's HTTP
 * parser hands on), without the `;` that would end it or the control characters HTTP refuses in a field value.
 */
function onTheWire(value: string): string {
  const forbidden = (code: number) => code === 0x3b || code === 0x7f || (code < 0x20 && code !== 0x09);
  return Array.from(Buffer.from(value).toString("latin1"))
    .filter((character) => !forbidden(character.charCodeAt(0)))
    .join("");
}

/** Hand-made tokens that look like sessions: unsecured, signed instead of encrypted, malformed JWEs. */
const CRAFTED: Record<string, string> = {
  "unsecured JWT (alg none)": `${b64url('{"alg":"none"}')}.${b64url(`{"sub":"${DEMO_USER.id}"}`)}.`,
  "JWS signed with the secret": `${b64url('{"alg":"HS256"}')}.${b64url(`{"sub":"${DEMO_USER.id}"}`)}.${b64url(SECRET)}`,
  "JWE header only": `${b64url('{"alg":"dir","enc":"A256CBC-HS512"}')}....`,
  "JWE with six parts": "a.b.c.d.e.f",
  "JWE with a zip header": `${b64url('{"alg":"dir","enc":"A256CBC-HS512","zip":"DEF"}')}..${b64url("iv")}.${b64url("ct")}.${b64url("tag")}`,
  "JWE with alg RSA-OAEP": `${b64url('{"alg":"RSA-OAEP","enc":"A256GCM"}')}.${b64url("k")}.${b64url("iv")}.${b64url("ct")}.${b64url("tag")}`,
  "JWE header not JSON": `${b64url("{not json")}..a.b.c`,
  "JWE header a JSON array": `${b64url("[1,2]")}..a.b.c`,
  "JWE header with __proto__": `${b64url('{"__proto__":{"alg":"dir"},"enc":"A256GCM"}')}..a.b.c`,
  "100 kB of x": "x".repeat(100_000),
  "broken percent-encoding": "%E0%A4%A",
  "a quoted value": '"abc"',
  "UTF-8 bytes as they reach a server": "é€\u{1f600}",
  "lone surrogates": "\ud800\udfff\ud800",
};

describe("oversized and garbage cookies (never a 500, never a session)", () => {
  /** The requests every cookie reaches: the session read, the pages, a POST, an OAuth callback, passkey options. */
  async function probe(cookie: string, label: string) {
    const requests = [
      get(ORIGIN, "/auth/session", undefined, cookie),
      get(ORIGIN, "/auth/signin", undefined, cookie),
      get(ORIGIN, "/auth/csrf", undefined, cookie),
      get(ORIGIN, "/auth/callback/oidc?code=c&state=s&iss=i", undefined, cookie),
      get(ORIGIN, "/auth/webauthn-options/passkey", undefined, cookie),
      new Request(`${ORIGIN}/auth/callback/credentials`, {
        method: "POST",
        headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
        body: "csrfToken=x&email=ada%40example.test&password=correct%20horse",
      }),
    ];
    for (const request of requests) {
      const response = await Auth(request, config);
      const where = `${label} → ${request.method} ${new URL(request.url).pathname}`;
      expect(response.status, where).toBeLessThan(500);
      const body = await response.text();
      expect(body, where).not.toMatch(/\n\s+at .+:\d+:\d+/);
      expect(
        response.headers.getSetCookie().some((c) => /^authjs\.session-token=[^;]/.test(c)),
        where,
      ).toBe(false);
      if (new URL(request.url).pathname === "/auth/session") expect(body, where).toBe("null");
    }
  }

  it("answers hand-made tokens and hostile values under every cookie name", async () => {
    for (const [kind, value] of Object.entries(CRAFTED)) {
      for (const name of COOKIE_NAMES) {
        // Sent raw (not percent-encoded), as a hostile client would.
        const cookie = `${name}=${onTheWire(value)}`;
        await probe(cookie, `${kind} as ${name}`);
      }
    }
  });

  it("answers a fixed-seed sample of generated cookie headers (fast-check)", async () => {
    const token = fc.oneof(
      fc.string({ maxLength: 64 }),
      fc.string({ unit: "grapheme", maxLength: 32 }),
      fc.base64String({ maxLength: 400 }),
      fc.array(fc.base64String({ maxLength: 80 }), { minLength: 1, maxLength: 7 }).map((parts) => parts.join(".")),
      fc.nat({ max: 70_000 }).map((size) => "y".repeat(size)),
    );
    const pair = fc.tuple(
      fc.constantFrom(...COOKIE_NAMES, "authjs.session-token.1", "__Secure-authjs.session-token"),
      token,
    );
    await fc.assert(
      fc.asyncProperty(fc.array(pair, { minLength: 1, maxLength: 6 }), async (pairs) => {
        const cookie = pairs.map(([name, value]) => `${name}=${onTheWire(value)}`).join("; ");
        await probe(cookie, JSON.stringify(cookie.slice(0, 120)));
      }),
      { seed: 9_2026, numRuns: 60 },
    );
  });

  it("answers a Cookie header of a thousand cookies", async () => {
    const cookie = Array.from({ length: 1000 }, (_, index) => `authjs.session-token.${index}=${"z".repeat(40)}`).join(
      "; ",
    );
    await probe(cookie, "1000 chunks");
  });
});
