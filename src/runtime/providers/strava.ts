/**
 * Strava: OAuth 2.0; the profile is `GET https://www.strava.com/api/v3/athlete` (`read` scope). Strava
 * gives no email address. The token endpoint reads the client credentials from the form body.
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

export interface StravaProfile {
  id: number;
  username?: string | null;
  firstname?: string;
  lastname?: string;
  /** Avatar, 124×124. */
  profile?: string;
  profile_medium?: string;
  city?: string;
  country?: string;
  [field: string]: unknown;
}

export function stravaProfile(profile: StravaProfile): User {
  const name = [profile.firstname, profile.lastname].filter(Boolean).join(" ");
  return {
    id: String(profile.id),
    name: name || profile.username || null,
    email: null,
    image: profile.profile ?? null,
  };
}

export default function Strava(options?: ProviderOptions<StravaProfile>): OAuthConfig<StravaProfile> {
  return catalogProvider<StravaProfile>(
    {
      id: "strava",
      name: "Strava",
      type: "oauth",
      authorization: {
        url: "https://www.strava.com/oauth/authorize",
        params: { scope: "read", approval_prompt: "auto" },
      },
      token: "https://www.strava.com/oauth/token",
      userinfo: "https://www.strava.com/api/v3/athlete",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: stravaProfile,
      style: () => import("./style/strava.js"),
    },
    options,
  );
}
