/**
 * Ory Hydra (self-hosted) and Ory Network: OpenID Connect, issuer `https://<project>.projects.oryapis.com`
 * or your Hydra's public URL (https://www.ory.sh/docs/hydra/reference/api). Hydra puts into the ID token
 * what your login and consent app grants, so the profile is whatever it sets (`ext` claims included).
 * The issuer is per tenant: set it in AUTH_HYDRA_ISSUER or pass `issuer`. Add `offline_access` to the scope
 * for a refresh token. (Auth.js's module is `ory-hydra`; the provider id, hence the callback URL, is `hydra` in both.)
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import { type StandardClaims, standardClaimsUser } from "../core/standard-claims.js";
import type { OAuthConfig, User } from "../types.js";

/** The ID token claims for the `openid profile email` scopes, as your consent app grants them. */
export type HydraProfile = StandardClaims;

export const hydraProfile: (profile: HydraProfile) => User = standardClaimsUser;

export default function Hydra(options?: ProviderOptions<HydraProfile>): OAuthConfig<HydraProfile> {
  return catalogProvider<HydraProfile>(
    { id: "hydra", name: "Hydra", type: "oidc", profile: hydraProfile, style: () => import("./style/hydra.js") },
    options,
  );
}
