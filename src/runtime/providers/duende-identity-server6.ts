/**
 * Duende IdentityServer (6 and later): OpenID Connect at your own server's URL (https://docs.duendesoftware.com/identityserver/).
 * The issuer is per tenant: set it in AUTH_DUENDE_IDENTITY_SERVER6_ISSUER (e.g. `https://identity.example.com`)
 * or pass `issuer`. The claims an ID token carries are the identity resources your server grants the client.
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import { type StandardClaims, standardClaimsUser } from "../core/standard-claims.js";
import type { OAuthConfig, User } from "../types.js";

/** The ID token claims for the `openid profile email` identity resources, and what IdentityServer adds. */
export interface DuendeIdentityServer6Profile extends StandardClaims {
  idp?: string;
  amr?: string[];
  auth_time?: number;
  sid?: string;
}

export const duendeIdentityServer6Profile: (profile: DuendeIdentityServer6Profile) => User = standardClaimsUser;

export default function DuendeIdentityServer6(
  options?: ProviderOptions<DuendeIdentityServer6Profile>,
): OAuthConfig<DuendeIdentityServer6Profile> {
  return catalogProvider<DuendeIdentityServer6Profile>(
    {
      id: "duende-identity-server6",
      name: "Duende IdentityServer",
      type: "oidc",
      profile: duendeIdentityServer6Profile,
      style: () => import("./style/duende-identity-server6.js"),
    },
    options,
  );
}
