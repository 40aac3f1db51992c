import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { timingSafeEqualString } from "../../../src/runtime/core/csrf.js";
import { Auth, skipCSRFCheck } from "../../../src/runtime/index.js";
import type { AuthConfig, JWT } from "../../../src/runtime/types.js";
import {
  baseConfig,
  CookieJar,
  captureLogger,
  csrfToken,
  DEMO_USER,
  get,
  ORIGIN,
  postForm,
  SECRET,
  setCookies,
  signInWithCredentials,
} from "./support.js";

const CSRF = "authjs.csrf-token";
const SESSION = "authjs.session-token";
const credentialsForm = { email: DEMO_USER.email!, password: "correct horse" };

describe("CSRF (signed double submit)", () => {
  async function attempt(jar: CookieJar, body: Record<string, string>) {
    const { logger, errors } = captureLogger();
    const response = await Auth(postForm("/auth/callback/credentials", body, jar), baseConfig({ logger }));
    return { response, errors };
  }

  it("rejects a POST without a csrf cookie, redirecting to sign-in with MissingCSRF and a fresh cookie", async () => {
    const { response, errors } = await attempt(new CookieJar(), { csrfToken: "a".repeat(64), ...credentialsForm });
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=MissingCSRF`);
    expect(errors.map((error) => (error as { type?: string }).type)).toEqual(["MissingCSRF"]);
    expect(setCookies(response).map((cookie) => cookie.name)).toContain(CSRF);
  });

  it("rejects a POST without csrfToken in the body", async () => {
    const jar = new CookieJar();
    await csrfToken(baseConfig(), jar);
    const { response } = await attempt(jar, credentialsForm);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=MissingCSRF`);
  });

  it("rejects a body token that does not match the cookie's", async () => {
    const jar = new CookieJar();
    await csrfToken(baseConfig(), jar);
    const { response } = await attempt(jar, { csrfToken: "b".repeat(64), ...credentialsForm });
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=MissingCSRF`);
  });

  it("rejects a planted cookie whose hash was not made with our secret", async () => {
    const token = "c".repeat(64);
    const forgedHash = createHash("sha256").update(`${token}guessed-secret`).digest("hex");
    const jar = new CookieJar();
    jar.cookies.set(CSRF, `${token}|${forgedHash}`);
    const { response } = await attempt(jar, { csrfToken: token, ...credentialsForm });
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=MissingCSRF`);
  });

  it("accepts a cookie whose hash recomputes with our secret", async () => {
    const token = "d".repeat(64);
    const hash = createHash("sha256").update(`${token}${SECRET}`).digest("hex");
    const jar = new CookieJar();
    jar.cookies.set(CSRF, `${token}|${hash}`);
    const { response } = await attempt(jar, { csrfToken: token, ...credentialsForm });
    expect(response.headers.get("location")).toBe(ORIGIN);
  });

  it("compares in constant time only strings of equal length", () => {
    expect(timingSafeEqualString("abc", "abc")).toBe(true);
    expect(timingSafeEqualString("abc", "abd")).toBe(false);
    expect(timingSafeEqualString("abc", "abcd")).toBe(false);
  });

  it("with skipCSRFCheck: GET /csrf is 404 and clears the csrf cookie, and POSTs need no token", async () => {
    const config: AuthConfig = { ...baseConfig(), skipCSRFCheck };
    const jar = new CookieJar();
    jar.cookies.set(CSRF, "stale|value");
    const response = await Auth(get("/auth/csrf", jar), config);
    expect(response.status).toBe(404);
    expect(setCookies(response).find((cookie) => cookie.name === CSRF)?.attributes).toContain("Max-Age=0");
    const signIn = await Auth(postForm("/auth/callback/credentials", credentialsForm), config);
    expect(signIn.headers.get("location")).toBe(ORIGIN);
  });
});

describe("sign-out", () => {
  it("renders a confirmation page with a POST form carrying the CSRF token", async () => {
    const response = await Auth(get("/auth/signout"), baseConfig());
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await response.text();
    expect(html).toMatch(/<form action="http:\/\/localhost:3000\/auth\/signout" method="POST">/);
    expect(html).toMatch(/name="csrfToken" value="[0-9a-f]{64}"/);
    expect(html).toContain('<button type="submit">Sign out</button>');
  });

  it("redirects GET to pages.signOut when set", async () => {
    const response = await Auth(get("/auth/signout"), baseConfig({ pages: { signOut: "/bye" } }));
    expect(response.headers.get("location")).toBe(`${ORIGIN}/bye`);
  });

  it("clears every session chunk, emits signOut with the token and redirects to the callback URL", async () => {
    const ended: unknown[] = [];
    const config = baseConfig({
      callbacks: { jwt: ({ token }) => ({ ...token, padding: "p".repeat(6000) }) },
      events: { signOut: (message) => void ended.push(message) },
    });
    const jar = await signInWithCredentials(config);
    expect([...jar.cookies.keys()].filter((name) => name.startsWith(SESSION)).length).toBeGreaterThan(1);
    const csrf = await csrfToken(config, jar);
    const response = await Auth(postForm("/auth/signout", { csrfToken: csrf, callbackUrl: "/goodbye" }, jar), config);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/goodbye`);
    jar.apply(response);
    expect([...jar.cookies.keys()].filter((name) => name.startsWith(SESSION))).toEqual([]);
    expect((ended[0] as { token: JWT }).token).toMatchObject({ email: DEMO_USER.email, sub: DEMO_USER.id });
    const session = await Auth(get("/auth/session", jar), config);
    expect(await session.json()).toBeNull();
  });

  it("refuses a sign-out POST without the CSRF token (no cross-site logout)", async () => {
    const { logger } = captureLogger();
    const config = baseConfig({ logger });
    const jar = await signInWithCredentials(config);
    const response = await Auth(postForm("/auth/signout", {}, jar), config);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=MissingCSRF`);
    expect(setCookies(response).some((cookie) => cookie.name === SESSION)).toBe(false);
  });
});
