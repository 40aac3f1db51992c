/**
 * Paybin: OpenID Connect, issuer https://idp.paybin.io, its endpoints read from the issuer's discovery document
 * (the way Paybin's documentation says to configure a client). Its identity provider runs the authorization code
 * flow with PKCE. Its OIDC page names no client authentication method, and this runtime does not pick one from
 * the discovery document: the secret goes in the token request's form body (`client_secret_post`), as the
 * published Paybin integrations send it. The profile is the ID token's claims of the `openid email profile` scopes. Clients are created in the Paybin
 * Portfolio app's developer settings. Docs: https://developers.paybin.io/knowledge-center/oidc
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

/** The ID token claims of the `openid email profile` scopes. */
export interface PaybinProfile {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  preferred_username?: string;
  given_name?: string;
  family_name?: string;
  picture?: string;
  [claim: string]: unknown;
}

export function paybinProfile(profile: PaybinProfile): User {
  const fullName = [profile.given_name, profile.family_name].filter(Boolean).join(" ");
  return {
    id: profile.sub,
    name: profile.name || fullName || profile.preferred_username || null,
    // An address Paybin says is unverified could be anyone's.
    email: profile.email_verified === false ? null : (profile.email ?? null),
    image: profile.picture ?? null,
  };
}

export default function Paybin(options?: ProviderOptions<PaybinProfile>): OAuthConfig<PaybinProfile> {
  return catalogProvider<PaybinProfile>(
    {
      id: "paybin",
      name: "Paybin",
      type: "oidc",
      issuer: "https://idp.paybin.io",
      authorization: { params: { scope: "openid email profile" } },
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: paybinProfile,
      style: () => import("./style/paybin.js"),
    },
    options,
  );
}
