/**
 * Frontegg (hosted login): OpenID Connect at your workspace's domain, `https://<subdomain>.frontegg.com`
 * or your custom login domain (https://developers.frontegg.com/guides/authentication/oidc-hosted-login).
 * Its discovery document is not at the standard place but at `<issuer>/oauth/.well-known/openid-configuration`.
 * The issuer is per tenant: set it in AUTH_FRONTEGG_ISSUER or pass `issuer`.
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { StandardClaims } from "../core/standard-claims.js";
import type { OAuthConfig, User } from "../types.js";

/** The ID token claims, and what Frontegg adds to them. */
export interface FronteggProfile extends StandardClaims {
  profilePictureUrl?: string | null;
  tenantId?: string;
  tenantIds?: string[];
  roles?: string[];
  permissions?: string[];
}

export function fronteggProfile(profile: FronteggProfile): User {
  return {
    id: profile.sub,
    name: profile.name ?? null,
    email: profile.email ?? null,
    image: profile.profilePictureUrl ?? profile.picture ?? null,
  };
}

export default function Frontegg(options?: ProviderOptions<FronteggProfile>): OAuthConfig<FronteggProfile> {
  const issuer = options?.issuer?.replace(/\/+$/, "");
  return catalogProvider<FronteggProfile>(
    {
      id: "frontegg",
      name: "Frontegg",
      type: "oidc",
      ...(issuer ? { wellKnown: `${issuer}/oauth/.well-known/openid-configuration` } : {}),
      profile: fronteggProfile,
      style: () => import("./style/frontegg.js"),
    },
    options,
  );
}
