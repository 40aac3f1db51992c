/**
 * Notion (public integrations): OAuth 2.0. The token response itself names the user who authorized the
 * integration (`owner.user`), so the profile is read from there, not from a second request.
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

/** The `owner.user` object of Notion's token response. */
export interface NotionProfile {
  object: "user";
  id: string;
  type?: "person";
  name: string | null;
  avatar_url: string | null;
  person?: { email?: string };
  [field: string]: unknown;
}

export function notionProfile(profile: NotionProfile): User {
  return {
    id: profile.id,
    name: profile.name ?? null,
    email: profile.person?.email ?? null,
    image: profile.avatar_url ?? null,
  };
}

export default function Notion(options?: ProviderOptions<NotionProfile>): OAuthConfig<NotionProfile> {
  return catalogProvider<NotionProfile>(
    {
      id: "notion",
      name: "Notion",
      type: "oauth",
      authorization: { url: "https://api.notion.com/v1/oauth/authorize", params: { owner: "user" } },
      // Notion documents the code exchange as a JSON body with HTTP Basic client authentication.
      token: { url: "https://api.notion.com/v1/oauth/token", encoding: "json" },
      client: { token_endpoint_auth_method: "client_secret_basic" },
      userinfo: {
        async request({ tokens }) {
          const owner = tokens.owner as { type?: string; user?: NotionProfile } | undefined;
          if (owner?.type !== "user" || !owner.user) throw new Error("Notion's token response names no user owner");
          return owner.user;
        },
      },
      profile: notionProfile,
      style: () => import("./style/notion.js"),
    },
    options,
  );
}
