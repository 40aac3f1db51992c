/**
 * Pipedrive: OAuth 2.0 at oauth.pipedrive.com (HTTP Basic client authentication; the scopes are the app's,
 * chosen in Pipedrive's Developer Hub, not asked for in the request). The token response names the company's
 * own API host, `api_domain`, which Pipedrive asks API calls to use: the profile is
 * `GET <api_domain>/api/v1/users/me` (api.pipedrive.com when the response names none or one outside
 * pipedrive.com), answered under `data` beside `success`. Docs: https://pipedrive.readme.io/docs/marketplace-oauth-authorization
 * and https://developers.pipedrive.com/docs/api/v1/Users#getCurrentUser
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, TokenSet, User } from "../types.js";

export interface PipedriveProfile {
  success: boolean;
  data: {
    id: number;
    name: string;
    email: string;
    icon_url?: string | null;
    locale?: string;
    lang?: number;
    activated?: boolean;
    active_flag?: boolean;
    is_admin?: number;
    company_id?: number;
    company_name?: string;
    company_domain?: string;
    timezone_name?: string;
    [field: string]: unknown;
  };
  [field: string]: unknown;
}

export function pipedriveProfile(profile: PipedriveProfile): User {
  const { data } = profile;
  return { id: String(data.id), name: data.name || null, email: data.email || null, image: data.icon_url || null };
}

const defaultApi = "https://api.pipedrive.com";

/** The company's API host from the token response, if it is an https host of pipedrive.com: the token goes there. */
function companyApi(tokens: TokenSet): string | undefined {
  if (typeof tokens.api_domain !== "string") return undefined;
  try {
    const url = new URL(tokens.api_domain);
    return url.protocol === "https:" && url.hostname.endsWith(".pipedrive.com") ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

export default function Pipedrive(options?: ProviderOptions<PipedriveProfile>): OAuthConfig<PipedriveProfile> {
  return catalogProvider<PipedriveProfile>(
    {
      id: "pipedrive",
      name: "Pipedrive",
      type: "oauth",
      authorization: "https://oauth.pipedrive.com/oauth/authorize",
      token: "https://oauth.pipedrive.com/oauth/token",
      userinfo: {
        url: `${defaultApi}/api/v1/users/me`,
        async request({ tokens, url, fetch }) {
          const company = companyApi(tokens);
          const target = company
            ? new URL("/api/v1/users/me", company)
            : new URL(url ?? `${defaultApi}/api/v1/users/me`);
          const response = await fetch(target, {
            headers: { authorization: `Bearer ${tokens.access_token}`, accept: "application/json" },
          });
          const answer = (await response.json().catch(() => ({}))) as PipedriveProfile & { error?: string };
          if (!response.ok || !answer.success) {
            throw new Error(`Pipedrive's users/me answered ${response.status} ${answer.error ?? ""}`.trim());
          }
          return answer;
        },
      },
      profile: pipedriveProfile,
      style: () => import("./style/pipedrive.js"),
    },
    options,
  );
}
