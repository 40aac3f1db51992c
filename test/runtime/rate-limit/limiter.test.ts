/**
 * The limiter over the memory store: what `consume` answers (remaining, a whole-second Retry-After that is
 * never early), reset on success, rules and keys refused at the first use with a message naming the field, and
 * the documented default rules holding their own promises (the owner's longest wait is the backoff cap).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { RateLimitConfigError } from "../../../src/runtime/rate-limit/errors.js";
import { createRateLimiter } from "../../../src/runtime/rate-limit/limiter.js";
import { createMemoryStore } from "../../../src/runtime/rate-limit/memory-store.js";
import { backoffMs, checkRule, type RateLimitRule } from "../../../src/runtime/rate-limit/rule.js";
import { DEFAULT_RULES } from "../../../src/runtime/rate-limit/rules.js";
import type { RateLimitStore } from "../../../src/runtime/rate-limit/store.js";

function limiterAt(start = 5_000_000) {
  const clock = { time: start };
  const limiter = createRateLimiter({ store: createMemoryStore({ now: () => clock.time }) });
  return { clock, limiter };
}

const THREE_PER_MINUTE: RateLimitRule = { name: "test-rule", window: 60, max: 3, whenStoreDown: "closed" };

describe("consume", () => {
  it("counts down remaining, then refuses as limited with a Retry-After rounded up to whole seconds", async () => {
    const { clock, limiter } = limiterAt();
    expect(await limiter.consume("ip:192.0.2.1", THREE_PER_MINUTE)).toEqual({ allowed: true, remaining: 2 });
    clock.time += 500;
    expect(await limiter.consume("ip:192.0.2.1", THREE_PER_MINUTE)).toEqual({ allowed: true, remaining: 1 });
    expect(await limiter.consume("ip:192.0.2.1", THREE_PER_MINUTE)).toEqual({ allowed: true, remaining: 0 });
    // 59.5 s until the first attempt is a minute old: 60 whole seconds, never 59 (which would come too early).
    expect(await limiter.consume("ip:192.0.2.1", THREE_PER_MINUTE)).toEqual({
      allowed: false,
      retryAfterSeconds: 60,
      reason: "limited",
    });
    clock.time += 59_500;
    expect((await limiter.consume("ip:192.0.2.1", THREE_PER_MINUTE)).allowed).toBe(true);
  });

  it("keeps one counter per rule: the same key under two rules is counted twice, separately", async () => {
    const { limiter } = limiterAt();
    const other: RateLimitRule = { ...THREE_PER_MINUTE, name: "other-rule", max: 1 };
    await limiter.consume("k", other);
    expect((await limiter.consume("k", other)).allowed).toBe(false);
    expect(await limiter.consume("k", THREE_PER_MINUTE)).toEqual({ allowed: true, remaining: 2 });
  });

  it("clears an account's failures on reset, as a correct password does", async () => {
    const { limiter } = limiterAt();
    const rule = DEFAULT_RULES.signInPerAccount;
    for (let i = 0; i < 5; i++) await limiter.consume("account:abc", rule);
    expect((await limiter.consume("account:abc", rule)).allowed).toBe(false);
    await limiter.reset("account:abc", rule);
    expect(await limiter.consume("account:abc", rule)).toEqual({ allowed: true, remaining: 99 });
  });

  it("refuses an empty or oversized key with a RateLimitConfigError, not a store outage", async () => {
    const { limiter } = limiterAt();
    await expect(limiter.consume("", THREE_PER_MINUTE)).rejects.toThrow(RateLimitConfigError);
    await expect(limiter.consume("x".repeat(257), THREE_PER_MINUTE)).rejects.toThrow(/1-256 characters/);
  });
});

describe("limiter options", () => {
  it.each([{ timeoutMs: 0 }, { retryStoreAfterMs: -1 }, { storeDownRetryAfterSeconds: Number.NaN }])(
    "refuses %j when the limiter is built",
    (options) => {
      expect(() => createRateLimiter(options)).toThrow(/must be a positive number/);
    },
  );
});

describe("store timeout", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("arms no timer for the memory store, which answers from this process without I/O", async () => {
    vi.useFakeTimers();
    const limiter = createRateLimiter({ store: createMemoryStore() });
    // Counted while the calls are under way: a timer armed for them would be cleared once they answer.
    const consumed = limiter.consume("k", THREE_PER_MINUTE);
    expect(vi.getTimerCount()).toBe(0);
    expect(await consumed).toEqual({ allowed: true, remaining: 2 });
    const reset = limiter.reset("k", THREE_PER_MINUTE);
    expect(vi.getTimerCount()).toBe(0);
    await reset;
  });

  it("still gives any other store timeoutMs, then follows the rule's whenStoreDown", async () => {
    vi.useFakeTimers();
    const silent: RateLimitStore = { take: () => new Promise(() => {}), reset: () => new Promise(() => {}) };
    const limiter = createRateLimiter({ store: silent, timeoutMs: 200, onStoreError: () => {} });
    const answer = limiter.consume("k", THREE_PER_MINUTE);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(await answer).toEqual({ allowed: false, retryAfterSeconds: 5, reason: "store-unavailable" });
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("rules", () => {
  it.each([
    [{ name: "Sign In" }, /name must be/],
    [{ window: 0 }, /window must be/],
    [{ window: 86_401 }, /window must be/],
    [{ max: 1.5 }, /max must be/],
    [{ max: 10_001 }, /max must be/],
    [{ whenStoreDown: "maybe" }, /whenStoreDown must be/],
    [{ backoff: { free: -1, base: 1, cap: 2 } }, /backoff.free/],
    [{ backoff: { free: 1, base: 0, cap: 2 } }, /backoff.base/],
    [{ backoff: { free: 1, base: 3, cap: 2 } }, /backoff.cap/],
    [{ backoff: { free: 1, base: 1, cap: 61 } }, /backoff.cap/],
  ])("refuses %j at its first use, naming the field", async (change, message) => {
    const { limiter } = limiterAt();
    const rule = { ...THREE_PER_MINUTE, ...change } as RateLimitRule;
    expect(() => checkRule(rule)).toThrow(message);
    await expect(limiter.consume("k", rule)).rejects.toThrow(RateLimitConfigError);
  });

  it("accepts every default rule", () => {
    for (const rule of Object.values(DEFAULT_RULES)) expect(checkRule(rule)).toBe(rule);
  });

  it("makes the sign-in account rule's waits 0 for 5 failures, then 1, 2, 4, 8, 16 and at most 30 s", () => {
    const waits = Array.from({ length: 12 }, (_, failures) =>
      backoffMs(DEFAULT_RULES.signInPerAccount.backoff, failures),
    );
    expect(waits).toEqual([0, 0, 0, 0, 0, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
  });

  it("lets 5 of 100 parallel guesses at one account through, not 100: the wait is decided as the attempt is counted", async () => {
    const { limiter } = limiterAt();
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => limiter.consume("account:victim", DEFAULT_RULES.signInPerAccount)),
    );
    expect(answers.filter((answer) => answer.allowed)).toHaveLength(5);
  });

  it("never lets the sign-in account rule's max bind before its backoff: the owner waits at most the cap", async () => {
    const { clock, limiter } = limiterAt();
    const rule = DEFAULT_RULES.signInPerAccount;
    // An attacker spending every slot the moment it opens, for two windows.
    const end = clock.time + 2 * rule.window * 1000;
    let longest = 0;
    while (clock.time < end) {
      const answer = await limiter.consume("account:victim", rule);
      if (answer.allowed) continue;
      expect(answer.reason).toBe("limited");
      longest = Math.max(longest, answer.retryAfterSeconds);
      clock.time += answer.retryAfterSeconds * 1000;
    }
    expect(longest).toBe(rule.backoff.cap);
  });
});
