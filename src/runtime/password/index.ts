/**
 * Passwords: hashing (Argon2id, scrypt fallback, bcrypt migration) and the NIST SP 800-63B-4 policy, the
 * parts the `password` provider builds on. This index is Node-only through the hashing (node:crypto); where
 * node:crypto is missing (edge runtimes, the browser), import `./policy.js` itself, which needs only web APIs.
 */
export type { Argon2idParams } from "./argon2id.js";
export { ARGON2ID_DEFAULTS, ARGON2ID_FLOOR } from "./argon2id.js";
export type { BreachCheckOptions, BreachCheckResult } from "./breached.js";
export { checkBreached, PWNED_PASSWORDS_RANGE } from "./breached.js";
export { CommonPasswordListUnavailable } from "./common-passwords.js";
export type { ContextSource } from "./context-words.js";
export { hashPassword, verifyPassword, verifyUnknownUser } from "./hash.js";
export type {
  HashAlgorithm,
  HashOutcome,
  HashRefusal,
  PasswordHasher,
  PasswordHasherOptions,
  VerifyFailure,
  VerifyOutcome,
} from "./hasher.js";
export { createPasswordHasher, PasswordHashConfigError } from "./hasher.js";
export type { PasswordInputProblem } from "./input.js";
export { MAX_PASSWORD_BYTES } from "./input.js";
export type { Phc } from "./phc.js";
export { formatPhc, parsePhc } from "./phc.js";
export type { PasswordContext, PasswordPolicy, PasswordPolicyOptions, PolicyReason, PolicyResult } from "./policy.js";
export { checkPasswordPolicy, createPasswordPolicy, PasswordPolicyConfigError } from "./policy.js";
export type { ScryptParams } from "./scrypt.js";
export { SCRYPT_DEFAULTS } from "./scrypt.js";
