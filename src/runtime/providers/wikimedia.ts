/**
 * Wikimedia (one account across Wikipedia and its sister projects): OAuth 2.0 through the MediaWiki OAuth
 * extension on Meta-Wiki; the code exchange sends the client secret in the form body and the profile is
 * `GET /w/rest.php/oauth2/resource/profile`. No scope is asked for: a consumer gets the grants it was
 * registered with, and only one registered for "User identity verification only, with access to real name
 * and email address" receives the email, which is kept only when `confirmed_email` says it was confirmed.
 * https://api.wikimedia.org/wiki/Authentication
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

/** The OAuth 2.0 profile resource. */
export interface WikimediaProfile {
  /** The central (global) user id. */
  sub: string | number;
  username: string;
  editcount?: number;
  confirmed_email?: boolean;
  blocked?: boolean;
  registered?: string;
  groups?: string[];
  rights?: string[];
  grants?: string[];
  realname?: string;
  email?: string;
  [field: string]: unknown;
}

export function wikimediaProfile(profile: WikimediaProfile): User {
  return {
    id: String(profile.sub),
    name: profile.realname || profile.username,
    email: profile.confirmed_email ? (profile.email ?? null) : null,
    image: null,
  };
}

export default function Wikimedia(options?: ProviderOptions<WikimediaProfile>): OAuthConfig<WikimediaProfile> {
  return catalogProvider<WikimediaProfile>(
    {
      id: "wikimedia",
      name: "Wikimedia",
      type: "oauth",
      authorization: "https://meta.wikimedia.org/w/rest.php/oauth2/authorize",
      token: "https://meta.wikimedia.org/w/rest.php/oauth2/access_token",
      userinfo: "https://meta.wikimedia.org/w/rest.php/oauth2/resource/profile",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: wikimediaProfile,
      style: () => import("./style/wikimedia.js"),
    },
    options,
  );
}
