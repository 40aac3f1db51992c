/**
 * Sign in with Vercel: OpenID Connect, issuer https://vercel.com (its token and userinfo endpoints are on
 * api.vercel.com, from discovery). PKCE is required, which every flow here sends. Scopes the app was not
 * set up with in Vercel's dashboard are dropped by Vercel rather than refused.
 * Docs: https://vercel.com/docs/sign-in-with-vercel/authorization-server-api
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

/** The ID token claims for the `openid profile email` scopes. */
export interface VercelProfile {
  sub: string;
  name?: string;
  /** The Vercel username. */
  preferred_username?: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
  [claim: string]: unknown;
}

export function vercelProfile(profile: VercelProfile): User {
  return {
    id: profile.sub,
    name: profile.name ?? profile.preferred_username ?? null,
    email: profile.email ?? null,
    image: profile.picture ?? null,
  };
}

export default function Vercel(options?: ProviderOptions<VercelProfile>): OAuthConfig<VercelProfile> {
  return catalogProvider<VercelProfile>(
    {
      id: "vercel",
      name: "Vercel",
      type: "oidc",
      issuer: "https://vercel.com",
      profile: vercelProfile,
      style: () => import("./style/vercel.js"),
    },
    options,
  );
}
