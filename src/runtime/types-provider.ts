/**
 * What every provider is, whatever its kind: an id, a name and a type. The provider shapes (types.ts's OAuth
 * and credentials, types-email.ts, types-webauthn.ts, types-password.ts) build on it. Public: types.ts
 * re-exports every name, the `customFetch` symbol included.
 */
import type { ResponseInternal } from "./types-result.js";

/**
 * Symbol key under which a provider may carry its own `fetch` for the HTTP calls it makes: an OAuth provider's
 * endpoints, an HTTP email provider's send API. Security-sensitive: whatever it is sees every request.
 */
export const customFetch: unique symbol = Symbol("create-auth.customFetch");

export type ProviderType = "oauth" | "oidc" | "email" | "credentials" | "webauthn" | "password";

export interface CommonProviderOptions {
  id: string;
  name: string;
  type: ProviderType;
}

/**
 * One of a provider's own HTTP actions (email, passkeys, passwords), handed the core's action context and the
 * provider as resolved. The core names those two types (core/provider-loader.ts), so that these public types
 * import nothing of the core. Read off a method so that its parameters compare as a method's do
 * (bivariantly): the public configs say `unknown` for the core's types, and the core's concrete actions
 * must still be assignable to them.
 */
export type ProviderAction<Context, Provider> = {
  action(context: Context, provider: Provider): Promise<ResponseInternal>;
}["action"];
