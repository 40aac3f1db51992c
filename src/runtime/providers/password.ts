/**
 * Email and password accounts: sign-up with a verification mail, sign-in, forgot/reset by mail, change while
 * signed in; on JWT and database sessions alike. Hashing is Argon2id (scrypt where the native package cannot
 * load), the policy NIST SP 800-63B-4's (src/runtime/password/). Mail goes over SMTP with nodemailer
 * (`server`, `from`) unless `sendMail` delivers it. Needs an adapter with the password methods
 * (getPasswordHash, setPasswordHash, deleteUserSessions) besides users and verification tokens.
 * The flows (core/password/) load on the first request that needs them. See docs/passwords.md.
 */
import { mergeProviderOptions } from "../core/providers.js";
import type { PasswordActions, PasswordConfig, PasswordUserConfig } from "../types-password.js";

export type PasswordOptions = PasswordUserConfig;

/** The password actions, imported when a request first needs them (core/provider-loader.ts says why). */
async function actions(): Promise<PasswordActions> {
  return (await import("../core/password/actions.js")).passwordActions;
}

export default function password(options: PasswordOptions = {}): PasswordConfig {
  const defaults: PasswordConfig = { id: "password", name: "Password", type: "password", actions };
  return { ...mergeProviderOptions<PasswordConfig>(defaults, options), options };
}
