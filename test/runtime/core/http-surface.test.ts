/**
 * The HTTP surface beyond the per-action suites: `webauthn-options` for a non-passkey provider,
 * `X-Auth-Return-Redirect` on every action that redirects, `pages.newUser` with JWT sessions, the
 * sign-in page's message for each sign-in error type, and one form per provider.
 */
import { describe, expect, it } from "vitest";
import { Auth } from "../../../src/runtime/index.js";
import type { AuthConfig, OAuthConfig } from "../../../src/runtime/types.js";
import {
  baseConfig,
  CookieJar,
  captureLogger,
  csrfToken,
  DEMO_USER,
  get,
  ORIGIN,
  postForm,
  signInWithCredentials,
} from "./support.js";

const RETURN_REDIRECT = { "X-Auth-Return-Redirect": "1" };

/** An OAuth provider with explicit endpoints: starting a sign-in needs no network. */
const acme: OAuthConfig = {
  id: "acme",
  name: "Acme",
  type: "oauth",
  clientId: "acme-client",
  clientSecret: "acme-secret",
  authorization: "https://idp.example.test/authorize",
  token: "https://idp.example.test/token",
  userinfo: "https://idp.example.test/me",
};

describe("GET /webauthn-options/<provider> for a provider that is not a passkey provider", () => {
  it("answers with the Configuration error page and logs InvalidProvider", async () => {
    const { logger, errors } = captureLogger();
    const response = await Auth(get("/auth/webauthn-options/credentials"), baseConfig({ logger }));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=Configuration`);
    expect(errors.map((error) => (error as { type?: string }).type)).toEqual(["InvalidProvider"]);
  });

  it("is a GET-only action: POST redirects to the Configuration error page as an UnknownAction", async () => {
    const { logger, errors } = captureLogger();
    const response = await Auth(postForm("/auth/webauthn-options/credentials", {}), baseConfig({ logger }));
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=Configuration`);
    expect(errors.map((error) => (error as { type?: string }).type)).toEqual(["UnknownAction"]);
  });
});

describe("X-Auth-Return-Redirect: every redirect becomes 200 JSON {url}", () => {
  const pages = {
    signIn: "/login",
    signOut: "/bye",
    error: "/oops",
    verifyRequest: "/check-mail",
  };
  const cases: Array<{
    label: string;
    config: () => AuthConfig;
    request: (jar: CookieJar, csrf: string) => Request;
    url: string | RegExp;
  }> = [
    {
      label: "GET /signin with pages.signIn",
      config: () => baseConfig({ pages }),
      request: (jar) => get("/auth/signin", jar, RETURN_REDIRECT),
      url: `${ORIGIN}/login?callbackUrl=${encodeURIComponent(ORIGIN)}`,
    },
    {
      label: "GET /signout with pages.signOut",
      config: () => baseConfig({ pages }),
      request: (jar) => get("/auth/signout", jar, RETURN_REDIRECT),
      url: `${ORIGIN}/bye`,
    },
    {
      label: "GET /error with pages.error",
      config: () => baseConfig({ pages }),
      request: (jar) => get("/auth/error?error=AccessDenied", jar, RETURN_REDIRECT),
      url: `${ORIGIN}/oops?error=AccessDenied`,
    },
    {
      label: "GET /verify-request with pages.verifyRequest",
      config: () => baseConfig({ pages }),
      request: (jar) => get("/auth/verify-request", jar, RETURN_REDIRECT),
      url: `${ORIGIN}/check-mail`,
    },
    {
      label: "POST /signin/<oauth> (to the authorization endpoint)",
      config: () => baseConfig({ providers: [acme] }),
      request: (jar, csrf) => postForm("/auth/signin/acme", { csrfToken: csrf }, jar, RETURN_REDIRECT),
      url: /^https:\/\/idp\.example\.test\/authorize\?/,
    },
    {
      label: "POST /signout",
      config: () => baseConfig(),
      request: (jar, csrf) =>
        postForm("/auth/signout", { csrfToken: csrf, callbackUrl: "/goodbye" }, jar, RETURN_REDIRECT),
      url: `${ORIGIN}/goodbye`,
    },
    {
      label: "a failed credentials callback (to the sign-in page)",
      config: () => baseConfig(),
      request: (jar, csrf) =>
        postForm("/auth/callback/credentials", { csrfToken: csrf, email: "x", password: "y" }, jar, RETURN_REDIRECT),
      url: `${ORIGIN}/auth/signin?error=CredentialsSignin&code=credentials`,
    },
    {
      label: "a known action with a wrong method (to the error page)",
      config: () => baseConfig(),
      request: (jar) => postForm("/auth/providers", {}, jar, RETURN_REDIRECT),
      url: `${ORIGIN}/auth/error?error=Configuration`,
    },
    {
      label: "a configuration error on a page with pages.error",
      config: () => baseConfig({ pages, trustHost: false }),
      request: (jar) => get("/auth/signin", jar, RETURN_REDIRECT),
      url: `${ORIGIN}/oops?error=Configuration`,
    },
  ];
  for (const { label, config, request, url } of cases) {
    it(label, async () => {
      const resolved = config();
      resolved.logger = captureLogger().logger;
      const jar = new CookieJar();
      const csrf = resolved.trustHost === false ? "" : await csrfToken(resolved, jar);
      const response = await Auth(request(jar, csrf), resolved);
      expect(response.status).toBe(200);
      expect(response.headers.get("location")).toBeNull();
      expect(response.headers.get("content-type")).toBe("application/json");
      const body = (await response.json()) as { url: string };
      if (typeof url === "string") expect(body.url).toBe(url);
      else expect(body.url).toMatch(url);
    });
  }

  it("still sets the cookies of the redirect (the OAuth check cookies)", async () => {
    const config = baseConfig({ providers: [acme] });
    const jar = new CookieJar();
    const csrf = await csrfToken(config, jar);
    const response = await Auth(postForm("/auth/signin/acme", { csrfToken: csrf }, jar, RETURN_REDIRECT), config);
    const names = response.headers.getSetCookie().map((header) => header.split("=")[0]);
    expect(names).toContain("authjs.pkce.code_verifier");
  });
});

