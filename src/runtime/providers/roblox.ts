/**
 * Roblox: OpenID Connect, issuer https://apis.roblox.com/oauth/ (the trailing slash is in its `iss`).
 * Roblox has no email scope and gives no address, so only `openid profile` is asked for.
 * Docs: https://create.roblox.com/docs/cloud/reference/oauth2
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

/** The ID token claims for the `openid profile` scopes. */
export interface RobloxProfile {
  /** The user id. */
  sub: string;
  /** The display name. */
  name?: string;
  nickname?: string;
  /** The username. */
  preferred_username?: string;
  created_at?: number;
  /** The profile page URL. */
  profile?: string;
  /** The avatar headshot URL. */
  picture?: string | null;
  [claim: string]: unknown;
}

export function robloxProfile(profile: RobloxProfile): User {
  return {
    id: profile.sub,
    name: profile.name ?? profile.nickname ?? profile.preferred_username ?? null,
    email: null,
    image: profile.picture ?? null,
  };
}

export default function Roblox(options?: ProviderOptions<RobloxProfile>): OAuthConfig<RobloxProfile> {
  return catalogProvider<RobloxProfile>(
    {
      id: "roblox",
      name: "Roblox",
      type: "oidc",
      issuer: "https://apis.roblox.com/oauth/",
      authorization: { params: { scope: "openid profile" } },
      profile: robloxProfile,
      style: () => import("./style/roblox.js"),
    },
    options,
  );
}
