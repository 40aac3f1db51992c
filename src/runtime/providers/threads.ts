/**
 * Threads (Meta): OAuth 2.0 on its own Graph host. The code exchange sends the client secret in the form body
 * and answers `{ access_token, user_id }` alone: no `token_type` (it is a bearer token) and no `expires_in`
 * (Meta documents these short-lived tokens as valid for one hour), so both are filled in before the token
 * response check, and the user id (a JSON number past 2^53) is kept as its exact decimal string. The profile is `GET https://graph.threads.net/v1.0/me` with its fields named and the token
 * in the query, as Meta documents it (`threads_basic` scope). Threads shares no email address. Exchanging
 * the short-lived token for a 60-day one is left to the app (`th_exchange_token`).
 * https://developers.facebook.com/docs/threads/get-started/get-access-tokens-and-permissions
 */
import { tokenAnswerJson } from "../core/oauth/token-answer.js";
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, TokenEndpointConfig, User } from "../types.js";

export interface ThreadsProfile {
  /** The Threads user id: stable, unlike the handle. */
  id: string;
  username: string;
  name?: string;
  threads_profile_picture_url?: string;
  threads_biography?: string;
  [field: string]: unknown;
}

export function threadsProfile(profile: ThreadsProfile): User {
  return {
    id: profile.id,
    name: profile.name || profile.username,
    email: null,
    image: profile.threads_profile_picture_url ?? null,
  };
}

/** Meta's short-lived user token lasts one hour. */
const SHORT_LIVED_SECONDS = 3600;

/**
 * The standard token request; a successful answer gets the `token_type` and lifetime Threads leaves out, and its
 * `user_id`, a JSON number of up to 17 digits (past 2^53), is kept as the exact decimal string.
 */
const tokenRequest: TokenEndpointConfig["request"] = async ({ url, parameters, headers, fetch }) => {
  const response = await fetch(url, { method: "POST", headers, body: parameters });
  if (!response.ok) return response;
  const answer = await tokenAnswerJson(response.clone());
  if (!answer || typeof answer.access_token !== "string") return response;
  const userId = typeof answer.user_id === "number" ? String(answer.user_id) : answer.user_id;
  return Response.json(
    { token_type: "bearer", expires_in: SHORT_LIVED_SECONDS, ...answer, ...(userId ? { user_id: userId } : {}) },
    { status: 200 },
  );
};

export default function Threads(options?: ProviderOptions<ThreadsProfile>): OAuthConfig<ThreadsProfile> {
  return catalogProvider<ThreadsProfile>(
    {
      id: "threads",
      name: "Threads",
      type: "oauth",
      authorization: { url: "https://threads.net/oauth/authorize", params: { scope: "threads_basic" } },
      token: { url: "https://graph.threads.net/oauth/access_token", request: tokenRequest },
      client: { token_endpoint_auth_method: "client_secret_post" },
      userinfo: {
        url: "https://graph.threads.net/v1.0/me?fields=id,username,name,threads_profile_picture_url,threads_biography",
        async request({ tokens, url, fetch }) {
          if (!url) throw new Error("Threads' profile URL is missing");
          // Appended, not set through searchParams, which would re-encode the field list's commas.
          const separator = url.search ? "&" : "?";
          const response = await fetch(
            `${url.href}${separator}access_token=${encodeURIComponent(tokens.access_token ?? "")}`,
          );
          if (!response.ok) throw new Error(`Threads' profile API answered ${response.status}`);
          return (await response.json()) as ThreadsProfile;
        },
      },
      profile: threadsProfile,
      style: () => import("./style/threads.js"),
    },
    options,
  );
}
