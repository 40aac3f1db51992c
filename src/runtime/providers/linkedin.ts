/**
 * LinkedIn, "Sign In with LinkedIn using OpenID Connect": issuer https://www.linkedin.com/oauth. LinkedIn's
 * token endpoint takes the client credentials in the form body. No nonce is sent: LinkedIn does not
 * document echoing one, and an ID token without the nonce we sent would fail the check; state still binds
 * the response to the browser.
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

export interface LinkedInProfile {
  sub: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  picture?: string;
  email?: string;
  email_verified?: boolean;
  locale?: string | { country: string; language: string };
  [claim: string]: unknown;
}

export function linkedinProfile(profile: LinkedInProfile): User {
  return { id: profile.sub, name: profile.name ?? null, email: profile.email ?? null, image: profile.picture ?? null };
}

export default function LinkedIn(options?: ProviderOptions<LinkedInProfile>): OAuthConfig<LinkedInProfile> {
  return catalogProvider<LinkedInProfile>(
    {
      id: "linkedin",
      name: "LinkedIn",
      type: "oidc",
      issuer: "https://www.linkedin.com/oauth",
      client: { token_endpoint_auth_method: "client_secret_post" },
      checks: ["pkce", "state"],
      profile: linkedinProfile,
      style: () => import("./style/linkedin.js"),
    },
    options,
  );
}
