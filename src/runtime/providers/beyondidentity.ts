/**
 * Beyond Identity: OpenID Connect, one issuer per application,
 * `https://auth-<region>.beyondidentity.com/v1/tenants/<tenant>/realms/<realm>/applications/<application>`
 * (https://docs.beyondidentity.com/docs/integrations/authjs). Passwordless: the user signs in with a passkey.
 * The issuer is per tenant: set it in AUTH_BEYONDIDENTITY_ISSUER or pass `issuer`. No picture is offered.
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import { type StandardClaims, standardClaimsUser } from "../core/standard-claims.js";
import type { OAuthConfig, User } from "../types.js";

/** The ID token claims for the `openid profile email` scopes. */
export type BeyondIdentityProfile = StandardClaims;

export const beyondIdentityProfile: (profile: BeyondIdentityProfile) => User = standardClaimsUser;

export default function BeyondIdentity(
  options?: ProviderOptions<BeyondIdentityProfile>,
): OAuthConfig<BeyondIdentityProfile> {
  return catalogProvider<BeyondIdentityProfile>(
    {
      id: "beyondidentity",
      name: "Beyond Identity",
      type: "oidc",
      profile: beyondIdentityProfile,
      style: () => import("./style/beyondidentity.js"),
    },
    options,
  );
}
