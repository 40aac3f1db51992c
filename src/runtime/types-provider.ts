/**
 * What every provider is, whatever its kind: an id, a name and a type. The provider shapes (types.ts's OAuth
 * and credentials, types-email.ts, types-webauthn.ts) build on it. Public: types.ts re-exports every name.
 */

export type ProviderType = "oauth" | "oidc" | "email" | "credentials" | "webauthn" | "password";

export interface CommonProviderOptions {
  id: string;
  name: string;
  type: ProviderType;
}
