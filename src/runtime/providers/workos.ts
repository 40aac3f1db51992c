/**
 * WorkOS SSO: OAuth 2.0 in front of each customer's SAML or OIDC connection (https://workos.com/docs/reference/sso).
 * Which connection signs the user in is chosen by a selector on the authorization request: pass `connection`
 * (`conn_…`), `organization` (`org_…`) or `provider` (`GoogleOAuth`, …) here, or per sign-in in `signIn`'s
 * authorization parameters. The client secret (the API key) goes in the body, and the token response itself
 * carries the user's normalized Profile, so no second request is made for it. WorkOS asks for no scopes.
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

/** WorkOS's normalized Profile object (the token response's `profile`). */
export interface WorkOSProfile {
  object: "profile";
  /** WorkOS's id for this user of this connection (`prof_…`). */
  id: string;
  connection_id: string;
  connection_type: string;
  organization_id?: string | null;
  /** The user's id at the identity provider behind the connection. */
  idp_id: string;
  email: string;
  first_name?: string | null;
  last_name?: string | null;
  name?: string | null;
  role?: { slug: string };
  groups?: string[];
  custom_attributes?: Record<string, unknown>;
  raw_attributes?: Record<string, unknown>;
  [field: string]: unknown;
}

export function workosProfile(profile: WorkOSProfile): User {
  const joined = [profile.first_name, profile.last_name].filter(Boolean).join(" ");
  const picture = profile.raw_attributes?.picture;
  return {
    id: profile.id,
    name: profile.name || joined || null,
    email: profile.email ?? null,
    image: typeof picture === "string" ? picture : null,
  };
}

/** The connection selectors of WorkOS's authorization request; one of them (or `domain_hint`) picks the connection. */
export interface WorkOSSelectors {
  connection?: string;
  organization?: string;
  provider?: string;
}

export default function WorkOS(options?: ProviderOptions<WorkOSProfile> & WorkOSSelectors): OAuthConfig<WorkOSProfile> {
  const { connection, organization, provider, ...rest } = options ?? {};
  const selectors = Object.fromEntries(
    Object.entries({ connection, organization, provider }).filter((entry): entry is [string, string] => !!entry[1]),
  );
  return catalogProvider<WorkOSProfile>(
    {
      id: "workos",
      name: "WorkOS",
      type: "oauth",
      authorization: { url: "https://api.workos.com/sso/authorize", params: selectors },
      token: "https://api.workos.com/sso/token",
      client: { token_endpoint_auth_method: "client_secret_post" },
      userinfo: {
        async request({ tokens }) {
          const profile = tokens.profile as WorkOSProfile | undefined;
          if (!profile?.id) throw new Error("WorkOS's token response carries no profile");
          return profile;
        },
      },
      profile: workosProfile,
      style: () => import("./style/workos.js"),
    },
    rest,
  );
}
