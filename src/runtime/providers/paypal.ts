/**
 * Log in with PayPal: OAuth 2.0 through PayPal's Identity API. The app's "Log in with PayPal" settings choose
 * what it may read (full name and email here); the scopes asked for must include `openid`. The token endpoint
 * takes the client credentials in HTTP Basic authentication. Its answer carries an `id_token` that is not an
 * OpenID Connect one (it names the user in `user_id`, with no `sub`), so it is left out before the token response
 * check; the profile is `GET /v1/identity/oauth2/userinfo?schema=paypalv1.1`, whose `emails` say which address
 * is primary and which PayPal confirmed: only a confirmed one is used, the primary first. The user id is PayPal's
 * per-app identifier (PPID), an URL. `environment: "sandbox"` signs in with sandbox accounts.
 * Docs: https://developer.paypal.com/docs/log-in-with-paypal/integrate/ and
 * https://developer.paypal.com/docs/api/identity/v1/
 */
import { withoutIdToken } from "../core/oauth/token-answer.js";
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, TokenEndpointConfig, User } from "../types.js";

/** The answer of the userinfo endpoint under `schema=paypalv1.1` (fields by the app's settings). */
export interface PayPalProfile {
  /** The Private Personal Identifier, one per user and app: `https://www.paypal.com/webapps/auth/identity/user/…`. */
  user_id: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  emails?: Array<{ value: string; primary?: boolean; confirmed?: boolean }>;
  /** Whether the PayPal account is verified (a string `"true"` in some answers). */
  verified_account?: boolean | string;
  /** The PayPal account id of the Payouts API (scope `https://uri.paypal.com/services/paypalattributes`). */
  payer_id?: string;
  address?: {
    street_address?: string;
    locality?: string;
    region?: string;
    postal_code?: string;
    country?: string;
  };
  [field: string]: unknown;
}

export function paypalProfile(profile: PayPalProfile): User {
  const confirmed = (profile.emails ?? []).filter((entry) => entry.confirmed === true);
  const name = profile.name || [profile.given_name, profile.family_name].filter(Boolean).join(" ");
  return {
    id: profile.user_id,
    name: name || null,
    email: (confirmed.find((entry) => entry.primary) ?? confirmed[0])?.value ?? null,
    image: null,
  };
}

/** The live hosts, and the sandbox's for test accounts. */
const hosts = {
  live: { authorize: "https://www.paypal.com", api: "https://api-m.paypal.com" },
  sandbox: { authorize: "https://www.sandbox.paypal.com", api: "https://api-m.sandbox.paypal.com" },
} as const;

/** The standard code exchange and refresh, with PayPal's non-OIDC `id_token` left out of the answer. */
const tokenRequest: TokenEndpointConfig["request"] = async ({ url, parameters, headers, fetch }) =>
  withoutIdToken(await fetch(url, { method: "POST", headers, body: parameters }));

export default function PayPal(
  options?: ProviderOptions<PayPalProfile> & { environment?: keyof typeof hosts },
): OAuthConfig<PayPalProfile> {
  const { environment = "live", ...rest } = options ?? {};
  const host = hosts[environment];
  return catalogProvider<PayPalProfile>(
    {
      id: "paypal",
      name: "PayPal",
      type: "oauth",
      authorization: {
        url: `${host.authorize}/signin/authorize`,
        // `flowEntry=static` is part of PayPal's documented authorization URL.
        params: { scope: "openid profile email", flowEntry: "static" },
      },
      token: { url: `${host.api}/v1/oauth2/token`, request: tokenRequest },
      userinfo: `${host.api}/v1/identity/oauth2/userinfo?schema=paypalv1.1`,
      profile: paypalProfile,
      style: () => import("./style/paypal.js"),
    },
    rest,
  );
}
