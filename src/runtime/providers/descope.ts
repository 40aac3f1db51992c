/**
 * Descope: OpenID Connect, one issuer per project (https://docs.descope.com/identity-federation/oidc).
 * The client id is the project id, and the issuer defaults to `https://api.descope.com/<project id>`; set
 * AUTH_DESCOPE_ISSUER (or `issuer`) only for another one (a custom domain, or a regional host such as
 * `https://api.euc1.descope.com/<project id>`).
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import { type StandardClaims, standardClaimsUser } from "../core/standard-claims.js";
import type { OAuthConfig, User } from "../types.js";

/** The ID token claims for the `openid profile email` scopes, and what Descope adds to them. */
export interface DescopeProfile extends StandardClaims {
  phone_number?: string;
  phone_number_verified?: boolean;
}

export const descopeProfile: (profile: DescopeProfile) => User = standardClaimsUser;

export default function Descope(options?: ProviderOptions<DescopeProfile>): OAuthConfig<DescopeProfile> {
  return catalogProvider<DescopeProfile>(
    {
      id: "descope",
      name: "Descope",
      type: "oidc",
      ...(options?.clientId ? { issuer: `https://api.descope.com/${options.clientId}` } : {}),
      profile: descopeProfile,
      style: () => import("./style/descope.js"),
    },
    options,
  );
}
