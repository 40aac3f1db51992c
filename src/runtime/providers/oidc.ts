/**
 * Generic OpenID Connect provider: everything is discovered from `issuer`
 * (`<issuer>/.well-known/openid-configuration`). The env inference fills `issuer` from AUTH_OIDC_ISSUER.
 */
import { mergeProviderOptions } from "../core/providers.js";
import type { OAuthConfig, Profile } from "../types.js";

export type OIDCOptions<P extends object = Profile> = Partial<OAuthConfig<P>>;

/** `P` is the shape of the profile it answers: the standard claims (`Profile`) unless you say otherwise. */
export default function OIDC<P extends object = Profile>(options?: OIDCOptions<P>): OAuthConfig<P> {
  const defaults: OAuthConfig<P> = { id: "oidc", name: "OIDC", type: "oidc" };
  return mergeProviderOptions(defaults, options);
}
