/**
 * Mattermost (a self-hosted server or a Mattermost Cloud workspace, named by `baseUrl`): OAuth 2.0 with
 * Mattermost as the service provider (an OAuth 2.0 application registered under Integrations). It has no
 * scopes; the profile is `GET /api/v4/users/me`. The token endpoint reads the client credentials from the form
 * body. Docs: https://developers.mattermost.com/integrate/apps/authentication/oauth2/
 */
import { unsetOption } from "../core/provider-env.js";
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

/** The `User` object of Mattermost's API v4. */
export interface MattermostProfile {
  id: string;
  username: string;
  email?: string;
  email_verified?: boolean;
  first_name?: string;
  last_name?: string;
  nickname?: string;
  position?: string;
  roles?: string;
  locale?: string;
  auth_service?: string;
  create_at?: number;
  update_at?: number;
  delete_at?: number;
  [field: string]: unknown;
}

export function mattermostProfile(profile: MattermostProfile): User {
  const name = [profile.first_name, profile.last_name].filter(Boolean).join(" ");
  return {
    id: profile.id,
    name: name || profile.nickname || profile.username,
    // An address the server says is unverified could be anyone's.
    email: profile.email_verified === false ? null : profile.email || null,
    // The picture (`/api/v4/users/<id>/image`) is served to signed-in users only.
    image: null,
  };
}

export default function Mattermost(
  options?: ProviderOptions<MattermostProfile> & { baseUrl?: string },
): OAuthConfig<MattermostProfile> {
  const { baseUrl, ...rest } = options ?? {};
  // No default server: without `baseUrl` the provider has no endpoints, and its sign-in names AUTH_MATTERMOST_URL.
  const base = baseUrl?.replace(/\/+$/, "");
  return catalogProvider<MattermostProfile>(
    {
      id: "mattermost",
      name: "Mattermost",
      type: "oauth",
      ...(base
        ? {
            authorization: `${base}/oauth/authorize`,
            token: `${base}/oauth/access_token`,
            userinfo: `${base}/api/v4/users/me`,
          }
        : unsetOption("mattermost", "baseUrl")),
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: mattermostProfile,
      style: () => import("./style/mattermost.js"),
    },
    rest,
  );
}
