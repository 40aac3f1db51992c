/**
 * Cookie tossing (RFC 6265bis §8.6 "Weak Integrity"; §4.1.3.2 the `__Host-` prefix): a sibling subdomain can
 * set a cookie with `Domain=<parent>` that the browser sends to this app. With the reference's `__Secure-`
 * names, a sibling plants its own valid session in the victim's browser, and the victim's first OAuth/OIDC
 * sign-in links the victim's provider account to the attacker's user (core/account/resolve-user.ts links to
 * whoever is signed in). Over https with no cookie `domain` configured, every cookie is `__Host-`: a browser
 * refuses a `__Host-` cookie that carries a Domain, so no sibling can set one.
 *
 * The reference's session cookie (`__Secure-authjs.session-token`) is still read once, for people migrating
 * from @auth/core or next-auth v5 (core/cookies/legacy-session.ts), and moved to the `__Host-` name; but only
 * a session the reference could have made. A copy of one of ours planted under the old name (a JWT with
 * `auth_time`, a database token with a `.`) is ignored. See docs/security.md.
 */
import { Auth as ReferenceAuth } from "@auth/core";
import { encode as referenceEncode } from "@auth/core/jwt";
import ReferenceCredentials from "@auth/core/providers/credentials";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import memory from "../../src/runtime/adapters/memory.js";
import { resolveCookies } from "../../src/runtime/core/cookies/names.js";
import { Auth } from "../../src/runtime/index.js";
import { decode, encode, getToken } from "../../src/runtime/jwt.js";
import credentials from "../../src/runtime/providers/credentials.js";
import nodemailer from "../../src/runtime/providers/nodemailer.js";
import OIDC from "../../src/runtime/providers/oidc.js";
import passkey from "../../src/runtime/providers/passkey.js";
import type { Adapter, AdapterUser, AuthConfig } from "../../src/runtime/types.js";
import { CookieJar, captureLogger, DEMO_USER, SECRET } from "../runtime/core/support.js";
import { loginThroughInteraction, type OidcServer, startOidcServer } from "../support/oidc-server.mjs";
import { type SmtpServer, startSmtpServer } from "../support/smtp-server.mjs";

const HTTPS = "https://app.example.test";
const SESSION = "__Host-authjs.session-token";
const LEGACY = "__Secure-authjs.session-token";
const PASSWORD = "correct horse";

let idp: OidcServer;
let smtp: SmtpServer;

beforeAll(async () => {
  idp = await startOidcServer({
    clients: [{ client_id: "app", client_secret: "app-secret", redirect_uris: [`${HTTPS}/auth/callback/idp`] }],
  });
  smtp = await startSmtpServer();
});

afterAll(async () => {
  await idp?.close();
  await smtp?.close();
});

interface World {
  config: AuthConfig;
  adapter: Required<Adapter>;
}

function world(strategy: "database" | "jwt", overrides: Partial<AuthConfig> = {}): World {
  const adapter = memory() as Required<Adapter>;
  const config: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    basePath: "/auth",
    logger: captureLogger().logger,
    adapter,
    session: { strategy },
    experimental: { enableWebAuthn: true },
    providers: [
      OIDC({ id: "idp", name: "IdP", issuer: idp.issuer, clientId: "app", clientSecret: "app-secret" }),
      nodemailer({ server: smtp.url, from: "App <no-reply@example.test>" }),
      passkey(),
      credentials({
        credentials: { email: {}, password: {} },
        authorize: (input) => (input.password === PASSWORD ? { ...DEMO_USER, email: String(input.email) } : null),
      }),
    ],
    ...overrides,
  };
  return { config, adapter };
}

// ── Browser steps ───────────────────────────────────────────────────────────────────────────────────────

function get(path: string, jar?: CookieJar): Request {
  return new Request(`${HTTPS}${path}`, { headers: jar ? { cookie: jar.header() } : {} });
}

