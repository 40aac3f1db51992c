/**
 * The database session strategy through `Auth`: what the cookie holds, how often the adapter is asked,
 * when the row's expiry slides, and that expiry and sign-out really end the session.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Auth } from "../../../src/runtime/index.js";
import { loginThroughInteraction, type OidcServer } from "../../support/oidc-server.mjs";
import { CookieJar, captureLogger, csrfToken, get, postJson, setCookies } from "../core/support.js";
import {
  databaseConfig,
  readSession,
  recordingAdapter,
  SESSION_COOKIE,
  signInWithIdentityProvider,
  signOut,
  startIdentityProvider,
} from "./support.js";

let server: OidcServer;

beforeAll(async () => {
  server = await startIdentityProvider();
});

afterAll(async () => {
  await server?.close();
});

afterEach(() => {
  vi.useRealTimers();
});

/** Moves the clock `seconds` ahead (Date only: timers and the network keep real time). */
function advanceClock(seconds: number) {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(now + seconds * 1000);
}

async function signedIn(overrides: Parameters<typeof databaseConfig>[2] = {}) {
  const recording = recordingAdapter();
  const config = databaseConfig(recording.adapter, server, overrides);
  const { jar, response } = await signInWithIdentityProvider(config, { provider: "alpha", login: "ada" });
  return { ...recording, config, jar, response, token: jar.get(SESSION_COOKIE)! };
}

describe("the session cookie", () => {
  it("holds only a random token of at least 128 bits that names the stored session", async () => {
    const { store, token } = await signedIn();
    // The sign-in time (base 36), then 64 hex characters = 256 random bits; nothing about the user (no JWT, no
    // email) is in the cookie.
    const [signedInAt, random] = token.split(".");
    expect(Math.abs(Number.parseInt(signedInAt!, 36) - Date.now() / 1000)).toBeLessThan(5);
    expect(random).toMatch(/^[0-9a-f]{64}$/);
    const stored = await store.getSessionAndUser!(token);
    expect(stored?.user.email).toBe("ada@example.test");
    const second = await signedIn();
    expect(second.token).not.toBe(token);
  });

  it("uses session.generateSessionToken when the app supplies one", async () => {
    const { store, token } = await signedIn({ session: { generateSessionToken: () => `app-${crypto.randomUUID()}` } });
    expect(token).toMatch(/^[0-9a-z]+\.app-/);
    expect(await store.getSessionAndUser!(token)).not.toBeNull();
  });

  it("expires when the stored session does", async () => {
    const { store, token, response } = await signedIn();
    const cookie = setCookies(response).find((candidate) => candidate.name === SESSION_COOKIE)!;
    const expires = cookie.attributes.find((attribute) => attribute.toLowerCase().startsWith("expires="))!;
    const stored = await store.getSessionAndUser!(token);
    expect(new Date(expires.slice("expires=".length)).toUTCString()).toBe(stored!.session.expires.toUTCString());
  });
});

