/**
 * Polar (polar.sh): OpenID Connect, issuer `https://polar.sh`. Its metadata is not under the issuer but on the
 * API host (`https://api.polar.sh/.well-known/openid-configuration`), so it is read from there (and the issuer
 * it names checked); the endpoints are the documented ones. A Polar OAuth client authenticates with its secret
 * in the form body unless it was registered otherwise. `sub_type=user` asks for a token of the user (not of
 * one of their organizations). The ID token carries the username as `name` and, with the `email` scope, the
 * address and whether Polar verified it. `environment: "sandbox"` signs in against sandbox.polar.sh, whose
 * clients are registered separately.
 * Docs: https://polar.sh/docs/integrate/oauth2/introduction and https://polar.sh/docs/integrate/oauth2/connect
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

/** The ID token claims of the `openid profile email` scopes for a user subject. */
export interface PolarProfile {
  /** The Polar user id (a UUID). */
  sub: string;
  /** The Polar username. */
  name?: string;
  email?: string;
  email_verified?: boolean;
  [claim: string]: unknown;
}

export function polarProfile(profile: PolarProfile): User {
  return {
    id: profile.sub,
    name: profile.name || null,
    // Polar says whether the user verified the address; an unverified one could be anyone's.
    email: profile.email_verified === true ? (profile.email ?? null) : null,
    image: null,
  };
}

/** The web app (authorization) and API (token, metadata) hosts of production and of the sandbox. */
const hosts = {
  production: { web: "https://polar.sh", api: "https://api.polar.sh" },
  sandbox: { web: "https://sandbox.polar.sh", api: "https://sandbox-api.polar.sh" },
} as const;

export default function Polar(
  options?: ProviderOptions<PolarProfile> & { environment?: keyof typeof hosts },
): OAuthConfig<PolarProfile> {
  const { environment = "production", ...rest } = options ?? {};
  const host = hosts[environment];
  return catalogProvider<PolarProfile>(
    {
      id: "polar",
      name: "Polar",
      type: "oidc",
      // Both environments sign their ID tokens as this issuer.
      issuer: "https://polar.sh",
      wellKnown: `${host.api}/.well-known/openid-configuration`,
      authorization: {
        url: `${host.web}/oauth2/authorize`,
        params: { scope: "openid profile email", sub_type: "user" },
      },
      token: `${host.api}/v1/oauth2/token`,
      userinfo: `${host.api}/v1/oauth2/userinfo`,
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: polarProfile,
      style: () => import("./style/polar.js"),
    },
    rest,
  );
}
