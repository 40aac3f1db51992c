/**
 * refreshAccessToken against a real OpenID Provider that issues refresh tokens: valid tokens are left
 * alone, expired ones are refreshed once however many requests ask at the same time, rotation is followed,
 * a server that does not rotate keeps the old refresh token, and failures surface as RefreshTokenError.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAuthorizationUrl } from "../../../src/runtime/core/oauth/authorization-url.js";
import { handleOAuth } from "../../../src/runtime/core/oauth/callback.js";
import OIDC from "../../../src/runtime/providers/oidc.js";
import { REFRESH_TOKEN_ERROR, type RefreshableToken, refreshAccessToken } from "../../../src/runtime/refresh.js";
import { customFetch, type OAuthConfig } from "../../../src/runtime/types.js";
import { loginThroughInteraction, type OidcServer, startOidcServer } from "../../support/oidc-server.mjs";
import { callbackRequest, internalOptions, oauthProvider } from "./internal-options.js";

const appOrigin = "http://localhost:3000";
let server: OidcServer;
let refreshRequests = 0;

/** Counts refresh grants sent to the token endpoint, then sends them. */
const countingFetch: typeof fetch = (input, init) => {
  if (String(init?.body ?? "").includes("grant_type=refresh_token")) refreshRequests++;
  return fetch(input, init);
};

/**
 * Like countingFetch, but drops `refresh_token` from refresh responses: oidc-provider repeats the same
 * refresh token when it does not rotate, while servers such as Google's omit it (RFC 6749 §6 allows both).
 */
const omittingFetch: typeof fetch = async (input, init) => {
  const response = await countingFetch(input, init);
  if (!String(init?.body ?? "").includes("grant_type=refresh_token") || !response.ok) return response;
  const { refresh_token: _omitted, ...body } = (await response.json()) as Record<string, unknown>;
  return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
};

function provider(clientId: string): OAuthConfig {
  const fetchImpl = clientId === "keeping" ? omittingFetch : countingFetch;
  return OIDC({ issuer: server.issuer, clientId, clientSecret: `${clientId}-secret`, [customFetch]: fetchImpl });
}

beforeAll(async () => {
  server = await startOidcServer({
    clients: ["rotating", "keeping"].map((id) => ({
      client_id: id,
      client_secret: `${id}-secret`,
      redirect_uris: [`${appOrigin}/auth/callback/oidc`],
      grant_types: ["authorization_code", "refresh_token"],
    })),
    configuration: {
      // Issue a refresh token to every client allowed the grant (no offline_access consent dance needed).
      issueRefreshToken: async (_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }) =>
        client.grantTypeAllowed("refresh_token"),
      // "rotating" gets a new refresh token on each use; "keeping" keeps its first one (RFC 6749 §6 allows both).
      rotateRefreshToken: (ctx: { oidc: { client: { clientId: string } } }) => ctx.oidc.client.clientId === "rotating",
    },
  });
});

afterAll(async () => {
  await server?.close();
});

/** A real sign-in, returning the tokens the Account got, as the jwt callback would keep them. */
async function signIn(clientId: string): Promise<RefreshableToken> {
  const options = internalOptions({ providers: [provider(clientId)] }, appOrigin);
  const internal = oauthProvider(options, "oidc");
  const { redirect, cookies } = await getAuthorizationUrl(options, internal, {});
  const back = await loginThroughInteraction(redirect, { login: "ada" });
  const { account } = await handleOAuth(callbackRequest(back, cookies), options, internal);
  expect(account.refresh_token).toEqual(expect.any(String));
  return {
    sub: "ada",
    access_token: account.access_token,
    refresh_token: account.refresh_token,
    expires_at: account.expires_at,
  };
}

const expired = (token: RefreshableToken): RefreshableToken => ({
  ...token,
  expires_at: Math.floor(Date.now() / 1000) - 10,
});

describe("refreshAccessToken", () => {
  it("returns a token whose access token is still valid as it is, without a request", async () => {
    const token = await signIn("rotating");
    const before = refreshRequests;
    expect(await refreshAccessToken(token, { provider: provider("rotating") })).toBe(token);
    expect(refreshRequests).toBe(before);
  });

  it("refreshes an expired access token exactly once for 10 concurrent requests, following rotation", async () => {
    const token = expired(await signIn("rotating"));
    const before = refreshRequests;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => refreshAccessToken(token, { provider: provider("rotating") })),
    );
    expect(refreshRequests - before).toBe(1);
    const first = results[0]!;
    for (const result of results) expect(result).toEqual(first);
    expect(first.error).toBeUndefined();
    expect(first.access_token).not.toBe(token.access_token);
    expect(first.refresh_token).not.toBe(token.refresh_token);
    expect(first.expires_at).toBeGreaterThan(Date.now() / 1000 + 3500);
    expect(first.token_type).toBe("bearer");
    expect(first.sub).toBe("ada");
  });

  it("answers a late request still carrying the old refresh token with the same result, no second request", async () => {
    const token = expired(await signIn("rotating"));
    const first = await refreshAccessToken(token, { provider: provider("rotating") });
    const before = refreshRequests;
    const late = await refreshAccessToken(token, { provider: provider("rotating") });
    expect(refreshRequests).toBe(before);
    expect(late.access_token).toBe(first.access_token);
  });

  it("keeps the old refresh token when the server does not rotate it and sends none back", async () => {
    const token = expired(await signIn("keeping"));
    const result = await refreshAccessToken(token, { provider: provider("keeping") });
    expect(result.error).toBeUndefined();
    expect(result.access_token).not.toBe(token.access_token);
    expect(result.refresh_token).toBe(token.refresh_token);
  });

  it("sets RefreshTokenError when the server refuses a refresh token already spent by rotation", async () => {
    const token = expired(await signIn("rotating"));
    await refreshAccessToken(token, { provider: provider("rotating"), reuseWindow: 0 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const errors: unknown[] = [];
    const again = await refreshAccessToken(token, {
      provider: provider("rotating"),
      onError: (cause) => errors.push(cause),
    });
    expect(again.error).toBe(REFRESH_TOKEN_ERROR);
    expect(again.access_token).toBe(token.access_token);
    expect(errors).toHaveLength(1);
  });

  it("sets RefreshTokenError on an expired token without a refresh token, without a request", async () => {
    const { refresh_token: _dropped, ...token } = expired(await signIn("rotating"));
    const before = refreshRequests;
    expect((await refreshAccessToken(token, { provider: provider("rotating") })).error).toBe(REFRESH_TOKEN_ERROR);
    expect(refreshRequests).toBe(before);
  });

  it("clears an earlier RefreshTokenError once a refresh succeeds", async () => {
    const token = { ...expired(await signIn("rotating")), error: REFRESH_TOKEN_ERROR };
    const result = await refreshAccessToken(token, { provider: provider("rotating") });
    expect(result.error).toBeUndefined();
    expect("error" in result).toBe(false);
  });
});
