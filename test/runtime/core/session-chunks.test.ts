/**
 * Chunked session cookies through `Auth`: a session that shrinks expires the chunks it no longer needs,
 * and a request carrying chunks left over from an older, longer cookie reads as no session, never as
 * garbage and never as an error.
 */
import { describe, expect, it } from "vitest";
import { Auth } from "../../../src/runtime/index.js";
import { encode } from "../../../src/runtime/jwt.js";
import type { AuthConfig } from "../../../src/runtime/types.js";
import {
  baseConfig,
  type CookieJar,
  captureLogger,
  csrfToken,
  get,
  postJson,
  SECRET,
  setCookies,
  signInWithCredentials,
} from "./support.js";

const SESSION = "authjs.session-token";

/** A config whose jwt callback stores what the client sends on update (a big or a small blob). */
function resizable(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return baseConfig({
    callbacks: {
      jwt: ({ token, trigger, session }) =>
        trigger === "update" ? { ...token, blob: (session as { blob: string }).blob } : token,
      session: ({ session, token }) => ({ ...session, blob: token?.blob }) as typeof session,
    },
    ...overrides,
  });
}

async function update(config: AuthConfig, jar: CookieJar, blob: string): Promise<Response> {
  const token = await csrfToken(config, jar);
  const response = await Auth(postJson("/auth/session", { csrfToken: token, data: { blob } }, jar), config);
  jar.apply(response);
  return response;
}

const sessionCookieNames = (jar: CookieJar) =>
  [...jar.cookies.keys()].filter((name) => name.startsWith(SESSION)).sort();

describe("chunked session cookies", () => {
  it("expire every now-unused chunk when the session shrinks back into one cookie", async () => {
    const config = resizable();
    const jar = await signInWithCredentials(config);
    await update(config, jar, "x".repeat(9000));
    const chunks = sessionCookieNames(jar);
    expect(chunks).toEqual([`${SESSION}.0`, `${SESSION}.1`, `${SESSION}.2`, `${SESSION}.3`]);

    const response = await update(config, jar, "small");
    const expired = setCookies(response).filter((cookie) => cookie.attributes.includes("Max-Age=0"));
    expect(expired.map((cookie) => cookie.name).sort()).toEqual(chunks);
    expect(sessionCookieNames(jar)).toEqual([SESSION]);
    const body = await (await Auth(get("/auth/session", jar), config)).json();
    expect(body).toMatchObject({ blob: "small" });
  });

  it("expire the chunks past the new end when a chunked session gets shorter", async () => {
    const config = resizable();
    const jar = await signInWithCredentials(config);
    await update(config, jar, "x".repeat(9000));
    const response = await update(config, jar, "y".repeat(5000));
    expect(sessionCookieNames(jar)).toEqual([`${SESSION}.0`, `${SESSION}.1`]);
    const expired = setCookies(response).filter((cookie) => cookie.attributes.includes("Max-Age=0"));
    expect(expired.map((cookie) => cookie.name).sort()).toEqual([`${SESSION}.2`, `${SESSION}.3`]);
    expect(await (await Auth(get("/auth/session", jar), config)).json()).toMatchObject({ blob: "y".repeat(5000) });
  });

  it("read as no session, clearing every chunk, when a stale chunk from an older cookie rides along", async () => {
    const { logger, errors } = captureLogger();
    const config = resizable({ logger });
    const jar = await signInWithCredentials(config);
    await update(config, jar, "y".repeat(5000));
    const older = await encode({ token: { blob: "z".repeat(9000) }, secret: SECRET, salt: SESSION });
    jar.cookies.set(`${SESSION}.2`, older.slice(2 * 3936));

    const response = await Auth(get("/auth/session", jar), config);
    expect(response.status).toBe(200);
    expect(await response.json()).toBeNull();
    const cleared = setCookies(response).filter((cookie) => cookie.attributes.includes("Max-Age=0"));
    expect(cleared.map((cookie) => cookie.name)).toEqual(
      expect.arrayContaining([`${SESSION}.0`, `${SESSION}.1`, `${SESSION}.2`]),
    );
    expect(errors.map((error) => (error as { type?: string }).type)).toEqual(["JWTSessionError"]);
  });

  it("prefer the chunks over a whole cookie left from before, which is cleared on the next write", async () => {
    const config = resizable({ session: { updateAge: 0 } });
    const jar = await signInWithCredentials(config);
    const whole = jar.get(SESSION)!;
    await update(config, jar, "x".repeat(9000));
    jar.cookies.set(SESSION, whole);
    const response = await Auth(get("/auth/session", jar), config);
    expect(await response.json()).toMatchObject({ blob: "x".repeat(9000) });
    expect(setCookies(response).find((cookie) => cookie.name === SESSION)?.attributes).toContain("Max-Age=0");
  });
});
