/**
 * Azure AD B2C: OpenID Connect, one issuer per tenant, and one metadata document per user flow (policy)
 * (https://learn.microsoft.com/azure/active-directory-b2c/openid-connect). Microsoft stopped selling B2C to new
 * customers on 1 May 2025 and supports existing tenants until at least May 2030; new apps use Microsoft Entra
 * External ID, which signs in through `microsoft-entra-id` (issuer `https://<tenant-id>.ciamlogin.com/<tenant-id>/v2.0`).
 *
 * The discovery document is per user flow but names an issuer without it, so either:
 * - pass `tenantName` (`contoso` of contoso.b2clogin.com), `tenantId` (the directory's GUID) and `userFlow`
 *   (`B2C_1_signupsignin`): the issuer is `https://<tenantName>.b2clogin.com/<tenantId>/v2.0/` and the
 *   document is read from the user flow's URL; or
 * - set AUTH_AZURE_AD_B2C_ISSUER (or `issuer`) to the user flow's issuer in the "tfp" form,
 *   `https://<tenantName>.b2clogin.com/tfp/<tenantId>/<userFlow>/v2.0/`, after choosing that form under the user
 *   flow's Properties → Token compatibility settings → Issuer (iss) claim.
 * The address is the first of `emails` (select "Email Addresses" among the user flow's application claims).
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

/** The ID token claims B2C user flows issue (the ones chosen as the flow's application claims). */
export interface AzureADB2CProfile {
  /** The object id, unless the flow's subject claim is set otherwise. */
  sub: string;
  oid?: string;
  tfp?: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  emails?: string[];
  idp?: string;
  [claim: string]: unknown;
}

export function azureAdB2cProfile(profile: AzureADB2CProfile): User {
  const parts = [profile.given_name, profile.family_name].filter(Boolean).join(" ");
  return {
    id: profile.sub,
    name: profile.name ?? (parts || null),
    email: profile.emails?.[0] ?? null,
    image: null,
  };
}

/** Where the tenant and user flow are named, when the issuer is not given whole. */
export interface AzureADB2CTenant {
  tenantName?: string;
  tenantId?: string;
  userFlow?: string;
}

export default function AzureADB2C(
  options?: ProviderOptions<AzureADB2CProfile> & AzureADB2CTenant,
): OAuthConfig<AzureADB2CProfile> {
  const { tenantName, tenantId, userFlow, ...rest } = options ?? {};
  const host = tenantName ? `https://${tenantName}.b2clogin.com` : undefined;
  const byTenant =
    host && tenantId && userFlow
      ? {
          issuer: `${host}/${tenantId}/v2.0/`,
          wellKnown: `${host}/${tenantId}/${userFlow}/v2.0/.well-known/openid-configuration`,
        }
      : {};
  return catalogProvider<AzureADB2CProfile>(
    {
      id: "azure-ad-b2c",
      name: "Azure AD B2C",
      type: "oidc",
      ...byTenant,
      // B2C knows `openid` and `offline_access` (and your APIs' scopes); the profile claims are the user flow's.
      authorization: { params: { scope: "openid offline_access" } },
      profile: azureAdB2cProfile,
      style: () => import("./style/azure-ad-b2c.js"),
    },
    rest,
  );
}
