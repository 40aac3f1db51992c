/**
 * Kakao Login (REST API): OAuth 2.0; the client id is the app's REST API key, and the token endpoint reads
 * the client secret (when the app turned it on) from the form body. The profile is
 * `GET https://kapi.kakao.com/v2/user/me`, with the account fields nested under `kakao_account`. No scope by
 * default: Kakao asks for the consent items configured in the app, and refuses a scope the app did not set
 * up. Docs: https://developers.kakao.com/docs/latest/en/kakaologin/rest-api
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

export interface KakaoProfile {
  /** The service user id. */
  id: number;
  connected_at?: string;
  properties?: { nickname?: string; profile_image?: string; thumbnail_image?: string; [field: string]: unknown };
  kakao_account?: {
    profile_needs_agreement?: boolean;
    profile?: {
      nickname?: string;
      thumbnail_image_url?: string;
      profile_image_url?: string;
      /** True while the user still has Kakao's default picture. */
      is_default_image?: boolean;
    };
    email_needs_agreement?: boolean;
    /** False once the address was taken by another account. */
    is_email_valid?: boolean;
    is_email_verified?: boolean;
    email?: string;
    name?: string;
    [field: string]: unknown;
  };
  [field: string]: unknown;
}

export function kakaoProfile(profile: KakaoProfile): User {
  const account = profile.kakao_account;
  const picture = account?.profile?.is_default_image ? undefined : account?.profile?.profile_image_url;
  return {
    id: String(profile.id),
    name: account?.profile?.nickname ?? profile.properties?.nickname ?? null,
    // Kakao says whether the address is still valid and verified; anything less is no address.
    email: account?.email && account.is_email_valid && account.is_email_verified ? account.email : null,
    image: picture ?? null,
  };
}

export default function Kakao(options?: ProviderOptions<KakaoProfile>): OAuthConfig<KakaoProfile> {
  return catalogProvider<KakaoProfile>(
    {
      id: "kakao",
      name: "Kakao",
      type: "oauth",
      authorization: "https://kauth.kakao.com/oauth/authorize",
      token: "https://kauth.kakao.com/oauth/token",
      userinfo: "https://kapi.kakao.com/v2/user/me",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: kakaoProfile,
      style: () => import("./style/kakao.js"),
    },
    options,
  );
}
