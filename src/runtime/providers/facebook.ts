/**
 * Facebook Login: OAuth 2.0 on the Graph API; the profile is `GET /me` with the fields asked for explicitly
 * (the Graph API returns only `id` and `name` otherwise).
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

export interface FacebookProfile {
  id: string;
  name?: string;
  email?: string;
  picture?: { data: { url: string; height?: number; width?: number; is_silhouette?: boolean } };
  [field: string]: unknown;
}

export function facebookProfile(profile: FacebookProfile): User {
  return {
    id: profile.id,
    name: profile.name ?? null,
    email: profile.email ?? null,
    image: profile.picture?.data.url ?? null,
  };
}

export default function Facebook(options?: ProviderOptions<FacebookProfile>): OAuthConfig<FacebookProfile> {
  return catalogProvider<FacebookProfile>(
    {
      id: "facebook",
      name: "Facebook",
      type: "oauth",
      authorization: { url: "https://www.facebook.com/v19.0/dialog/oauth", params: { scope: "email" } },
      token: "https://graph.facebook.com/v19.0/oauth/access_token",
      userinfo: "https://graph.facebook.com/v19.0/me?fields=id,name,email,picture",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: facebookProfile,
      style: () => import("./style/facebook.js"),
    },
    options,
  );
}
