/**
 * NetSuite, as an OpenID Connect provider ("NetSuite as OIDC Provider", the feature that replaced SuiteSignOn):
 * every URL is on the account's own domain, named by `accountId` (AUTH_NETSUITE_ACCOUNT_ID; `TSTDRV1234567`,
 * `1234567_SB1` for a sandbox, written in the host as `1234567-sb1`). Authorization is on
 * `<account>.app.netsuite.com`, the token endpoint (HTTP Basic) and the metadata on
 * `<account>.suitetalk.api.netsuite.com`; the issuer is `https://system.netsuite.com` for every account. The
 * integration record must have the OAuth 2.0 authorization code grant and the "NetSuite as OIDC Provider"
 * scopes, `openid` and `email`; the profile is the ID token's. Auth.js's NetSuite provider read the user from a
 * RESTlet the app had to write and deploy: the OIDC feature makes that unnecessary.
 * Docs: https://docs.oracle.com/en/cloud/saas/netsuite/ns-online-help/section_160855370280.html
 */
import { unsetOption } from "../core/provider-env.js";
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

/** The ID token claims of the `openid email` scopes. */
export interface NetSuiteProfile {
  sub: string;
  email?: string;
  name?: string;
  [claim: string]: unknown;
}

export function netsuiteProfile(profile: NetSuiteProfile): User {
  return {
    id: profile.sub,
    name: profile.name || null,
    email: profile.email || null,
    image: null,
  };
}

/** The account id as NetSuite writes it in a domain name: lower case, `_` as `-` (`1234567_SB1` → `1234567-sb1`). */
export function netsuiteAccountHost(accountId: string): string {
  return accountId.trim().toLowerCase().replace(/_/g, "-");
}

export default function NetSuite(
  options?: ProviderOptions<NetSuiteProfile> & { accountId?: string },
): OAuthConfig<NetSuiteProfile> {
  const { accountId, ...rest } = options ?? {};
  // No default account: without `accountId` the provider has none of its account's endpoints, and its sign-in
  // names AUTH_NETSUITE_ACCOUNT_ID.
  const account = accountId ? netsuiteAccountHost(accountId) : undefined;
  const api = account && `https://${account}.suitetalk.api.netsuite.com`;
  return catalogProvider<NetSuiteProfile>(
    {
      id: "netsuite",
      name: "NetSuite",
      type: "oidc",
      issuer: "https://system.netsuite.com",
      ...(account
        ? { wellKnown: `${api}/.well-known/openid-configuration`, token: `${api}/services/rest/auth/oauth2/v1/token` }
        : unsetOption("netsuite", "accountId")),
      authorization: {
        ...(account ? { url: `https://${account}.app.netsuite.com/app/login/oauth2/authorize.nl` } : {}),
        params: { scope: "openid email" },
      },
      profile: netsuiteProfile,
      style: () => import("./style/netsuite.js"),
    },
    rest,
  );
}