describe("pages.newUser with JWT sessions", () => {
  // Without an adapter nothing is stored, so no sign-in can be told apart as a first one: like the
  // reference, a JWT-only deployment never treats a user as new and never redirects to pages.newUser.
  it("sends a first credentials sign-in to the callback URL, not to pages.newUser", async () => {
    const config = baseConfig({ pages: { newUser: "/welcome" } });
    const jar = new CookieJar();
    const csrf = await csrfToken(config, jar);
    const response = await Auth(
      postForm(
        "/auth/callback/credentials",
        { csrfToken: csrf, email: DEMO_USER.email!, password: "correct horse", callbackUrl: "/home" },
        jar,
      ),
      config,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/home`);
  });

  it("passes trigger signIn (never signUp) and no isNewUser to the jwt callback", async () => {
    const seen: Array<{ trigger?: string; isNewUser?: boolean }> = [];
    const config = baseConfig({
      pages: { newUser: "/welcome" },
      callbacks: {
        jwt: ({ token, trigger, isNewUser }) => {
          if (trigger) seen.push({ trigger, ...(isNewUser !== undefined ? { isNewUser } : {}) });
          return token;
        },
      },
    });
    await signInWithCredentials(config);
    expect(seen).toEqual([{ trigger: "signIn" }]);
  });
});

describe("sign-in page errors and forms", () => {
  const signInErrors = [
    "CredentialsSignin",
    "OAuthAccountNotLinked",
    "OAuthCallbackError",
    "OAuthSignInError",
    "EmailSignInError",
    "MissingCSRF",
    "AccountNotLinked",
  ];
  const generic = "Unable to sign in. Please try again.";

  it("explains each sign-in error type with its own message, in an alert", async () => {
    const messages = new Set<string>();
    for (const type of signInErrors) {
      const html = await (await Auth(get(`/auth/signin?error=${type}`), baseConfig())).text();
      const message = /<p class="error" role="alert">([^<]*)<\/p>/.exec(html)?.[1];
      expect(message, type).toBeDefined();
      expect(message, type).not.toBe(generic);
      messages.add(message!);
    }
    expect(messages.size).toBe(signInErrors.length);
  });

  it("shows a generic message for an unknown type", async () => {
    const html = await (await Auth(get("/auth/signin?error=Whatever"), baseConfig())).text();
    expect(html).toContain(`<p class="error" role="alert">${generic}</p>`);
  });

  it("renders exactly one form and one button per provider, each carrying the CSRF token", async () => {
    const config = baseConfig();
    config.providers = [...config.providers, acme, { ...acme, id: "other", name: "Other" }];
    const html = await (await Auth(get("/auth/signin"), config)).text();
    expect(html.match(/<form /g)).toHaveLength(3);
    expect(html.match(/<button type="submit">/g)).toHaveLength(3);
    expect(html.match(/name="csrfToken" value="[0-9a-f]{64}"/g)).toHaveLength(3);
    expect(html).toContain(`<form action="${ORIGIN}/auth/signin/acme" method="POST">`);
    expect(html).toContain(`<form action="${ORIGIN}/auth/signin/other" method="POST">`);
  });
});
