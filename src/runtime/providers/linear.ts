/**
 * Linear: OAuth 2.0 (scopes comma-separated, `read` always granted); the token endpoint takes the client
 * credentials in the form body. Linear's API is GraphQL only, so the profile is the `viewer` query,
 * `POST https://api.linear.app/graphql`, answered under `data.viewer`.
 * Docs: https://linear.app/developers/oauth-2-0-authentication
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

/** The answer to `{ viewer { id name displayName email avatarUrl active } }`. */
export interface LinearProfile {
  data: {
    viewer: {
      id: string;
      name: string;
      displayName?: string;
      email: string;
      avatarUrl?: string | null;
      active?: boolean;
      [field: string]: unknown;
    };
  };
  [field: string]: unknown;
}

export function linearProfile(profile: LinearProfile): User {
  const { viewer } = profile.data;
  return {
    id: viewer.id,
    name: viewer.name || viewer.displayName || null,
    email: viewer.email,
    image: viewer.avatarUrl ?? null,
  };
}

const graphqlUrl = "https://api.linear.app/graphql";
const viewerQuery = "{ viewer { id name displayName email avatarUrl active } }";

export default function Linear(options?: ProviderOptions<LinearProfile>): OAuthConfig<LinearProfile> {
  return catalogProvider<LinearProfile>(
    {
      id: "linear",
      name: "Linear",
      type: "oauth",
      authorization: { url: "https://linear.app/oauth/authorize", params: { scope: "read" } },
      token: "https://api.linear.app/oauth/token",
      client: { token_endpoint_auth_method: "client_secret_post" },
      userinfo: {
        url: graphqlUrl,
        async request({ tokens, url, fetch }) {
          const target = url ?? new URL(graphqlUrl);
          const response = await fetch(target, {
            method: "POST",
            headers: { authorization: `Bearer ${tokens.access_token}`, "content-type": "application/json" },
            body: JSON.stringify({ query: viewerQuery }),
          });
          if (!response.ok) throw new Error(`Linear ${target.pathname} answered ${response.status}`);
          const answer = (await response.json()) as LinearProfile & { errors?: Array<{ message: string }> };
          // GraphQL reports failures beside (or instead of) the data, often with HTTP 200.
          if (answer.errors?.length || !answer.data?.viewer) {
            throw new Error(`Linear's viewer query failed: ${answer.errors?.[0]?.message ?? "no viewer"}`);
          }
          return answer;
        },
      },
      profile: linearProfile,
      style: () => import("./style/linear.js"),
    },
    options,
  );
}
