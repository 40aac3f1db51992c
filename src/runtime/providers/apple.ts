/**
 * Sign in with Apple: OpenID Connect at appleid.apple.com. Asking for `name email` makes Apple answer with
 * `response_mode=form_post` (a cross-site POST to the callback). The client secret is a JWT you sign with
 * your Apple key (ES256, valid at most six months): put it in AUTH_APPLE_SECRET. Apple sends the user's name
 * only once, in the first response's `user` form field and never in the ID token: the callback puts it on
 * the profile as `user.name`, so `name` is set on the first sign-in and null afterwards (keep it in your
 * database, or in the token on that first sign-in). The email is always the ID token's.
 */
import { APPLE_ISSUER, type AppleUser } from "../core/oauth/apple-user.js";
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

/** Apple's ID token claims. Booleans may arrive as the strings "true"/"false". */
export interface AppleProfile {
  iss: string;
  aud: string;
  sub: string;
  email?: string;
  email_verified?: boolean | "true" | "false";
  is_private_email?: boolean | "true" | "false";
  real_user_status?: 0 | 1 | 2;
  nonce_supported?: boolean;
  auth_time?: number;
  iat: number;
  exp: number;
  /** Not a claim: the name from the first sign-in's `user` form field, when Apple sent one. */
  user?: AppleUser;
  [claim: string]: unknown;
}

export function appleProfile(profile: AppleProfile): User {
  const { firstName, lastName } = profile.user?.name ?? {};
  const name = [firstName, lastName].filter(Boolean).join(" ") || null;
  return { id: profile.sub, name, email: profile.email ?? null, image: null };
}

export default function Apple(options?: ProviderOptions<AppleProfile>): OAuthConfig<AppleProfile> {
  return catalogProvider<AppleProfile>(
    {
      id: "apple",
      name: "Apple",
      type: "oidc",
      issuer: APPLE_ISSUER,
      authorization: { params: { scope: "name email", response_mode: "form_post" } },
      // Apple's token endpoint reads client_id and client_secret from the form body.
      client: { token_endpoint_auth_method: "client_secret_post" },
      checks: ["pkce", "nonce"],
      profile: appleProfile,
      // Apple verifies the addresses it asserts (relay addresses included); `email_verified` may be "true".
      trustEmailVerified: true,
      style: () => import("./style/apple.js"),
    },
    options,
  );
}
