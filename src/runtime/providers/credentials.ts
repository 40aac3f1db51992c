/**
 * Credentials provider: the app checks a username/password (or any form) itself in `authorize`, which returns
 * the user or null (→ CredentialsSignin). With JWT sessions that user is the session's; with database sessions
 * its id names the stored user, found or created (core/account/credentials-user.ts).
 */
import { mergeProviderOptions } from "../core/providers.js";
import type { CredentialInput, CredentialsConfig } from "../types.js";

export type CredentialsOptions<C extends Record<string, CredentialInput> = Record<string, CredentialInput>> = Partial<
  CredentialsConfig<C>
>;

export default function Credentials<C extends Record<string, CredentialInput> = Record<string, CredentialInput>>(
  options?: CredentialsOptions<C>,
): CredentialsConfig<C> {
  const defaults: CredentialsConfig<C> = {
    id: "credentials",
    name: "Credentials",
    type: "credentials",
    credentials: {} as C,
    // Rejecting by default: a credentials provider without an `authorize` must never let anyone in.
    authorize: () => null,
  };
  return mergeProviderOptions(defaults, options);
}
