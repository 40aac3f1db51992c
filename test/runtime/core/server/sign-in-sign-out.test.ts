/**
 * The sign-in and sign-out helpers (core/server/sign-in-sign-out.ts), against the real core: which action a
 * sign-in goes to, what it posts, and that the browser only ever goes where the core decided.
 */
import { describe, expect, it } from "vitest";
import {
  helperSignIn,
  helperSignOut,
  signInAction,
  signInPage,
} from "../../../../src/runtime/core/server/sign-in-sign-out.js";
import { CredentialsSignin } from "../../../../src/runtime/errors.js";
import credentials from "../../../../src/runtime/providers/credentials.js";
import github from "../../../../src/runtime/providers/github.js";
import { DEMO_USER, ORIGIN } from "../support.js";
import { CREDENTIALS, config, incoming, SESSION_COOKIE, sessionCookie } from "./support.js";

describe("the sign-in and sign-out helpers", () => {
  it("sends credentials to the callback action, an OAuth or unknown provider to signin", () => {
    const withGitHub = config({ providers: [...config().providers, github({ clientId: "id", clientSecret: "s" })] });
    expect(signInAction(withGitHub, "credentials", ["callbackUrl"])).toBe("callback");
    expect(signInAction(withGitHub, "github", ["callbackUrl"])).toBe("signin");
    expect(signInAction(withGitHub, "unknown", ["callbackUrl"])).toBe("signin");
  });

  it("signs in with credentials: the session cookie, then the callbackUrl", async () => {
    const result = await helperSignIn(config(), incoming(), {
      providerId: "credentials",
      callbackUrl: "/journal/",
      fields: CREDENTIALS,
    });
    expect(result.redirect).toBe(`${ORIGIN}/journal/`);
    expect(result.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value).toMatch(/^ey/);
  });

  it("never sends the browser to another origin the caller asked for: the base URL instead", async () => {
    const result = await helperSignIn(config(), incoming(), {
      providerId: "credentials",
      callbackUrl: "https://evil.example/steal",
      fields: CREDENTIALS,
    });
    expect(result.redirect).toBe(ORIGIN);
    const out = await helperSignOut(config(), incoming({ cookie: await sessionCookie() }), "//evil.example/");
    expect(out.redirect).toBe(ORIGIN);
  });

  it("throws a rejected sign-in to the caller, or answers the error page when asked to", async () => {
    const wrong = { providerId: "credentials", callbackUrl: "/", fields: [["email", DEMO_USER.email!]] } as const;
    await expect(helperSignIn(config(), incoming(), { ...wrong, fields: [...wrong.fields] })).rejects.toThrow(
      CredentialsSignin,
    );
    const result = await helperSignIn(config(), incoming(), {
      ...wrong,
      fields: [...wrong.fields],
      errorRedirect: true,
    });
    const landed = new URL(result.redirect);
    expect(landed.pathname).toBe("/auth/signin");
    expect(landed.searchParams.get("error")).toBe("CredentialsSignin");
  });

  it("keeps its own callbackUrl when the fields carry one: the helpers' own names never reach the provider", async () => {
    const result = await helperSignIn(config(), incoming(), {
      providerId: "credentials",
      callbackUrl: "/journal/",
      fields: [...CREDENTIALS, ["callbackUrl", "/elsewhere"], ["csrfToken", "posted"]],
    });
    expect(result.redirect).toBe(`${ORIGIN}/journal/`);
  });

  it("posts text as it is, other values as JSON text, and no absent value or uploaded file", async () => {
    let posted: Record<string, unknown> = {};
    const capturing = config({
      providers: [
        credentials({
          authorize: (input) => {
            posted = { ...input };
            return DEMO_USER;
          },
        }),
      ],
    });
    await helperSignIn(capturing, incoming(), {
      providerId: "credentials",
      callbackUrl: "/journal/",
      fields: [
        ["email", DEMO_USER.email],
        ["remember", true],
        ["device", { name: "laptop" }],
        ["avatar", new File(["x"], "a.png")],
        ["nickname", null],
      ],
    });
    expect(posted).toEqual({
      callbackUrl: "/journal/",
      email: DEMO_USER.email,
      remember: "true",
      device: '{"name":"laptop"}',
    });
  });

  it("starts an OAuth sign-in at the provider, with the authorization parameters passed on", async () => {
    const oauth = config({ providers: [github({ clientId: "id", clientSecret: "s" })] });
    const result = await helperSignIn(oauth, incoming(), {
      providerId: "github",
      callbackUrl: "/journal/",
      authorizationParams: "login=ada",
    });
    const authorize = new URL(result.redirect);
    expect(authorize.origin).toBe("https://github.com");
    expect(authorize.searchParams.get("login")).toBe("ada");
    expect(result.cookies.map((cookie) => cookie.name)).toContain("authjs.pkce.code_verifier");
  });

  it("signs out: the session cookie cleared, then the callbackUrl", async () => {
    const result = await helperSignOut(config(), incoming({ cookie: await sessionCookie() }), "/bye");
    expect(result.redirect).toBe(`${ORIGIN}/bye`);
    expect(result.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.options.maxAge).toBe(0);
  });

  it("without a provider, names the built-in sign-in page with where to come back to", () => {
    const page = signInPage(config(), incoming(), "/journal/?tab=2");
    expect(page.href).toBe(`${ORIGIN}/auth/signin?callbackUrl=%2Fjournal%2F%3Ftab%3D2`);
  });
});
