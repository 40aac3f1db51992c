/**
 * Patreon: OAuth 2.0; the profile is API v2's `GET /api/oauth2/v2/identity`, whose user attributes are
 * returned only when asked for with `fields[user]` (`identity identity[email]` scopes).
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

/** Patreon's JSON:API identity document. */
export interface PatreonProfile {
  data: {
    id: string;
    type: "user";
    attributes: {
      email?: string;
      full_name?: string;
      image_url?: string;
      is_email_verified?: boolean;
      [field: string]: unknown;
    };
  };
  links?: { self: string };
  [field: string]: unknown;
}

export function patreonProfile(profile: PatreonProfile): User {
  const { attributes } = profile.data;
  return {
    id: profile.data.id,
    name: attributes.full_name ?? null,
    email: attributes.email ?? null,
    image: attributes.image_url ?? null,
  };
}

export default function Patreon(options?: ProviderOptions<PatreonProfile>): OAuthConfig<PatreonProfile> {
  return catalogProvider<PatreonProfile>(
    {
      id: "patreon",
      name: "Patreon",
      type: "oauth",
      authorization: { url: "https://www.patreon.com/oauth2/authorize", params: { scope: "identity identity[email]" } },
      token: "https://www.patreon.com/api/oauth2/token",
      userinfo: "https://www.patreon.com/api/oauth2/v2/identity?fields%5Buser%5D=email,full_name,image_url",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: patreonProfile,
      style: () => import("./style/patreon.js"),
    },
    options,
  );
}
