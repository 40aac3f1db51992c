/**
 * The rules the auth paths are meant to use, as data an app can override. The numbers and why
 * (docs/rate-limits.md): per client network, enough for an office behind one NAT address; per account, a
 * progressive delay instead of a lockout, so an attacker's failures cost the owner at most `backoff.cap`
 * seconds of waiting once they stop. Every one that guards credentials or sends mail fails closed; the passkey
 * options, which only hand out a challenge, fail open.
 */
import type { RateLimitRule } from "./rule.js";

export const DEFAULT_RULES = {
  /** Sign-in attempts from one client network: 30 per 5 minutes. */
  signInPerIp: { name: "signin-ip", window: 300, max: 30, whenStoreDown: "closed" },
  /**
   * Sign-in attempts at one account, from anywhere. The first 5 in 15 minutes are free; after that each waits
   * 1, 2, 4, 8, 16, then at most 30 seconds after the previous one. A correct password clears the counter
   * (limiter.reset). With a 30 s cap in a 900 s window no more than ~40 attempts fit, so `max` never binds:
   * the wait, not a lockout, is what an attacker can inflict.
   */
  signInPerAccount: {
    name: "signin-account",
    window: 900,
    max: 100,
    whenStoreDown: "closed",
    backoff: { free: 5, base: 1, cap: 30 },
  },
  /** Accounts created from one client network: 10 per hour. */
  signUpPerIp: { name: "signup-ip", window: 3600, max: 10, whenStoreDown: "closed" },
  /** Mails (sign-in links, verification, reset) requested from one client network: 20 per hour. */
  mailPerIp: { name: "mail-ip", window: 3600, max: 20, whenStoreDown: "closed" },
  /** Mails sent to one address: 5 per hour, so no one can make the app flood someone's inbox. */
  mailPerAccount: { name: "mail-account", window: 3600, max: 5, whenStoreDown: "closed" },
  /**
   * Passkey options (each a fresh challenge, and a user lookup) fetched from one client network: 60 per 5
   * minutes, twice the sign-ins, since a page may fetch them on load for autofill. Open when the store is down:
   * a challenge proves nothing by itself, and the passkey's sign-in (`signInPerIp`) is still counted.
   */
  passkeyPerIp: { name: "passkey-ip", window: 300, max: 60, whenStoreDown: "open" },
} as const satisfies Record<string, RateLimitRule>;
