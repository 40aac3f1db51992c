import * as oauth from "oauth4webapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OidcServer } from "../../support/oidc-server.mjs";
import {
  loginThroughInteraction,
  loginThroughInteractionDetailed,
  startOidcServer,
} from "../../support/oidc-server.mjs";

const redirectUri = "http://127.0.0.1:9/callback";
const client: oauth.Client = { client_id: "test-client" };
const clientSecret = "test-secret";
let server: OidcServer;
let as: oauth.AuthorizationServer;

beforeAll(async () => {
  server = await startOidcServer({
    clients: [{ client_id: "test-client", client_secret: clientSecret, redirect_uris: [redirectUri] }],
  });
  const issuer = new URL(server.issuer);
  const response = await oauth.discoveryRequest(issuer, { [oauth.allowInsecureRequests]: true });
  as = await oauth.processDiscoveryResponse(issuer, response);
});

afterAll(async () => {
  await server?.close();
});

async function authorizationUrl(extra: Record<string, string> = {}) {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const nonce = oauth.generateRandomNonce();
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({
    client_id: client.client_id,
    redirect_uri: redirectUri,
    response_type: "code",
    scope: "openid email profile",
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    nonce,
    ...extra,
  }).toString();
  return { url, verifier, state, nonce };
}

describe("loopback OIDC test server", () => {
  it("serves discovery on its loopback http issuer with PKCE S256 and the iss response parameter", () => {
    expect(server.issuer).toBe(`http://127.0.0.1:${server.port}`);
    expect(as.issuer).toBe(server.issuer);
    expect(as.code_challenge_methods_supported).toEqual(["S256"]);
    expect(as.authorization_response_iss_parameter_supported).toBe(true);
    expect(as.scopes_supported).toEqual(expect.arrayContaining(["openid", "email", "profile"]));
  });

  it("completes a full code flow without a browser and issues an ID token with the login's claims", async () => {
    const { url, verifier, state, nonce } = await authorizationUrl();
    const final = new URL(await loginThroughInteraction(url.href, { login: "alice" }));
    expect(`${final.origin}${final.pathname}`).toBe(redirectUri);
    expect(final.searchParams.get("state")).toBe(state);
    expect(final.searchParams.get("iss")).toBe(server.issuer);

    const params = oauth.validateAuthResponse(as, client, final, state);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.ClientSecretBasic(clientSecret),
      params,
      redirectUri,
      verifier,
      { [oauth.allowInsecureRequests]: true },
    );
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, response, { expectedNonce: nonce });
    const claims = oauth.getValidatedIdTokenClaims(tokens)!;
    expect(claims).toMatchObject({
      sub: "alice",
      email: "alice@example.test",
      email_verified: true,
      name: "alice",
    });
  });

  it("uses a login containing @ as the email itself", async () => {
    const { url, verifier, state, nonce } = await authorizationUrl();
    const final = new URL(await loginThroughInteraction(url.href, { login: "bob@corp.test" }));
    const params = oauth.validateAuthResponse(as, client, final, state);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.ClientSecretBasic(clientSecret),
      params,
      redirectUri,
      verifier,
      { [oauth.allowInsecureRequests]: true },
    );
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, response, { expectedNonce: nonce });
    expect(oauth.getValidatedIdTokenClaims(tokens)?.email).toBe("bob@corp.test");
  });

  it("rejects an authorization request without PKCE", async () => {
    const { url } = await authorizationUrl();
    url.searchParams.delete("code_challenge");
    url.searchParams.delete("code_challenge_method");
    const final = new URL(await loginThroughInteraction(url.href, { login: "alice" }));
    expect(final.searchParams.get("error")).toBe("invalid_request");
    expect(final.searchParams.get("error_description")).toMatch(/PKCE/);
  });

  it("returns a form_post authorization response as fields of the redirect_uri", async () => {
    const { url, state } = await authorizationUrl({ response_mode: "form_post" });
    const result = await loginThroughInteractionDetailed(url.href, { login: "carol" });
    expect(result.formPost).toBe(true);
    const final = new URL(result.url);
    expect(final.searchParams.get("state")).toBe(state);
    expect(final.searchParams.get("code")).toBeTruthy();
  });
});
