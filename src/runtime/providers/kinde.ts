/**
 * Kinde: OpenID Connect, one issuer per business (`https://<business>.kinde.com`, or your custom domain)
 * (https://docs.kinde.com/developer-tools/about/using-kinde-without-an-sdk/).
 * The issuer is per tenant: set it in AUTH_KINDE_ISSUER (e.g. `https://myapp.kinde.com`) or pass `issuer`.
 * Add the `offline` scope for a refresh token.
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import { type StandardClaims, standardClaimsUser } from "../core/standard-claims.js";
import type { OAuthConfig, User } from "../types.js";

/** The ID token claims for the `openid profile email` scopes, and what Kinde adds to them. */
export interface KindeProfile extends StandardClaims {
  org_codes?: string[];
  updated_at?: number;
}

export function kindeProfile(profile: KindeProfile): User {
  const user = standardClaimsUser(profile);
  const parts = [profile.given_name, profile.family_name].filter(Boolean).join(" ");
  return { ...user, name: user.name ?? (parts || null) };
}

export default function Kinde(options?: ProviderOptions<KindeProfile>): OAuthConfig<KindeProfile> {
  return catalogProvider<KindeProfile>(
    { id: "kinde", name: "Kinde", type: "oidc", profile: kindeProfile, style: () => import("./style/kinde.js") },
    options,
  );
}
