/**
 * ZITADEL: OpenID Connect, one issuer per instance (`https://<instance>.zitadel.cloud` or your own domain).
 * The issuer is per tenant: set it in AUTH_ZITADEL_ISSUER (e.g. `https://my-instance-abc.zitadel.cloud`) or pass `issuer`.
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import { type StandardClaims, standardClaimsUser } from "../core/standard-claims.js";
import type { OAuthConfig, User } from "../types.js";

/** The ID token claims for the `openid profile email` scopes, and what ZITADEL adds to them. */
export interface ZitadelProfile extends StandardClaims {
  locale?: string;
}

export const zitadelProfile: (profile: ZitadelProfile) => User = standardClaimsUser;

export default function Zitadel(options?: ProviderOptions<ZitadelProfile>): OAuthConfig<ZitadelProfile> {
  return catalogProvider<ZitadelProfile>(
    {
      id: "zitadel",
      name: "ZITADEL",
      type: "oidc",
      profile: zitadelProfile,
      style: () => import("./style/zitadel.js"),
    },
    options,
  );
}
