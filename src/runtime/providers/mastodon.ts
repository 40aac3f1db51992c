/**
 * Mastodon: OAuth 2.0 against one instance, named by `baseUrl` (default `https://mastodon.social`); an app is
 * registered per instance (its Development settings, or `POST /api/v1/apps`). The profile is
 * `GET /api/v1/accounts/verify_credentials` (`read:accounts` scope). Mastodon shares no email address here.
 * The account id is per instance, so one provider serves one instance: give each its own `id`.
 * https://docs.joinmastodon.org/spec/oauth/
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

/** The `CredentialAccount` entity (an `Account` with its `source`). */
export interface MastodonProfile {
  id: string;
  username: string;
  /** `username` on the local instance, `username@domain` for a remote account. */
  acct: string;
  display_name?: string;
  avatar?: string;
  avatar_static?: string;
  url?: string;
  note?: string;
  locked?: boolean;
  bot?: boolean;
  created_at?: string;
  [field: string]: unknown;
}

export function mastodonProfile(profile: MastodonProfile): User {
  return {
    id: profile.id,
    name: profile.display_name || profile.username,
    email: null,
    image: profile.avatar ?? null,
  };
}

export default function Mastodon(
  options?: ProviderOptions<MastodonProfile> & { baseUrl?: string },
): OAuthConfig<MastodonProfile> {
  const { baseUrl, ...rest } = options ?? {};
  // An empty value (the env stub's AUTH_MASTODON_URL left blank) means the default instance too.
  const base = baseUrl?.replace(/\/+$/, "") || "https://mastodon.social";
  return catalogProvider<MastodonProfile>(
    {
      id: "mastodon",
      name: "Mastodon",
      type: "oauth",
      authorization: { url: `${base}/oauth/authorize`, params: { scope: "read:accounts" } },
      token: `${base}/oauth/token`,
      userinfo: `${base}/api/v1/accounts/verify_credentials`,
      // Mastodon's documentation sends the client credentials in the form body.
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: mastodonProfile,
      style: () => import("./style/mastodon.js"),
    },
    rest,
  );
}
