/**
 * Wire compatibility with the reference, both ways: with the same secret, session and CSRF cookies minted
 * by the real `@auth/core` are read by our `Auth`, and ours by its; tampered, expired and foreign-secret
 * cookies read as no session on both sides. This is what keeps users signed in across a migration.
 *
 * Over https the session cookie's name differs (ours `__Host-`, the reference's `__Secure-`: cookie tossing,
 * docs/security.md): a session the reference made is read through its name and moved to ours; one of ours is
 * read by the reference once its `cookies.sessionToken.name` is ours; an app that pins the reference's name
 * shares sessions both ways as before.
 */
import { encode as referenceEncode, getToken as referenceGetToken } from "@auth/core/jwt";
import { describe, expect, it } from "vitest";
import { Auth } from "../../../src/runtime/index.js";
import { encode, getToken } from "../../../src/runtime/jwt.js";
import {
  baseConfig,
  CookieJar,
  csrfToken,
  DEMO_USER,
  get,
  postForm,
  SECRET,
  signInWithCredentials,
} from "../core/support.js";
import { at, HTTPS_ORIGIN, reference, referenceConfig, referenceCsrf, referenceSignIn } from "./support.js";

const SESSION = "authjs.session-token";
const CSRF = "authjs.csrf-token";
const HOST_SESSION = "__Host-authjs.session-token";
const SECURE_SESSION = "__Secure-authjs.session-token";
const OTHER_SECRET = "a-different-secret-that-is-also-long-enough";
const expectedUser = { name: DEMO_USER.name, email: DEMO_USER.email };

async function oursReads(jar: CookieJar): Promise<unknown> {
  return (await Auth(get("/auth/session", jar), baseConfig())).json();
}

async function referenceReads(jar: CookieJar): Promise<unknown> {
  return (await reference(get("/auth/session", jar))).json();
}

function jarWith(name: string, value: string): CookieJar {
  const jar = new CookieJar();
  jar.cookies.set(name, value);
  return jar;
}

/** Changes one character in the middle of the ciphertext segment. */
function tamper(token: string): string {
  const parts = token.split(".");
  const ciphertext = parts[3]!;
  const middle = Math.floor(ciphertext.length / 2);
  parts[3] = `${ciphertext.slice(0, middle)}${ciphertext[middle] === "A" ? "B" : "A"}${ciphertext.slice(middle + 1)}`;
  return parts.join(".");
}

describe("session cookie", () => {
  it("minted by @auth/core's credentials sign-in is read by our /session", async () => {
    const jar = await referenceSignIn();
    expect(jar.get(SESSION)).toMatch(/^ey/);
    expect(await oursReads(jar)).toMatchObject({ user: expectedUser, expires: expect.any(String) });
  });

  it("minted by our credentials sign-in is read by @auth/core's /session", async () => {
    const jar = await signInWithCredentials(baseConfig());
    expect(await referenceReads(jar)).toMatchObject({ user: expectedUser, expires: expect.any(String) });
  });

  it("chunked by @auth/core is read by us, and chunked by us is read by @auth/core", async () => {
    const big = "x".repeat(6000);
    const theirs = await referenceSignIn(referenceConfig({ callbacks: { jwt: ({ token }) => ({ ...token, big }) } }));
    expect(theirs.get(`${SESSION}.1`)).toBeDefined();
    const config = baseConfig({
      callbacks: { session: ({ session, token }) => ({ ...session, big: token?.big }) as typeof session },
    });
    expect(await (await Auth(get("/auth/session", theirs), config)).json()).toMatchObject({ big });

    const ours = await signInWithCredentials(baseConfig({ callbacks: { jwt: ({ token }) => ({ ...token, big }) } }));
    expect(ours.get(`${SESSION}.1`)).toBeDefined();
    const response = await reference(
      get("/auth/session", ours),
      referenceConfig({ callbacks: { session: ({ session, token }) => ({ ...session, big: token.big }) } }),
    );
    expect(await response.json()).toMatchObject({ big });
  });

  it("tampered reads as no session on both sides", async () => {
    const theirs = (await referenceSignIn()).get(SESSION)!;
    expect(await oursReads(jarWith(SESSION, tamper(theirs)))).toBeNull();
    const ours = (await signInWithCredentials(baseConfig())).get(SESSION)!;
    expect(await referenceReads(jarWith(SESSION, tamper(ours)))).toBeNull();
  });

  it("expired reads as no session on both sides", async () => {
    const token = { name: DEMO_USER.name, email: DEMO_USER.email, sub: DEMO_USER.id };
    const theirs = await referenceEncode({ token, secret: SECRET, salt: SESSION, maxAge: -60 });
    expect(await oursReads(jarWith(SESSION, theirs))).toBeNull();
    const ours = await encode({ token, secret: SECRET, salt: SESSION, maxAge: -60 });
    expect(await referenceReads(jarWith(SESSION, ours))).toBeNull();
  });

  it("written with another secret reads as no session on both sides", async () => {
    const theirs = await referenceSignIn(referenceConfig({ secret: OTHER_SECRET }));
    expect(await oursReads(theirs)).toBeNull();
    const ours = await signInWithCredentials(baseConfig({ secret: OTHER_SECRET }));
    expect(await referenceReads(ours)).toBeNull();
  });

  it("minted by @auth/core before a secret rotation is read by us after it", async () => {
    const theirs = await referenceSignIn();
    const rotated = baseConfig({ secret: [OTHER_SECRET, SECRET] });
    expect(await (await Auth(get("/auth/session", theirs), rotated)).json()).toMatchObject({ user: expectedUser });
  });
});

