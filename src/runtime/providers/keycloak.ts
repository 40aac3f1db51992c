/**
 * Keycloak: OpenID Connect, one issuer per realm (`https://<host>/realms/<realm>`).
 * The issuer is per tenant: set it in AUTH_KEYCLOAK_ISSUER (e.g. `https://sso.example.com/realms/myrealm`) or pass `issuer`.
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

/** The ID token claims for the `openid profile email` scopes. */
export interface KeycloakProfile {
  sub: string;
  name?: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
  preferred_username?: string;
  given_name?: string;
  family_name?: string;
  [claim: string]: unknown;
}

export function keycloakProfile(profile: KeycloakProfile): User {
  return {
    id: profile.sub,
    name: profile.name ?? profile.preferred_username ?? null,
    email: profile.email ?? null,
    image: profile.picture ?? null,
  };
}

export default function Keycloak(options?: ProviderOptions<KeycloakProfile>): OAuthConfig<KeycloakProfile> {
  return catalogProvider<KeycloakProfile>(
    {
      id: "keycloak",
      name: "Keycloak",
      type: "oidc",
      profile: keycloakProfile,
      style: { bg: "#4D4D4D", text: "#fff" },
    },
    options,
  );
}
