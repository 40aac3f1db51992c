/**
 * The ID token claims of the `openid profile email` scopes (OpenID Connect Core 1.0 §5.1, §5.4) as the
 * tenant-issuer products answer them (Keycloak, Okta, ZITADEL, authentik), and the one user mapping they share.
 */
import type { User } from "../types.js";

export interface StandardClaims {
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

/** `name` falls back to `preferred_username`: these products leave `name` unset for an account without one. */
export function standardClaimsUser(profile: StandardClaims): User {
  return {
    id: profile.sub,
    name: profile.name ?? profile.preferred_username ?? null,
    email: profile.email ?? null,
    image: profile.picture ?? null,
  };
}
