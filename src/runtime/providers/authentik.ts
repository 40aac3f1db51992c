/**
 * authentik: OpenID Connect, one issuer per application (`https://<host>/application/o/<slug>/`, trailing slash included).
 * The issuer is per tenant: set it in AUTH_AUTHENTIK_ISSUER (e.g. `https://auth.example.com/application/o/my-app/`) or pass `issuer`.
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

/** The ID token claims for the `openid profile email` scopes. */
export interface AuthentikProfile {
  sub: string;
  name?: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
  preferred_username?: string;
  nickname?: string;
  groups?: string[];
  [claim: string]: unknown;
}

export function authentikProfile(profile: AuthentikProfile): User {
  return {
    id: profile.sub,
    name: profile.name ?? profile.preferred_username ?? null,
    email: profile.email ?? null,
    image: profile.picture ?? null,
  };
}

export default function Authentik(options?: ProviderOptions<AuthentikProfile>): OAuthConfig<AuthentikProfile> {
  return catalogProvider<AuthentikProfile>(
    {
      id: "authentik",
      name: "authentik",
      type: "oidc",
      profile: authentikProfile,
      style: { bg: "#FD4B2D", text: "#fff" },
    },
    options,
  );
}
