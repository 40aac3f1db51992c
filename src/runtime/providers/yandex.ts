/**
 * Yandex ID: OAuth 2.0; the profile is `GET https://login.yandex.ru/info?format=json` (`login:info
 * login:email login:avatar` scopes). The avatar is a CDN URL built from `default_avatar_id`.
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

export interface YandexProfile {
  id: string;
  login: string;
  client_id?: string;
  display_name?: string;
  real_name?: string;
  first_name?: string;
  last_name?: string;
  default_email?: string;
  emails?: string[];
  default_avatar_id?: string;
  is_avatar_empty?: boolean;
  psuid?: string;
  [field: string]: unknown;
}

export function yandexProfile(profile: YandexProfile): User {
  const hasAvatar = profile.default_avatar_id && !profile.is_avatar_empty;
  return {
    id: profile.id,
    name: profile.display_name ?? profile.real_name ?? profile.login,
    email: profile.default_email ?? profile.emails?.[0] ?? null,
    image: hasAvatar ? `https://avatars.yandex.net/get-yapic/${profile.default_avatar_id}/islands-200` : null,
  };
}

export default function Yandex(options?: ProviderOptions<YandexProfile>): OAuthConfig<YandexProfile> {
  return catalogProvider<YandexProfile>(
    {
      id: "yandex",
      name: "Yandex",
      type: "oauth",
      authorization: {
        url: "https://oauth.yandex.ru/authorize",
        params: { scope: "login:info login:email login:avatar" },
      },
      token: "https://oauth.yandex.ru/token",
      userinfo: "https://login.yandex.ru/info?format=json",
      profile: yandexProfile,
      style: () => import("./style/yandex.js"),
    },
    options,
  );
}
