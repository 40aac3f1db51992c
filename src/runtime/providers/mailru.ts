/**
 * Mail.ru (OAuth Mail, documented with VK ID since Mail.ru became part of it): OAuth 2.0 on oauth.mail.ru,
 * PKCE supported. The profile is `GET https://oauth.mail.ru/userinfo` with the access token in the query
 * (`userinfo` scope), and a refused token is reported in the body as `error`. Mail.ru accounts are mailboxes:
 * the address is the account's own. Docs: https://id.vk.com/about/business/go/docs/ru/vkid/latest/oauth/oauth-mail/index
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

export interface MailRuProfile {
  id: string;
  client_id?: string;
  email: string;
  name?: string;
  first_name?: string;
  last_name?: string;
  nickname?: string;
  gender?: "m" | "f";
  /** `DD.MM.YYYY`. */
  birthday?: string;
  locale?: string;
  image?: string;
  [field: string]: unknown;
}

export function mailruProfile(profile: MailRuProfile): User {
  const fullName = [profile.first_name, profile.last_name].filter(Boolean).join(" ");
  return {
    id: profile.id,
    name: profile.name || fullName || profile.nickname || null,
    email: profile.email || null,
    image: profile.image || null,
  };
}

const userinfoUrl = "https://oauth.mail.ru/userinfo";

export default function MailRu(options?: ProviderOptions<MailRuProfile>): OAuthConfig<MailRuProfile> {
  return catalogProvider<MailRuProfile>(
    {
      id: "mailru",
      name: "Mail.ru",
      type: "oauth",
      authorization: { url: "https://oauth.mail.ru/login", params: { scope: "userinfo" } },
      token: "https://oauth.mail.ru/token",
      userinfo: {
        url: userinfoUrl,
        async request({ tokens, url, fetch }) {
          const target = new URL(url ?? userinfoUrl);
          target.searchParams.set("access_token", tokens.access_token ?? "");
          const response = await fetch(target, { headers: { accept: "application/json" } });
          const answer = (await response.json().catch(() => ({}))) as MailRuProfile & { error?: unknown };
          if (!response.ok || answer.error) {
            throw new Error(`Mail.ru's userinfo answered ${response.status} ${String(answer.error ?? "")}`.trim());
          }
          return answer;
        },
      },
      profile: mailruProfile,
      style: () => import("./style/mailru.js"),
    },
    options,
  );
}
