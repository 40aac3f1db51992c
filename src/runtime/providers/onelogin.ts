/**
 * OneLogin: OpenID Connect, issuer `https://<subdomain>.onelogin.com/oidc/2`
 * (https://developers.onelogin.com/openid-connect/api/provider-config).
 * The issuer is per tenant: set it in AUTH_ONELOGIN_ISSUER or pass `issuer`. Given as the bare account URL
 * (`https://<subdomain>.onelogin.com`, the form Auth.js took), `/oidc/2` is appended: OneLogin's discovery
 * document and ID tokens name that longer issuer, and it must match.
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import { type StandardClaims, standardClaimsUser } from "../core/standard-claims.js";
import type { OAuthConfig, User } from "../types.js";

/** The ID token claims for the `openid profile email` scopes, and what OneLogin adds to them. */
export interface OneLoginProfile extends StandardClaims {
  /** With the `groups` scope. */
  groups?: string[];
  updated_at?: number;
}

export const oneloginProfile: (profile: OneLoginProfile) => User = standardClaimsUser;

export default function OneLogin(options?: ProviderOptions<OneLoginProfile>): OAuthConfig<OneLoginProfile> {
  const issuer = options?.issuer?.replace(/\/+$/, "");
  return catalogProvider<OneLoginProfile>(
    {
      id: "onelogin",
      name: "OneLogin",
      type: "oidc",
      profile: oneloginProfile,
      style: () => import("./style/onelogin.js"),
    },
    issuer ? { ...options, issuer: issuer.endsWith("/oidc/2") ? issuer : `${issuer}/oidc/2` } : options,
  );
}
