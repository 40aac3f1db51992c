/**
 * Auth0: OpenID Connect at your tenant's domain (`https://<tenant>.<region>.auth0.com/`, with the trailing slash Auth0 puts in `iss`).
 * The issuer is per tenant: set it in AUTH_AUTH0_ISSUER (e.g. `https://dev-abc123.us.auth0.com/`) or pass `issuer`.
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

/** The ID token claims for the `openid profile email` scopes. */
export interface Auth0Profile {
  sub: string;
  name?: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
  nickname?: string;
  updated_at?: string;
  [claim: string]: unknown;
}

export function auth0Profile(profile: Auth0Profile): User {
  return {
    id: profile.sub,
    name: profile.name ?? profile.nickname ?? null,
    email: profile.email ?? null,
    image: profile.picture ?? null,
  };
}

export default function Auth0(options?: ProviderOptions<Auth0Profile>): OAuthConfig<Auth0Profile> {
  return catalogProvider<Auth0Profile>(
    { id: "auth0", name: "Auth0", type: "oidc", profile: auth0Profile, style: () => import("./style/auth0.js") },
    options,
  );
}
