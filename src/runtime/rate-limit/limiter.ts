/**
 * The limiter the core calls: `consume(key, rule)` answers whether one more attempt is allowed under a rule,
 * and how long to wait when not (RFC 6585 §4: 429 with Retry-After); `reset(key, rule)` clears a counter (the
 * account's failures after a correct password). It owns what a store cannot decide: the rule's check, the
 * store's timeout, and the direction to fail in when the store is down (the rule's `whenStoreDown`).
 *
 * While the store is down, it is not asked again for `retryStoreAfterMs`: each request would otherwise wait out
 * the timeout, and a client with an offline queue would pile up commands to replay later. The first call after
 * that interval asks it again, so limits come back by themselves when the store does.
 */
import { RateLimitConfigError, RateLimitStoreError } from "./errors.js";
import { createMemoryStore, isInProcessStore } from "./memory-store.js";
import { checkRule, type RateLimitRule } from "./rule.js";
import type { RateLimitStore, StoreLimit } from "./store.js";

export type RateLimitResult =
  | {
      allowed: true;
      /** Attempts left in the window after this one. */
      remaining: number;
      /** Set when the store could not count and the rule fails open: the attempt went uncounted. */
      unchecked?: true;
    }
  | {
      allowed: false;
      /** Whole seconds, at least 1: the `Retry-After` value. */
      retryAfterSeconds: number;
      /** `limited`: the client made too many attempts (429). `store-unavailable`: nothing could count (503). */
      reason: "limited" | "store-unavailable";
    };

export interface RateLimiterOptions {
  /** Where counters live (default: this process's memory, memory-store.ts). */
  store?: RateLimitStore;
  /** How long one store call may take before it counts as down (default 500 ms). */
  timeoutMs?: number;
  /** How long a store that failed is left alone before it is asked again (default 1 000 ms). */
  retryStoreAfterMs?: number;
  /** The Retry-After of a `store-unavailable` refusal (default 5 s). */
  storeDownRetryAfterSeconds?: number;
  /** Told about every store failure (default: one console.error per outage, one console.info on recovery). */
  onStoreError?: (error: unknown) => void;
  /** The clock that times the outage interval (tests). */
  now?: () => number;
}

export interface RateLimiter {
  consume(key: string, rule: RateLimitRule): Promise<RateLimitResult>;
  reset(key: string, rule: RateLimitRule): Promise<void>;
}

/** Keys come from keys.ts; anything longer is a caller's bug that would grow the store. */
const MAX_KEY_LENGTH = 256;

export function createRateLimiter(options: RateLimiterOptions = {}): RateLimiter {
  const store = options.store ?? createMemoryStore();
  const timeoutMs = options.timeoutMs ?? 500;
  const retryStoreAfterMs = options.retryStoreAfterMs ?? 1_000;
  const storeDownRetryAfterSeconds = options.storeDownRetryAfterSeconds ?? 5;
  const now = options.now ?? Date.now;
  for (const [name, value] of Object.entries({ timeoutMs, retryStoreAfterMs, storeDownRetryAfterSeconds })) {
    if (!Number.isFinite(value) || value <= 0) {
      throw new RateLimitConfigError(`createRateLimiter: ${name} must be a positive number.`);
    }
  }
  // A store in this process's memory answers without I/O, so it never needs the timeout's timer.
  const timed = !isInProcessStore(store);
  // Per rule object, checked and converted once: the store only reads it.
  const limits = new WeakMap<RateLimitRule, StoreLimit>();
  let downUntil = 0;
  let down = false;

  const report =
    options.onStoreError ??
    ((error: unknown) => {
      if (!down) console.error("[auth] rate-limit store unavailable; limits follow each rule's whenStoreDown", error);
    });

  function limitOf(rule: RateLimitRule): StoreLimit {
    const known = limits.get(rule);
    if (known) return known;
    checkRule(rule);
    const { window, max, backoff } = rule;
    const limit: StoreLimit = { windowMs: window * 1000, max };
    if (backoff) {
      limit.backoff = Object.freeze({ free: backoff.free, baseMs: backoff.base * 1000, capMs: backoff.cap * 1000 });
    }
    limits.set(rule, Object.freeze(limit));
    return limit;
  }

  function storeKey(key: string, rule: RateLimitRule): string {
    if (typeof key !== "string" || key === "" || key.length > MAX_KEY_LENGTH) {
      throw new RateLimitConfigError(
        `A rate-limit key must be 1-${MAX_KEY_LENGTH} characters (build it with keys.ts).`,
      );
    }
    return `${rule.name}:${key}`;
  }

  /** Runs a store call under the timeout; marks the store down (for a while) when it throws or is late. */
  async function guarded<T>(call: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false }> {
    if (down && now() < downUntil) return { ok: false };
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const value = timed
        ? await Promise.race([
            call(),
            new Promise<never>((_, reject) => {
              timer = setTimeout(
                () => reject(new RateLimitStoreError(`The rate-limit store took over ${timeoutMs} ms`)),
                timeoutMs,
              );
            }),
          ])
        : await call();
      if (down) {
        down = false;
        if (!options.onStoreError) console.info("[auth] rate-limit store answers again; limits are counted");
      }
      return { ok: true, value };
    } catch (error) {
      report(error);
      down = true;
      downUntil = now() + retryStoreAfterMs;
      return { ok: false };
    } finally {
      if (timer !== undefined) clearTimeout(timer);
    }
  }

  return {
    async consume(key, rule) {
      const limit = limitOf(rule);
      const counter = storeKey(key, rule);
      const answer = await guarded(() => store.take(counter, limit));
      if (!answer.ok) {
        return rule.whenStoreDown === "open"
          ? { allowed: true, remaining: 0, unchecked: true }
          : { allowed: false, retryAfterSeconds: storeDownRetryAfterSeconds, reason: "store-unavailable" };
      }
      const { allowed, count, retryAfterMs } = answer.value;
      if (allowed) return { allowed: true, remaining: Math.max(0, rule.max - count) };
      // Rounded up: a client that waits exactly Retry-After must find the slot free (RFC 9110 §10.2.3).
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)), reason: "limited" };
    },
    async reset(key, rule) {
      limitOf(rule);
      const counter = storeKey(key, rule);
      // A reset that fails leaves failures counted: the safe side, so it is reported, not thrown.
      await guarded(() => store.reset(counter));
    },
  };
}
