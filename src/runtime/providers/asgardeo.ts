/**
 * Asgardeo (WSO2): OpenID Connect, one issuer per organization, `https://api.asgardeo.io/t/<organization>/oauth2/token`
 * (https://wso2.com/asgardeo/docs/references/app-settings/oidc-settings-for-app/).
 * Set AUTH_ASGARDEO_ISSUER (or `issuer`), or pass `organization`. Given as the organization's URL alone
 * (`https://api.asgardeo.io/t/<organization>`, the form Auth.js took), `/oauth2/token` is appended: that is
 * the issuer Asgardeo's discovery document and ID tokens name, and it must match.
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import { type StandardClaims, standardClaimsUser } from "../core/standard-claims.js";
import type { OAuthConfig, User } from "../types.js";

/** The ID token claims for the `openid profile email` scopes, and what Asgardeo adds to them. */
export interface AsgardeoProfile extends StandardClaims {
  username?: string;
  org_id?: string;
  org_name?: string;
}

export function asgardeoProfile(profile: AsgardeoProfile): User {
  const user = standardClaimsUser(profile);
  return { ...user, name: user.name ?? profile.username ?? null };
}

export default function Asgardeo(
  options?: ProviderOptions<AsgardeoProfile> & { organization?: string },
): OAuthConfig<AsgardeoProfile> {
  const { organization, ...rest } = options ?? {};
  const given = rest.issuer?.replace(/\/+$/, "");
  const issuer = given
    ? given.endsWith("/oauth2/token")
      ? given
      : `${given}/oauth2/token`
    : organization
      ? `https://api.asgardeo.io/t/${organization}/oauth2/token`
      : undefined;
  return catalogProvider<AsgardeoProfile>(
    {
      id: "asgardeo",
      name: "Asgardeo",
      type: "oidc",
      profile: asgardeoProfile,
      style: () => import("./style/asgardeo.js"),
    },
    issuer ? { ...rest, issuer } : rest,
  );
}
