/**
 * Login with Railway: OpenID Connect, issuer https://backboard.railway.com (authorization at `/oauth/auth`,
 * token at `/oauth/token`, where a web app's client authenticates with HTTP Basic). The user's name, email and
 * picture are read from `GET /oauth/me`, the userinfo endpoint of the quickstart. Railway does not say whether
 * the address is verified. Its access tokens live an hour; a refresh token comes only with the
 * `offline_access` scope and `prompt=consent`, which a sign-in does not need (add both in
 * `authorization.params` to get one).
 * Docs: https://docs.railway.com/integrations/oauth/quickstart and
 * https://docs.railway.com/integrations/oauth/login-and-tokens
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

/** The answer of `/oauth/me` for the `openid email profile` scopes. */
export interface RailwayProfile {
  /** The Railway user id. */
  sub: string;
  name?: string;
  email?: string;
  /** The profile picture's URL. */
  picture?: string;
  [claim: string]: unknown;
}

export function railwayProfile(profile: RailwayProfile): User {
  return {
    id: profile.sub,
    name: profile.name || null,
    email: profile.email || null,
    image: profile.picture || null,
  };
}

export default function Railway(options?: ProviderOptions<RailwayProfile>): OAuthConfig<RailwayProfile> {
  return catalogProvider<RailwayProfile>(
    {
      id: "railway",
      name: "Railway",
      type: "oidc",
      issuer: "https://backboard.railway.com",
      authorization: { url: "https://backboard.railway.com/oauth/auth", params: { scope: "openid email profile" } },
      token: "https://backboard.railway.com/oauth/token",
      userinfo: "https://backboard.railway.com/oauth/me",
      // The profile is the userinfo answer (checked to be the ID token's subject), not the ID token's claims.
      idToken: false,
      profile: railwayProfile,
      style: () => import("./style/railway.js"),
    },
    options,
  );
}
