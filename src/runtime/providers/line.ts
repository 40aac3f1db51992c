/**
 * LINE Login v2.1: OpenID Connect, issuer https://access.line.me (token endpoint on api.line.me, client
 * credentials in the form body). A web login's ID token is signed HS256 with the channel secret although
 * LINE's discovery document lists only ES256 (that key signs the LIFF and SDK logins), so the client says
 * HS256. The token comes straight from LINE's token endpoint over TLS, which is what the ID token is checked
 * by (OIDC Core §3.1.3.7, item 6), as for every provider here. The email address needs the channel's email
 * permission (applied for in the LINE Developers Console). Docs: https://developers.line.biz/en/docs/line-login/integrate-line-login/
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

/** The ID token claims for the `openid profile email` scopes. */
export interface LineProfile {
  /** The user id (`U` and 32 hex digits), per provider. */
  sub: string;
  name?: string;
  picture?: string;
  email?: string;
  amr?: string[];
  [claim: string]: unknown;
}

export function lineProfile(profile: LineProfile): User {
  return {
    id: profile.sub,
    name: profile.name ?? null,
    email: profile.email ?? null,
    image: profile.picture ?? null,
  };
}

export default function Line(options?: ProviderOptions<LineProfile>): OAuthConfig<LineProfile> {
  return catalogProvider<LineProfile>(
    {
      id: "line",
      name: "LINE",
      type: "oidc",
      issuer: "https://access.line.me",
      client: { token_endpoint_auth_method: "client_secret_post", id_token_signed_response_alg: "HS256" },
      profile: lineProfile,
      style: () => import("./style/line.js"),
    },
    options,
  );
}
