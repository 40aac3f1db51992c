/**
 * VK ID (id.vk.com): OAuth 2.1, the service that replaced the retired oauth.vk.com login. PKCE is mandatory
 * and the code exchange is a public client's (no client secret: the verifier proves the client). VK answers
 * the authorization request with a `device_id` beside the code, and its token endpoint wants that `device_id`
 * and the `state` back: `token.fromCallback` carries both on. The token answer's `id_token` is VK's own
 * (issuer `VKID`, a numeric subject), not an OpenID Connect one, and the profile does not come from it: it is
 * dropped before the token response check, which would otherwise validate it as OIDC. The profile is
 * `POST https://id.vk.com/oauth2/user_info` with the client id and the access token in a form body, nested
 * under `user`. VK gives an email (scope `email`) without saying it was verified.
 * https://id.vk.com/about/business/go/docs/ru/vkid/latest/vk-id/connection/api-integration/api-description
 */
import { withoutIdToken } from "../core/oauth/token-answer.js";
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, TokenEndpointConfig, User } from "../types.js";

/** The answer of `oauth2/user_info`: the fields the granted scopes allow. */
export interface VkProfile {
  user: {
    user_id: string;
    first_name?: string;
    last_name?: string;
    avatar?: string;
    email?: string;
    phone?: string;
    /** 0 unknown, 1 female, 2 male. */
    sex?: 0 | 1 | 2;
    verified?: boolean;
    birthday?: string;
    [field: string]: unknown;
  };
  [field: string]: unknown;
}

export function vkProfile(profile: VkProfile): User {
  const { user } = profile;
  const name = [user.first_name, user.last_name].filter(Boolean).join(" ");
  return {
    id: String(user.user_id),
    name: name || null,
    email: user.email || null,
    image: user.avatar || null,
  };
}

/** The standard code exchange and refresh, with VK's non-OIDC `id_token` left out of the answer. */
const tokenRequest: TokenEndpointConfig["request"] = async ({ url, parameters, headers, fetch }) =>
  withoutIdToken(await fetch(url, { method: "POST", headers, body: parameters }));

export default function Vk(options?: ProviderOptions<VkProfile>): OAuthConfig<VkProfile> {
  return catalogProvider<VkProfile>(
    {
      id: "vk",
      name: "VK",
      type: "oauth",
      authorization: { url: "https://id.vk.com/authorize", params: { scope: "vkid.personal_info email" } },
      token: { url: "https://id.vk.com/oauth2/auth", request: tokenRequest, fromCallback: ["device_id", "state"] },
      client: { token_endpoint_auth_method: "none" },
      // Both are VK ID's requirements (and always on here): its code exchange fails without either.
      checks: ["pkce", "state"],
      userinfo: {
        url: "https://id.vk.com/oauth2/user_info",
        async request({ tokens, url, provider, fetch }) {
          if (!url) throw new Error("VK's user_info URL is missing");
          const body = new URLSearchParams({
            client_id: provider.clientId ?? "",
            access_token: tokens.access_token ?? "",
          });
          const response = await fetch(url, { method: "POST", body });
          if (!response.ok) throw new Error(`VK's user_info answered ${response.status}`);
          return (await response.json()) as VkProfile;
        },
      },
      profile: vkProfile,
      style: () => import("./style/vk.js"),
    },
    options,
  );
}
