/**
 * Kick: OAuth 2.1 (PKCE required) at id.kick.com; the token endpoint takes the client credentials in the
 * form body. The profile is `GET https://api.kick.com/public/v1/users` (`user:read` scope), which answers
 * the signed-in user as the only element of `data`. Kick does not say whether the address is verified.
 * Docs: https://docs.kick.com/getting-started/generating-tokens-oauth2-flow and
 * https://docs.kick.com/apis/users
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

export interface KickProfile {
  data: Array<{
    user_id: number;
    name: string;
    email?: string;
    profile_picture?: string;
    [field: string]: unknown;
  }>;
  message?: string;
  [field: string]: unknown;
}

export function kickProfile(profile: KickProfile): User {
  const [user] = profile.data;
  if (!user) throw new Error("Kick's users API named no user");
  return {
    id: String(user.user_id),
    name: user.name,
    email: user.email || null,
    image: user.profile_picture || null,
  };
}

export default function Kick(options?: ProviderOptions<KickProfile>): OAuthConfig<KickProfile> {
  return catalogProvider<KickProfile>(
    {
      id: "kick",
      name: "Kick",
      type: "oauth",
      authorization: { url: "https://id.kick.com/oauth/authorize", params: { scope: "user:read" } },
      token: "https://id.kick.com/oauth/token",
      userinfo: "https://api.kick.com/public/v1/users",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: kickProfile,
      style: () => import("./style/kick.js"),
    },
    options,
  );
}
