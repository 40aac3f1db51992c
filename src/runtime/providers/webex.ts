/**
 * Webex (Cisco): OAuth 2.0 at webexapis.com; the token endpoint reads the client credentials from the form
 * body, and answers a refresh token beside an access token of 14 days. The profile is the People API's
 * `GET /v1/people/me` (`spark:people_read` scope); its `emails` list's first entry is the sign-in address,
 * which Webex does not say is verified. `apiBaseUrl` points every endpoint at another Webex API host (e.g.
 * `https://api-usgov.webex.com/v1` for Webex for Government). Docs: https://developer.webex.com/docs/integrations
 * and https://developer.webex.com/docs/api/v1/people/get-my-own-details
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

export interface WebexProfile {
  id: string;
  emails: string[];
  displayName?: string;
  nickName?: string;
  firstName?: string;
  lastName?: string;
  avatar?: string;
  orgId?: string;
  type?: "person" | "bot" | "appuser";
  status?: string;
  created?: string;
  [field: string]: unknown;
}

export function webexProfile(profile: WebexProfile): User {
  const fullName = [profile.firstName, profile.lastName].filter(Boolean).join(" ");
  return {
    id: profile.id,
    name: profile.displayName || fullName || profile.nickName || null,
    email: profile.emails?.[0] || null,
    image: profile.avatar || null,
  };
}

export default function Webex(
  options?: ProviderOptions<WebexProfile> & { apiBaseUrl?: string },
): OAuthConfig<WebexProfile> {
  const { apiBaseUrl, ...rest } = options ?? {};
  const api = apiBaseUrl?.replace(/\/$/, "") || "https://webexapis.com/v1";
  return catalogProvider<WebexProfile>(
    {
      id: "webex",
      name: "Webex",
      type: "oauth",
      authorization: { url: `${api}/authorize`, params: { scope: "spark:people_read" } },
      token: `${api}/access_token`,
      userinfo: `${api}/people/me`,
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: webexProfile,
      style: () => import("./style/webex.js"),
    },
    rest,
  );
}
