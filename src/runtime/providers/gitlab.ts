/**
 * GitLab (gitlab.com or a self-managed instance via `baseUrl`): OAuth 2.0; the profile is `GET /api/v4/user`
 * (`read_user` scope).
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

export interface GitLabProfile {
  id: number;
  username: string;
  name: string;
  email: string | null;
  avatar_url: string | null;
  state?: string;
  web_url?: string;
  [field: string]: unknown;
}

export function gitlabProfile(profile: GitLabProfile): User {
  return {
    id: String(profile.id),
    name: profile.name || profile.username,
    email: profile.email ?? null,
    image: profile.avatar_url ?? null,
  };
}

export default function GitLab(
  options?: ProviderOptions<GitLabProfile> & { baseUrl?: string },
): OAuthConfig<GitLabProfile> {
  const { baseUrl, ...rest } = options ?? {};
  const base = baseUrl?.replace(/\/$/, "") ?? "https://gitlab.com";
  return catalogProvider<GitLabProfile>(
    {
      id: "gitlab",
      name: "GitLab",
      type: "oauth",
      authorization: { url: `${base}/oauth/authorize`, params: { scope: "read_user" } },
      token: `${base}/oauth/token`,
      userinfo: `${base}/api/v4/user`,
      profile: gitlabProfile,
      style: () => import("./style/gitlab.js"),
    },
    rest,
  );
}
