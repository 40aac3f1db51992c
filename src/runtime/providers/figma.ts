/**
 * Figma: OAuth 2.0; the token endpoint is `https://api.figma.com/v1/oauth/token` (the older
 * `www.figma.com/api/oauth/token` is deprecated), with the client credentials in HTTP Basic authentication.
 * The profile is `GET https://api.figma.com/v1/me` (`current_user:read` scope, which replaced `files:read`).
 * Docs: https://developers.figma.com/docs/rest-api/oauth-apps/ and
 * https://developers.figma.com/docs/rest-api/users-endpoints/
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

export interface FigmaProfile {
  id: string;
  handle: string;
  img_url?: string;
  email?: string;
  [field: string]: unknown;
}

export function figmaProfile(profile: FigmaProfile): User {
  return { id: profile.id, name: profile.handle, email: profile.email ?? null, image: profile.img_url ?? null };
}

export default function Figma(options?: ProviderOptions<FigmaProfile>): OAuthConfig<FigmaProfile> {
  return catalogProvider<FigmaProfile>(
    {
      id: "figma",
      name: "Figma",
      type: "oauth",
      authorization: { url: "https://www.figma.com/oauth", params: { scope: "current_user:read" } },
      token: "https://api.figma.com/v1/oauth/token",
      userinfo: "https://api.figma.com/v1/me",
      profile: figmaProfile,
      style: () => import("./style/figma.js"),
    },
    options,
  );
}
