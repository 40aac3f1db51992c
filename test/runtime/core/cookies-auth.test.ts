/**
 * Cookie names, prefixes and attributes as `Auth` sets them: `__Host-` (`__Secure-` with a domain) on https
 * (RFC 6265bis §4.1.3), `useSecureCookies` to force either way, and `cookies` overrides used for writing and
 * reading.
 */
import { describe, expect, it } from "vitest";
import { Auth } from "../../../src/runtime/index.js";
import type { AuthConfig } from "../../../src/runtime/types.js";
import { baseConfig, CookieJar, DEMO_USER, setCookies } from "./support.js";

const HTTPS = "https://app.example.test";

/** Signs the demo user in at `origin`; returns the jar and the Set-Cookie lines of the sign-in. */
async function signIn(config: AuthConfig, origin: string) {
  const jar = new CookieJar();
  const csrf = await Auth(new Request(`${origin}/auth/csrf`), config);
  jar.apply(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await Auth(
    new Request(`${origin}/auth/callback/credentials`, {
      method: "POST",
      headers: { cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, email: DEMO_USER.email!, password: "correct horse" }),
    }),
    config,
  );
  expect(response.status).toBe(302);
  jar.apply(response);
  return { jar, csrfCookies: setCookies(csrf), signInCookies: setCookies(response) };
}

async function sessionAt(config: AuthConfig, origin: string, jar: CookieJar): Promise<unknown> {
  return (await Auth(new Request(`${origin}/auth/session`, { headers: { cookie: jar.header() } }), config)).json();
}

describe("cookies set by Auth", () => {
  it("on https: __Host-authjs.csrf-token and __Host-authjs.session-token, Secure, HttpOnly, Lax, Path=/", async () => {
    const config = baseConfig();
    const { jar, csrfCookies, signInCookies } = await signIn(config, HTTPS);
    const csrf = csrfCookies.find((cookie) => cookie.name === "__Host-authjs.csrf-token")!;
    // RFC 6265bis §4.1.3.2: a __Host- cookie must be Secure, Path=/ and carry no Domain.
    expect(csrf.attributes).toEqual(expect.arrayContaining(["Secure", "HttpOnly", "SameSite=Lax", "Path=/"]));
    expect(csrf.attributes.some((attribute) => attribute.startsWith("Domain="))).toBe(false);
    const session = signInCookies.find((cookie) => cookie.name === "__Host-authjs.session-token")!;
    expect(session.attributes).toEqual(expect.arrayContaining(["Secure", "HttpOnly", "SameSite=Lax", "Path=/"]));
    expect(signInCookies.some((cookie) => cookie.name === "authjs.session-token")).toBe(false);
    expect(await sessionAt(config, HTTPS, jar)).toMatchObject({ user: { email: DEMO_USER.email } });
  });

  it("with useSecureCookies: false on https, drops the prefixes and Secure", async () => {
    const config = baseConfig({ useSecureCookies: false });
    const { jar, signInCookies } = await signIn(config, HTTPS);
    const session = signInCookies.find((cookie) => cookie.name === "authjs.session-token")!;
    expect(session.attributes).not.toContain("Secure");
    expect(await sessionAt(config, HTTPS, jar)).toMatchObject({ user: { email: DEMO_USER.email } });
  });

  it("with useSecureCookies: true on http, uses the secure names", async () => {
    const { signInCookies } = await signIn(baseConfig({ useSecureCookies: true }), "http://localhost:3000");
    expect(signInCookies.map((cookie) => cookie.name)).toContain("__Host-authjs.session-token");
  });

  it("writes and reads a session cookie renamed through `cookies`, with the overridden attributes", async () => {
    const config = baseConfig({
      cookies: { sessionToken: { name: "app.session", options: { sameSite: "strict", domain: "example.test" } } },
    });
    const { jar, signInCookies } = await signIn(config, HTTPS);
    const session = signInCookies.find((cookie) => cookie.name === "app.session")!;
    expect(session.attributes).toEqual(
      expect.arrayContaining(["SameSite=Strict", "Domain=example.test", "HttpOnly", "Path=/"]),
    );
    expect(jar.get("__Host-authjs.session-token")).toBeUndefined();
    expect(await sessionAt(config, HTTPS, jar)).toMatchObject({ user: { email: DEMO_USER.email } });
  });
});
