/**
 * United Effects (Core EOS): OpenID Connect, one issuer per auth group, `https://auth.unitedeffects.com/<auth group id>`
 * (https://docs.unitedeffects.com). Its authorization request names the issuer as the `resource` (RFC 8707) the
 * access token is for. The issuer is per tenant: set it in AUTH_UNITED_EFFECTS_ISSUER or pass `issuer`.
 * The ID token carries `sub` and `email`; no name or picture.
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import { type StandardClaims, standardClaimsUser } from "../core/standard-claims.js";
import type { OAuthConfig, User } from "../types.js";

/** The ID token claims for the `openid email profile` scopes. */
export type UnitedEffectsProfile = StandardClaims;

export const unitedEffectsProfile: (profile: UnitedEffectsProfile) => User = standardClaimsUser;

export default function UnitedEffects(
  options?: ProviderOptions<UnitedEffectsProfile>,
): OAuthConfig<UnitedEffectsProfile> {
  return catalogProvider<UnitedEffectsProfile>(
    {
      id: "united-effects",
      name: "United Effects",
      type: "oidc",
      ...(options?.issuer ? { authorization: { params: { resource: options.issuer } } } : {}),
      profile: unitedEffectsProfile,
      style: () => import("./style/united-effects.js"),
    },
    options,
  );
}
