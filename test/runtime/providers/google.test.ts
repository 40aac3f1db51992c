import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAuthorizationUrl } from "../../../src/runtime/core/oauth/authorization-url.js";
import { handleOAuth } from "../../../src/runtime/core/oauth/callback.js";
import { resolveProviders } from "../../../src/runtime/core/providers.js";
import { OAuthProfileParseError } from "../../../src/runtime/errors.js";
import Google, { type GoogleProfile, googleProfile } from "../../../src/runtime/providers/google.js";
import { loginThroughInteraction, type OidcServer, startOidcServer } from "../../support/oidc-server.mjs";
import { callbackRequest, internalOptions, oauthProvider } from "../oauth/internal-options.js";

/** The claims of a Google ID token for a Workspace account (values made up, shape as Google sends it). */
const workspaceClaims: GoogleProfile = {
  iss: "https://accounts.google.com",
  azp: "1234567890-abc.apps.googleusercontent.com",
  aud: "1234567890-abc.apps.googleusercontent.com",
  sub: "110169484474386276334",
  hd: "example.com",
  email: "ada.lovelace@example.com",
  email_verified: true,
  at_hash: "HK6E_P6Dh8Y93mRNtsDB1Q",
  nonce: "n-0S6_WzA2Mj",
  name: "Ada Lovelace",
  picture: "https://lh3.googleusercontent.com/a/ACg8ocK=s96-c",
  given_name: "Ada",
  family_name: "Lovelace",
  iat: 1732200000,
  exp: 1732203600,
};

describe("Google provider", () => {
  it("maps the ID token claims to the user record", () => {
    expect(googleProfile(workspaceClaims)).toEqual({
      id: "110169484474386276334",
      name: "Ada Lovelace",
      email: "ada.lovelace@example.com",
      image: "https://lh3.googleusercontent.com/a/ACg8ocK=s96-c",
    });
  });

  it("maps an account without name or picture to nulls", () => {
    const { name: _name, picture: _picture, ...bare } = workspaceClaims;
    expect(googleProfile(bare)).toMatchObject({ name: null, image: null });
  });

  it("is an OIDC provider discovered from accounts.google.com with PKCE and nonce", () => {
    const [google] = resolveProviders({ providers: [Google] }, new URL("https://app.example.com/api/auth"));
    expect(google).toMatchObject({
      id: "google",
      type: "oidc",
      issuer: "https://accounts.google.com",
      checks: ["pkce", "nonce"],
      authorization: { params: { scope: "openid profile email" } },
      callbackUrl: "https://app.example.com/api/auth/callback/google",
    });
  });

  it("lets the app add authorization parameters and replace the profile mapping", () => {
    const google = Google({
      authorization: { params: { prompt: "consent", access_type: "offline" } },
      profile: (profile) => ({ id: profile.sub, name: profile.given_name ?? null, email: profile.email }),
    });
    expect(google.authorization).toEqual({ params: { prompt: "consent", access_type: "offline" } });
    expect(google.profile?.(workspaceClaims as never, {})).toMatchObject({ name: "Ada" });
  });
});

describe("Google's mapping through a real code flow (an OpenID Provider standing in for accounts.google.com)", () => {
  let server: OidcServer;
  beforeAll(async () => {
    server = await startOidcServer({
      clients: [
        { client_id: "g", client_secret: "g-secret", redirect_uris: ["http://localhost:3000/auth/callback/google"] },
      ],
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("signs in and maps the validated ID token claims with Google's profile callback", async () => {
    const options = internalOptions(
      { providers: [Google({ issuer: server.issuer, clientId: "g", clientSecret: "g-secret" })] },
      "http://localhost:3000",
    );
    const provider = oauthProvider(options, "google");
    const started = await getAuthorizationUrl(options, provider, {});
    const redirect = await loginThroughInteraction(started.redirect, { login: "grace" });
    const result = await handleOAuth(callbackRequest(redirect, started.cookies), options, provider);
    expect(result.user).toEqual({ id: "grace", name: "grace", email: "grace@example.test", image: null });
    expect(result.account).toMatchObject({ provider: "google", type: "oidc", providerAccountId: "grace" });
  });

  it("reports a profile callback that throws as OAuthProfileParseError", async () => {
    const options = internalOptions(
      {
        providers: [
          Google({
            issuer: server.issuer,
            clientId: "g",
            clientSecret: "g-secret",
            profile: () => {
              throw new Error("unexpected claims");
            },
          }),
        ],
      },
      "http://localhost:3000",
    );
    const provider = oauthProvider(options, "google");
    const started = await getAuthorizationUrl(options, provider, {});
    const redirect = await loginThroughInteraction(started.redirect, { login: "grace" });
    const error = await handleOAuth(callbackRequest(redirect, started.cookies), options, provider).catch((e) => e);
    expect(error).toBeInstanceOf(OAuthProfileParseError);
    expect(error.cause?.err?.message).toBe("unexpected claims");
  });
});
