/**
 * Ping Identity (PingOne): OpenID Connect, one issuer per environment and region,
 * `https://auth.pingone.<region>/<environment id>/as` (https://apidocs.pingidentity.com/pingone/auth/v1/api/).
 * Set AUTH_PING_ID_ISSUER (or `issuer`), or pass `environmentId` and `region` (`com` for North America, `eu`,
 * `ca`, `asia`, `com.au`; default `com`). Ping's other servers (PingFederate, a custom domain) take their own
 * issuer the same way.
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import { type StandardClaims, standardClaimsUser } from "../core/standard-claims.js";
import type { OAuthConfig, User } from "../types.js";

/** The ID token claims for the `openid profile email` scopes, and what PingOne adds to them. */
export interface PingIdProfile extends StandardClaims {
  env?: string;
  org?: string;
  middle_name?: string;
  updated_at?: number;
}

export const pingIdProfile: (profile: PingIdProfile) => User = standardClaimsUser;

/** The top-level domain of each PingOne region's hosts. */
export type PingOneRegion = "com" | "eu" | "ca" | "asia" | "com.au";

export default function PingId(
  options?: ProviderOptions<PingIdProfile> & { environmentId?: string; region?: PingOneRegion },
): OAuthConfig<PingIdProfile> {
  const { environmentId, region = "com", ...rest } = options ?? {};
  return catalogProvider<PingIdProfile>(
    {
      id: "ping-id",
      name: "Ping Identity",
      type: "oidc",
      ...(environmentId ? { issuer: `https://auth.pingone.${region}/${environmentId}/as` } : {}),
      profile: pingIdProfile,
      style: () => import("./style/ping-id.js"),
    },
    rest,
  );
}
