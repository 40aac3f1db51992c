/**
 * Foursquare ("Sign in with Foursquare" for users of its own apps, now part of the Personalization API, in
 * public beta): OAuth 2.0 in Foursquare's older dialect. The token request is a GET with the client id, secret,
 * code and redirect URI in the query, and its answer is a bare `{ access_token }` (no `token_type`; tokens
 * never expire), so `token.request` sends it and restates the answer. The profile is v2's
 * `GET https://api.foursquare.com/v2/users/self`, which takes the token as `oauth_token` and a version date `v`
 * (`apiVersion`, the date this mapping was written against: raise it once you have checked Foursquare's
 * changes since), and answers the user under `response.user`. The photo is a prefix and suffix around a size.
 * Docs: https://docs.foursquare.com/developer/reference/personalization-apis-authentication and
 * https://docs.foursquare.com/developer/reference/v2-versioning
 */
import { noRefresh, standardTokenAnswer } from "../core/oauth/token-answer.js";
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, TokenEndpointConfig, User } from "../types.js";

export interface FoursquareUser {
  id: string;
  firstName?: string;
  lastName?: string;
  handle?: string;
  gender?: string;
  relationship?: "self";
  photo?: { prefix: string; suffix: string };
  contact?: { email?: string; phone?: string; twitter?: string; facebook?: string };
  homeCity?: string;
  [field: string]: unknown;
}

export interface FoursquareProfile {
  meta: { code: number; requestId?: string; errorType?: string; errorDetail?: string };
  response: { user: FoursquareUser };
  [field: string]: unknown;
}

export function foursquareProfile(profile: FoursquareProfile): User {
  const { user } = profile.response;
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
  return {
    id: user.id,
    name: name || user.handle || null,
    email: user.contact?.email || null,
    image: user.photo ? `${user.photo.prefix}original${user.photo.suffix}` : null,
  };
}

/** The API version date requests carry unless `apiVersion` says another. */
export const FOURSQUARE_API_VERSION = "20241101";

/** The code exchange as Foursquare documents it: a GET with everything in the query. No refresh exists. */
const tokenRequest: TokenEndpointConfig["request"] = async ({ url, parameters, fetch }) => {
  if (parameters.get("grant_type") === "refresh_token") return noRefresh("Foursquare");
  const target = new URL(url);
  for (const name of ["client_id", "client_secret", "grant_type", "redirect_uri", "code"]) {
    const value = parameters.get(name);
    if (value !== null) target.searchParams.set(name, value);
  }
  return standardTokenAnswer(await fetch(target, { headers: { accept: "application/json" } }), "Foursquare");
};

const userinfoUrl = "https://api.foursquare.com/v2/users/self";

export default function Foursquare(
  options?: ProviderOptions<FoursquareProfile> & { apiVersion?: string },
): OAuthConfig<FoursquareProfile> {
  const { apiVersion, ...rest } = options ?? {};
  const version = apiVersion || FOURSQUARE_API_VERSION;
  return catalogProvider<FoursquareProfile>(
    {
      id: "foursquare",
      name: "Foursquare",
      type: "oauth",
      authorization: "https://foursquare.com/oauth2/authenticate",
      token: { url: "https://foursquare.com/oauth2/access_token", request: tokenRequest },
      client: { token_endpoint_auth_method: "client_secret_post" },
      userinfo: {
        url: `${userinfoUrl}?v=${version}`,
        async request({ tokens, url, fetch }) {
          const target = new URL(url ?? `${userinfoUrl}?v=${version}`);
          target.searchParams.set("oauth_token", tokens.access_token ?? "");
          const response = await fetch(target, { headers: { accept: "application/json" } });
          const answer = (await response.json().catch(() => ({}))) as FoursquareProfile;
          if (!response.ok || answer.meta?.code !== 200 || !answer.response?.user) {
            const detail = answer.meta?.errorDetail ?? answer.meta?.errorType ?? "";
            throw new Error(
              `Foursquare's users/self answered ${answer.meta?.code ?? response.status} ${detail}`.trim(),
            );
          }
          return answer;
        },
      },
      profile: foursquareProfile,
      style: () => import("./style/foursquare.js"),
    },
    rest,
  );
}