describe("reading the session", () => {
  it("asks the adapter exactly once per GET /session", async () => {
    const { config, jar, count } = await signedIn();
    const before = count("getSessionAndUser");
    const { body } = await readSession(config, jar);
    expect(body).toMatchObject({ user: { name: "ada", email: "ada@example.test" } });
    expect(count("getSessionAndUser") - before).toBe(1);
  });

  it("asks the adapter once when a sign-in reads who is signed in and then replaces their session", async () => {
    const { config, jar, count } = await signedIn();
    const csrf = await csrfToken(config, jar);
    const start = await Auth(postJson("/auth/signin/beta", { csrfToken: csrf }, jar), config);
    jar.apply(start);
    const before = count("getSessionAndUser");
    // Same browser, second provider: the callback checks the current session (to link) and replaces it.
    const redirect = new URL(await loginThroughInteraction(start.headers.get("location")!, { login: "ada-b" }));
    const callback = await Auth(get(redirect.pathname + redirect.search, jar), config);
    expect(callback.status).toBe(302);
    expect(count("getSessionAndUser") - before).toBe(1);
  });

  it("answers null without asking the adapter when there is no session cookie", async () => {
    const { config, count } = await signedIn();
    const before = count("getSessionAndUser");
    const { body } = await readSession(config, new CookieJar());
    expect(body).toBeNull();
    expect(count("getSessionAndUser")).toBe(before);
  });

  it("passes the adapter's user to the session callback and returns what it returns", async () => {
    const { config, jar } = await signedIn({
      callbacks: {
        session: ({ session, user, token }) => ({ ...session, userId: user?.id, hadToken: token !== undefined }),
      },
    });
    const { body } = await readSession(config, jar);
    const { userId, hadToken } = body as { userId: string; hadToken: boolean };
    expect(hadToken).toBe(false);
    expect(userId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("never calls the jwt callback", async () => {
    const jwt = vi.fn(({ token }) => token);
    const { config, jar } = await signedIn({ callbacks: { jwt } });
    await readSession(config, jar);
    expect(jwt).not.toHaveBeenCalled();
  });

  it("emits events.session with the session it returns", async () => {
    const seen: unknown[] = [];
    const { config, jar } = await signedIn({ events: { session: (message) => void seen.push(message) } });
    const { body } = await readSession(config, jar);
    expect(seen).toEqual([{ session: body }]);
  });

  it("hands POST /session data to the session callback as newSession with trigger update", async () => {
    const seen: Array<{ trigger?: string; newSession?: unknown }> = [];
    const { config, jar } = await signedIn({
      callbacks: {
        session: ({ session, trigger, newSession }) => {
          seen.push({ ...(trigger ? { trigger } : {}), ...(newSession !== undefined ? { newSession } : {}) });
          return session;
        },
      },
    });
    const csrf = await csrfToken(config, jar);
    const response = await Auth(postJson("/auth/session", { csrfToken: csrf, data: { theme: "dark" } }, jar), config);
    expect(response.status).toBe(200);
    expect(seen).toEqual([{ trigger: "update", newSession: { theme: "dark" } }]);
  });

  it("reads as no session but keeps the cookie when the database fails", async () => {
    const { logger, errors } = captureLogger();
    const { config, jar, token } = await signedIn({ logger });
    const failing = {
      ...config,
      adapter: {
        ...config.adapter,
        getSessionAndUser: () => {
          throw new Error("connection refused");
        },
      },
    };
    const { response, body } = await readSession(failing, jar);
    expect(body).toBeNull();
    expect(setCookies(response).some((cookie) => cookie.name === SESSION_COOKIE)).toBe(false);
    expect(jar.get(SESSION_COOKIE)).toBe(token);
    expect(errors.map((error) => error.name)).toContain("SessionTokenError");
  });
});

describe("sliding expiry", () => {
  const session = { maxAge: 3600, updateAge: 60 };

  it("leaves the row and the cookie alone until updateAge has passed", async () => {
    const { config, jar, count } = await signedIn({ session });
    advanceClock(30);
    const { response } = await readSession(config, jar);
    expect(count("updateSession")).toBe(0);
    expect(setCookies(response).some((cookie) => cookie.name === SESSION_COOKIE)).toBe(false);
  });

  it("extends the row to now + maxAge and re-sets the cookie once updateAge has passed", async () => {
    const { config, jar, count, store, token } = await signedIn({ session });
    advanceClock(61);
    const { response, body } = await readSession(config, jar);
    const expected = Date.now() + 3600 * 1000;
    expect(count("updateSession")).toBe(1);
    expect((await store.getSessionAndUser!(token))!.session.expires.valueOf()).toBe(expected);
    expect((body as { expires: string }).expires).toBe(new Date(expected).toISOString());
    const cookie = setCookies(response).find((candidate) => candidate.name === SESSION_COOKIE);
    expect(cookie?.value).toBe(token);
  });

  it("extends at most once per updateAge, however often the session is read", async () => {
    const { config, jar, count } = await signedIn({ session });
    advanceClock(61);
    for (let read = 0; read < 3; read++) await readSession(config, jar);
    expect(count("updateSession")).toBe(1);
  });

  it("extends on every read with updateAge 0", async () => {
    const { config, jar, count } = await signedIn({ session: { maxAge: 3600, updateAge: 0 } });
    await readSession(config, jar);
    await readSession(config, jar);
    expect(count("updateSession")).toBe(2);
  });
});

describe("ending the session", () => {
  it("deletes an expired session when it is presented, reads as null and clears the cookie", async () => {
    const { config, jar, store, token, count } = await signedIn({ session: { maxAge: 60 } });
    advanceClock(61);
    const { response, body } = await readSession(config, jar);
    expect(body).toBeNull();
    expect(count("deleteSession")).toBe(1);
    vi.useRealTimers();
    expect(await store.getSessionAndUser!(token)).toBeNull();
    const cleared = setCookies(response).find((cookie) => cookie.name === SESSION_COOKIE);
    expect(cleared?.attributes).toContain("Max-Age=0");
  });

  it("deletes the row on sign-out, so a replayed copy of the old cookie reads as no session", async () => {
    const { config, jar, store, token } = await signedIn();
    const response = await signOut(config, jar);
    expect(response.status).toBe(302);
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
    expect(await store.getSessionAndUser!(token)).toBeNull();
    const replay = new CookieJar();
    replay.cookies.set(SESSION_COOKIE, token);
    expect((await readSession(config, replay)).body).toBeNull();
  });

  it("emits signOut only when a session was presented", async () => {
    const ended: unknown[] = [];
    const { config } = await signedIn({ events: { signOut: (message) => void ended.push(message) } });
    const response = await signOut(config, new CookieJar());
    expect(response.status).toBe(302);
    expect(ended).toEqual([]);
  });

  it("replaces the session a browser presents when it signs in again, so the old token is worthless", async () => {
    const { config, jar, store, token } = await signedIn();
    await signInWithIdentityProvider(config, { provider: "alpha", login: "ada", jar });
    expect(jar.get(SESSION_COOKIE)).not.toBe(token);
    expect(await store.getSessionAndUser!(token)).toBeNull();
    expect(await store.getSessionAndUser!(jar.get(SESSION_COOKIE)!)).not.toBeNull();
  });
});
