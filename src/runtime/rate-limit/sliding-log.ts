/**
 * The sliding-window log's decision, pure: given the times of the attempts a key holds and "now", which of
 * them are still in the window, whether one more is allowed, and if not for how long. The memory store runs
 * it; the Redis script (redis-script.ts) is the same steps in Lua, and the tests run both against one table.
 */
import type { StoreAnswer, StoreLimit } from "./store.js";

/**
 * Drops from `times` (ascending, in place) every attempt at or before `now − windowMs`, then decides. An
 * attempt exactly one window old no longer counts, so `max` attempts are allowed in any half-open window.
 */
export function decide(times: number[], now: number, limit: StoreLimit): StoreAnswer {
  const cutoff = now - limit.windowMs;
  let expired = 0;
  while (expired < times.length && (times[expired] as number) <= cutoff) expired++;
  if (expired > 0) times.splice(0, expired);
  const count = times.length;
  if (count >= limit.max) {
    // The oldest attempt leaving the window frees the slot (counts never exceed max: refusals are not recorded).
    return { allowed: false, count, retryAfterMs: (times[0] as number) + limit.windowMs - now };
  }
  const wait = backoffWaitMs(limit.backoff, count);
  if (wait > 0) {
    const due = (times[count - 1] as number) + wait;
    if (due > now) return { allowed: false, count, retryAfterMs: due - now };
  }
  times.push(now);
  return { allowed: true, count: count + 1, retryAfterMs: 0 };
}

/** The wait owed after the newest of `count` attempts in the window: min(cap, base × 2^(count − free)), or 0. */
export function backoffWaitMs(backoff: StoreLimit["backoff"], count: number): number {
  if (backoff === undefined || count === 0 || count < backoff.free) return 0;
  // Past 2^30 the cap has long won; bounding the exponent keeps the arithmetic finite.
  return Math.min(backoff.capMs, backoff.baseMs * 2 ** Math.min(count - backoff.free, 30));
}
