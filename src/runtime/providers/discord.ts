/**
 * Discord: OAuth 2.0; the profile is `GET /users/@me` (`identify email` scopes).
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

export interface DiscordProfile {
  id: string;
  username: string;
  /** "0" for accounts migrated to unique usernames. */
  discriminator: string;
  global_name: string | null;
  avatar: string | null;
  email?: string | null;
  verified?: boolean;
  locale?: string;
  mfa_enabled?: boolean;
  [field: string]: unknown;
}

/** The avatar URL, or Discord's default avatar for the account (Discord's CDN image formatting rules). */
export function discordAvatar(profile: DiscordProfile): string {
  if (profile.avatar) {
    const format = profile.avatar.startsWith("a_") ? "gif" : "png";
    return `https://cdn.discordapp.com/avatars/${profile.id}/${profile.avatar}.${format}`;
  }
  const index =
    profile.discriminator === "0"
      ? Number((BigInt(profile.id) >> BigInt(22)) % BigInt(6))
      : Number(profile.discriminator) % 5;
  return `https://cdn.discordapp.com/embed/avatars/${index}.png`;
}

export function discordProfile(profile: DiscordProfile): User {
  return {
    id: profile.id,
    name: profile.global_name ?? profile.username,
    // An unverified address could be anyone's.
    email: profile.verified === false ? null : (profile.email ?? null),
    image: discordAvatar(profile),
  };
}

export default function Discord(options?: ProviderOptions<DiscordProfile>): OAuthConfig<DiscordProfile> {
  return catalogProvider<DiscordProfile>(
    {
      id: "discord",
      name: "Discord",
      type: "oauth",
      authorization: { url: "https://discord.com/oauth2/authorize", params: { scope: "identify email" } },
      token: "https://discord.com/api/oauth2/token",
      userinfo: "https://discord.com/api/users/@me",
      profile: discordProfile,
      style: () => import("./style/discord.js"),
    },
    options,
  );
}
