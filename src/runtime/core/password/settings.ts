/**
 * What the password flows use of the provider's settings: its hasher and its policy (made on first use and
 * kept, so the hasher's cap on hashes at once holds across requests), the lifetimes of its links.
 */
import { createPasswordHasher, type PasswordHasher } from "../../password/hasher.js";
import { createPasswordPolicy, type PasswordPolicy } from "../../password/policy.js";
import type { InternalPasswordProvider } from "../internal.js";

const DEFAULTS = {};
const hashers = new Map<string, PasswordHasher>();
const policies = new WeakMap<object, PasswordPolicy>();

/**
 * The provider's hasher: one per distinct `hash` settings in the process, found by their content, not by the
 * object, so an integration that builds its config on every request (Qwik) still has one hasher and so one cap
 * on hashes at once. Providers without settings share the default one. Settings below the floors throw here,
 * on the first request, as PasswordHashConfigError.
 */
export function hasherOf(provider: InternalPasswordProvider): PasswordHasher {
  const key = JSON.stringify(provider.hash ?? DEFAULTS);
  let hasher = hashers.get(key);
  if (!hasher) {
    hasher = createPasswordHasher(provider.hash ?? {});
    hashers.set(key, hasher);
  }
  return hasher;
}

/** The provider's policy, made once per settings object (a policy holds no state worth sharing further). */
export function policyOf(provider: InternalPasswordProvider): PasswordPolicy {
  const key = provider.policy ?? DEFAULTS;
  let policy = policies.get(key);
  if (!policy) {
    policy = createPasswordPolicy(provider.policy ?? {});
    policies.set(key, policy);
  }
  return policy;
}

/** A verification link lives 24 hours, a reset link one (OWASP Forgot Password cheat sheet: short-lived). */
export const DEFAULT_VERIFICATION_MAX_AGE = 24 * 60 * 60;
export const DEFAULT_RESET_MAX_AGE = 60 * 60;

/** Seconds a client is told to wait when the hasher is full (it empties within a few hashes' time). */
export const BUSY_RETRY_AFTER = 5;
