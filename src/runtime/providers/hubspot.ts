/**
 * HubSpot: OAuth 2.0 on the date-versioned OAuth API (`/oauth/2026-03/…`; the v1 endpoints are deprecated,
 * to be switched off on 16 February 2027). The client credentials go in the form body. HubSpot has no
 * profile API: who signed in comes from introspecting the access token (`POST …/token/introspect`, with the
 * client credentials and the token in the body), which names the user's id, email and HubSpot account. No
 * name or picture. Docs: https://developers.hubspot.com/docs/api-reference/latest/authentication/oauth-tokens/token-introspect
 * and https://developers.hubspot.com/docs/api-reference/legacy/authentication/oauth-tokens/v1/migration-guide
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

/** The token introspection answer for an access token. */
export interface HubSpotProfile {
  active: boolean;
  token_use?: "access_token";
  /** The HubSpot user the token was created for. */
  user_id: number;
  /** That user's email address. */
  user?: string;
  /** The HubSpot account (portal) the app was installed in. */
  hub_id: number;
  hub_domain?: string;
  app_id?: number;
  client_id?: string;
  scopes?: string[];
  expires_in?: number;
  token_type?: string;
  [field: string]: unknown;
}

export function hubspotProfile(profile: HubSpotProfile): User {
  return { id: String(profile.user_id), name: null, email: profile.user ?? null, image: null };
}

const introspectUrl = "https://api.hubapi.com/oauth/2026-03/token/introspect";

export default function HubSpot(options?: ProviderOptions<HubSpotProfile>): OAuthConfig<HubSpotProfile> {
  return catalogProvider<HubSpotProfile>(
    {
      id: "hubspot",
      name: "HubSpot",
      type: "oauth",
      authorization: { url: "https://app.hubspot.com/oauth/authorize", params: { scope: "oauth" } },
      token: "https://api.hubapi.com/oauth/2026-03/token",
      client: { token_endpoint_auth_method: "client_secret_post" },
      userinfo: {
        url: introspectUrl,
        async request({ tokens, url, provider, fetch }) {
          const target = url ?? new URL(introspectUrl);
          const body = new URLSearchParams({
            client_id: provider.clientId ?? "",
            client_secret: provider.clientSecret ?? "",
            token: tokens.access_token ?? "",
            token_type_hint: "access_token",
          });
          const response = await fetch(target, { method: "POST", headers: { accept: "application/json" }, body });
          if (!response.ok) throw new Error(`HubSpot ${target.pathname} answered ${response.status}`);
          const profile = (await response.json()) as HubSpotProfile;
          if (!profile.active) throw new Error("HubSpot says the access token it just issued is not active");
          return profile;
        },
      },
      profile: hubspotProfile,
      style: () => import("./style/hubspot.js"),
    },
    options,
  );
}
