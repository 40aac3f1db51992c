/**
 * The guard in front of an app's own routes, on plain web Requests (no framework): the `authorized`
 * callback and its default, where a visitor who is not let through goes, the paths never sent to sign-in,
 * and the session cookies that go out with whatever response is sent.
 */
import { describe, expect, it } from "vitest";
import type { IntegrationConfig } from "../../../../src/runtime/core/server/config.js";
import { type GuardedRequest, guardRequest, withSetCookies } from "../../../../src/runtime/core/server/route-guard.js";
import { encode } from "../../../../src/runtime/jwt.js";
import { baseConfig, DEMO_USER, ORIGIN, SECRET } from "../support.js";

const SESSION_COOKIE = "authjs.session-token";

function config(overrides: Partial<IntegrationConfig> = {}): IntegrationConfig {
  const { raw: _raw, ...rest } = baseConfig(overrides);
  return rest;
}

async function sessionCookie(): Promise<string> {
  const token = await encode({
    token: { name: DEMO_USER.name, email: DEMO_USER.email, sub: DEMO_USER.id },
    secret: SECRET,
    salt: SESSION_COOKIE,
  });
  return `${SESSION_COOKIE}=${token}`;
}

function guarded(pathAndQuery: string, cookie?: string): GuardedRequest {
  const url = new URL(pathAndQuery, ORIGIN);
  const request = new Request(url, { headers: cookie ? { cookie } : {} });
  return { request, url, path: url.pathname, search: url.search, env: {} };
}

describe("the default decision", () => {
  it("sends a signed-out visitor to the built-in sign-in page with where they were going", async () => {
    const outcome = await guardRequest(config(), guarded("/notes?page=2"), false);
    if (!("signIn" in outcome)) throw new Error(`expected a sign-in redirect, got ${JSON.stringify(outcome)}`);
    expect(`${outcome.signIn.origin}${outcome.signIn.pathname}`).toBe(`${ORIGIN}/auth/signin`);
    expect(outcome.signIn.searchParams.get("callbackUrl")).toBe("/notes?page=2");
  });

  it("lets a signed-in user through with the session and the rolled cookie to send", async () => {
    const outcome = await guardRequest(
      config({ session: { updateAge: 0 } }),
      guarded("/notes", await sessionCookie()),
      false,
    );
    expect("through" in outcome).toBe(true);
    expect(outcome.session?.user?.email).toBe(DEMO_USER.email);
    expect(outcome.setCookies.some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))).toBe(true);
  });

  it("leaves the decision to a wrapped handler: a signed-out visitor goes through with no session", async () => {
    const outcome = await guardRequest(config(), guarded("/notes"), true);
    expect(outcome).toMatchObject({ through: true, session: null });
  });
});

describe("the authorized callback", () => {
  it("answers with its own Response, and its true lets a signed-out visitor in", async () => {
    const teapot = new Response(null, { status: 418 });
    const answering = config({ callbacks: { authorized: () => teapot } });
    expect(await guardRequest(answering, guarded("/notes"), false)).toMatchObject({ respond: teapot });
    const open = config({ callbacks: { authorized: () => true } });
    expect(await guardRequest(open, guarded("/notes"), false)).toMatchObject({ through: true });
  });

  it("sends a visitor it refuses to the custom sign-in page, never redirecting that page or the auth routes", async () => {
    const custom = config({ pages: { signIn: "/login" }, callbacks: { authorized: () => false } });
    const outcome = await guardRequest(custom, guarded("/notes"), false);
    expect("signIn" in outcome && outcome.signIn.href).toBe(`${ORIGIN}/login?callbackUrl=%2Fnotes`);
    for (const path of ["/login", "/login/", "/auth", "/auth/unknown", "/auth/signin"]) {
      expect(await guardRequest(custom, guarded(path), false), path).toMatchObject({ through: true });
    }
  });
});

describe("the cookies sent with a response", () => {
  it("are appended, on a frozen Response.redirect too (rebuilt)", () => {
    const cookies = ["a=1; Path=/", "b=2; Path=/"];
    const redirect = withSetCookies(Response.redirect(`${ORIGIN}/x`, 302), cookies);
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("location")).toBe(`${ORIGIN}/x`);
    expect(redirect.headers.getSetCookie()).toEqual(cookies);
    const plain = new Response("ok");
    expect(withSetCookies(plain, [])).toBe(plain);
  });
});
