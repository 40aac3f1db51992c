// Types for the plain-JavaScript loopback OpenID Provider in oidc-server.mjs.
import type Provider from "oidc-provider";

export interface OidcTestClient {
  client_id: string;
  client_secret?: string;
  redirect_uris: string[];
  token_endpoint_auth_method?: "client_secret_basic" | "client_secret_post" | "none" | (string & {});
  [key: string]: unknown;
}

export interface OidcServer {
  /** `http://127.0.0.1:<port>` */
  issuer: string;
  url: URL;
  port: number;
  provider: Provider;
  close(): Promise<void>;
}

export function startOidcServer(options: {
  clients: OidcTestClient[];
  port?: number;
  host?: string;
  configuration?: Record<string, unknown>;
}): Promise<OidcServer>;

export function claimsForLogin(login: string): { sub: string; email: string; email_verified: true; name: string };

export function loginThroughInteraction(
  authorizationUrl: string | URL,
  options: { login: string; password?: string; abort?: boolean },
): Promise<string>;

export function loginThroughInteractionDetailed(
  authorizationUrl: string | URL,
  options: { login: string; password?: string; abort?: boolean },
): Promise<{ url: string; formPost: boolean }>;
