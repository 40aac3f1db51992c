/**
 * Generic OpenID Connect provider: everything is discovered from `issuer`
 * (`<issuer>/.well-known/openid-configuration`). The env inference fills `issuer` from AUTH_OIDC_ISSUER.
 */
import { mergeProviderOptions } from "../core/providers.js";
import type { OAuthConfig } from "../types.js";

export type OIDCOptions = Partial<OAuthConfig>;

export default function OIDC(options?: OIDCOptions): OAuthConfig {
  const defaults: OAuthConfig = { id: "oidc", name: "OIDC", type: "oidc" };
  return mergeProviderOptions(defaults, options);
}
