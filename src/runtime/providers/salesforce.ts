/**
 * Salesforce: OpenID Connect, issuer https://login.salesforce.com (sandboxes: https://test.salesforce.com; a
 * My Domain: its own URL, via AUTH_SALESFORCE_ISSUER or `issuer`).
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

export interface SalesforceProfile {
  /** An identity URL: `https://login.salesforce.com/id/<org id>/<user id>`. */
  sub: string;
  user_id?: string;
  organization_id?: string;
  name?: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
  preferred_username?: string;
  [claim: string]: unknown;
}

export function salesforceProfile(profile: SalesforceProfile): User {
  return {
    // The user id (005…); the `sub` URL's last segment when the claim is absent.
    id: profile.user_id ?? profile.sub.split("/").pop() ?? profile.sub,
    name: profile.name ?? null,
    email: profile.email ?? null,
    image: profile.picture ?? null,
  };
}

export default function Salesforce(options?: ProviderOptions<SalesforceProfile>): OAuthConfig<SalesforceProfile> {
  return catalogProvider<SalesforceProfile>(
    {
      id: "salesforce",
      name: "Salesforce",
      type: "oidc",
      issuer: "https://login.salesforce.com",
      profile: salesforceProfile,
      style: () => import("./style/salesforce.js"),
    },
    options,
  );
}
