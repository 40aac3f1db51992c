import { describe, expect, it } from "vitest";
import type { InternalOAuthProvider } from "../../../src/runtime/core/internal.js";
import { defaultProfile, mergeProviderOptions, resolveProviders } from "../../../src/runtime/core/providers.js";
import { InvalidEndpoints } from "../../../src/runtime/errors.js";
import Credentials from "../../../src/runtime/providers/credentials.js";
import GitHub from "../../../src/runtime/providers/github.js";
import Google from "../../../src/runtime/providers/google.js";
import OAuth from "../../../src/runtime/providers/oauth.js";
import OIDC from "../../../src/runtime/providers/oidc.js";
import { type AuthConfig, customFetch, type Provider } from "../../../src/runtime/types.js";

const base = new URL("https://app.example.com/api/auth");

function resolve(providers: AuthConfig["providers"], extra: Partial<AuthConfig> = {}) {
  return resolveProviders({ providers, ...extra }, base);
}

function oauthOf(provider: unknown) {
  return provider as InternalOAuthProvider;
}

describe("resolveProviders", () => {
  it("calls provider factories given uncalled and computes callback and sign-in URLs", () => {
    const [github, credentials] = resolve([GitHub, Credentials]);
    expect(github).toMatchObject({
      id: "github",
      type: "oauth",
      callbackUrl: "https://app.example.com/api/auth/callback/github",
      signinUrl: "https://app.example.com/api/auth/signin/github",
    });
    expect(credentials).toMatchObject({
      id: "credentials",
      name: "Credentials",
      type: "credentials",
      credentials: {},
      callbackUrl: "https://app.example.com/api/auth/callback/credentials",
    });
  });

  it("defaults checks to pkce for oauth and pkce + nonce for oidc, keeping a provider's own", () => {
    const [github, google, custom] = resolve([
      GitHub(),
      Google(),
      OIDC({ id: "strict", issuer: "https://id.example.com", checks: ["pkce", "state", "nonce"] }),
    ]);
    expect(oauthOf(github).checks).toEqual(["pkce"]);
    expect(oauthOf(google).checks).toEqual(["pkce", "nonce"]);
    expect(oauthOf(custom).checks).toEqual(["pkce", "state", "nonce"]);
  });

  it("sends the identity provider to the redirect proxy and turns on the state check", () => {
    const [github, google] = resolve([GitHub, Google({ redirectProxyUrl: "https://proxy.example.com/auth/" })], {
      redirectProxyUrl: "https://auth-proxy.example.com/api/auth",
    });
    expect(oauthOf(github).callbackUrl).toBe("https://auth-proxy.example.com/api/auth/callback/github");
    expect(oauthOf(github).checks).toEqual(["pkce", "state"]);
    expect(oauthOf(google).callbackUrl).toBe("https://proxy.example.com/auth/callback/google");
    expect(oauthOf(google).checks).toEqual(["pkce", "nonce", "state"]);
    expect(oauthOf(google).signinUrl).toBe("https://app.example.com/api/auth/signin/google");
  });

  it("turns endpoint strings into URLs and asks OIDC providers for the openid profile email scopes", () => {
    const [oauth, oidc] = resolve([
      OAuth({
        authorization: "https://as.example.com/authorize?audience=api",
        token: { url: "https://as.example.com/token", params: { resource: "api" } },
        userinfo: "https://as.example.com/me",
      }),
      OIDC({ issuer: "https://id.example.com", authorization: { params: { prompt: "login" } } }),
    ]);
    expect(oauthOf(oauth).authorization?.url?.href).toBe("https://as.example.com/authorize?audience=api");
    expect(oauthOf(oauth).token).toEqual({ url: new URL("https://as.example.com/token"), params: { resource: "api" } });
    expect(oauthOf(oauth).userinfo?.url?.href).toBe("https://as.example.com/me");
    expect(oauthOf(oauth).authorization?.params).toBeUndefined();
    expect(oauthOf(oidc).authorization).toEqual({ params: { scope: "openid profile email", prompt: "login" } });
  });

  it("throws InvalidEndpoints for an oauth provider with neither issuer nor authorization and token URLs", () => {
    expect(() => resolve([OAuth({ token: "https://as.example.com/token" })])).toThrow(InvalidEndpoints);
    expect(() => resolve([OAuth({ authorization: "https://as.example.com/authorize" })])).toThrow(/needs an `issuer`/);
    expect(() => resolve([OAuth({ issuer: "https://as.example.com" })])).not.toThrow();
  });

  it("throws InvalidEndpoints for an oidc provider without an issuer, or an endpoint that is not a URL", () => {
    expect(() => resolve([OIDC()])).toThrow(/AUTH_OIDC_ISSUER/);
    expect(() => resolve([OAuth({ authorization: "not a url", token: "https://as.example.com/t" })])).toThrow(
      InvalidEndpoints,
    );
  });

  it("uses the OIDC standard-claims profile mapping when a provider brings none", () => {
    const [oidc] = resolve([OIDC({ issuer: "https://id.example.com" })]);
    expect(oauthOf(oidc).profile).toBe(defaultProfile);
    expect(
      defaultProfile({ sub: "42", preferred_username: "ada", email: "ada@example.com", picture: "https://p" }),
    ).toEqual({ id: "42", name: "ada", email: "ada@example.com", image: "https://p" });
  });

  it("keeps the provider's customFetch", () => {
    const ownFetch: typeof fetch = (input, init) => fetch(input, init);
    const [github] = resolve([GitHub({ [customFetch]: ownFetch })]);
    expect(oauthOf(github)[customFetch]).toBe(ownFetch);
  });

  it("leaves the configured provider objects untouched", () => {
    const provider = OIDC({ issuer: "https://id.example.com" });
    const copy = structuredClone(provider);
    resolve([provider]);
    expect(provider).toEqual(copy);
  });
});

describe("mergeProviderOptions", () => {
  it("merges endpoint params one level deep and keeps the default URL", () => {
    const github = GitHub({ authorization: { params: { scope: "read:user", allow_signup: "false" } } });
    expect(github.authorization).toEqual({
      url: "https://github.com/login/oauth/authorize",
      params: { scope: "read:user", allow_signup: "false" },
    });
  });

  it("treats a string endpoint override as a new URL and keeps the provider's userinfo request", () => {
    const github = GitHub({ userinfo: "http://127.0.0.1:9/user" });
    expect(github.userinfo).toMatchObject({ url: "http://127.0.0.1:9/user", request: expect.any(Function) });
  });

  it("replaces scalars and functions, and ignores undefined options", () => {
    const authorize = () => ({ id: "1" });
    const merged = mergeProviderOptions<Provider>(Credentials(), { name: "Password", authorize, id: undefined });
    expect(merged).toMatchObject({ id: "credentials", name: "Password", authorize });
  });

  it("rejects every sign-in with a credentials provider that has no authorize", async () => {
    const credentials = Credentials();
    expect(await credentials.authorize({}, new Request("https://app.example.com"))).toBeNull();
  });
});
