/**
 * Where the sign-in and sign-out helpers send the browser besides what the core decided: the callbackUrl
 * they ask for, the built-in sign-in page as a path, and the core's destination as a path on the caller's
 * own origin (Qwik City's `<Form>` navigates to paths only).
 */
import { describe, expect, it } from "vitest";
import type { IntegrationConfig } from "../../../../src/runtime/core/server/config.js";
import {
  helperCallbackUrl,
  sameOriginPath,
  signInPagePath,
} from "../../../../src/runtime/core/server/helper-destination.js";
import { baseConfig, ORIGIN } from "../support.js";

describe("the callbackUrl a helper asks for", () => {
  it("is what the caller asked for, else the page it was called from, else the root", () => {
    expect(helperCallbackUrl("/journal/", `${ORIGIN}/login`)).toBe("/journal/");
    expect(helperCallbackUrl("", `${ORIGIN}/login`)).toBe(`${ORIGIN}/login`);
    expect(helperCallbackUrl(undefined, null)).toBe("/");
  });

  it("ignores an asked value that is not text (a File posted in a form field)", () => {
    expect(helperCallbackUrl(new Blob(["/elsewhere"]), "/login")).toBe("/login");
  });
});

describe("the built-in sign-in page as a path", () => {
  it("stays on the caller's origin, with where to come back to", () => {
    const { raw: _raw, ...config } = baseConfig();
    const incoming = { headers: { host: "localhost:3000" }, url: new URL(`${ORIGIN}/journal/`), env: {} };
    const path = signInPagePath(config as IntegrationConfig, incoming, "/journal/?tab=2");
    expect(path).toBe("/auth/signin?callbackUrl=%2Fjournal%2F%3Ftab%3D2");
  });
});

describe("a destination as a same-origin path", () => {
  it("is a path on the caller's origin, and whole on another", () => {
    const base = new URL("/login/", ORIGIN);
    expect(sameOriginPath(`${ORIGIN}/journal/?tab=2#top`, base)).toBe("/journal/?tab=2#top");
    expect(sameOriginPath("https://idp.example/authorize?x=1", base)).toBe("https://idp.example/authorize?x=1");
  });

  it("never writes a network-path reference (RFC 3986 §4.2): `//host` stays a full URL on this origin", () => {
    const base = new URL("/login/", ORIGIN);
    expect(sameOriginPath(`${ORIGIN}//evil.test/x`, base)).toBe(`${ORIGIN}//evil.test/x`);
    for (const url of [`${ORIGIN}//evil.test`, `${ORIGIN}//evil.test/path?x=1`, `${ORIGIN}/.//evil.test`]) {
      const path = sameOriginPath(url, base);
      // What a browser does with it as a Location: it must stay on this origin.
      expect(new URL(path, base).origin, url).toBe(ORIGIN);
      expect(path.startsWith("//"), url).toBe(false);
    }
  });
});
