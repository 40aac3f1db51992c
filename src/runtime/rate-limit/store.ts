/**
 * The one small interface every counter store implements: memory (memory-store.ts), Redis (redis-store.ts),
 * and later the database through an adapter method. A store keeps, per key, the times of the attempts it
 * allowed in the last window (a sliding-window log), and decides and records an attempt in one atomic step:
 * two app instances asking at once must not both see the last free slot.
 *
 * Why a log and not a weighted two-window counter: the counter estimates the previous window's attempts as
 * evenly spread, and an attacker who bunches them at a window's end gets up to twice `max` through in one
 * window's length; the log allows exactly `max` in any window, and its oldest entry gives an exact
 * Retry-After (RFC 6585 §4). Its cost, one timestamp per allowed attempt, is bounded by a rule's `max`
 * (rule.ts MAX_ATTEMPTS) and, in memory, by the store's key cap. Refused attempts are never recorded, so
 * hammering a key does not extend its window: the owner of an account gets back in once the attacker stops.
 */

/** What a store needs of a rule, in milliseconds, the store's own clock deciding "now". */
export interface StoreLimit {
  windowMs: number;
  max: number;
  /** The progressive delay: with `f ≥ free` attempts in the window, the next waits min(capMs, baseMs·2^(f−free)). */
  backoff?: { free: number; baseMs: number; capMs: number };
}

/** The outcome of one attempt, decided and (when allowed) recorded atomically. */
export interface StoreAnswer {
  allowed: boolean;
  /** Attempts in the window after this one (allowed: including it). */
  count: number;
  /** When refused: milliseconds until an attempt would be allowed. 0 when allowed. */
  retryAfterMs: number;
}

export interface RateLimitStore {
  /**
   * Allows and records an attempt under `key` when fewer than `limit.max` fall in the last `limit.windowMs`
   * and no backoff wait is owed; otherwise records nothing and says how long to wait. Throws when it cannot
   * count (the limiter decides what that means for the rule).
   */
  take(key: string, limit: StoreLimit): Promise<StoreAnswer>;
  /** Forgets every attempt under `key` (a correct password clears the account's failures). */
  reset(key: string): Promise<void>;
}
