/**
 * Generic OAuth 2.0 provider with explicit endpoints (`authorization`, `token`, `userinfo`), for
 * authorization servers that do not publish OpenID Connect discovery. Give `issuer` too when the server has
 * one, so the `iss` authorization response parameter can be checked (RFC 9207).
 */
import { mergeProviderOptions } from "../core/providers.js";
import type { OAuthConfig } from "../types.js";

export type OAuthOptions = Partial<OAuthConfig>;

export default function OAuth(options?: OAuthOptions): OAuthConfig {
  const defaults: OAuthConfig = { id: "oauth", name: "OAuth", type: "oauth" };
  return mergeProviderOptions(defaults, options);
}
