/**
 * Okta: OpenID Connect, on the org authorization server (`https://<org>.okta.com`) or a custom one (`…/oauth2/default`).
 * The issuer is per tenant: set it in AUTH_OKTA_ISSUER (e.g. `https://dev-123456.okta.com/oauth2/default`) or pass `issuer`.
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import { type StandardClaims, standardClaimsUser } from "../core/standard-claims.js";
import type { OAuthConfig, User } from "../types.js";

/** The ID token claims for the `openid profile email` scopes, and what Okta adds to them. */
export interface OktaProfile extends StandardClaims {
  zoneinfo?: string;
}

export const oktaProfile: (profile: OktaProfile) => User = standardClaimsUser;

export default function Okta(options?: ProviderOptions<OktaProfile>): OAuthConfig<OktaProfile> {
  return catalogProvider<OktaProfile>(
    { id: "okta", name: "Okta", type: "oidc", profile: oktaProfile, style: () => import("./style/okta.js") },
    options,
  );
}
