/**
 * Naver Login: OAuth 2.0; the token endpoint reads the client id and secret from the request parameters.
 * The profile is `GET https://openapi.naver.com/v1/nid/me`, nested under `response` beside a result code.
 * No scope: Naver asks for the profile items configured in the app.
 * Docs: https://developers.naver.com/docs/login/devguide/devguide.md and
 * https://developers.naver.com/docs/login/profile/profile.md
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

export interface NaverProfile {
  /** `"00"` on success. */
  resultcode: string;
  message: string;
  response: {
    /** The user's id for this app. */
    id: string;
    nickname?: string;
    name?: string;
    email?: string;
    gender?: "F" | "M" | "U";
    age?: string;
    birthday?: string;
    birthyear?: string;
    profile_image?: string;
    mobile?: string;
    [field: string]: unknown;
  };
  [field: string]: unknown;
}

export function naverProfile(profile: NaverProfile): User {
  if (profile.resultcode !== "00")
    throw new Error(`Naver's profile API answered ${profile.resultcode} ${profile.message}`);
  const { response } = profile;
  return {
    id: response.id,
    name: response.nickname ?? response.name ?? null,
    email: response.email ?? null,
    image: response.profile_image ?? null,
  };
}

export default function Naver(options?: ProviderOptions<NaverProfile>): OAuthConfig<NaverProfile> {
  return catalogProvider<NaverProfile>(
    {
      id: "naver",
      name: "Naver",
      type: "oauth",
      authorization: "https://nid.naver.com/oauth2.0/authorize",
      token: "https://nid.naver.com/oauth2.0/token",
      userinfo: "https://openapi.naver.com/v1/nid/me",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: naverProfile,
      style: () => import("./style/naver.js"),
    },
    options,
  );
}
