/**
 * ZITADEL: OpenID Connect, one issuer per instance (`https://<instance>.zitadel.cloud` or your own domain).
 * The issuer is per tenant: set it in AUTH_ZITADEL_ISSUER (e.g. `https://my-instance-abc.zitadel.cloud`) or pass `issuer`.
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

/** The ID token claims for the `openid profile email` scopes. */
export interface ZitadelProfile {
  sub: string;
  name?: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
  preferred_username?: string;
  given_name?: string;
  family_name?: string;
  locale?: string;
  [claim: string]: unknown;
}

export function zitadelProfile(profile: ZitadelProfile): User {
  return {
    id: profile.sub,
    name: profile.name ?? profile.preferred_username ?? null,
    email: profile.email ?? null,
    image: profile.picture ?? null,
  };
}

export default function Zitadel(options?: ProviderOptions<ZitadelProfile>): OAuthConfig<ZitadelProfile> {
  return catalogProvider<ZitadelProfile>(
    { id: "zitadel", name: "ZITADEL", type: "oidc", profile: zitadelProfile, style: { bg: "#000", text: "#fff" } },
    options,
  );
}
