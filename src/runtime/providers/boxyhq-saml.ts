/**
 * BoxyHQ SAML Jackson, now Ory Polis (a self-hosted service, named by `baseUrl`): SAML (or OIDC) single sign-on
 * of your customers' identity providers offered as OAuth 2.0 under `/api/oauth/*`. Each customer's connection is
 * found by `tenant` and `product` (fixed here, or passed per sign-in: `signIn("boxyhq-saml", {}, { tenant,
 * product })`, with the client id `dummy` and the secret Jackson's `CLIENT_SECRET_VERIFIER`), or by the client id
 * and secret of one connection. The token request carries the client credentials in the form body. This is the
 * plain OAuth 2.0 flow: no scope is asked for (`openid` would switch Jackson to its OIDC flow, which needs
 * signing keys set up there). Jackson issues short-lived access tokens and no refresh token. The profile is
 * `GET /api/oauth/userinfo`: the id and the address the customer's identity provider asserted, names, roles and
 * groups.
 * Docs: https://github.com/ory/polis (formerly github.com/boxyhq/jackson) and its OAuth API,
 * https://github.com/ory/polis/blob/main/npm/src/controller/oauth.ts
 */
import { unsetOption } from "../core/provider-env.js";
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

/** The answer of `/api/oauth/userinfo`. */
export interface BoxyHQSAMLProfile {
  id: string;
  email: string;
  firstName?: string;
  lastName?: string;
  roles?: string[];
  groups?: string[];
  /** The attributes the identity provider sent, as it named them. */
  raw?: Record<string, unknown>;
  /** What the authorization request asked for (`tenant`, `product`, `client_id`, …). */
  requested?: Record<string, unknown>;
  [field: string]: unknown;
}

export function boxyhqSamlProfile(profile: BoxyHQSAMLProfile): User {
  const name = [profile.firstName, profile.lastName].filter(Boolean).join(" ");
  return {
    id: profile.id,
    name: name || null,
    // Asserted by the customer's own identity provider for its domain: Jackson has no verification of its own.
    email: profile.email || null,
    image: null,
  };
}

export default function BoxyHQSAML(
  options?: ProviderOptions<BoxyHQSAMLProfile> & { baseUrl?: string; tenant?: string; product?: string },
): OAuthConfig<BoxyHQSAMLProfile> {
  const { baseUrl, tenant, product, ...rest } = options ?? {};
  // No default server: without `baseUrl` the provider has no endpoints, and its sign-in names AUTH_BOXYHQ_SAML_URL.
  const base = baseUrl?.replace(/\/+$/, "");
  const connection = { ...(tenant ? { tenant } : {}), ...(product ? { product } : {}) };
  return catalogProvider<BoxyHQSAMLProfile>(
    {
      id: "boxyhq-saml",
      name: "BoxyHQ SAML",
      type: "oauth",
      authorization: {
        ...(base ? { url: `${base}/api/oauth/authorize` } : {}),
        ...(tenant || product ? { params: connection } : {}),
      },
      ...(base
        ? { token: `${base}/api/oauth/token`, userinfo: `${base}/api/oauth/userinfo` }
        : unsetOption("boxyhq-saml", "baseUrl")),
      // Its token request is documented with the client credentials in the form body (and its Basic parsing
      // does not decode them, so a `tenant=…&product=…` client id would not survive it).
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: boxyhqSamlProfile,
      style: () => import("./style/boxyhq-saml.js"),
    },
    rest,
  );
}
