/**
 * Rich Authorization Requests (RFC 9396) against a real oidc-provider with the feature on: the details a
 * provider is configured with go into the authorization request (§2), the server grants them, and the token
 * response's `authorization_details` (§7) arrive on the Account.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAuthorizationUrl } from "../../../src/runtime/core/oauth/authorization-url.js";
import { handleOAuth } from "../../../src/runtime/core/oauth/callback.js";
import OIDC from "../../../src/runtime/providers/oidc.js";
import type { AuthorizationDetails } from "../../../src/runtime/types.js";
import { loginThroughInteraction, type OidcServer, startOidcServer } from "../../support/oidc-server.mjs";
import { callbackRequest, internalOptions, oauthProvider } from "./internal-options.js";

const appOrigin = "http://localhost:3000";
const api = "https://api.bank.example";
const payment: AuthorizationDetails[] = [
  {
    type: "payment_initiation",
    locations: [api],
    instructedAmount: { currency: "EUR", amount: "123.50" },
    creditorName: "Merchant A",
  },
];
let server: OidcServer;

/** What oidc-provider needs to grant RAR: the type, resource indicators, and where details flow. */
const rarConfiguration = {
  features: {
    devInteractions: { enabled: true },
    resourceIndicators: {
      enabled: true,
      defaultResource: () => api,
      useGrantedResource: () => true,
      getResourceServerInfo: () => ({ scope: "payments", audience: api, accessTokenFormat: "opaque" }),
    },
    richAuthorizationRequests: {
      enabled: true,
      types: { payment_initiation: { validate() {} } },
      // The code carries what the user consented to; the access token carries the code's details.
      authorizationDetailsForGrantSource: (ctx: { oidc: { grant: { rar?: unknown[] } } }) => ctx.oidc.grant.rar,
      authorizationDetailsForAccessToken: (_ctx: unknown, _token: unknown, source: { rar?: unknown[] }) => source.rar,
      authorizationDetailsForIntrospection: (_ctx: unknown, token: { rar?: unknown[] }) => token.rar,
    },
  },
};

beforeAll(async () => {
  server = await startOidcServer({
    clients: [
      {
        client_id: "app",
        client_secret: "app-secret",
        redirect_uris: [`${appOrigin}/auth/callback/oidc`],
        authorization_details_types: ["payment_initiation"],
      },
    ],
    configuration: rarConfiguration,
  });
});

afterAll(async () => {
  await server?.close();
});

async function signIn(params: Record<string, string>) {
  const options = internalOptions(
    {
      providers: [
        OIDC({ issuer: server.issuer, clientId: "app", clientSecret: "app-secret", authorization: { params } }),
      ],
    },
    appOrigin,
  );
  const provider = oauthProvider(options, "oidc");
  const { redirect, cookies } = await getAuthorizationUrl(options, provider, {});
  const back = await loginThroughInteraction(redirect, { login: "ada" });
  return { redirect: new URL(redirect), result: await handleOAuth(callbackRequest(back, cookies), options, provider) };
}

describe("authorization_details (RFC 9396)", () => {
  it("sends the configured details in the authorization request and returns the granted ones on the Account", async () => {
    const { redirect, result } = await signIn({ authorization_details: JSON.stringify(payment) });
    expect(JSON.parse(redirect.searchParams.get("authorization_details") ?? "null")).toEqual(payment);
    expect(result.account.authorization_details).toEqual(payment);
    expect(result.user.id).toBe("ada");
  });

  it("sends none and puts none on the Account when the provider configures none", async () => {
    const { redirect, result } = await signIn({});
    expect(redirect.searchParams.has("authorization_details")).toBe(false);
    expect(result.account.authorization_details).toBeUndefined();
  });
});
