/**
 * Spotify: OAuth 2.0 (accounts.spotify.com); the profile is the Web API's `GET /v1/me` (`user-read-email`).
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

export interface SpotifyImage {
  url: string;
  height: number | null;
  width: number | null;
}

export interface SpotifyProfile {
  id: string;
  display_name: string | null;
  email?: string;
  images?: SpotifyImage[];
  country?: string;
  product?: string;
  uri?: string;
  [field: string]: unknown;
}

/** Spotify lists several sizes: take the widest. */
export function spotifyProfile(profile: SpotifyProfile): User {
  const images = [...(profile.images ?? [])].sort((a, b) => (b.width ?? 0) - (a.width ?? 0));
  return {
    id: profile.id,
    name: profile.display_name ?? null,
    email: profile.email ?? null,
    image: images[0]?.url ?? null,
  };
}

export default function Spotify(options?: ProviderOptions<SpotifyProfile>): OAuthConfig<SpotifyProfile> {
  return catalogProvider<SpotifyProfile>(
    {
      id: "spotify",
      name: "Spotify",
      type: "oauth",
      authorization: { url: "https://accounts.spotify.com/authorize", params: { scope: "user-read-email" } },
      token: "https://accounts.spotify.com/api/token",
      userinfo: "https://api.spotify.com/v1/me",
      profile: spotifyProfile,
      style: () => import("./style/spotify.js"),
    },
    options,
  );
}
