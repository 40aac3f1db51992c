/**
 * Bitbucket Cloud: OAuth 2.0; the profile is `GET https://api.bitbucket.org/2.0/user` (`account` scope), which
 * has no email: the primary confirmed address is read from `/2.0/user/emails` (`email` scope).
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

export interface BitbucketProfile {
  uuid: string;
  account_id?: string;
  username?: string;
  nickname?: string;
  display_name: string;
  links: { avatar?: { href: string }; html?: { href: string }; [link: string]: unknown };
  /** Filled in from `/2.0/user/emails` by this provider. */
  email?: string | null;
  [field: string]: unknown;
}

export interface BitbucketEmail {
  email: string;
  is_primary: boolean;
  is_confirmed: boolean;
  type?: string;
}

/** The primary address when confirmed, else any confirmed one; never an unconfirmed address. */
export function pickBitbucketEmail(emails: BitbucketEmail[]): string | null {
  const confirmed = emails.filter((entry) => entry.is_confirmed);
  return (confirmed.find((entry) => entry.is_primary) ?? confirmed[0])?.email ?? null;
}

export function bitbucketProfile(profile: BitbucketProfile): User {
  return {
    id: profile.uuid,
    name: profile.display_name,
    email: profile.email ?? null,
    image: profile.links.avatar?.href ?? null,
  };
}

const userUrl = "https://api.bitbucket.org/2.0/user";

export default function Bitbucket(options?: ProviderOptions<BitbucketProfile>): OAuthConfig<BitbucketProfile> {
  return catalogProvider<BitbucketProfile>(
    {
      id: "bitbucket",
      name: "Bitbucket",
      type: "oauth",
      authorization: { url: "https://bitbucket.org/site/oauth2/authorize", params: { scope: "account email" } },
      token: "https://bitbucket.org/site/oauth2/access_token",
      userinfo: {
        url: userUrl,
        async request({ tokens, url, fetch }) {
          const target = url ?? new URL(userUrl);
          const headers = { authorization: `Bearer ${tokens.access_token}`, accept: "application/json" };
          const response = await fetch(target, { headers });
          if (!response.ok) throw new Error(`Bitbucket ${target.pathname} answered ${response.status}`);
          const profile = (await response.json()) as BitbucketProfile;
          const emails = await fetch(new URL(`${target.pathname.replace(/\/$/, "")}/emails`, target), { headers });
          if (emails.ok)
            profile.email = pickBitbucketEmail(((await emails.json()) as { values: BitbucketEmail[] }).values);
          return profile;
        },
      },
      profile: bitbucketProfile,
      style: () => import("./style/bitbucket.js"),
    },
    options,
  );
}
