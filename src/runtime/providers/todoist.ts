/**
 * Todoist: OAuth 2.0 at todoist.com/oauth; the token endpoint reads the client credentials from the form body,
 * and its tokens never expire (no `expires_in`, no refresh token). The profile is API v1's
 * `GET https://api.todoist.com/api/v1/user`. (Auth.js read it with a POST to Sync API v9's `/sync`; Todoist
 * replaced Sync v9 and REST v2 with the unified API v1 and deprecated them, so this reads the v1 endpoint.)
 * Todoist does not say whether the address is verified. Docs: https://developer.todoist.com/api/v1/#tag/Authorization
 * and https://developer.todoist.com/api/v1/#tag/User
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

export interface TodoistProfile {
  id: string;
  email: string;
  full_name: string;
  avatar_big?: string | null;
  avatar_medium?: string | null;
  avatar_s640?: string | null;
  avatar_small?: string | null;
  lang?: string;
  inbox_project_id?: string;
  is_premium?: boolean;
  tz_info?: { timezone: string; gmt_string?: string; hours?: number; minutes?: number; is_dst?: number };
  [field: string]: unknown;
}

export function todoistProfile(profile: TodoistProfile): User {
  return {
    id: profile.id,
    name: profile.full_name || null,
    email: profile.email || null,
    image: profile.avatar_big || profile.avatar_medium || null,
  };
}

export default function Todoist(options?: ProviderOptions<TodoistProfile>): OAuthConfig<TodoistProfile> {
  return catalogProvider<TodoistProfile>(
    {
      id: "todoist",
      name: "Todoist",
      type: "oauth",
      authorization: { url: "https://todoist.com/oauth/authorize", params: { scope: "data:read" } },
      token: "https://todoist.com/oauth/access_token",
      userinfo: "https://api.todoist.com/api/v1/user",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: todoistProfile,
      style: () => import("./style/todoist.js"),
    },
    options,
  );
}