describe("session cookie over https", () => {
  const https = (request: Request) => at(HTTPS_ORIGIN, request);

  /** Our credentials sign-in over https; the jar holds the cookies. */
  async function ourHttpsSignIn(config = baseConfig()): Promise<CookieJar> {
    const jar = new CookieJar();
    const csrf = await Auth(https(get("/auth/csrf", jar)), config);
    jar.apply(csrf);
    const { csrfToken: token } = (await csrf.json()) as { csrfToken: string };
    const fields = { csrfToken: token, email: DEMO_USER.email!, password: "correct horse" };
    const response = await Auth(https(postForm("/auth/callback/credentials", fields, jar)), config);
    if (response.status !== 302) throw new Error(`sign-in failed with ${response.status}`);
    return jar.apply(response);
  }

  it("minted by @auth/core (__Secure-) is read by our /session and moved to __Host-, the old cookie expired", async () => {
    const jar = await referenceSignIn(referenceConfig(), HTTPS_ORIGIN);
    expect(jar.get(SECURE_SESSION)).toMatch(/^ey/);
    const response = await Auth(https(get("/auth/session", jar)), baseConfig());
    expect(await response.json()).toMatchObject({ user: expectedUser, expires: expect.any(String) });
    jar.apply(response);
    expect(jar.get(SECURE_SESSION)).toBeUndefined();
    expect(jar.get(HOST_SESSION)).toMatch(/^ey/);
    expect(await (await Auth(https(get("/auth/session", jar)), baseConfig())).json()).toMatchObject({
      user: expectedUser,
    });
  });

  it("chunked by @auth/core (__Secure-) is read by us and moved to __Host- chunks", async () => {
    const big = "x".repeat(6000);
    const jwt = ({ token }: { token: Record<string, unknown> }) => ({ ...token, big });
    const jar = await referenceSignIn(referenceConfig({ callbacks: { jwt } }), HTTPS_ORIGIN);
    expect(jar.get(`${SECURE_SESSION}.1`)).toBeDefined();
    const config = baseConfig({
      callbacks: { session: ({ session, token }) => ({ ...session, big: token?.big }) as typeof session },
    });
    const response = await Auth(https(get("/auth/session", jar)), config);
    expect(await response.json()).toMatchObject({ big });
    jar.apply(response);
    expect([...jar.cookies.keys()].filter((name) => name.startsWith(SECURE_SESSION))).toEqual([]);
    expect(jar.get(`${HOST_SESSION}.1`)).toBeDefined();
    expect(await (await Auth(https(get("/auth/session", jar)), config)).json()).toMatchObject({ big });
  });

  it("minted by us (__Host-) is read by @auth/core once its sessionToken name is ours, and not before", async () => {
    const jar = await ourHttpsSignIn();
    expect(jar.get(HOST_SESSION)).toMatch(/^ey/);
    expect(await (await reference(https(get("/auth/session", jar)))).json()).toBeNull();
    const named = referenceConfig({ cookies: { sessionToken: { name: HOST_SESSION } } });
    expect(await (await reference(https(get("/auth/session", jar)), named)).json()).toMatchObject({
      user: expectedUser,
    });
    const token = await referenceGetToken({
      req: https(get("/api/notes", jar)),
      secret: SECRET,
      cookieName: HOST_SESSION,
    });
    expect(token).toMatchObject({ email: DEMO_USER.email, sub: DEMO_USER.id });
  });

  it("is shared both ways with @auth/core by an app that pins the reference's name (giving up __Host-)", async () => {
    const pinned = baseConfig({ cookies: { sessionToken: { name: SECURE_SESSION } } });
    const ours = await ourHttpsSignIn(pinned);
    expect(ours.get(SECURE_SESSION)).toMatch(/^ey/);
    expect(await (await reference(https(get("/auth/session", ours)))).json()).toMatchObject({ user: expectedUser });
    const theirs = await referenceSignIn(referenceConfig(), HTTPS_ORIGIN);
    const response = await Auth(https(get("/auth/session", theirs)), pinned);
    expect(await response.json()).toMatchObject({ user: expectedUser });
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${HOST_SESSION}=`))).toBe(false);
  });

  it("minted by @auth/core is what our getToken reads over https, from its __Secure- cookie", async () => {
    const jar = await referenceSignIn(referenceConfig(), HTTPS_ORIGIN);
    const token = await getToken({ req: https(get("/api/notes", jar)), secret: SECRET });
    expect(token).toMatchObject({ email: DEMO_USER.email, sub: DEMO_USER.id });
  });
});

describe("getToken", () => {
  it("reads a session @auth/core minted, from the cookie and from a Bearer header", async () => {
    const jar = await referenceSignIn();
    const fromCookie = await getToken({ req: get("/api/notes", jar), secret: SECRET });
    expect(fromCookie).toMatchObject({ email: DEMO_USER.email, sub: DEMO_USER.id });
    const bearer = get("/api/notes", undefined, { authorization: `Bearer ${jar.get(SESSION)}` });
    expect(await getToken({ req: bearer, secret: SECRET })).toMatchObject({ email: DEMO_USER.email });
  });

  it("@auth/core's getToken reads a session we minted", async () => {
    const jar = await signInWithCredentials(baseConfig());
    const token = await referenceGetToken({ req: get("/api/notes", jar), secret: SECRET });
    expect(token).toMatchObject({ email: DEMO_USER.email, sub: DEMO_USER.id });
  });
});

describe("CSRF cookie", () => {
  async function ourSignIn(jar: CookieJar, token: string): Promise<Response> {
    const body = { csrfToken: token, email: DEMO_USER.email!, password: "correct horse" };
    return Auth(postForm("/auth/callback/credentials", body, jar), baseConfig());
  }

  async function theirSignIn(jar: CookieJar, token: string): Promise<Response> {
    const body = { csrfToken: token, email: DEMO_USER.email!, password: "correct horse" };
    return reference(postForm("/auth/callback/credentials", body, jar));
  }

  it("minted by @auth/core is accepted by our credentials POST", async () => {
    const { jar, csrfToken: token } = await referenceCsrf();
    const response = await ourSignIn(jar, token);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).not.toContain("error=");
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${SESSION}=`))).toBe(true);
  });

  it("minted by us is accepted by @auth/core's credentials POST", async () => {
    const jar = new CookieJar();
    const token = await csrfToken(baseConfig(), jar);
    const response = await theirSignIn(jar, token);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).not.toContain("error=");
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${SESSION}=`))).toBe(true);
  });

  it("with a forged hash is refused by both", async () => {
    const { jar, csrfToken: token } = await referenceCsrf();
    jar.cookies.set(CSRF, `${token}|${"0".repeat(64)}`);
    for (const response of [await ourSignIn(jar, token), await theirSignIn(jar, token)]) {
      expect(response.headers.get("location")).toContain("error=MissingCSRF");
    }
  });

  it("minted with another secret is refused by both", async () => {
    const jar = new CookieJar();
    const token = await csrfToken(baseConfig({ secret: OTHER_SECRET }), jar);
    for (const response of [await ourSignIn(jar, token), await theirSignIn(jar, token)]) {
      expect(response.headers.get("location")).toContain("error=MissingCSRF");
    }
  });
});
