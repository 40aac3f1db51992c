/**
 * Reddit: OAuth 2.0; the profile is `GET https://oauth.reddit.com/api/v1/me` (`identity` scope). Reddit
 * gives no email address. `duration=permanent` makes Reddit issue a refresh token.
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

export interface RedditProfile {
  id: string;
  name: string;
  /** HTML-escaped in Reddit's JSON (`&amp;` in the query). */
  icon_img?: string;
  snoovatar_img?: string;
  created_utc?: number;
  verified?: boolean;
  [field: string]: unknown;
}

export function redditProfile(profile: RedditProfile): User {
  const image = profile.snoovatar_img || profile.icon_img || null;
  return { id: profile.id, name: profile.name, email: null, image: image?.replace(/&amp;/g, "&") ?? null };
}

export default function Reddit(options?: ProviderOptions<RedditProfile>): OAuthConfig<RedditProfile> {
  return catalogProvider<RedditProfile>(
    {
      id: "reddit",
      name: "Reddit",
      type: "oauth",
      authorization: {
        url: "https://www.reddit.com/api/v1/authorize",
        params: { scope: "identity", duration: "permanent" },
      },
      token: "https://www.reddit.com/api/v1/access_token",
      userinfo: "https://oauth.reddit.com/api/v1/me",
      profile: redditProfile,
      style: () => import("./style/reddit.js"),
    },
    options,
  );
}
