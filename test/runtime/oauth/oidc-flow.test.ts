import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InternalOptions } from "../../../src/runtime/core/internal.js";
import { clearDiscoveryCache } from "../../../src/runtime/core/oauth/authorization-server.js";
import { getAuthorizationUrl } from "../../../src/runtime/core/oauth/authorization-url.js";
import { handleOAuth } from "../../../src/runtime/core/oauth/callback.js";
import { decodeState } from "../../../src/runtime/core/oauth/state.js";
import { InvalidCheck, OAuthCallbackError, OAuthSignInError } from "../../../src/runtime/errors.js";
import OIDC from "../../../src/runtime/providers/oidc.js";
import { type Cookie, customFetch } from "../../../src/runtime/types.js";
import {
  loginThroughInteraction,
  loginThroughInteractionDetailed,
  type OidcServer,
  startOidcServer,
} from "../../support/oidc-server.mjs";
import { callbackRequest, internalOptions, oauthProvider } from "./internal-options.js";

const appOrigin = "http://localhost:3000";
const callback = (id: string) => `${appOrigin}/auth/callback/${id}`;
let server: OidcServer;
let options: InternalOptions;

beforeAll(async () => {
  server = await startOidcServer({
    clients: [
      {
        client_id: "app",
        client_secret: "app-secret",
        redirect_uris: [callback("oidc"), callback("other")],
      },
      {
        client_id: "app-post",
        client_secret: "app-post-secret",
        redirect_uris: [callback("oidc-post")],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
  });
  options = internalOptions(
    {
      providers: [
        OIDC({ issuer: server.issuer, clientId: "app", clientSecret: "app-secret" }),
        OIDC({ id: "other", name: "Other", issuer: server.issuer, clientId: "app", clientSecret: "app-secret" }),
        OIDC({
          id: "oidc-post",
          issuer: server.issuer,
          clientId: "app-post",
          clientSecret: "app-post-secret",
          client: { token_endpoint_auth_method: "client_secret_post" },
        }),
      ],
    },
    appOrigin,
  );
});

afterAll(async () => {
  await server?.close();
});

/** Start a sign-in with `providerId` and log in at the provider: the redirect back and the check cookies. */
async function signIn(providerId: string, login = "alice", params: Record<string, string> = {}) {
  const started = await getAuthorizationUrl(options, oauthProvider(options, providerId), params);
  const redirect = await loginThroughInteraction(started.redirect, { login });
  return { ...started, callbackUrl: redirect };
}

function finish(providerId: string, redirect: string, cookies: Cookie[]) {
  return handleOAuth(callbackRequest(redirect, cookies), options, oauthProvider(options, providerId));
}

function cookieNamed(cookies: Cookie[], name: string) {
  const found = cookies.find((c) => c.name === name);
  if (!found) throw new Error(`no cookie ${name}`);
  return found;
}

/** `cookies` with the cookie called `name` taken from `other` (or removed when `other` is undefined). */
function swapCookie(cookies: Cookie[], name: string, other?: Cookie[]) {
  const rest = cookies.filter((c) => c.name !== name);
  return other ? [...rest, cookieNamed(other, name)] : rest;
}

describe("OIDC authorization code flow against a real OpenID Provider", () => {
  it("builds an authorization request with PKCE S256, state, nonce, scopes and our redirect_uri", async () => {
    const { redirect, cookies } = await getAuthorizationUrl(options, oauthProvider(options, "oidc"), {});
    const url = new URL(redirect);
    expect(url.origin + url.pathname).toBe(`${server.issuer}/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: "app",
      response_type: "code",
      redirect_uri: callback("oidc"),
      scope: "openid profile email",
      code_challenge_method: "S256",
    });
    expect(url.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get("nonce")).toBeTruthy();
    expect(cookies.map((c) => c.name).sort()).toEqual(["authjs.nonce", "authjs.pkce.code_verifier", "authjs.state"]);
    for (const cookie of cookies) {
      expect(cookie.options).toMatchObject({ httpOnly: true, sameSite: "lax", path: "/", maxAge: 900 });
      expect(cookie.value).not.toContain(url.searchParams.get("nonce"));
    }
  });

  it("encodes our own callback URL into the state so a redirect proxy can forward the response", async () => {
    const { redirect } = await getAuthorizationUrl(options, oauthProvider(options, "oidc"), {});
    const state = new URL(redirect).searchParams.get("state")!;
    expect(await decodeState(options, state)).toMatchObject({ origin: callback("oidc") });
    expect(await decodeState(options, "not-a-state")).toBeNull();
  });

  it("completes sign-in and returns the user, the account with tokens, the profile and cookies clearing the checks", async () => {
    const { callbackUrl, cookies } = await signIn("oidc", "alice");
    const before = Math.floor(Date.now() / 1000);
    const result = await finish("oidc", callbackUrl, cookies);

    expect(result.user).toEqual({ id: "alice", name: "alice", email: "alice@example.test", image: null });
    expect(result.profile).toMatchObject({ sub: "alice", email: "alice@example.test", iss: server.issuer, aud: "app" });
    expect(result.account).toMatchObject({
      provider: "oidc",
      type: "oidc",
      providerAccountId: "alice",
      token_type: "bearer",
      access_token: expect.any(String),
      id_token: expect.any(String),
      scope: "openid profile email",
      expires_in: 3600,
    });
    expect(result.account.expires_at).toBeGreaterThanOrEqual(before + 3600);
    expect(result.account.expires_at).toBeLessThanOrEqual(before + 3602);
    expect(result.cookies.map((c) => [c.name, c.value, c.options.maxAge]).sort()).toEqual([
      ["authjs.nonce", "", 0],
      ["authjs.pkce.code_verifier", "", 0],
      ["authjs.state", "", 0],
    ]);
  });

  it("authenticates at the token endpoint with client_secret_post", async () => {
    const { callbackUrl, cookies } = await signIn("oidc-post", "bob@corp.test");
    const result = await finish("oidc-post", callbackUrl, cookies);
    expect(result.user).toMatchObject({ id: "bob@corp.test", email: "bob@corp.test" });
    expect(result.account.provider).toBe("oidc-post");
  });

  it("rejects a callback without the state cookie", async () => {
    const { callbackUrl, cookies } = await signIn("oidc");
    const error = await finish("oidc", callbackUrl, swapCookie(cookies, "authjs.state")).catch((e) => e);
    expect(error).toBeInstanceOf(InvalidCheck);
    expect(error.message).toMatch(/state cookie was missing/);
  });

  it("rejects a state that does not match the state cookie (a response from another flow)", async () => {
    const first = await signIn("oidc");
    const second = await getAuthorizationUrl(options, oauthProvider(options, "oidc"), {});
    const error = await finish("oidc", first.callbackUrl, second.cookies).catch((e) => e);
    expect(error).toBeInstanceOf(InvalidCheck);
    expect(error.message).toMatch(/state value did not match/);
  });

  it("rejects a state cookie minted for another provider", async () => {
    const { callbackUrl, cookies } = await signIn("other");
    const replayed = callbackUrl.replace("/callback/other", "/callback/oidc");
    const error = await finish("oidc", replayed, cookies).catch((e) => e);
    expect(error).toBeInstanceOf(InvalidCheck);
    expect(error.message).toMatch(/state cookie was minted for another provider/);
  });

  it("rejects a tampered check cookie", async () => {
    const { callbackUrl, cookies } = await signIn("oidc");
    const state = cookieNamed(cookies, "authjs.state");
    const tampered = [...swapCookie(cookies, "authjs.state"), { ...state, value: `${state.value.slice(0, -4)}AAAA` }];
    const error = await finish("oidc", callbackUrl, tampered).catch((e) => e);
    expect(error).toBeInstanceOf(InvalidCheck);
    expect(error.message).toMatch(/state cookie could not be unsealed/);
  });

  it("rejects a callback without the PKCE code_verifier cookie", async () => {
    const { callbackUrl, cookies } = await signIn("oidc");
    const error = await finish("oidc", callbackUrl, swapCookie(cookies, "authjs.pkce.code_verifier")).catch((e) => e);
    expect(error).toBeInstanceOf(InvalidCheck);
    expect(error.message).toMatch(/PKCE code_verifier cookie was missing/);
  });

  it("fails the code exchange with a PKCE verifier from another flow (the provider answers invalid_grant)", async () => {
    const { callbackUrl, cookies } = await signIn("oidc");
    const other = await getAuthorizationUrl(options, oauthProvider(options, "oidc"), {});
    const mixed = swapCookie(cookies, "authjs.pkce.code_verifier", other.cookies);
    const error = await finish("oidc", callbackUrl, mixed).catch((e) => e);
    expect(error).toBeInstanceOf(OAuthCallbackError);
    expect(error.message).toMatch(/rejected the code: "invalid_grant"/);
  });

  it("rejects an ID token whose nonce does not match the nonce cookie (a replayed nonce cookie)", async () => {
    const { callbackUrl, cookies } = await signIn("oidc");
    const other = await getAuthorizationUrl(options, oauthProvider(options, "oidc"), {});
    const mixed = swapCookie(cookies, "authjs.nonce", other.cookies);
    const error = await finish("oidc", callbackUrl, mixed).catch((e) => e);
    expect(error).toBeInstanceOf(InvalidCheck);
    expect(error.message).toMatch(/nonce in the ID token did not match/);
  });

  it("rejects a callback without the nonce cookie", async () => {
    const { callbackUrl, cookies } = await signIn("oidc");
    const error = await finish("oidc", callbackUrl, swapCookie(cookies, "authjs.nonce")).catch((e) => e);
    expect(error).toBeInstanceOf(InvalidCheck);
    expect(error.message).toMatch(/nonce cookie was missing/);
  });

  it("rejects an authorization response from another issuer (RFC 9207 iss)", async () => {
    const { callbackUrl, cookies } = await signIn("oidc");
    const forged = new URL(callbackUrl);
    forged.searchParams.set("iss", "http://127.0.0.1:1");
    const error = await finish("oidc", forged.href, cookies).catch((e) => e);
    expect(error).toBeInstanceOf(InvalidCheck);
    expect(error.message).toMatch(/iss check failed/);
  });

  it("turns an authorization error response (the user cancelled) into OAuthCallbackError", async () => {
    const { redirect, cookies } = await getAuthorizationUrl(options, oauthProvider(options, "oidc"), {});
    const denied = await loginThroughInteraction(redirect, { login: "alice", abort: true });
    expect(new URL(denied).searchParams.get("error")).toBe("access_denied");
    const error = await finish("oidc", denied, cookies).catch((e) => e);
    expect(error).toBeInstanceOf(OAuthCallbackError);
    expect(error.message).toMatch(/answered with error "access_denied"/);
  });

  it("refuses to redeem the same authorization code twice", async () => {
    const { callbackUrl, cookies } = await signIn("oidc");
    await finish("oidc", callbackUrl, cookies);
    const error = await finish("oidc", callbackUrl, cookies).catch((e) => e);
    expect(error).toBeInstanceOf(OAuthCallbackError);
    expect(error.message).toMatch(/invalid_grant/);
  });

  it("accepts a response_mode=form_post response from the POST body, with SameSite=None check cookies", async () => {
    const started = await getAuthorizationUrl(options, oauthProvider(options, "oidc"), { response_mode: "form_post" });
    for (const cookie of started.cookies) expect(cookie.options).toMatchObject({ sameSite: "none", secure: true });
    const posted = await loginThroughInteractionDetailed(started.redirect, { login: "carol" });
    expect(posted.formPost).toBe(true);
    const fields = new URL(posted.url);
    const request = callbackRequest(fields.origin + fields.pathname, started.cookies, {
      method: "POST",
      body: Object.fromEntries(fields.searchParams),
    });
    const result = await handleOAuth(request, options, oauthProvider(options, "oidc"));
    expect(result.user.id).toBe("carol");
  });

  it("discovers the issuer once and sends every request through the provider's fetch", async () => {
    clearDiscoveryCache();
    const seen: string[] = [];
    const countingFetch: typeof fetch = (input, init) => {
      seen.push(new URL(input instanceof Request ? input.url : input).pathname);
      return fetch(input, init);
    };
    const counted = internalOptions(
      {
        providers: [
          OIDC({ issuer: server.issuer, clientId: "app", clientSecret: "app-secret", [customFetch]: countingFetch }),
        ],
      },
      appOrigin,
    );
    const provider = oauthProvider(counted, "oidc");
    const first = await getAuthorizationUrl(counted, provider, {});
    await getAuthorizationUrl(counted, provider, {});
    const redirect = await loginThroughInteraction(first.redirect, { login: "dave" });
    await handleOAuth(callbackRequest(redirect, first.cookies), counted, provider);
    expect(seen).toEqual(["/.well-known/openid-configuration", "/token"]);
  });

  it("refuses plain http to an issuer that is not on loopback, without sending a request", async () => {
    const seen: string[] = [];
    const recordingFetch: typeof fetch = (input, init) => {
      seen.push(String(input));
      return fetch(input, init);
    };
    const remote = internalOptions(
      { providers: [OIDC({ issuer: "http://id.example.test", clientId: "app", [customFetch]: recordingFetch })] },
      appOrigin,
    );
    const error = await getAuthorizationUrl(remote, oauthProvider(remote, "oidc"), {}).catch((e) => e);
    expect(error).toBeInstanceOf(OAuthSignInError);
    expect(error.message).toMatch(/Discovery for provider "oidc" at http:\/\/id.example.test failed/);
    expect(seen).toEqual([]);
  });

  it("reports a failed discovery as OAuthSignInError and does not cache it: the next sign-in discovers again", async () => {
    clearDiscoveryCache();
    let calls = 0;
    const flakyFetch: typeof fetch = (input, init) => {
      calls++;
      return calls === 1 ? Promise.reject(new TypeError("fetch failed")) : fetch(input, init);
    };
    const flaky = internalOptions(
      { providers: [OIDC({ issuer: server.issuer, clientId: "app", [customFetch]: flakyFetch })] },
      appOrigin,
    );
    const provider = oauthProvider(flaky, "oidc");
    await expect(getAuthorizationUrl(flaky, provider, {})).rejects.toBeInstanceOf(OAuthSignInError);
    const retried = await getAuthorizationUrl(flaky, provider, {});
    expect(retried.redirect.startsWith(`${server.issuer}/auth?`)).toBe(true);
    expect(calls).toBe(2);
  });

  it("reads the profile from userinfo, checking its sub against the ID token, when idToken is false", async () => {
    const seen: string[] = [];
    const recordingFetch: typeof fetch = (input, init) => {
      seen.push(new URL(input instanceof Request ? input.url : input).pathname);
      return fetch(input, init);
    };
    const viaUserinfo = internalOptions(
      {
        providers: [
          OIDC({
            issuer: server.issuer,
            clientId: "app",
            clientSecret: "app-secret",
            idToken: false,
            [customFetch]: recordingFetch,
          }),
        ],
      },
      appOrigin,
    );
    const provider = oauthProvider(viaUserinfo, "oidc");
    const started = await getAuthorizationUrl(viaUserinfo, provider, {});
    const redirect = await loginThroughInteraction(started.redirect, { login: "erin" });
    const result = await handleOAuth(callbackRequest(redirect, started.cookies), viaUserinfo, provider);
    expect(result.profile).toEqual({ sub: "erin", email: "erin@example.test", email_verified: true, name: "erin" });
    expect(result.user.id).toBe("erin");
    expect(seen.at(-1)).toBe("/me");
  });

  it('sends no PKCE, state or nonce and sets no cookies when a provider opts out with checks: ["none"]', async () => {
    const optedOut = internalOptions(
      { providers: [OIDC({ issuer: server.issuer, clientId: "app", checks: ["none"] })] },
      appOrigin,
    );
    const started = await getAuthorizationUrl(optedOut, oauthProvider(optedOut, "oidc"), { state: "from-request" });
    const url = new URL(started.redirect);
    for (const name of ["code_challenge", "code_challenge_method", "state", "nonce"]) {
      expect(url.searchParams.has(name)).toBe(false);
    }
    expect(started.cookies).toEqual([]);
  });

  it("keeps protocol parameters ours: a sign-in request cannot replace redirect_uri or response_type", async () => {
    const started = await getAuthorizationUrl(options, oauthProvider(options, "oidc"), {
      redirect_uri: "https://evil.example/steal",
      response_type: "token",
      prompt: "login",
    });
    const url = new URL(started.redirect);
    expect(url.searchParams.get("redirect_uri")).toBe(callback("oidc"));
    expect(url.searchParams.get("response_type")).toBe("code");
    expect(url.searchParams.get("prompt")).toBe("login");
  });
});
