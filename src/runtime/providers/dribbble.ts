/**
 * Dribbble: OAuth 2.0 (API v2); the code exchange sends the client secret in the form body and the profile is
 * `GET https://api.dribbble.com/v2/user` (`public` scope; add `upload` to post shots). Dribbble shares no
 * email address.
 * https://developer.dribbble.com/v2/oauth/
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

/** The authenticated user. */
export interface DribbbleProfile {
  id: number;
  name?: string | null;
  login: string;
  html_url?: string;
  avatar_url?: string | null;
  bio?: string;
  location?: string | null;
  links?: Record<string, string>;
  can_upload_shot?: boolean;
  pro?: boolean;
  followers_count?: number;
  created_at?: string;
  type?: "User" | "Team";
  [field: string]: unknown;
}

export function dribbbleProfile(profile: DribbbleProfile): User {
  return {
    id: String(profile.id),
    name: profile.name || profile.login,
    email: null,
    image: profile.avatar_url ?? null,
  };
}

export default function Dribbble(options?: ProviderOptions<DribbbleProfile>): OAuthConfig<DribbbleProfile> {
  return catalogProvider<DribbbleProfile>(
    {
      id: "dribbble",
      name: "Dribbble",
      type: "oauth",
      authorization: { url: "https://dribbble.com/oauth/authorize", params: { scope: "public" } },
      token: "https://dribbble.com/oauth/token",
      userinfo: "https://api.dribbble.com/v2/user",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: dribbbleProfile,
      style: () => import("./style/dribbble.js"),
    },
    options,
  );
}
