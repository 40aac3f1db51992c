/**
 * Eventbrite: OAuth 2.0 at www.eventbrite.com/oauth; the token endpoint reads the client credentials from the
 * form body, and its tokens do not expire (no `expires_in`, no refresh token). No scopes. The profile is
 * `GET https://www.eventbriteapi.com/v3/users/me/`, whose `emails` list says which address is primary and
 * which are verified: only a verified one is used, the primary first.
 * Docs: https://www.eventbrite.com/platform/docs/authentication and https://www.eventbrite.com/platform/api#/reference/user
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

export interface EventbriteProfile {
  id: string;
  name?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  emails: Array<{ email: string; verified: boolean; primary: boolean }>;
  is_public?: boolean;
  image_id?: string | null;
  [field: string]: unknown;
}

export function eventbriteProfile(profile: EventbriteProfile): User {
  const verified = (profile.emails ?? []).filter((entry) => entry.verified);
  const name = profile.name || [profile.first_name, profile.last_name].filter(Boolean).join(" ");
  return {
    id: profile.id,
    name: name || null,
    email: (verified.find((entry) => entry.primary) ?? verified[0])?.email ?? null,
    // The profile names an image id only; its URL comes from the media API, which needs another call.
    image: null,
  };
}

export default function Eventbrite(options?: ProviderOptions<EventbriteProfile>): OAuthConfig<EventbriteProfile> {
  return catalogProvider<EventbriteProfile>(
    {
      id: "eventbrite",
      name: "Eventbrite",
      type: "oauth",
      authorization: "https://www.eventbrite.com/oauth/authorize",
      token: "https://www.eventbrite.com/oauth/token",
      userinfo: "https://www.eventbriteapi.com/v3/users/me/",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: eventbriteProfile,
      style: () => import("./style/eventbrite.js"),
    },
    options,
  );
}
