/**
 * A rate-limit rule as data, and its check. A rule says how many attempts one key may make in a sliding window
 * (`max` per `window` seconds), what to answer when the counter store is down (`whenStoreDown`), and, for
 * per-account failure counters, a progressive delay between attempts (`backoff`). Rules are checked once, when
 * a limiter is built, so a typo fails the app's start instead of its first sign-in.
 */
import { RateLimitConfigError } from "./errors.js";
import { backoffWaitMs } from "./sliding-log.js";

/**
 * A wait between attempts that grows with the failures already in the window (OWASP Authentication Cheat Sheet,
 * "Account Lockout": exponential backoff rather than a lockout). With `f` failures in the window, the next
 * attempt must wait `min(cap, base × 2^(f − free))` seconds after the newest one once `f ≥ free`.
 */
export interface Backoff {
  /** Failures in the window that cost no wait: the owner's typos. */
  free: number;
  /** The first wait, in seconds. */
  base: number;
  /** The longest wait, in seconds: the most an attacker's failures can make the owner wait after they stop. */
  cap: number;
}

export interface RateLimitRule {
  /** Names the counter in the store (`signin-ip`, `signin-account`): two rules never share a counter. */
  name: string;
  /** The sliding window's length in seconds. */
  window: number;
  /** Attempts allowed in any window of that length. */
  max: number;
  /**
   * What to answer when the store cannot count: `closed` refuses (sign-in and every path guarding credentials
   * or sending mail: an attacker who can take the store down must not get unlimited guesses), `open` allows
   * (paths where refusing everyone costs more than an uncounted request).
   */
  whenStoreDown: "closed" | "open";
  backoff?: Backoff;
}

/** Longest window: a day. Longer windows keep attacker-made counters (and the owner's delays) alive too long. */
export const MAX_WINDOW_SECONDS = 86_400;
/** Most attempts per window: each one allowed is a timestamp stored under the key (store.ts). */
export const MAX_ATTEMPTS = 10_000;
const NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** Returns the rule when it is usable; otherwise throws a RateLimitConfigError naming the field. */
export function checkRule(rule: RateLimitRule): RateLimitRule {
  const where = `Rate-limit rule ${JSON.stringify(rule?.name)}`;
  if (typeof rule?.name !== "string" || !NAME.test(rule.name)) {
    throw new RateLimitConfigError(`${where}: name must be 1-64 lower-case letters, digits or dashes.`);
  }
  if (!Number.isFinite(rule.window) || rule.window <= 0 || rule.window > MAX_WINDOW_SECONDS) {
    throw new RateLimitConfigError(`${where}: window must be a number of seconds in (0, ${MAX_WINDOW_SECONDS}].`);
  }
  if (!Number.isInteger(rule.max) || rule.max < 1 || rule.max > MAX_ATTEMPTS) {
    throw new RateLimitConfigError(`${where}: max must be an integer from 1 to ${MAX_ATTEMPTS}.`);
  }
  if (rule.whenStoreDown !== "closed" && rule.whenStoreDown !== "open") {
    throw new RateLimitConfigError(`${where}: whenStoreDown must be "closed" or "open".`);
  }
  if (rule.backoff !== undefined) checkBackoff(where, rule.backoff, rule.window);
  return rule;
}

function checkBackoff(where: string, backoff: Backoff, window: number): void {
  const { free, base, cap } = backoff;
  if (!Number.isInteger(free) || free < 0 || free > MAX_ATTEMPTS) {
    throw new RateLimitConfigError(`${where}: backoff.free must be an integer from 0 to ${MAX_ATTEMPTS}.`);
  }
  if (!Number.isFinite(base) || base <= 0) {
    throw new RateLimitConfigError(`${where}: backoff.base must be a positive number of seconds.`);
  }
  // A cap past the window would outlive the failures that caused it; the delay must decay with the window.
  if (!Number.isFinite(cap) || cap < base || cap > window) {
    throw new RateLimitConfigError(`${where}: backoff.cap must be at least backoff.base and at most the window.`);
  }
}

/** The wait in milliseconds owed after the newest of `failures` attempts in the window (0 when none is owed). */
export function backoffMs(backoff: Backoff | undefined, failures: number): number {
  if (backoff === undefined) return 0;
  return backoffWaitMs({ free: backoff.free, baseMs: backoff.base * 1000, capMs: backoff.cap * 1000 }, failures);
}
