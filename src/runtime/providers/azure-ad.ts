/**
 * `azure-ad`: Microsoft Entra ID under the id Auth.js users know it by (Azure AD was renamed Entra ID in 2023).
 * The same provider as `microsoft-entra-id` (same options, profile and mapping); only the id differs, and with it
 * the callback URL (`…/callback/azure-ad`, the one an existing app registration lists) and the env keys
 * (AUTH_AZURE_AD_ID, AUTH_AZURE_AD_SECRET, AUTH_AZURE_AD_ISSUER). New apps use `microsoft-entra-id`.
 */
import type { ProviderOptions } from "../core/providers.js";
import type { OAuthConfig } from "../types.js";
import MicrosoftEntraID, { type MicrosoftEntraIDProfile, microsoftEntraIdProfile } from "./microsoft-entra-id.js";

export type AzureADProfile = MicrosoftEntraIDProfile;
export const azureAdProfile = microsoftEntraIdProfile;

export default function AzureAD(
  options?: ProviderOptions<AzureADProfile> & { tenantId?: string },
): OAuthConfig<AzureADProfile> {
  return MicrosoftEntraID({ id: "azure-ad", name: "Azure AD", ...options });
}
