/**
 * Cloudflare: OAuth 2.0 at dash.cloudflare.com (`/oauth2/auth`, `/oauth2/token`), with HTTP Basic client
 * authentication, the method Cloudflare's client form offers first (a client registered for
 * `client_secret_post` sets `client.token_endpoint_auth_method`). Cloudflare's OpenID userinfo answers `sub`
 * alone, so the profile is the API's `GET https://api.cloudflare.com/client/v4/user`, which the access token may
 * call with the `user-details.read` scope ("User Details Read", to be ticked among the client's scopes). The API
 * answers in its envelope, `{ success, errors, messages, result }`, the user under `result`; a failure can come
 * back as `success: false`. Cloudflare does not say whether the address is verified.
 * Docs: https://developers.cloudflare.com/fundamentals/oauth/ and
 * https://developers.cloudflare.com/api/resources/user/methods/get/
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

/** One entry of the envelope's `errors` or `messages`. */
interface CloudflareMessage {
  code: number;
  message: string;
  documentation_url?: string;
}

/** The answer of `GET /client/v4/user`: the user under `result`. */
export interface CloudflareProfile {
  success: boolean;
  errors: CloudflareMessage[];
  messages: CloudflareMessage[];
  result: {
    /** The user's id (32 hex characters). */
    id: string;
    email: string;
    first_name?: string | null;
    last_name?: string | null;
    country?: string | null;
    telephone?: string | null;
    zipcode?: string | null;
    two_factor_authentication_enabled?: boolean;
    suspended?: boolean;
    [field: string]: unknown;
  };
  [field: string]: unknown;
}

export function cloudflareProfile(profile: CloudflareProfile): User {
  const user = profile.result;
  const name = [user.first_name, user.last_name].filter(Boolean).join(" ");
  return { id: user.id, name: name || null, email: user.email || null, image: null };
}

const userUrl = "https://api.cloudflare.com/client/v4/user";

export default function Cloudflare(options?: ProviderOptions<CloudflareProfile>): OAuthConfig<CloudflareProfile> {
  return catalogProvider<CloudflareProfile>(
    {
      id: "cloudflare",
      name: "Cloudflare",
      type: "oauth",
      authorization: { url: "https://dash.cloudflare.com/oauth2/auth", params: { scope: "user-details.read" } },
      token: "https://dash.cloudflare.com/oauth2/token",
      userinfo: {
        url: userUrl,
        async request({ tokens, url, fetch }) {
          const target = url ?? new URL(userUrl);
          const response = await fetch(target, {
            headers: { authorization: `Bearer ${tokens.access_token}`, accept: "application/json" },
          });
          const answer = (await response.json().catch(() => ({}))) as Partial<CloudflareProfile>;
          if (!response.ok || answer.success !== true || !answer.result) {
            const said = (answer.errors ?? []).map((error) => `${error.code} ${error.message}`).join("; ");
            throw new Error(`Cloudflare's ${target.pathname} answered ${response.status}${said ? `: ${said}` : ""}`);
          }
          return answer as CloudflareProfile;
        },
      },
      profile: cloudflareProfile,
      style: () => import("./style/cloudflare.js"),
    },
    options,
  );
}
