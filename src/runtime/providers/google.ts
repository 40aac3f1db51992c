/**
 * Google: an OpenID Connect provider; the profile comes from the validated ID token.
 * Register `<origin><basePath>/callback/google` as an authorized redirect URI in the Google Cloud console.
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

/** The ID token claims Google issues for the `openid profile email` scopes. */
export interface GoogleProfile {
  iss: string;
  aud: string;
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
  given_name?: string;
  family_name?: string;
  picture?: string;
  locale?: string;
  /** The Google Workspace domain of the account, absent for consumer accounts. */
  hd?: string;
  azp?: string;
  at_hash?: string;
  iat: number;
  exp: number;
  [claim: string]: unknown;
}

export type GoogleOptions = ProviderOptions<GoogleProfile>;

/** Google's claims to the user record. */
export function googleProfile(profile: GoogleProfile): User {
  return {
    id: profile.sub,
    name: profile.name ?? null,
    email: profile.email ?? null,
    image: profile.picture ?? null,
  };
}

export default function Google(options?: GoogleOptions): OAuthConfig<GoogleProfile> {
  return catalogProvider<GoogleProfile>(
    {
      id: "google",
      name: "Google",
      type: "oidc",
      issuer: "https://accounts.google.com",
      profile: googleProfile,
      // Google marks an address `email_verified: true` only once it has verified it.
      trustEmailVerified: true,
      style: () => import("./style/google.js"),
    },
    options,
  );
}
