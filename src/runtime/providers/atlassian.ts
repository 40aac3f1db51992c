/**
 * Atlassian (Jira, Confluence; OAuth 2.0 "3LO"): the authorization request names the API audience and asks
 * for consent; the code is exchanged with a JSON body (client id and secret in it); the profile is
 * `GET https://api.atlassian.com/me` (`read:me` scope).
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

export interface AtlassianProfile {
  account_id: string;
  email: string;
  name: string;
  picture?: string;
  nickname?: string;
  account_status?: string;
  account_type?: string;
  email_verified?: boolean;
  [field: string]: unknown;
}

export function atlassianProfile(profile: AtlassianProfile): User {
  return { id: profile.account_id, name: profile.name, email: profile.email, image: profile.picture ?? null };
}

export default function Atlassian(options?: ProviderOptions<AtlassianProfile>): OAuthConfig<AtlassianProfile> {
  return catalogProvider<AtlassianProfile>(
    {
      id: "atlassian",
      name: "Atlassian",
      type: "oauth",
      authorization: {
        url: "https://auth.atlassian.com/authorize",
        params: { audience: "api.atlassian.com", prompt: "consent", scope: "read:me" },
      },
      // Atlassian documents the code exchange (and refresh) as a JSON body carrying client_id and client_secret.
      token: { url: "https://auth.atlassian.com/oauth/token", encoding: "json" },
      userinfo: "https://api.atlassian.com/me",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: atlassianProfile,
      style: () => import("./style/atlassian.js"),
    },
    options,
  );
}
