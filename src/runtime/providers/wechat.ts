/**
 * WeChat Login: OAuth 2.0 in WeChat's own dialect. The client id is the `appid` (authorization request) and
 * the token request is a GET with `appid`, `secret` and `code` in the query (no redirect_uri, no PKCE); its
 * answer has no `token_type`, names the user (`openid`) beside the token, and reports errors as
 * `{ errcode, errmsg }` under HTTP 200: `token.request` turns all that into a standard token response. The
 * profile is `GET /sns/userinfo` with the token and the openid in the query. No email address.
 * `mode`: "website" (default, a QR code on open.weixin.qq.com, `snsapi_login`) or "official-account" (inside
 * WeChat's browser, `snsapi_userinfo`). The id is the `openid` (per app); the `unionid` (per developer
 * account) stays on the profile. Docs: https://developers.weixin.qq.com/doc/oplatform/en/Website_App/WeChat_Login/Wechat_Login.html
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, TokenEndpointConfig, User } from "../types.js";

export interface WeChatProfile {
  openid: string;
  nickname: string;
  /** 1 male, 2 female, 0 unknown. */
  sex?: number;
  province?: string;
  city?: string;
  country?: string;
  headimgurl?: string;
  privilege?: string[];
  unionid?: string;
  [field: string]: unknown;
}

export function wechatProfile(profile: WeChatProfile): User {
  return { id: profile.openid, name: profile.nickname || null, email: null, image: profile.headimgurl || null };
}

/** WeChat's token endpoints: the code exchange and the refresh are GETs on two paths. */
const tokenUrl = "https://api.weixin.qq.com/sns/oauth2/access_token";
const refreshUrl = "https://api.weixin.qq.com/sns/oauth2/refresh_token";

const tokenRequest: TokenEndpointConfig["request"] = async ({ url, parameters, fetch }) => {
  const refreshing = parameters.get("grant_type") === "refresh_token";
  const target = new URL(refreshing ? url.href.replace(tokenUrl, refreshUrl) : url);
  target.searchParams.set("appid", parameters.get("client_id") ?? "");
  target.searchParams.set("grant_type", parameters.get("grant_type") ?? "");
  if (refreshing) {
    target.searchParams.set("refresh_token", parameters.get("refresh_token") ?? "");
  } else {
    target.searchParams.set("secret", parameters.get("client_secret") ?? "");
    target.searchParams.set("code", parameters.get("code") ?? "");
  }
  const response = await fetch(target, { headers: { accept: "application/json" } });
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok || answer.errcode || typeof answer.access_token !== "string") {
    const error = {
      error: "invalid_grant",
      error_description: `${answer.errcode ?? response.status} ${answer.errmsg ?? ""}`.trim(),
    };
    return Response.json(error, { status: 400 });
  }
  return Response.json({ token_type: "bearer", ...answer });
};

const userinfoUrl = "https://api.weixin.qq.com/sns/userinfo";

export default function WeChat(
  options?: ProviderOptions<WeChatProfile> & { mode?: "website" | "official-account" },
): OAuthConfig<WeChatProfile> {
  const { mode = "website", ...rest } = options ?? {};
  const website = mode === "website";
  return catalogProvider<WeChatProfile>(
    {
      id: "wechat",
      name: "WeChat",
      type: "oauth",
      authorization: {
        url: website
          ? "https://open.weixin.qq.com/connect/qrconnect#wechat_redirect"
          : "https://open.weixin.qq.com/connect/oauth2/authorize#wechat_redirect",
        params: { scope: website ? "snsapi_login" : "snsapi_userinfo" },
        clientIdParameter: "appid",
      },
      token: { url: tokenUrl, request: tokenRequest },
      // The client credentials go in the query, which the token request above builds from the body's.
      client: { token_endpoint_auth_method: "client_secret_post" },
      userinfo: {
        url: userinfoUrl,
        async request({ tokens, url, fetch }) {
          const target = new URL(url ?? userinfoUrl);
          target.searchParams.set("access_token", tokens.access_token ?? "");
          target.searchParams.set("openid", String(tokens.openid ?? ""));
          const response = await fetch(target, { headers: { accept: "application/json" } });
          const answer = (await response.json()) as WeChatProfile & { errcode?: number; errmsg?: string };
          if (!response.ok || answer.errcode)
            throw new Error(`WeChat /sns/userinfo answered ${answer.errcode} ${answer.errmsg}`);
          return answer;
        },
      },
      profile: wechatProfile,
      style: () => import("./style/wechat.js"),
    },
    rest,
  );
}
