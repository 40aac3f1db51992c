/**
 * Microsoft Entra ID (formerly Azure AD), v2.0 endpoints, OpenID Connect. The issuer is per tenant:
 * `https://login.microsoftonline.com/<tenant-id>/v2.0` (AUTH_MICROSOFT_ENTRA_ID_ISSUER), or pass `tenantId`.
 * The multi-tenant aliases (`common`, `organizations`) publish an issuer template that no ID token matches
 * literally, so a concrete tenant id is required for the issuer check (OIDC Discovery §4.3).
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

/** Entra ID v2.0 ID token claims (with the `profile email` scopes). */
export interface MicrosoftEntraIDProfile {
  sub: string;
  /** The user's object id, stable across applications of the tenant. */
  oid?: string;
  tid?: string;
  name?: string;
  email?: string;
  preferred_username?: string;
  given_name?: string;
  family_name?: string;
  [claim: string]: unknown;
}

export function microsoftEntraIdProfile(profile: MicrosoftEntraIDProfile): User {
  return {
    id: profile.sub,
    name: profile.name ?? null,
    // Work accounts often have no `email` claim; their sign-in name is the UPN, an address.
    email: profile.email ?? profile.preferred_username ?? null,
    image: null,
  };
}

export default function MicrosoftEntraID(
  options?: ProviderOptions<MicrosoftEntraIDProfile> & { tenantId?: string },
): OAuthConfig<MicrosoftEntraIDProfile> {
  const { tenantId, ...rest } = options ?? {};
  return catalogProvider<MicrosoftEntraIDProfile>(
    {
      id: "microsoft-entra-id",
      name: "Microsoft Entra ID",
      type: "oidc",
      ...(tenantId ? { issuer: `https://login.microsoftonline.com/${tenantId}/v2.0` } : {}),
      profile: microsoftEntraIdProfile,
      style: () => import("./style/microsoft-entra-id.js"),
    },
    rest,
  );
}
