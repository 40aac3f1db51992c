/**
 * What the catalog flow test (catalog.test.ts, rows-longtail-f.ts) does not show of batch F's providers (and of
 * Cloudflare and Paybin): their failure answers, their other environments (PayPal's and Polar's sandboxes, BankID's test environment), NetSuite's account id in its
 * hosts, the addresses they do not vouch for, and the SAML bridges' customer parameters given per sign-in.
 */
import { describe, expect, it } from "vitest";
import { getAuthorizationUrl } from "../../../src/runtime/core/oauth/authorization-url.js";
import BankIDNorway, { bankidNorwayProfile } from "../../../src/runtime/providers/bankid-no.js";
import BoxyHQSAML from "../../../src/runtime/providers/boxyhq-saml.js";
import Cloudflare, { cloudflareProfile } from "../../../src/runtime/providers/cloudflare.js";
import NetSuite, { netsuiteAccountHost } from "../../../src/runtime/providers/netsuite.js";
import Osso from "../../../src/runtime/providers/osso.js";
import { paybinProfile } from "../../../src/runtime/providers/paybin.js";
import PayPal, { paypalProfile } from "../../../src/runtime/providers/paypal.js";
import Polar, { polarProfile } from "../../../src/runtime/providers/polar.js";
import type { EndpointConfig, OAuthConfig, UserinfoEndpointConfig } from "../../../src/runtime/types.js";
import { internalOptions, oauthProvider } from "../oauth/internal-options.js";

function url(endpoint: OAuthConfig["authorization"] | OAuthConfig["token"] | OAuthConfig["userinfo"]) {
  return typeof endpoint === "string" ? endpoint : (endpoint as EndpointConfig | undefined)?.url;
}

describe("PayPal", () => {
  it("signs in sandbox accounts on PayPal's sandbox hosts", () => {
    const provider = PayPal({ environment: "sandbox" });
    expect(url(provider.authorization)).toBe("https://www.sandbox.paypal.com/signin/authorize");
    expect(url(provider.token)).toBe("https://api-m.sandbox.paypal.com/v1/oauth2/token");
    expect(url(provider.userinfo)).toBe(
      "https://api-m.sandbox.paypal.com/v1/identity/oauth2/userinfo?schema=paypalv1.1",
    );
  });

  it("takes no address PayPal has not confirmed", () => {
    const profile = {
      user_id: "https://www.paypal.com/webapps/auth/identity/user/abc",
      name: "Identity Test",
      emails: [{ value: "unconfirmed@example.com", primary: true, confirmed: false }],
    };
    expect(paypalProfile(profile).email).toBeNull();
  });
});

describe("Polar", () => {
  it("reads the sandbox's metadata from its API host and keeps Polar's one issuer", () => {
    const provider = Polar({ environment: "sandbox" });
    expect(provider.issuer).toBe("https://polar.sh");
    expect(provider.wellKnown).toBe("https://sandbox-api.polar.sh/.well-known/openid-configuration");
    expect(url(provider.authorization)).toBe("https://sandbox.polar.sh/oauth2/authorize");
    expect(url(provider.token)).toBe("https://sandbox-api.polar.sh/v1/oauth2/token");
  });

  it("takes no address Polar says is unverified", () => {
    expect(
      polarProfile({ sub: "u1", name: "frankie", email: "f@example.com", email_verified: false }).email,
    ).toBeNull();
  });
});

describe("NetSuite", () => {
  it("writes the account id as NetSuite's domain names do: lower case, `_` as `-`", () => {
    expect(netsuiteAccountHost("TSTDRV1234567")).toBe("tstdrv1234567");
    expect(netsuiteAccountHost("1234567_SB1")).toBe("1234567-sb1");
  });

  it("has no account endpoints without an account id, only NetSuite's issuer", () => {
    const provider = NetSuite();
    expect(provider.issuer).toBe("https://system.netsuite.com");
    expect(provider.wellKnown).toBeUndefined();
    expect(url(provider.authorization)).toBeUndefined();
    expect(provider.token).toBeUndefined();
  });
});

describe("BankID Norge", () => {
  it("signs in against BankID's test environment when asked", () => {
    expect(BankIDNorway({ environment: "test" }).issuer).toBe("https://auth.current.bankid.no/auth/realms/current");
    expect(BankIDNorway().issuer).toBe("https://auth.bankid.no/auth/realms/prod");
  });

  it("falls back to the certificate's name when the ID token has no given and family names", () => {
    expect(bankidNorwayProfile({ sub: "s", name: "Nordmann, Kari" }).name).toBe("Nordmann, Kari");
  });
});

describe("the SAML bridges", () => {
  it.each([
    ["boxyhq-saml", BoxyHQSAML({ baseUrl: "https://jackson.example.com", clientId: "dummy", clientSecret: "s" })],
    ["osso", Osso({ baseUrl: "https://sso.example.com", clientId: "c", clientSecret: "s" })],
  ] as const)("%s: carries the customer a sign-in names to the authorization request", async (id, provider) => {
    const options = internalOptions({ providers: [provider] }, "http://localhost:3000");
    const customer: Record<string, string> =
      id === "osso" ? { domain: "acme.com" } : { tenant: "acme.com", product: "crm" };
    const { redirect } = await getAuthorizationUrl(options, oauthProvider(options, id), customer);
    const sent = new URL(redirect).searchParams;
    for (const [name, value] of Object.entries(customer)) expect(sent.get(name)).toBe(value);
    expect(sent.get("scope")).toBeNull();
  });
});

describe("Cloudflare", () => {
  it("refuses the API's envelope when it says the call failed, naming Cloudflare's error", async () => {
    const provider = Cloudflare();
    const request = (provider.userinfo as { request: NonNullable<UserinfoEndpointConfig["request"]> }).request;
    const failed = {
      success: false,
      errors: [{ code: 9109, message: "Unauthorized to access requested resource" }],
      messages: [],
      result: null,
    };
    const fetch = (async () => Response.json(failed, { status: 200 })) as typeof globalThis.fetch;
    await expect(
      request({
        tokens: { access_token: "t" },
        url: new URL(url(provider.userinfo)!),
        provider: provider as never,
        fetch,
      }),
    ).rejects.toThrow("Cloudflare's /client/v4/user answered 200: 9109 Unauthorized to access requested resource");
  });

  it("names the user by the address alone when the account has no first or last name", () => {
    const profile = { success: true, errors: [], messages: [], result: { id: "u1", email: "a@example.com" } };
    expect(cloudflareProfile(profile)).toEqual({ id: "u1", name: null, email: "a@example.com", image: null });
  });
});

describe("Paybin", () => {
  it("takes no address Paybin says is unverified, and falls back to given + family name", () => {
    const user = paybinProfile({
      sub: "s",
      email: "x@example.com",
      email_verified: false,
      given_name: "A",
      family_name: "B",
    });
    expect(user).toEqual({ id: "s", name: "A B", email: null, image: null });
  });
});
