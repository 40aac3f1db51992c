import { describe, expect, it, vi } from "vitest";
import { Auth } from "../../../src/runtime/index.js";
import { decode, encode } from "../../../src/runtime/jwt.js";
import type { AuthConfig } from "../../../src/runtime/types.js";
import {
  baseConfig,
  CookieJar,
  captureLogger,
  csrfToken,
  DEMO_USER,
  get,
  postJson,
  SECRET,
  setCookies,
  signInWithCredentials,
} from "./support.js";

const SESSION = "authjs.session-token";

async function readSession(config: AuthConfig, jar: CookieJar) {
  const response = await Auth(get("/auth/session", jar), config);
  return { response, body: await response.json(), cookies: setCookies(response) };
}

describe("GET /session", () => {
  it("answers 200 null with no-cache headers when signed out", async () => {
    const { response, body } = await readSession(baseConfig(), new CookieJar());
    expect(response.status).toBe(200);
    expect(body).toBeNull();
    expect(response.headers.get("cache-control")).toBe("private, no-cache, no-store");
    expect(response.headers.get("expires")).toBe("0");
    expect(response.headers.get("pragma")).toBe("no-cache");
  });

  it("returns the default session {user: {name, email, image}, expires} after sign-in", async () => {
    const config = baseConfig();
    const jar = await signInWithCredentials(config);
    const { body } = await readSession(config, jar);
    expect(body).toEqual({
      user: { name: DEMO_USER.name, email: DEMO_USER.email, image: null },
      expires: expect.any(String),
    });
    const expires = Date.parse((body as { expires: string }).expires);
    expect(Math.abs(expires - (Date.now() + 30 * 24 * 3600 * 1000))).toBeLessThan(5000);
  });

  it("re-issues the session cookie with a fresh expiry on every read when updateAge is 0", async () => {
    const config = baseConfig({ session: { updateAge: 0 } });
    const jar = await signInWithCredentials(config);
    const before = jar.get(SESSION);
    const { cookies } = await readSession(config, jar);
    const renewed = cookies.find((cookie) => cookie.name === SESSION)!;
    expect(renewed.value).not.toBe(before);
    expect(renewed.attributes).toEqual(expect.arrayContaining(["HttpOnly", "SameSite=Lax", "Path=/"]));
  });

  it("only decrypts a session younger than updateAge: no encryption, no Set-Cookie, the token's own expiry", async () => {
    let encodes = 0;
    const config = baseConfig({
      jwt: {
        encode: (params) => {
          encodes++;
          return encode(params);
        },
      },
    });
    const jar = await signInWithCredentials(config);
    encodes = 0;
    const { body, response } = await readSession(config, jar);
    expect(encodes).toBe(0);
    expect(response.headers.getSetCookie()).toEqual([]);
    const token = await decode({ token: jar.get(SESSION)!, secret: SECRET, salt: SESSION });
    expect((body as { expires: string }).expires).toBe(new Date((token!.exp as number) * 1000).toISOString());
  });

  it("re-issues a session issued longer than updateAge ago", async () => {
    const config = baseConfig({ session: { updateAge: 60 } });
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() - 61_000);
      const jar = await signInWithCredentials(config);
      vi.useRealTimers();
      const { cookies } = await readSession(config, jar);
      const renewed = cookies.find((cookie) => cookie.name === SESSION)!;
      const token = await decode({ token: renewed.value, secret: SECRET, salt: SESSION });
      expect(Math.abs((token!.iat as number) - Date.now() / 1000)).toBeLessThan(5);
    } finally {
      vi.useRealTimers();
    }
  });

  it("re-issues a session younger than updateAge when the jwt callback changed the token", async () => {
    let visits = 0;
    const config = baseConfig({ callbacks: { jwt: ({ token }) => ({ ...token, visits: visits++ }) } });
    const jar = await signInWithCredentials(config);
    const { cookies } = await readSession(config, jar);
    const renewed = cookies.find((cookie) => cookie.name === SESSION)!;
    expect(await decode({ token: renewed.value, secret: SECRET, salt: SESSION })).toMatchObject({ visits: 1 });
  });

  it("runs the jwt then the session callback, and emits events.session", async () => {
    const calls: string[] = [];
    const config = baseConfig({
      callbacks: {
        jwt: ({ token }) => {
          calls.push("jwt");
          return { ...token, role: "admin" };
        },
        session: ({ session, token }) => {
          calls.push("session");
          return { ...session, role: token?.role } as typeof session;
        },
      },
      events: { session: () => void calls.push("event") },
    });
    const jar = await signInWithCredentials(config);
    calls.length = 0;
    const { body } = await readSession(config, jar);
    expect(calls).toEqual(["jwt", "session", "event"]);
    expect(body).toMatchObject({ role: "admin" });
  });

  it("clears the session when the jwt callback returns null", async () => {
    let allow = true;
    const config = baseConfig({ callbacks: { jwt: ({ token }) => (allow ? token : null) } });
    const jar = await signInWithCredentials(config);
    allow = false;
    const { body, cookies } = await readSession(config, jar);
    expect(body).toBeNull();
    expect(cookies.find((cookie) => cookie.name === SESSION)?.attributes).toContain("Max-Age=0");
  });

  const invalidTokens: Array<[string, () => Promise<string>]> = [
    [
      "a tampered",
      async () => `${(await encode({ token: { name: "x" }, secret: SECRET, salt: SESSION })).slice(0, -3)}AAA`,
    ],
    ["an expired", () => encode({ token: { name: "x" }, secret: SECRET, salt: SESSION, maxAge: -60 })],
    [
      "a foreign-secret",
      () => encode({ token: { name: "x" }, secret: "not-our-secret-but-long-enough-anyway", salt: SESSION }),
    ],
    ["a malformed", async () => "not-a-jwe"],
  ];
  for (const [label, make] of invalidTokens) {
    it(`reads ${label} token as null with 200, clears the cookie and logs JWTSessionError`, async () => {
      const { logger, errors } = captureLogger();
      const config = baseConfig({ logger });
      const jar = new CookieJar();
      jar.cookies.set(SESSION, await make());
      const { response, body, cookies } = await readSession(config, jar);
      expect(response.status).toBe(200);
      expect(body).toBeNull();
      expect(cookies.find((cookie) => cookie.name === SESSION)?.attributes).toContain("Max-Age=0");
      expect(errors.map((error) => (error as { type?: string }).type)).toEqual(["JWTSessionError"]);
    });
  }

  it("round-trips a session too large for one cookie through chunks", async () => {
    const big = "x".repeat(8000);
    const config = baseConfig({
      callbacks: {
        jwt: ({ token }) => ({ ...token, big }),
        session: ({ session, token }) => ({ ...session, big: token?.big }) as typeof session,
      },
    });
    const jar = await signInWithCredentials(config);
    expect([...jar.cookies.keys()].filter((name) => name.startsWith(SESSION)).sort()).toEqual([
      `${SESSION}.0`,
      `${SESSION}.1`,
      `${SESSION}.2`,
    ]);
    const { body } = await readSession(config, jar);
    expect((body as { big: string }).big).toBe(big);
  });
});

describe("POST /session (update)", () => {
  it("passes data to the jwt callback with trigger update", async () => {
    const config = baseConfig({
      callbacks: {
        jwt: ({ token, trigger, session }) =>
          trigger === "update" ? { ...token, name: (session as { name: string }).name } : token,
      },
    });
    const jar = await signInWithCredentials(config);
    const csrf = await csrfToken(config, jar);
    const response = await Auth(
      postJson("/auth/session", { csrfToken: csrf, data: { name: "Countess" } }, jar),
      config,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ user: { name: "Countess" } });
    jar.apply(response);
    expect((await readSession(config, jar)).body).toMatchObject({ user: { name: "Countess" } });
  });

  it("answers 400 null without a valid CSRF token", async () => {
    const { logger } = captureLogger();
    const config = baseConfig({ logger });
    const jar = await signInWithCredentials(config);
    const response = await Auth(postJson("/auth/session", { csrfToken: "forged", data: { name: "x" } }, jar), config);
    expect(response.status).toBe(400);
    expect(await response.json()).toBeNull();
  });
});
