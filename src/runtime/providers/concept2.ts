/**
 * Concept2 Logbook: OAuth 2.0 at log.concept2.com; the token endpoint reads the client credentials from the
 * form body. Scopes are comma-separated (`user:read` for the profile). The profile is
 * `GET https://log.concept2.com/api/users/me`, under `data`. Concept2 does not say whether the address is
 * verified. Docs: https://log.concept2.com/developers/documentation/
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

export interface Concept2Profile {
  data: {
    id: number;
    username: string;
    first_name?: string;
    last_name?: string;
    gender?: "M" | "F";
    dob?: string;
    email?: string;
    country?: string;
    profile_image?: string | null;
    age_restricted?: boolean;
    email_permission?: boolean | null;
    max_heart_rate?: number | null;
    weight?: number | null;
    logbook_privacy?: string | null;
    [field: string]: unknown;
  };
  [field: string]: unknown;
}

export function concept2Profile(profile: Concept2Profile): User {
  const { data } = profile;
  const name = [data.first_name, data.last_name].filter(Boolean).join(" ");
  return {
    id: String(data.id),
    name: name || data.username || null,
    email: data.email || null,
    image: data.profile_image || null,
  };
}

export default function Concept2(options?: ProviderOptions<Concept2Profile>): OAuthConfig<Concept2Profile> {
  return catalogProvider<Concept2Profile>(
    {
      id: "concept2",
      name: "Concept2",
      type: "oauth",
      authorization: { url: "https://log.concept2.com/oauth/authorize", params: { scope: "user:read" } },
      token: "https://log.concept2.com/oauth/access_token",
      userinfo: "https://log.concept2.com/api/users/me",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: concept2Profile,
      style: () => import("./style/concept2.js"),
    },
    options,
  );
}
