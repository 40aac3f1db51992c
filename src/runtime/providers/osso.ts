/**
 * Osso (a self-hosted server, named by `baseUrl`): SAML single sign-on offered as OAuth 2.0. Each customer's
 * SAML identity provider is configured in Osso for their email domain; the authorization request names the
 * customer with `domain` or `email` (pass either per sign-in, e.g. `signIn("osso", {}, { domain })`, or fix
 * `domain` here), and without one Osso shows its own page asking for the address. No scopes. The token
 * endpoint reads the client credentials from the form body and issues a ten-minute access token, no refresh
 * token. The profile is `GET /oauth/me`: the user's Osso id, the address the identity provider asserted (Osso
 * keeps no verification state: the customer's IdP vouches for it), the IdP's name and what the request asked
 * for. Osso has had no commit since March 2021: it works as it is, but is no longer developed.
 * Docs: https://ossoapp.com/docs/deploy/overview/ and the OAuth routes,
 * https://github.com/enterprise-oss/osso-rb/blob/main/lib/osso/routes/oauth.rb
 */
import { unsetOption } from "../core/provider-env.js";
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

/** The answer of `/oauth/me`. */
export interface OssoProfile {
  /** The Osso user id (a UUID). */
  id: string;
  email: string;
  /** The name of the customer's identity provider. */
  idp?: string;
  /** The `domain` or `email` the authorization request carried. */
  requested?: { domain?: string | null; email?: string | null };
  [field: string]: unknown;
}

export function ossoProfile(profile: OssoProfile): User {
  return {
    id: profile.id,
    // SAML assertions carry no display name in Osso's profile.
    name: null,
    email: profile.email || null,
    image: null,
  };
}

export default function Osso(
  options?: ProviderOptions<OssoProfile> & { baseUrl?: string; domain?: string },
): OAuthConfig<OssoProfile> {
  const { baseUrl, domain, ...rest } = options ?? {};
  // No default server: without `baseUrl` the provider has no endpoints, and its sign-in names AUTH_OSSO_URL.
  const base = baseUrl?.replace(/\/+$/, "");
  return catalogProvider<OssoProfile>(
    {
      id: "osso",
      name: "Osso",
      type: "oauth",
      authorization: {
        ...(base ? { url: `${base}/oauth/authorize` } : {}),
        ...(domain ? { params: { domain } } : {}),
      },
      ...(base ? { token: `${base}/oauth/token`, userinfo: `${base}/oauth/me` } : unsetOption("osso", "baseUrl")),
      // Osso's token request is documented with the client id and secret beside the code.
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: ossoProfile,
      style: () => import("./style/osso.js"),
    },
    rest,
  );
}
