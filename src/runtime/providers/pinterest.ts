/**
 * Pinterest (API v5): OAuth 2.0; the code exchange authenticates with HTTP Basic, and the profile is
 * `GET https://api.pinterest.com/v5/user_account` (`user_accounts:read` scope). Pinterest shares no email
 * address. The account's `id` is the stable identifier; `username` can be changed by its owner.
 * https://developers.pinterest.com/docs/getting-started/set-up-authentication-and-authorization/
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

/** The `user_account` object. */
export interface PinterestProfile {
  id: string;
  username: string;
  account_type?: "PINNER" | "BUSINESS";
  profile_image?: string;
  website_url?: string;
  business_name?: string | null;
  about?: string;
  board_count?: number;
  pin_count?: number;
  follower_count?: number;
  following_count?: number;
  monthly_views?: number;
  [field: string]: unknown;
}

export function pinterestProfile(profile: PinterestProfile): User {
  return {
    id: profile.id,
    name: profile.business_name || profile.username,
    email: null,
    image: profile.profile_image ?? null,
  };
}

export default function Pinterest(options?: ProviderOptions<PinterestProfile>): OAuthConfig<PinterestProfile> {
  return catalogProvider<PinterestProfile>(
    {
      id: "pinterest",
      name: "Pinterest",
      type: "oauth",
      authorization: { url: "https://www.pinterest.com/oauth/", params: { scope: "user_accounts:read" } },
      token: "https://api.pinterest.com/v5/oauth/token",
      userinfo: "https://api.pinterest.com/v5/user_account",
      profile: pinterestProfile,
      style: () => import("./style/pinterest.js"),
    },
    options,
  );
}
