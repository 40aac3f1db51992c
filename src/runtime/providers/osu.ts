/**
 * osu!: OAuth 2.0 (API v2); the code exchange sends the client secret in the form body, and the profile is
 * `GET https://osu.ppy.sh/api/v2/me` (`identify` scope). osu! shares no email address.
 * https://osu.ppy.sh/docs/index.html#authorization-code-grant
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

/** The `UserExtended` object `/me` answers (the fields sign-in uses, and a few more). */
export interface OsuProfile {
  id: number;
  username: string;
  avatar_url?: string;
  country_code?: string;
  default_group?: string;
  is_active?: boolean;
  is_bot?: boolean;
  is_deleted?: boolean;
  is_online?: boolean;
  is_supporter?: boolean;
  playmode?: string;
  cover_url?: string;
  join_date?: string;
  [field: string]: unknown;
}

export function osuProfile(profile: OsuProfile): User {
  return { id: String(profile.id), name: profile.username, email: null, image: profile.avatar_url ?? null };
}

export default function Osu(options?: ProviderOptions<OsuProfile>): OAuthConfig<OsuProfile> {
  return catalogProvider<OsuProfile>(
    {
      id: "osu",
      name: "osu!",
      type: "oauth",
      authorization: { url: "https://osu.ppy.sh/oauth/authorize", params: { scope: "identify" } },
      token: "https://osu.ppy.sh/oauth/token",
      userinfo: "https://osu.ppy.sh/api/v2/me",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: osuProfile,
      style: () => import("./style/osu.js"),
    },
    options,
  );
}
