/**
 * ClickUp: OAuth 2.0 with its own shapes. The authorization page is `https://app.clickup.com/api`; the code
 * exchange is a POST of `client_id`, `client_secret` and `code` as JSON to
 * `https://api.clickup.com/api/v2/oauth/token`, which answers a bare `{ access_token }` (no `token_type`, no
 * expiry, no refresh token), so `token.request` sends it and restates the answer. ClickUp has no scopes: the
 * user picks the Workspaces the app may reach. The profile is `GET /api/v2/user`, under `user`.
 * Docs: https://developer.clickup.com/docs/authentication and https://developer.clickup.com/reference/getaccesstoken
 */
import { noRefresh, standardTokenAnswer } from "../core/oauth/token-answer.js";
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, TokenEndpointConfig, User } from "../types.js";

export interface ClickUpProfile {
  user: {
    id: number;
    username: string | null;
    email: string;
    color?: string | null;
    profilePicture?: string | null;
    initials?: string;
    week_start_day?: number | null;
    global_font_support?: boolean;
    timezone?: string;
    [field: string]: unknown;
  };
  [field: string]: unknown;
}

export function clickupProfile(profile: ClickUpProfile): User {
  const { user } = profile;
  return {
    id: String(user.id),
    name: user.username || null,
    email: user.email || null,
    image: user.profilePicture || null,
  };
}

/** The code exchange as ClickUp documents it: the three fields as JSON, nothing else. */
const tokenRequest: TokenEndpointConfig["request"] = async ({ url, parameters, fetch }) => {
  if (parameters.get("grant_type") === "refresh_token") return noRefresh("ClickUp");
  const body = JSON.stringify({
    client_id: parameters.get("client_id"),
    client_secret: parameters.get("client_secret"),
    code: parameters.get("code"),
  });
  const headers = { "content-type": "application/json", accept: "application/json" };
  return standardTokenAnswer(await fetch(url, { method: "POST", headers, body }), "ClickUp");
};

export default function ClickUp(options?: ProviderOptions<ClickUpProfile>): OAuthConfig<ClickUpProfile> {
  return catalogProvider<ClickUpProfile>(
    {
      id: "click-up",
      name: "ClickUp",
      type: "oauth",
      authorization: "https://app.clickup.com/api",
      token: { url: "https://api.clickup.com/api/v2/oauth/token", request: tokenRequest },
      client: { token_endpoint_auth_method: "client_secret_post" },
      userinfo: "https://api.clickup.com/api/v2/user",
      profile: clickupProfile,
      style: () => import("./style/click-up.js"),
    },
    options,
  );
}