function post(path: string, fields: Record<string, string>, jar: CookieJar): Request {
  return new Request(`${HTTPS}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header(), origin: HTTPS },
    body: new URLSearchParams(fields),
  });
}

async function send(w: World, request: Request, jar: CookieJar, log?: string[]): Promise<Response> {
  const response = await Auth(request, w.config);
  jar.apply(response);
  log?.push(...response.headers.getSetCookie());
  return response;
}

async function csrf(w: World, jar: CookieJar, log?: string[]): Promise<string> {
  const response = await send(w, get("/auth/csrf", jar), jar, log);
  return ((await response.json()) as { csrfToken: string }).csrfToken;
}

async function oidcSignIn(w: World, login: string, jar: CookieJar, log?: string[]): Promise<Response> {
  const token = await csrf(w, jar, log);
  const started = await send(w, post("/auth/signin/idp", { csrfToken: token, callbackUrl: "/" }, jar), jar, log);
  const back = new URL(await loginThroughInteraction(started.headers.get("location")!, { login }));
  return send(w, get(`${back.pathname}${back.search}`, jar), jar, log);
}

async function session(w: World, jar: CookieJar, log?: string[]): Promise<{ user?: { email?: string | null } } | null> {
  const response = await send(w, get("/auth/session", jar), jar, log);
  return (await response.json()) as { user?: { email?: string | null } } | null;
}

/** name → lower-cased attributes of every Set-Cookie line. */
function parsed(log: string[]) {
  return log.map((line) => {
    const [pair, ...attributes] = line.split(";").map((part) => part.trim());
    return { name: pair!.slice(0, pair!.indexOf("=")), attributes: attributes.map((a) => a.toLowerCase()), line };
  });
}

function expired(log: string[], name: string): boolean {
  return parsed(log).some((c) => c.name === name && c.attributes.includes("max-age=0"));
}

async function attacker(w: World): Promise<AdapterUser> {
  return w.adapter.createUser({
    id: crypto.randomUUID(),
    name: "Mallory",
    email: "mallory@example.test",
    emailVerified: null,
  });
}

/** A JWT session as this runtime mints one (with `auth_time`), sealed for the reference's cookie name. */
async function ourJwtUnderLegacyName(user: AdapterUser): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return encode({
    token: { sub: user.id, email: user.email, name: user.name, auth_time: now },
    secret: SECRET,
    salt: LEGACY,
  });
}

/** The reference (the real @auth/core) over https, signing the demo user in with credentials. */
async function referenceSignIn(): Promise<CookieJar> {
  const config = {
    secret: SECRET,
    trustHost: true,
    basePath: "/auth",
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
    providers: [
      ReferenceCredentials({
        credentials: { email: {}, password: {} },
        authorize: async (input) =>
          input.password === PASSWORD ? { id: DEMO_USER.id!, name: DEMO_USER.name!, email: DEMO_USER.email! } : null,
      }),
    ],
  };
  const jar = new CookieJar();
  const csrfResponse = await ReferenceAuth(get("/auth/csrf", jar), config);
  jar.apply(csrfResponse);
  const { csrfToken } = (await csrfResponse.json()) as { csrfToken: string };
  const fields = { csrfToken, email: DEMO_USER.email!, password: PASSWORD };
  const response = await ReferenceAuth(post("/auth/callback/credentials", fields, jar), config);
  if (response.status !== 302) throw new Error(`reference sign-in failed with ${response.status}`);
  return jar.apply(response);
}

// ── Names and attributes ────────────────────────────────────────────────────────────────────────────────

describe("over https with the defaults init writes (RFC 6265bis §4.1.3.2)", () => {
  it("sets every cookie __Host-, Secure, Path=/ and without Domain: sign-in page, OAuth start, email, passkey options, session", async () => {
    const w = world("jwt");
    const log: string[] = [];
    await send(w, get("/auth/signin"), new CookieJar(), log);
    await oidcSignIn(w, "names", new CookieJar(), log);
    const jar = new CookieJar();
    const token = await csrf(w, jar, log);
    await send(w, post("/auth/signin/nodemailer", { csrfToken: token, email: "email@example.test" }, jar), jar, log);
    await send(w, get("/auth/webauthn-options/passkey?email=frank@example.test"), new CookieJar(), log);
    const signedIn = new CookieJar();
    const fields = { csrfToken: await csrf(w, signedIn), email: DEMO_USER.email!, password: PASSWORD };
    await send(w, post("/auth/callback/credentials", fields, signedIn), signedIn, log);

    const cookies = parsed(log);
    expect(new Set(cookies.map((c) => c.name))).toEqual(
      new Set([
        "__Host-authjs.csrf-token",
        "__Host-authjs.callback-url",
        "__Host-authjs.challenge",
        "__Host-authjs.nonce",
        "__Host-authjs.pkce.code_verifier",
        "__Host-authjs.session-token",
        "__Host-authjs.state",
      ]),
    );
    for (const { attributes, line } of cookies) {
      expect(attributes, line).toContain("secure");
      expect(
        attributes.filter((a) => a.startsWith("path=")),
        line,
      ).toEqual(["path=/"]);
      expect(
        attributes.some((a) => a.startsWith("domain=")),
        line,
      ).toBe(false);
    }
  });

  it("keeps __Host- when an override changes only options, and uses an explicit name as given", () => {
    const cookies = resolveCookies(true, {
      sessionToken: { options: { sameSite: "strict" } },
      state: { name: "my-state" },
    });
    expect(cookies.sessionToken.name).toBe(SESSION);
    expect(cookies.sessionToken.options.sameSite).toBe("strict");
    expect(cookies.state.name).toBe("my-state");
    expect(resolveCookies(false, undefined).sessionToken.name).toBe("authjs.session-token");
  });

  it("keeps __Secure- for a cookie configured with a domain (shared with sibling hosts, so no tossing protection)", async () => {
    const w = world("jwt", { cookies: { sessionToken: { options: { domain: "example.test" } } } });
    const jar = new CookieJar();
    const log: string[] = [];
    const fields = { csrfToken: await csrf(w, jar), email: DEMO_USER.email!, password: PASSWORD };
    await send(w, post("/auth/callback/credentials", fields, jar), jar, log);
    const written = parsed(log).find((c) => c.name === LEGACY);
    expect(written?.attributes).toContain("domain=example.test");
    expect(parsed(log).some((c) => c.name === SESSION)).toBe(false);
    expect(jar.get("__Host-authjs.csrf-token")).toBeDefined();
    expect((await session(w, jar))?.user?.email).toBe(DEMO_USER.email);
  });
});

// ── A planted session ───────────────────────────────────────────────────────────────────────────────────

describe("a session a sibling plants under the reference's __Secure- name", () => {
  it("is ignored when this runtime minted it (a JWT with auth_time), and the victim's OIDC sign-in makes the victim's own user", async () => {
    const w = world("jwt");
    const mallory = await attacker(w);
    const jar = new CookieJar();
    jar.cookies.set(LEGACY, await ourJwtUnderLegacyName(mallory));
    const log: string[] = [];
    expect(await session(w, jar, log)).toBeNull();
    expect(parsed(log).some((c) => c.name === SESSION)).toBe(false);

    jar.cookies.set(LEGACY, await ourJwtUnderLegacyName(mallory));
    await oidcSignIn(w, "victim-jwt", jar);
    expect((await session(w, jar))?.user?.email).toBe("victim-jwt@example.test");
    const owner = await w.adapter.getUserByAccount({ provider: "idp", providerAccountId: "victim-jwt" });
    expect(owner?.id).not.toBe(mallory.id);
  });

  it("is ignored when this runtime minted it (a database token with a '.'), and the victim's OIDC sign-in makes the victim's own user", async () => {
    const w = world("database");
    const mallory = await attacker(w);
    const token = `${Math.floor(Date.now() / 1000).toString(36)}.${"a".repeat(64)}`;
    await w.adapter.createSession({
      sessionToken: token,
      userId: mallory.id,
      expires: new Date(Date.now() + 3600_000),
    });
    const jar = new CookieJar();
    jar.cookies.set(LEGACY, token);
    expect(await session(w, jar)).toBeNull();

    jar.cookies.set(LEGACY, token);
    await oidcSignIn(w, "victim-db", jar);
    expect((await session(w, jar))?.user?.email).toBe("victim-db@example.test");
    const owner = await w.adapter.getUserByAccount({ provider: "idp", providerAccountId: "victim-db" });
    expect(owner?.id).not.toBe(mallory.id);
  });

  it("reads as signed out, and is expired, when it does not open or is no session at all (never a fault)", async () => {
    for (const strategy of ["jwt", "database"] as const) {
      const w = world(strategy);
      const otherSecret = await encode({
        token: { sub: "x" },
        secret: "another-secret-of-thirty-two-characters!",
        salt: LEGACY,
      });
      for (const value of ["garbage", crypto.randomUUID(), otherSecret, "a.b.c.d.e", "x".repeat(5000)]) {
        const jar = new CookieJar();
        jar.cookies.set(LEGACY, value);
        const log: string[] = [];
        const response = await send(w, get("/auth/session", jar), jar, log);
        expect(response.status, `${strategy}: ${value.slice(0, 20)}`).toBe(200);
        expect(await response.json()).toBeNull();
        expect(expired(log, LEGACY), `${strategy}: ${value.slice(0, 20)}`).toBe(true);
        expect(parsed(log).some((c) => c.name === SESSION && !c.attributes.includes("max-age=0"))).toBe(false);
      }
    }
  });

  it("never replaces a __Host- session the browser already has", async () => {
    const w = world("jwt");
    const jar = new CookieJar();
    const fields = { csrfToken: await csrf(w, jar), email: "own@example.test", password: PASSWORD };
    await send(w, post("/auth/callback/credentials", fields, jar), jar);
    jar.cookies.set(LEGACY, (await referenceSignIn()).get(LEGACY)!);
    expect((await session(w, jar))?.user?.email).toBe("own@example.test");
  });
});

// ── Migration from @auth/core ───────────────────────────────────────────────────────────────────────────

describe("a session @auth/core made (migration)", () => {
  it("is read once under its __Secure- name and moved to __Host- (JWT)", async () => {
    const w = world("jwt");
    const jar = await referenceSignIn();
    expect(jar.get(LEGACY)).toMatch(/^ey/);
    const log: string[] = [];
    expect((await session(w, jar, log))?.user?.email).toBe(DEMO_USER.email);
    expect(jar.get(SESSION)).toMatch(/^ey/);
    expect(expired(log, LEGACY)).toBe(true);
    expect(
      parsed(log)
        .find((c) => c.name === LEGACY)
        ?.attributes.some((a) => a.startsWith("domain=")),
    ).toBe(false);
    expect(jar.get(LEGACY)).toBeUndefined();
    // The moved cookie alone is the session now.
    expect((await session(w, jar))?.user?.email).toBe(DEMO_USER.email);
  });

  it("keeps the expiry it had when moved (JWT), so the move never lengthens a session", async () => {
    const w = world("jwt");
    const token = { sub: DEMO_USER.id, email: DEMO_USER.email, name: DEMO_USER.name };
    const jar = new CookieJar();
    jar.cookies.set(LEGACY, await referenceEncode({ token, secret: SECRET, salt: LEGACY, maxAge: 600 }));
    const log: string[] = [];
    expect((await session(w, jar, log))?.user?.email).toBe(DEMO_USER.email);
    const moved = parsed(log).find((c) => c.name === SESSION)!;
    const expires = Date.parse(moved.attributes.find((a) => a.startsWith("expires="))!.slice("expires=".length));
    expect(expires).toBeLessThanOrEqual(Date.now() + 600_000);
    const claims = await decode({ token: jar.get(SESSION)!, secret: SECRET, salt: SESSION });
    expect(claims?.exp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 600);
    expect(claims?.auth_time).toBeUndefined();
  });

  it("is read once under its __Secure- name and moved to __Host- under a new token of ours (database)", async () => {
    const w = world("database");
    const user = await w.adapter.createUser({
      id: crypto.randomUUID(),
      name: "Ada",
      email: "ada-db@example.test",
      emailVerified: null,
    });
    const legacyToken = crypto.randomUUID();
    const thirtyDays = new Date(Date.now() + 30 * 24 * 3600_000);
    await w.adapter.createSession({ sessionToken: legacyToken, userId: user.id, expires: thirtyDays });
    const jar = new CookieJar();
    jar.cookies.set(LEGACY, legacyToken);
    const log: string[] = [];
    expect((await session(w, jar, log))?.user?.email).toBe("ada-db@example.test");
    expect(expired(log, LEGACY)).toBe(true);
    const moved = jar.get(SESSION);
    expect(moved).toBeDefined();
    expect(moved).not.toBe(legacyToken);
    expect(moved).toMatch(/^0\.[0-9a-f]{64}$/);
    expect((await session(w, jar))?.user?.email).toBe("ada-db@example.test");
    // A request in flight with the old cookie lands on the same session, not a new one.
    const inFlight = new CookieJar();
    inFlight.cookies.set(LEGACY, legacyToken);
    await session(w, inFlight);
    expect(inFlight.get(SESSION)).toBe(moved);
    // The old token leads there for an hour at most, and no longer slides: a copy planted later is worthless.
    const old = await w.adapter.getSessionAndUser(legacyToken);
    expect(new Date(old!.session.expires).valueOf()).toBeLessThanOrEqual(Date.now() + 3600_000);
  });

  it("is what getToken reads from the __Secure- cookie on https, unless this runtime minted it", async () => {
    const reference = await referenceSignIn();
    const fromReference = await getToken({ req: get("/api/notes", reference), secret: SECRET });
    expect(fromReference).toMatchObject({ email: DEMO_USER.email, sub: DEMO_USER.id });
    const planted = new CookieJar();
    planted.cookies.set(LEGACY, await ourJwtUnderLegacyName(await attacker(world("jwt"))));
    expect(await getToken({ req: get("/api/notes", planted), secret: SECRET })).toBeNull();
  });
});
