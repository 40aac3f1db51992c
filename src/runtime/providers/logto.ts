/**
 * Logto: OpenID Connect, issuer `https://<tenant>.logto.app/oidc` (Logto Cloud) or `https://<host>/oidc`
 * (self-hosted) (https://docs.logto.io/integrate-logto/third-party-applications/oidc).
 * The issuer is per tenant: set it in AUTH_LOGTO_ISSUER or pass `issuer`. `offline_access` is asked for, so
 * Logto issues a refresh token; a user without a `name` is named by their `username`.
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import { type StandardClaims, standardClaimsUser } from "../core/standard-claims.js";
import type { OAuthConfig, User } from "../types.js";

/** The ID token claims for the `openid profile email` scopes, and what Logto adds to them. */
export interface LogtoProfile extends StandardClaims {
  username?: string | null;
  phone_number?: string | null;
  phone_number_verified?: boolean;
  updated_at?: number;
  created_at?: number;
}

export function logtoProfile(profile: LogtoProfile): User {
  const user = standardClaimsUser(profile);
  return { ...user, name: user.name ?? profile.username ?? null };
}

export default function Logto(options?: ProviderOptions<LogtoProfile>): OAuthConfig<LogtoProfile> {
  return catalogProvider<LogtoProfile>(
    {
      id: "logto",
      name: "Logto",
      type: "oidc",
      authorization: { params: { scope: "openid offline_access profile email" } },
      profile: logtoProfile,
      style: () => import("./style/logto.js"),
    },
    options,
  );
}
