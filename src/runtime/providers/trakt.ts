/**
 * Trakt: OAuth 2.0. The code exchange is a JSON body carrying the client secret, and every API request names
 * the app and the API version in headers (`trakt-api-key`: the client id, `trakt-api-version: 2`) beside the
 * access token: so is the profile, `GET https://api.trakt.tv/users/me?extended=full`. Trakt shares no email
 * address. Its user id is `ids.slug`, which follows the username.
 * https://trakt.docs.apiary.io/#reference/authentication-oauth
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

/** The user object of `/users/me?extended=full`. */
export interface TraktProfile {
  username: string;
  private?: boolean;
  name?: string | null;
  vip?: boolean;
  vip_ep?: boolean;
  ids: { slug: string; [id: string]: unknown };
  joined_at?: string;
  location?: string | null;
  about?: string | null;
  gender?: string | null;
  age?: number | null;
  images?: { avatar?: { full?: string } };
  [field: string]: unknown;
}

export function traktProfile(profile: TraktProfile): User {
  return {
    id: profile.ids.slug,
    name: profile.name || profile.username,
    email: null,
    image: profile.images?.avatar?.full ?? null,
  };
}

export default function Trakt(options?: ProviderOptions<TraktProfile>): OAuthConfig<TraktProfile> {
  return catalogProvider<TraktProfile>(
    {
      id: "trakt",
      name: "Trakt",
      type: "oauth",
      // Trakt asks for no scope: an app gets what it was registered with.
      authorization: { url: "https://trakt.tv/oauth/authorize" },
      token: { url: "https://api.trakt.tv/oauth/token", encoding: "json" },
      client: { token_endpoint_auth_method: "client_secret_post" },
      userinfo: {
        url: "https://api.trakt.tv/users/me?extended=full",
        async request({ tokens, url, provider, fetch }) {
          if (!url) throw new Error("Trakt's profile URL is missing");
          const response = await fetch(url, {
            headers: {
              authorization: `Bearer ${tokens.access_token ?? ""}`,
              "content-type": "application/json",
              "trakt-api-key": provider.clientId ?? "",
              "trakt-api-version": "2",
            },
          });
          if (!response.ok) throw new Error(`Trakt's profile API answered ${response.status}`);
          return (await response.json()) as TraktProfile;
        },
      },
      profile: traktProfile,
      style: () => import("./style/trakt.js"),
    },
    options,
  );
}
