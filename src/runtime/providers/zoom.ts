/**
 * Zoom: OAuth 2.0 (user-managed app); the profile is `GET https://api.zoom.us/v2/users/me`.
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

export interface ZoomProfile {
  id: string;
  first_name?: string;
  last_name?: string;
  display_name?: string;
  email: string;
  pic_url?: string;
  account_id?: string;
  type?: number;
  [field: string]: unknown;
}

export function zoomProfile(profile: ZoomProfile): User {
  const fullName = [profile.first_name, profile.last_name].filter(Boolean).join(" ");
  return {
    id: profile.id,
    name: profile.display_name || fullName || null,
    email: profile.email ?? null,
    image: profile.pic_url ?? null,
  };
}

export default function Zoom(options?: ProviderOptions<ZoomProfile>): OAuthConfig<ZoomProfile> {
  return catalogProvider<ZoomProfile>(
    {
      id: "zoom",
      name: "Zoom",
      type: "oauth",
      authorization: "https://zoom.us/oauth/authorize",
      token: "https://zoom.us/oauth/token",
      userinfo: "https://api.zoom.us/v2/users/me",
      profile: zoomProfile,
      style: () => import("./style/zoom.js"),
    },
    options,
  );
}
