/**
 * Bungie.net: OAuth 2.0. Every Bungie.net API call carries the application's API key in `X-API-Key` beside the
 * access token, so the factory takes `apiKey` (AUTH_BUNGIE_KEY). The scope and the one redirect URL are fixed
 * when the application is registered, so no scope is asked for. The profile is
 * `GET /Platform/User/GetMembershipsForCurrentUser/`, whose user sits in the `Response` envelope (an error
 * can come back under HTTP 200 with an `ErrorCode` other than 1). Bungie shares no email address.
 * Docs: https://github.com/Bungie-net/api/wiki/OAuth-Documentation
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

/** The `Response` of `GetMembershipsForCurrentUser` (`User.UserMembershipData`). */
export interface BungieProfile {
  bungieNetUser: {
    membershipId: string;
    uniqueName?: string;
    displayName?: string;
    cachedBungieGlobalDisplayName?: string;
    cachedBungieGlobalDisplayNameCode?: number;
    /** A path on www.bungie.net. */
    profilePicturePath?: string;
    [field: string]: unknown;
  };
  destinyMemberships?: Array<{ membershipType: number; membershipId: string; displayName?: string }>;
  primaryMembershipId?: string;
  [field: string]: unknown;
}

export function bungieProfile(profile: BungieProfile): User {
  const user = profile.bungieNetUser;
  const picture = user.profilePicturePath;
  return {
    id: user.membershipId,
    name: user.uniqueName ?? user.displayName ?? null,
    email: null,
    image: picture ? new URL(picture, "https://www.bungie.net").href : null,
  };
}

const membershipsUrl = "https://www.bungie.net/Platform/User/GetMembershipsForCurrentUser/";

/** The platform's envelope: `ErrorCode` 1 is success, anything else an error whatever the HTTP status. */
interface BungieEnvelope {
  Response?: BungieProfile;
  ErrorCode?: number;
  ErrorStatus?: string;
  Message?: string;
}

export default function Bungie(
  options?: ProviderOptions<BungieProfile> & { apiKey?: string },
): OAuthConfig<BungieProfile> {
  const { apiKey, ...rest } = options ?? {};
  return catalogProvider<BungieProfile>(
    {
      id: "bungie",
      name: "Bungie",
      type: "oauth",
      authorization: "https://www.bungie.net/en/OAuth/Authorize",
      token: "https://www.bungie.net/Platform/App/OAuth/token/",
      userinfo: {
        url: membershipsUrl,
        async request({ tokens, url, fetch }) {
          if (!apiKey) throw new Error("Bungie needs `apiKey` (AUTH_BUNGIE_KEY), the application's API key");
          const target = url ?? new URL(membershipsUrl);
          const response = await fetch(target, {
            headers: { authorization: `Bearer ${tokens.access_token}`, "x-api-key": apiKey },
          });
          const answer = (await response.json().catch(() => ({}))) as BungieEnvelope;
          if (!response.ok || answer.ErrorCode !== 1 || !answer.Response) {
            throw new Error(`Bungie ${target.pathname} answered ${response.status} ${answer.ErrorStatus ?? ""}`.trim());
          }
          return answer.Response;
        },
      },
      profile: bungieProfile,
      style: () => import("./style/bungie.js"),
    },
    rest,
  );
}
