/**
 * SimpleLogin (Sign in with SimpleLogin, by Proton): OpenID Connect, issuer https://app.simplelogin.io.
 * Its token endpoint puts the nonce into the ID token only when the scope is exactly `openid` (any other scope
 * gets an ID token without it, which the nonce check rightly refuses); the ID token carries the whole profile
 * whatever the scope, so `openid` alone loses nothing. The address is the one the user chose to share: their own
 * or a SimpleLogin alias forwarding to it. Docs: https://simplelogin.io/docs/siwsl/intro/
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

/** The ID token's claims (the same fields as its userinfo endpoint answers). */
export interface SimpleLoginProfile {
  sub: string;
  /** The same number as `sub`. */
  id?: number;
  name?: string | null;
  email?: string;
  email_verified?: boolean;
  avatar_url?: string | null;
  /** The name of the app the user signed in to. */
  client?: string;
  [claim: string]: unknown;
}

export function simpleloginProfile(profile: SimpleLoginProfile): User {
  return {
    id: profile.sub,
    name: profile.name || null,
    // An alias or the user's own mailbox: both deliver, and SimpleLogin verified the mailbox behind them.
    email: profile.email_verified === false ? null : (profile.email ?? null),
    image: profile.avatar_url ?? null,
  };
}

export default function SimpleLogin(options?: ProviderOptions<SimpleLoginProfile>): OAuthConfig<SimpleLoginProfile> {
  return catalogProvider<SimpleLoginProfile>(
    {
      id: "simplelogin",
      name: "SimpleLogin",
      type: "oidc",
      issuer: "https://app.simplelogin.io",
      authorization: { params: { scope: "openid" } },
      profile: simpleloginProfile,
      style: () => import("./style/simplelogin.js"),
    },
    options,
  );
}
