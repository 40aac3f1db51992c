/**
 * WordPress.com: OAuth 2.0 on the public API; the code exchange sends the client secret in the form body and
 * the profile is `GET https://public-api.wordpress.com/rest/v1/me` (`auth` scope). The email is kept only
 * when `email_verified` says WordPress.com verified it. (A self-hosted WordPress site is not this provider.)
 * https://developer.wordpress.com/docs/oauth2/
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

/** The `/me` user. */
export interface WordPressProfile {
  ID: number;
  display_name?: string;
  username: string;
  email?: string;
  email_verified?: boolean;
  primary_blog?: number;
  primary_blog_url?: string;
  language?: string;
  avatar_URL?: string;
  profile_URL?: string;
  verified?: boolean;
  [field: string]: unknown;
}

export function wordpressProfile(profile: WordPressProfile): User {
  return {
    id: String(profile.ID),
    name: profile.display_name || profile.username,
    email: profile.email_verified ? (profile.email ?? null) : null,
    image: profile.avatar_URL ?? null,
  };
}

export default function WordPress(options?: ProviderOptions<WordPressProfile>): OAuthConfig<WordPressProfile> {
  return catalogProvider<WordPressProfile>(
    {
      id: "wordpress",
      name: "WordPress.com",
      type: "oauth",
      authorization: { url: "https://public-api.wordpress.com/oauth2/authorize", params: { scope: "auth" } },
      token: "https://public-api.wordpress.com/oauth2/token",
      userinfo: "https://public-api.wordpress.com/rest/v1/me",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: wordpressProfile,
      style: () => import("./style/wordpress.js"),
    },
    options,
  );
}
