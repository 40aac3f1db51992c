// The pure part of `@create-auth/runtime/react`: what a sign-in POSTs (the action it goes to is
// core/sign-in-request.ts's, tested there) and how the core's `{ url }` answer becomes
// `{ error, code, status, ok, url }`. The hooks and the fetches themselves run in Chromium
// (test/e2e/next-react.test.ts); `signIn(provider, { link: true })` runs here against the real `Auth`, with
// `fetch` answered by it and a software authenticator behind `navigator.credentials.create()`.
import { afterEach, describe, expect, test, vi } from "vitest";
import {
  returnedUrl,
  signInFields,
  signInPageUrl,
  signInResponse,
  signInUrl,
} from "../../src/runtime/client/outcome.js";
import github from "../../src/runtime/providers/github.js";
import { signIn } from "../../src/runtime/react/client.js";
import { browserAt } from "./browser-page.js";
import { baseConfig, CookieJar, ORIGIN, signInWithCredentials } from "./core/support.js";
import { SoftwareAuthenticator } from "./webauthn/software-authenticator.js";
import { passkeyConfig, register } from "./webauthn/support.js";

const base = "http://localhost:3000/react";

describe("signInUrl", () => {
  test("escapes the provider id and appends the authorization params", () => {
    expect(signInUrl("/api/auth", "signin", "a/b", { prompt: "login", login_hint: "a b" })).toBe(
      "/api/auth/signin/a%2Fb?prompt=login&login_hint=a+b",
    );
  });

  test("has no query without authorization params", () => {
    expect(signInUrl("/auth", "callback", "credentials")).toBe("/auth/callback/credentials");
  });
});

test("signInPageUrl carries the callback URL and, for a required session, the error", () => {
  expect(signInPageUrl("/api/auth", "/a?b=c")).toBe("/api/auth/signin?callbackUrl=%2Fa%3Fb%3Dc");
  expect(signInPageUrl("/api/auth", "/x", "SessionRequired")).toBe(
    "/api/auth/signin?callbackUrl=%2Fx&error=SessionRequired",
  );
});

test("signInFields stringifies the caller's fields, skips empty ones, and keeps its own csrfToken and callbackUrl", () => {
  const fields = signInFields(
    { email: "a@b.test", remember: true, pin: 42, skipped: undefined, none: null, csrfToken: "forged" },
    "token",
    "/dashboard",
  );
  expect(fields).toEqual({
    email: "a@b.test",
    remember: "true",
    pin: "42",
    csrfToken: "token",
    callbackUrl: "/dashboard",
  });
});

describe("signInResponse", () => {
  test("a URL without error is ok and kept", () => {
    expect(signInResponse("http://localhost:3000/react", 200, base)).toEqual({
      error: null,
      code: null,
      status: 200,
      ok: true,
      url: "http://localhost:3000/react",
    });
  });

  test("a credentials error reads error and code from the URL, and drops the URL", () => {
    const url = "http://localhost:3000/api/auth/signin?error=CredentialsSignin&code=credentials";
    expect(signInResponse(url, 200, base)).toEqual({
      error: "CredentialsSignin",
      code: "credentials",
      status: 200,
      ok: false,
      url: null,
    });
  });

  test("a relative error URL is read against the page", () => {
    expect(signInResponse("/api/auth/error?error=Configuration", 200, base)).toMatchObject({
      error: "Configuration",
      code: null,
      ok: false,
    });
  });

  test("a non-2xx status is not ok even without an error in the URL", () => {
    expect(signInResponse("/react", 500, base).ok).toBe(false);
  });
});

describe("returnedUrl", () => {
  test("returns the url of a `{ url }` body", () => {
    expect(returnedUrl({ url: "/x" }, 200, "/api/auth/signout")).toBe("/x");
  });

  test.each([null, "Bad request.", { message: "There was a problem" }, { url: 1 }])(
    "throws, naming the endpoint and status, for %j",
    (body) => {
      expect(() => returnedUrl(body, 500, "/api/auth/signout")).toThrow(
        "POST /api/auth/signout answered 500 without a redirect URL",
      );
    },
  );
});

// ─── signIn(provider, { link: true }) in a page of ORIGIN ───────────────────────────────────────────

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("signIn(provider, { link: true })", () => {
  const LINK_INTENT = "authjs.link-intent";
  const withGitHub = () =>
    baseConfig({ providers: [...baseConfig().providers, github({ clientId: "Iv1.l", clientSecret: "s" })] });

  test("posts link=true with the CSRF token: a user signed in just now gets the intent and the provider's URL", async () => {
    const config = withGitHub();
    const jar = await signInWithCredentials(config);
    const posted = browserAt(config, jar);
    const result = await signIn("github", { link: true, redirect: false, basePath: "/auth" });
    expect(result).toMatchObject({ ok: true, error: null });
    expect(new URL(result!.url!).origin).toBe("https://github.com");
    expect(posted).toEqual([expect.stringMatching(/^\/auth\/signin\/github link=true&csrfToken=\w+&callbackUrl=/)]);
    expect(jar.get(LINK_INTENT)).toBeTruthy();
  });

  test("resolves with AccountLinkRefused and code signin when nobody is signed in", async () => {
    const config = withGitHub();
    const jar = new CookieJar();
    browserAt(config, jar);
    const result = await signIn("github", { link: true, redirect: false, basePath: "/auth" });
    expect(result).toMatchObject({ ok: false, error: "AccountLinkRefused", code: "signin", url: null });
    expect(jar.get(LINK_INTENT)).toBeUndefined();
  });

  test("for a passkey: asks for the link, then registers the new passkey on the signed-in user", async () => {
    const { config, adapter } = passkeyConfig();
    const { jar } = await register(config, new SoftwareAuthenticator(ORIGIN), "grace@example.test");
    const second = new SoftwareAuthenticator(ORIGIN);
    const posted = browserAt(config, jar, second);
    const result = await signIn("passkey", { link: true, redirect: false, basePath: "/auth" });
    expect(result).toMatchObject({ ok: true, error: null });
    expect(posted.map((entry) => entry.split(" ")[0])).toEqual(["/auth/signin/passkey", "/auth/callback/passkey"]);
    expect(posted[0]).toContain("link=true");
    const user = await adapter.getUserByEmail!("grace@example.test");
    const stored = await adapter.listAuthenticatorsByUserId!(user!.id);
    expect(stored.map((entry) => entry.credentialID)).toContain(second.storedId);
    expect(stored).toHaveLength(2);
  });

  test("for a passkey with nobody signed in: the refusal, and no ceremony", async () => {
    const { config } = passkeyConfig();
    const posted = browserAt(config, new CookieJar(), new SoftwareAuthenticator(ORIGIN));
    const result = await signIn("passkey", { link: true, redirect: false, basePath: "/auth" });
    expect(result).toMatchObject({ ok: false, error: "AccountLinkRefused", code: "signin" });
    expect(posted).toHaveLength(1);
  });
});
