/**
 * Netlify: OAuth 2.0 for Netlify's API. The authorization page is on app.netlify.com, the token endpoint on
 * api.netlify.com, and the profile is `GET https://api.netlify.com/api/v1/user`. Netlify has no scopes (a
 * token acts as the user), and its access tokens do not expire (the token response has no `expires_in`).
 * Netlify does not say whether the address is verified. Docs: https://docs.netlify.com/api/get-started/#authentication
 * and https://open-api.netlify.com/#tag/user/operation/getCurrentUser
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

export interface NetlifyProfile {
  id: string;
  uid?: string;
  full_name?: string | null;
  avatar_url?: string | null;
  email?: string | null;
  affiliate_id?: string;
  site_count?: number;
  created_at?: string;
  last_login?: string;
  login_providers?: string[];
  [field: string]: unknown;
}

export function netlifyProfile(profile: NetlifyProfile): User {
  return {
    id: profile.id,
    name: profile.full_name || null,
    email: profile.email || null,
    image: profile.avatar_url || null,
  };
}

export default function Netlify(options?: ProviderOptions<NetlifyProfile>): OAuthConfig<NetlifyProfile> {
  return catalogProvider<NetlifyProfile>(
    {
      id: "netlify",
      name: "Netlify",
      type: "oauth",
      authorization: "https://app.netlify.com/authorize",
      token: "https://api.netlify.com/oauth/token",
      userinfo: "https://api.netlify.com/api/v1/user",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: netlifyProfile,
      style: () => import("./style/netlify.js"),
    },
    options,
  );
}
