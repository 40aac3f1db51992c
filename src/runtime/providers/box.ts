/**
 * Box: OAuth 2.0; the profile is `GET https://api.box.com/2.0/users/me`, whose `login` is the email address.
 * The token endpoint reads the client credentials from the form body.
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

export interface BoxProfile {
  type: "user";
  id: string;
  name: string;
  login: string;
  avatar_url?: string;
  status?: string;
  language?: string;
  [field: string]: unknown;
}

export function boxProfile(profile: BoxProfile): User {
  return { id: profile.id, name: profile.name, email: profile.login, image: profile.avatar_url ?? null };
}

export default function Box(options?: ProviderOptions<BoxProfile>): OAuthConfig<BoxProfile> {
  return catalogProvider<BoxProfile>(
    {
      id: "box",
      name: "Box",
      type: "oauth",
      authorization: "https://account.box.com/api/oauth2/authorize",
      token: "https://api.box.com/oauth2/token",
      userinfo: "https://api.box.com/2.0/users/me",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: boxProfile,
      style: () => import("./style/box.js"),
    },
    options,
  );
}
