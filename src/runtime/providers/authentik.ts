/**
 * authentik: OpenID Connect, one issuer per application (`https://<host>/application/o/<slug>/`, trailing slash included).
 * The issuer is per tenant: set it in AUTH_AUTHENTIK_ISSUER (e.g. `https://auth.example.com/application/o/my-app/`) or pass `issuer`.
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import { type StandardClaims, standardClaimsUser } from "../core/standard-claims.js";
import type { OAuthConfig, User } from "../types.js";

/** The ID token claims for the `openid profile email` scopes, and what authentik adds to them. */
export interface AuthentikProfile extends StandardClaims {
  nickname?: string;
  groups?: string[];
}

export const authentikProfile: (profile: AuthentikProfile) => User = standardClaimsUser;

export default function Authentik(options?: ProviderOptions<AuthentikProfile>): OAuthConfig<AuthentikProfile> {
  return catalogProvider<AuthentikProfile>(
    {
      id: "authentik",
      name: "authentik",
      type: "oidc",
      profile: authentikProfile,
      style: () => import("./style/authentik.js"),
    },
    options,
  );
}
