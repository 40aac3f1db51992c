/**
 * IdentityServer4: OpenID Connect at your own server's URL. IdentityServer4 reached its end of support in
 * December 2022 (its successor is Duende IdentityServer: use `duende-identity-server6` for new servers); this
 * provider stays for the servers still running it, which speak standard OIDC unchanged.
 * The issuer is per tenant: set it in AUTH_IDENTITY_SERVER4_ISSUER (e.g. `https://identity.example.com`) or pass `issuer`.
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import { type StandardClaims, standardClaimsUser } from "../core/standard-claims.js";
import type { OAuthConfig, User } from "../types.js";

/** The ID token claims for the `openid profile email` identity resources, and what IdentityServer adds. */
export interface IdentityServer4Profile extends StandardClaims {
  idp?: string;
  amr?: string[];
  auth_time?: number;
}

export const identityServer4Profile: (profile: IdentityServer4Profile) => User = standardClaimsUser;

export default function IdentityServer4(
  options?: ProviderOptions<IdentityServer4Profile>,
): OAuthConfig<IdentityServer4Profile> {
  return catalogProvider<IdentityServer4Profile>(
    {
      id: "identity-server4",
      name: "IdentityServer4",
      type: "oidc",
      profile: identityServer4Profile,
      style: () => import("./style/identity-server4.js"),
    },
    options,
  );
}
