/**
 * X (formerly Twitter): OAuth 2.0 with PKCE; the profile is `GET /2/users/me`. X does not return an email
 * address through this API, so `email` is null.
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

export interface TwitterProfile {
  data: {
    id: string;
    name: string;
    username: string;
    profile_image_url?: string;
    [field: string]: unknown;
  };
  [field: string]: unknown;
}

export function twitterProfile(profile: TwitterProfile): User {
  return {
    id: profile.data.id,
    name: profile.data.name,
    email: null,
    image: profile.data.profile_image_url ?? null,
  };
}

export default function Twitter(options?: ProviderOptions<TwitterProfile>): OAuthConfig<TwitterProfile> {
  return catalogProvider<TwitterProfile>(
    {
      id: "twitter",
      name: "X",
      type: "oauth",
      authorization: {
        url: "https://x.com/i/oauth2/authorize",
        params: { scope: "users.read tweet.read offline.access" },
      },
      token: "https://api.x.com/2/oauth2/token",
      userinfo: "https://api.x.com/2/users/me?user.fields=profile_image_url",
      profile: twitterProfile,
      style: () => import("./style/twitter.js"),
    },
    options,
  );
}
