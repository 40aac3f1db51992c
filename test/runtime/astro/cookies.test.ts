/**
 * The core's cookies through Astro's own cookie jar (AstroCookies, the class behind `context.cookies`): what
 * Astro writes is what the core's Set-Cookie would have said, the value read back unchanged, whether the cookie
 * came as an object (a session read) or as the core's Set-Cookie text (the guard's read).
 */
import { describe, expect, it } from "vitest";
// Astro exports the class only as a type; the jar itself is what every Astro route gets as `context.cookies`.
import { AstroCookies } from "../../../node_modules/astro/dist/core/cookies/index.js";
import { cookieOfSetCookie, setAstroCookies, setAstroSetCookies } from "../../../src/runtime/astro/cookies.js";
import { parseCookieHeader, serializeCookie } from "../../../src/runtime/core/cookies/header.js";
import type { Cookie } from "../../../src/runtime/types.js";

function jar(): AstroCookies {
  return new AstroCookies(new Request("http://localhost/"), { warn: () => {} });
}

/** A JWE-like value with every character a cookie value must encode. */
const VALUE = "eyJhbGciOiJkaXIi.. ;,=%é/+";
const SESSION: Cookie = {
  name: "__Secure-authjs.session-token.0",
  value: VALUE,
  options: { httpOnly: true, secure: true, sameSite: "lax", path: "/", maxAge: 2_592_000 },
};
const CLEARED: Cookie = {
  name: "authjs.callback-url",
  value: "",
  options: { path: "/", maxAge: 0, sameSite: "none", secure: true },
};

function written(cookies: AstroCookies): string[] {
  return [...cookies.headers()];
}

describe("setAstroCookies", () => {
  it("writes the value as the core encodes it, with the core's attributes", () => {
    const cookies = jar();
    setAstroCookies(cookies, [SESSION, CLEARED]);
    const [session, cleared] = written(cookies);
    expect(parseCookieHeader(session!.split(";")[0]!)).toEqual({ [SESSION.name]: VALUE });
    expect(session!.split(";")[0]).toBe(serializeCookie(SESSION).split(";")[0]);
    expect(session).toMatch(/Max-Age=2592000/);
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/Secure/);
    expect(session).toMatch(/SameSite=Lax/);
    expect(session).toMatch(/Path=\//);
    expect(cleared).toMatch(/Max-Age=0/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970 00:00:00 GMT/);
    expect(cleared).toMatch(/SameSite=None/);
  });

  it("keeps one Set-Cookie per name, the last write winning (a sign-out after a refreshed read)", () => {
    const cookies = jar();
    setAstroCookies(cookies, [SESSION]);
    setAstroCookies(cookies, [{ ...SESSION, value: "", options: { ...SESSION.options, maxAge: 0 } }]);
    const all = written(cookies);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatch(/Max-Age=0/);
  });
});

describe("cookieOfSetCookie and setAstroSetCookies", () => {
  it("reads the core's Set-Cookie text back into the cookie it was written from", () => {
    const back = cookieOfSetCookie(serializeCookie(SESSION));
    expect(back).toMatchObject({ name: SESSION.name, value: VALUE, options: { ...SESSION.options } });
    const cleared = cookieOfSetCookie(serializeCookie(CLEARED));
    expect(cleared?.options).toMatchObject({ maxAge: 0, sameSite: "none", secure: true, path: "/" });
  });

  it("writes the guard's Set-Cookie values through Astro's jar as the core wrote them", () => {
    const cookies = jar();
    setAstroSetCookies(cookies, [serializeCookie(SESSION), "not a cookie", "=nameless", "bad=%E0%A4%A"]);
    const all = written(cookies);
    expect(all).toHaveLength(1);
    expect(all[0]!.split(";")[0]).toBe(serializeCookie(SESSION).split(";")[0]);
  });
});
