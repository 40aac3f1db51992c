/**
 * FACEIT (FACEIT Connect): OAuth 2.0 with PKCE; the profile is `GET https://api.faceit.com/auth/v1/resources/userinfo`.
 * The authorization page is the accounts site's root, with `redirect_popup=true` so it redirects back instead
 * of posting to a popup's opener; the scopes are the ones chosen for the client in FACEIT's App Studio, so none
 * are asked for here. The token endpoint takes the client credentials in HTTP Basic authentication only.
 * Docs: https://docs.faceit.com/getting-started/authentication/oauth2
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

export interface FaceitProfile {
  /** The player id. */
  guid: string;
  nickname?: string;
  email?: string;
  picture?: string;
  given_name?: string;
  family_name?: string;
  locale?: string;
  membership?: string;
  [field: string]: unknown;
}

export function faceitProfile(profile: FaceitProfile): User {
  return {
    id: profile.guid,
    name: profile.nickname ?? null,
    email: profile.email ?? null,
    image: profile.picture || null,
  };
}

export default function Faceit(options?: ProviderOptions<FaceitProfile>): OAuthConfig<FaceitProfile> {
  return catalogProvider<FaceitProfile>(
    {
      id: "faceit",
      name: "FACEIT",
      type: "oauth",
      authorization: { url: "https://accounts.faceit.com/", params: { redirect_popup: "true" } },
      token: "https://api.faceit.com/auth/v1/oauth/token",
      userinfo: "https://api.faceit.com/auth/v1/resources/userinfo",
      client: { token_endpoint_auth_method: "client_secret_basic" },
      profile: faceitProfile,
      style: () => import("./style/faceit.js"),
    },
    options,
  );
}
