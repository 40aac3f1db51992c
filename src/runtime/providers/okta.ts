/**
 * Okta: OpenID Connect, on the org authorization server (`https://<org>.okta.com`) or a custom one (`…/oauth2/default`).
 * The issuer is per tenant: set it in AUTH_OKTA_ISSUER (e.g. `https://dev-123456.okta.com/oauth2/default`) or pass `issuer`.
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

/** The ID token claims for the `openid profile email` scopes. */
export interface OktaProfile {
  sub: string;
  name?: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
  preferred_username?: string;
  given_name?: string;
  family_name?: string;
  zoneinfo?: string;
  [claim: string]: unknown;
}

export function oktaProfile(profile: OktaProfile): User {
  return {
    id: profile.sub,
    name: profile.name ?? profile.preferred_username ?? null,
    email: profile.email ?? null,
    image: profile.picture ?? null,
  };
}

export default function Okta(options?: ProviderOptions<OktaProfile>): OAuthConfig<OktaProfile> {
  return catalogProvider<OktaProfile>(
    { id: "okta", name: "Okta", type: "oidc", profile: oktaProfile, style: { bg: "#000", text: "#fff" } },
    options,
  );
}
