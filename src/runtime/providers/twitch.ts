/**
 * Twitch: OpenID Connect, issuer https://id.twitch.tv/oauth2. Twitch puts the email and picture into the ID
 * token only when asked with the `claims` parameter (OIDC Core §5.5). Client credentials go in the form body.
 * Its token response lists the granted scopes as a JSON array, where RFC 6749 §5.1 has one space-separated
 * string (which the token response check insists on): the answer is repaired, nothing else about it changed.
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, TokenEndpointConfig, User } from "../types.js";

export interface TwitchProfile {
  sub: string;
  preferred_username?: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
  [claim: string]: unknown;
}

export function twitchProfile(profile: TwitchProfile): User {
  return {
    id: profile.sub,
    name: profile.preferred_username ?? null,
    email: profile.email ?? null,
    image: profile.picture ?? null,
  };
}

/** The standard token request (code exchange and refresh); an array `scope` in the answer joined with spaces. */
const tokenRequest: TokenEndpointConfig["request"] = async ({ url, parameters, headers, fetch }) => {
  const response = await fetch(url, { method: "POST", headers, body: parameters });
  const answer = (await response
    .clone()
    .json()
    .catch(() => null)) as { scope?: unknown } | null;
  if (!Array.isArray(answer?.scope)) return response;
  return Response.json({ ...answer, scope: answer.scope.join(" ") }, { status: response.status });
};

const claims = { id_token: { email: null, email_verified: null, picture: null, preferred_username: null } };

export default function Twitch(options?: ProviderOptions<TwitchProfile>): OAuthConfig<TwitchProfile> {
  return catalogProvider<TwitchProfile>(
    {
      id: "twitch",
      name: "Twitch",
      type: "oidc",
      issuer: "https://id.twitch.tv/oauth2",
      authorization: { params: { scope: "openid user:read:email", claims: JSON.stringify(claims) } },
      token: { request: tokenRequest },
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: twitchProfile,
      style: () => import("./style/twitch.js"),
    },
    options,
  );
}
