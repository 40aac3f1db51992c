/**
 * One row of the provider catalog's flow test (../catalog.test.ts): a provider's factory and profile mapping,
 * the endpoints and scope its documentation gives, how it authenticates at the token endpoint, and the
 * profile payload (userinfo JSON or ID token claims) the stand-in answers with, with the user it must map to.
 */
import type { OAuthConfig, User } from "../../../../src/runtime/types.js";
import type { StandInClient } from "../stand-in.js";

export interface Row {
  id: string;
  // biome-ignore lint/suspicious/noExplicitAny: each factory takes its own provider's options type
  factory: (options: any) => OAuthConfig;
  // biome-ignore lint/suspicious/noExplicitAny: each row's mapping takes its own provider's profile type
  mapping: (profile: any) => User;
  /**
   * Options an app must give (a tenant's issuer, a data centre, a self-hosted server's `baseUrl`, an `apiKey`, an
   * `accountId`) or may (a customer's `domain`, a SAML `tenant` and `product`).
   */
  options?: Partial<OAuthConfig> & {
    tenantId?: string;
    region?: string;
    baseUrl?: string;
    apiKey?: string;
    accountId?: string;
    domain?: string;
    tenant?: string;
    product?: string;
  };
  auth: "basic" | "post" | "none";
  /** The real authorization endpoint (origin + path) and the scope asked for. */
  authorize: string;
  scope: string | null;
  /** Further parameters the authorization request must carry (a tenant, a connection, a resource). */
  params?: Record<string, string>;
  token: string;
  /** OIDC: the issuer and the ID token claims; OAuth: the profile API's payload at `userinfo`. */
  issuer?: string;
  /** Where the stand-in publishes the issuer's metadata, when the provider reads it from its own URL. */
  wellKnown?: string;
  payload: Record<string, unknown>;
  userinfo?: string;
  resources?: Record<string, unknown>;
  tokenExtra?: Record<string, unknown>;
  /** The token request's documented encoding; the stand-in refuses the other one. Default form. */
  tokenBody?: "json";
  formPost?: boolean;
  /** The provider's access tokens never expire (its token response has no `expires_in`): no `expires_at`, no refresh. */
  expires?: false;
  /** How the stand-in plays this provider beyond the fields above (a client id parameter, an HS256 ID token). */
  standIn?: Partial<StandInClient>;
  user: User;
}

/** ID token claims around a provider's own; iss and aud are replaced by the stand-in with the real ones. */
export const oidcClaims = (extra: Record<string, unknown>) => ({ iss: "x", aud: "x", iat: 1, exp: 2, ...extra });
