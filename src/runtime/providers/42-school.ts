/**
 * 42 (the school's intranet): OAuth 2.0; the code exchange sends the client secret in the form body, and the
 * profile is `GET https://api.intra.42.fr/v2/me` (`public` scope). The email is the one 42 gives the student.
 * https://api.intra.42.fr/apidoc/guides/web_application_flow
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

/** The `/v2/me` user (the fields sign-in uses, and a few more). */
export interface FortyTwoProfile {
  id: number;
  email: string;
  login: string;
  first_name?: string;
  last_name?: string;
  usual_full_name?: string | null;
  usual_first_name?: string | null;
  displayname?: string;
  url?: string;
  kind?: string;
  image?: {
    link: string | null;
    versions?: { large?: string | null; medium?: string | null; small?: string | null; micro?: string | null };
  };
  "staff?"?: boolean;
  pool_month?: string;
  pool_year?: string;
  campus?: Array<{ id: number; name: string; [field: string]: unknown }>;
  [field: string]: unknown;
}

export function fortyTwoProfile(profile: FortyTwoProfile): User {
  return {
    id: String(profile.id),
    name: profile.usual_full_name || profile.displayname || profile.login,
    email: profile.email ?? null,
    image: profile.image?.link ?? null,
  };
}

export default function FortyTwo(options?: ProviderOptions<FortyTwoProfile>): OAuthConfig<FortyTwoProfile> {
  return catalogProvider<FortyTwoProfile>(
    {
      id: "42-school",
      name: "42 School",
      type: "oauth",
      authorization: { url: "https://api.intra.42.fr/oauth/authorize", params: { scope: "public" } },
      token: "https://api.intra.42.fr/oauth/token",
      userinfo: "https://api.intra.42.fr/v2/me",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: fortyTwoProfile,
      style: () => import("./style/42-school.js"),
    },
    options,
  );
}
