/**
 * GitHub: OAuth 2.0 (GitHub Apps and OAuth Apps; no OpenID Connect). The profile is GitHub's `/user`;
 * when the user keeps their email private it is null there, so the primary verified address is read from
 * `/user/emails` (needs the `user:email` scope). GitHub Enterprise Server: `enterprise: { baseUrl }`.
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

/** The fields of GitHub's `GET /user` this runtime reads, plus everything else GitHub sends. */
export interface GitHubProfile {
  id: number;
  login: string;
  node_id?: string;
  name: string | null;
  email: string | null;
  avatar_url: string;
  html_url?: string;
  type?: string;
  company?: string | null;
  blog?: string | null;
  location?: string | null;
  bio?: string | null;
  created_at?: string;
  updated_at?: string;
  [field: string]: unknown;
}

/** One entry of GitHub's `GET /user/emails`. */
export interface GitHubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
  visibility: "public" | "private" | null;
}

export type GitHubOptions = ProviderOptions<GitHubProfile> & {
  /** GitHub Enterprise Server, e.g. `{ baseUrl: "https://github.example.com" }`. */
  enterprise?: { baseUrl?: string };
};

/** GitHub's `/user` to the user record: the numeric id as a string, the login when no name is set. */
export function githubProfile(profile: GitHubProfile): User {
  return {
    id: String(profile.id),
    name: profile.name ?? profile.login,
    email: profile.email,
    image: profile.avatar_url,
  };
}

/**
 * Which address to use when `/user` has none: the primary one if verified, else any verified one. An
 * unverified address is never used, since it would let anyone claim someone else's email.
 */
export function pickGitHubEmail(emails: GitHubEmail[]): string | null {
  const verified = emails.filter((entry) => entry.verified);
  return (verified.find((entry) => entry.primary) ?? verified[0])?.email ?? null;
}

export default function GitHub(options?: GitHubOptions): OAuthConfig<GitHubProfile> {
  const { enterprise, ...rest } = options ?? {};
  const web = enterprise?.baseUrl?.replace(/\/$/, "") ?? "https://github.com";
  const api = enterprise?.baseUrl ? `${web}/api/v3` : "https://api.github.com";
  return catalogProvider<GitHubProfile>(
    {
      id: "github",
      name: "GitHub",
      type: "oauth",
      authorization: { url: `${web}/login/oauth/authorize`, params: { scope: "read:user user:email" } },
      token: `${web}/login/oauth/access_token`,
      userinfo: {
        url: `${api}/user`,
        async request({ tokens, url, fetch }) {
          const userUrl = url ?? new URL(`${api}/user`);
          const headers = {
            authorization: `Bearer ${tokens.access_token}`,
            accept: "application/vnd.github+json",
            "user-agent": "create-auth",
          };
          const response = await fetch(userUrl, { headers });
          if (!response.ok) throw new Error(`GitHub ${userUrl.pathname} answered ${response.status}`);
          const profile = (await response.json()) as GitHubProfile;
          if (!profile.email) {
            // A private email: read it from the emails API, beside /user on the same host.
            const emailsUrl = new URL(`${userUrl.pathname.replace(/\/$/, "")}/emails`, userUrl);
            const emails = await fetch(emailsUrl, { headers });
            if (emails.ok) profile.email = pickGitHubEmail((await emails.json()) as GitHubEmail[]);
          }
          return profile;
        },
      },
      profile: githubProfile,
      style: () => import("./style/github.js"),
    },
    rest,
  );
}
