/**
 * FusionAuth: OpenID Connect on your FusionAuth instance (https://fusionauth.io/docs/lifecycle/authenticate-users/oauth/endpoints).
 * The issuer is the tenant's configured Issuer (Tenants → your tenant → General → Issuer), which must be your
 * instance's URL (e.g. `https://auth.example.com`), not the `acme.com` placeholder a new tenant starts with: the
 * ID token's `iss` is compared with it. Set it in AUTH_FUSIONAUTH_ISSUER or pass `issuer`.
 * With more than one tenant, pass `tenantId`: discovery is then read from the tenant's own document
 * (`/.well-known/openid-configuration/<tenantId>`) and the tenant's login pages are used.
 * `offline_access` is asked for, so FusionAuth issues a refresh token when the application allows it.
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import { type StandardClaims, standardClaimsUser } from "../core/standard-claims.js";
import type { OAuthConfig, User } from "../types.js";

/** The ID token claims for the `openid profile email` scopes, and what FusionAuth adds to them. */
export interface FusionAuthProfile extends StandardClaims {
  middle_name?: string;
  /** How the user signed in (`PASSWORD`, `PASSWORDLESS`, `GOOGLE`, …). */
  authenticationType?: string;
  sid?: string;
}

export function fusionauthProfile(profile: FusionAuthProfile): User {
  const user = standardClaimsUser(profile);
  const parts = [profile.given_name, profile.middle_name, profile.family_name].filter(Boolean).join(" ");
  return { ...user, name: user.name ?? (parts || null) };
}

export default function FusionAuth(
  options?: ProviderOptions<FusionAuthProfile> & { tenantId?: string },
): OAuthConfig<FusionAuthProfile> {
  const { tenantId, ...rest } = options ?? {};
  const issuer = rest.issuer?.replace(/\/+$/, "");
  return catalogProvider<FusionAuthProfile>(
    {
      id: "fusionauth",
      name: "FusionAuth",
      type: "oidc",
      ...(tenantId && issuer ? { wellKnown: `${issuer}/.well-known/openid-configuration/${tenantId}` } : {}),
      authorization: {
        params: { scope: "openid offline_access email profile", ...(tenantId ? { tenantId } : {}) },
      },
      profile: fusionauthProfile,
      style: () => import("./style/fusionauth.js"),
    },
    rest,
  );
}
