/**
 * The hashing functions most callers want, on one hasher with the default parameters (Argon2id, 64 MiB,
 * t = 3, p = 1; scrypt N = 2^17 where the native package cannot load). Created on first use, so importing
 * this module costs nothing. Node-only, like hasher.ts; build your own with createPasswordHasher to change
 * the parameters or the concurrency cap.
 */
import { createPasswordHasher, type HashOutcome, type PasswordHasher, type VerifyOutcome } from "./hasher.js";

let shared: PasswordHasher | undefined;

function hasher(): PasswordHasher {
  shared ??= createPasswordHasher();
  return shared;
}

/** NFKC-normalises and hashes `password` into a PHC string; refuses non-strings and absurd sizes with a reason. */
export function hashPassword(password: unknown): Promise<HashOutcome> {
  return hasher().hash(password);
}

/**
 * Whether `password` matches the stored PHC (or legacy bcrypt) string, and whether that string should now be
 * replaced with `hashPassword(password)`. A malformed or unknown stored string is a non-match, never a throw.
 */
export function verifyPassword(password: unknown, stored: unknown): Promise<VerifyOutcome> {
  return hasher().verify(password, stored);
}

/** One verify's worth of work that never matches: what sign-in does for an address with no account. */
export function verifyUnknownUser(password: unknown): Promise<VerifyOutcome> {
  return hasher().verifyUnknownUser(password);
}
