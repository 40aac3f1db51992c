/**
 * TikTok (Login Kit for Web, API v2): OAuth 2.0. TikTok names the client id `client_key`, in the
 * authorization request and in the token request (code exchange and refresh) alike, and takes the client
 * secret in the form body; its token endpoint may answer an error under HTTP 200, which is passed on as the
 * error it is. The profile is `GET /v2/user/info/` with the fields asked for, nested under `data.user`.
 * TikTok gives no email address. Docs: https://developers.tiktok.com/doc/login-kit-web and
 * https://developers.tiktok.com/doc/tiktok-api-v2-get-user-info
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, TokenEndpointConfig, User } from "../types.js";

/** The `user.info.basic` fields of `GET /v2/user/info/`. */
export interface TikTokProfile {
  data: {
    user: {
      /** The user's id for this app. */
      open_id: string;
      /** The user's id across the developer's apps. */
      union_id?: string;
      display_name?: string;
      avatar_url?: string;
      avatar_url_100?: string;
      avatar_large_url?: string;
      /** With the `user.info.profile` scope. */
      username?: string;
      [field: string]: unknown;
    };
  };
  error?: { code: string; message: string; log_id?: string };
  [field: string]: unknown;
}

export function tiktokProfile(profile: TikTokProfile): User {
  const { user } = profile.data;
  return {
    id: user.open_id,
    name: user.display_name || user.username || null,
    email: null,
    image: user.avatar_url ?? null,
  };
}

/** The standard token request with `client_id` renamed `client_key`; an error answered as 200 made a 400. */
const tokenRequest: TokenEndpointConfig["request"] = async ({ url, parameters, headers, fetch }) => {
  const body = new URLSearchParams(parameters);
  body.set("client_key", body.get("client_id") ?? "");
  body.delete("client_id");
  const response = await fetch(url, { method: "POST", headers, body });
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  const failed = !response.ok || typeof answer.access_token !== "string";
  return Response.json(failed ? { error: "invalid_request", ...answer } : answer, {
    status: failed ? Math.max(response.status, 400) : 200,
  });
};

export default function TikTok(options?: ProviderOptions<TikTokProfile>): OAuthConfig<TikTokProfile> {
  return catalogProvider<TikTokProfile>(
    {
      id: "tiktok",
      name: "TikTok",
      type: "oauth",
      authorization: {
        url: "https://www.tiktok.com/v2/auth/authorize/",
        params: { scope: "user.info.basic" },
        clientIdParameter: "client_key",
      },
      token: { url: "https://open.tiktokapis.com/v2/oauth/token/", request: tokenRequest },
      userinfo: "https://open.tiktokapis.com/v2/user/info/?fields=open_id,union_id,avatar_url,display_name",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: tiktokProfile,
      style: () => import("./style/tiktok.js"),
    },
    options,
  );
}
