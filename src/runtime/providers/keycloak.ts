/**
 * Keycloak: OpenID Connect, one issuer per realm (`https://<host>/realms/<realm>`).
 * The issuer is per tenant: set it in AUTH_KEYCLOAK_ISSUER (e.g. `https://sso.example.com/realms/myrealm`) or pass `issuer`.
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import { type StandardClaims, standardClaimsUser } from "../core/standard-claims.js";
import type { OAuthConfig, User } from "../types.js";

/** The ID token claims for the `openid profile email` scopes. */
export type KeycloakProfile = StandardClaims;

export const keycloakProfile: (profile: KeycloakProfile) => User = standardClaimsUser;

export default function Keycloak(options?: ProviderOptions<KeycloakProfile>): OAuthConfig<KeycloakProfile> {
  return catalogProvider<KeycloakProfile>(
    {
      id: "keycloak",
      name: "Keycloak",
      type: "oidc",
      profile: keycloakProfile,
      style: () => import("./style/keycloak.js"),
    },
    options,
  );
}
