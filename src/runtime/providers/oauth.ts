/**
 * Generic OAuth 2.0 provider with explicit endpoints (`authorization`, `token`, `userinfo`), for
 * authorization servers that do not publish OpenID Connect discovery. Give `issuer` too when the server has
 * one, so the `iss` authorization response parameter can be checked (RFC 9207).
 */
import { mergeProviderOptions } from "../core/providers.js";
import type { OAuthConfig, Profile } from "../types.js";

export type OAuthOptions<P extends object = Profile> = Partial<OAuthConfig<P>>;

/** `P` is the shape of the profile it answers: the standard claims (`Profile`) unless you say otherwise. */
export default function OAuth<P extends object = Profile>(options?: OAuthOptions<P>): OAuthConfig<P> {
  const defaults: OAuthConfig<P> = { id: "oauth", name: "OAuth", type: "oauth" };
  return mergeProviderOptions(defaults, options);
}
