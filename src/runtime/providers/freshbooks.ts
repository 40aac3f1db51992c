/**
 * FreshBooks: OAuth 2.0; the authorization page is on auth.freshbooks.com, the token endpoint on
 * api.freshbooks.com, taking a JSON body with the client credentials in it. Access tokens last 12 hours and
 * come with a refresh token. The scopes must also be enabled on the app (`user:profile:read` for the
 * profile). The profile is `GET https://api.freshbooks.com/auth/api/v1/users/me`, under `response`; an
 * identity whose address is not confirmed yet (`confirmed_at` null) gives no address.
 * Docs: https://www.freshbooks.com/api/authentication and https://www.freshbooks.com/api/me_endpoint
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

export interface FreshBooksProfile {
  response: {
    id: number;
    identity_id?: number;
    identity_uuid?: string;
    first_name?: string;
    last_name?: string;
    email: string;
    confirmed_at?: string | null;
    created_at?: string;
    language?: string;
    business_memberships?: unknown[];
    [field: string]: unknown;
  };
  [field: string]: unknown;
}

export function freshbooksProfile(profile: FreshBooksProfile): User {
  const { response } = profile;
  const name = [response.first_name, response.last_name].filter(Boolean).join(" ");
  return {
    id: String(response.id),
    name: name || null,
    email: response.confirmed_at === null ? null : response.email || null,
    image: null,
  };
}

export default function FreshBooks(options?: ProviderOptions<FreshBooksProfile>): OAuthConfig<FreshBooksProfile> {
  return catalogProvider<FreshBooksProfile>(
    {
      id: "freshbooks",
      name: "FreshBooks",
      type: "oauth",
      authorization: { url: "https://auth.freshbooks.com/oauth/authorize", params: { scope: "user:profile:read" } },
      token: { url: "https://api.freshbooks.com/auth/oauth/token", encoding: "json" },
      userinfo: "https://api.freshbooks.com/auth/api/v1/users/me",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: freshbooksProfile,
      style: () => import("./style/freshbooks.js"),
    },
    options,
  );
}
