/**
 * The memory store on an injected clock: the sliding-window log allows exactly `max` in any window (the case a
 * fixed or weighted window gets wrong), refusals are not counted, the backoff waits grow and cap, and an
 * attacker spraying keys cannot grow the store past its cap.
 */
import { describe, expect, it } from "vitest";
import { createMemoryStore } from "../../../src/runtime/rate-limit/memory-store.js";
import type { StoreLimit } from "../../../src/runtime/rate-limit/store.js";

function clockAt(start = 1_000_000) {
  const clock = { time: start, now: () => clock.time };
  return clock;
}

const FIVE_PER_10S: StoreLimit = { windowMs: 10_000, max: 5 };

describe("the memory store's sliding window", () => {
  it("allows max attempts, then refuses until the oldest attempt leaves the window, with its exact wait", async () => {
    const clock = clockAt();
    const store = createMemoryStore({ now: clock.now });
    for (let i = 0; i < 5; i++) {
      expect(await store.take("k", FIVE_PER_10S)).toEqual({ allowed: true, count: i + 1, retryAfterMs: 0 });
      clock.time += 1_000;
    }
    // Attempts at 0..4 s; now 5 s: the one at 0 s frees its slot at 10 s.
    expect(await store.take("k", FIVE_PER_10S)).toEqual({ allowed: false, count: 5, retryAfterMs: 5_000 });
    clock.time += 4_999;
    expect((await store.take("k", FIVE_PER_10S)).allowed).toBe(false);
    clock.time += 1;
    expect(await store.take("k", FIVE_PER_10S)).toEqual({ allowed: true, count: 5, retryAfterMs: 0 });
  });

  it("never allows more than max in any window, even for attempts bunched at a window boundary", async () => {
    const clock = clockAt(0);
    const store = createMemoryStore({ now: clock.now });
    const allowedAt: number[] = [];
    // 5 bunched at the end of one fixed window, then a try every 100 ms across the next two: a weighted
    // two-window counter lets ~2×max through within 10 s here; the log must not.
    for (const t of [9_900, 9_920, 9_940, 9_960, 9_980, ...Array.from({ length: 200 }, (_, i) => 10_000 + i * 100)]) {
      clock.time = t;
      if ((await store.take("k", FIVE_PER_10S)).allowed) allowedAt.push(t);
    }
    for (const start of allowedAt) {
      expect(allowedAt.filter((t) => t >= start && t < start + 10_000).length).toBeLessThanOrEqual(5);
    }
    // The first slot opens exactly when the first bunched attempt is a window old.
    expect(allowedAt.slice(5, 7)).toEqual([19_900, 20_000]);
    expect(allowedAt).toHaveLength(11);
  });

  it("does not count refused attempts, so hammering a key does not extend its wait", async () => {
    const clock = clockAt();
    const store = createMemoryStore({ now: clock.now });
    for (let i = 0; i < 5; i++) await store.take("k", FIVE_PER_10S);
    for (let i = 0; i < 1_000; i++) {
      clock.time += 9;
      await store.take("k", FIVE_PER_10S);
    }
    clock.time = 1_000_000 + 10_000;
    expect((await store.take("k", FIVE_PER_10S)).allowed).toBe(true);
  });

  it("keeps separate counters per key, and reset forgets one key only", async () => {
    const clock = clockAt();
    const store = createMemoryStore({ now: clock.now });
    const once = { windowMs: 10_000, max: 1 };
    await store.take("a", once);
    await store.take("b", once);
    await store.reset("a");
    expect((await store.take("a", once)).allowed).toBe(true);
    expect((await store.take("b", once)).allowed).toBe(false);
  });
});

describe("the memory store's backoff", () => {
  const limit: StoreLimit = { windowMs: 900_000, max: 100, backoff: { free: 5, baseMs: 1_000, capMs: 30_000 } };

  it("lets the free attempts through at once, then makes each wait 1, 2, 4, 8, 16, 30, 30 s after the previous", async () => {
    const clock = clockAt();
    const store = createMemoryStore({ now: clock.now });
    for (let i = 0; i < 5; i++) expect((await store.take("acct", limit)).allowed).toBe(true);
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      const refused = await store.take("acct", limit);
      expect(refused.allowed).toBe(false);
      waits.push(refused.retryAfterMs);
      clock.time += refused.retryAfterMs - 1;
      expect((await store.take("acct", limit)).allowed).toBe(false);
      clock.time += 1;
      expect((await store.take("acct", limit)).allowed).toBe(true);
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
  });

  it("lets the owner in at most cap after an attacker stops, and forgets the failures with the window", async () => {
    const clock = clockAt();
    const store = createMemoryStore({ now: clock.now });
    // An attacker who takes every slot as soon as it opens, for an hour.
    const end = clock.time + 3_600_000;
    while (clock.time < end) {
      const answer = await store.take("acct", limit);
      clock.time += answer.allowed ? 1 : answer.retryAfterMs;
    }
    const owner = await store.take("acct", limit);
    expect(owner.allowed || owner.retryAfterMs <= 30_000).toBe(true);
    // After a quiet window the counter is empty: the free attempts are back.
    clock.time += 900_000;
    for (let i = 0; i < 5; i++) expect((await store.take("acct", limit)).allowed).toBe(true);
  });
});

describe("the memory store's bound", () => {
  it("holds at most maxKeys keys while an attacker sprays 100 000 fresh ones", async () => {
    const clock = clockAt();
    const store = createMemoryStore({ maxKeys: 1_000, now: clock.now });
    let largest = 0;
    for (let i = 0; i < 100_000; i++) {
      await store.take(`spray-${i}`, FIVE_PER_10S);
      largest = Math.max(largest, store.size);
    }
    expect(largest).toBe(1_000);
  });

  it("drops expired keys before live ones, and keeps a key in use over the sprayed ones", async () => {
    const clock = clockAt();
    const store = createMemoryStore({ maxKeys: 100, now: clock.now });
    const once = { windowMs: 10_000, max: 1 };
    await store.take("victim", once);
    for (let i = 0; i < 500; i++) {
      await store.take(`spray-${i}`, once);
      // The attacker keeps hitting the victim's key too: it stays the most recently used, hence kept.
      expect((await store.take("victim", once)).allowed).toBe(false);
    }
    expect(store.size).toBe(100);
    clock.time += 10_000;
    await store.take("fresh", once);
    // Every key expired: the first key added after the window finds them all gone (from the old end).
    expect(store.size).toBe(1);
    expect((await store.take("victim", once)).allowed).toBe(true);
  });
});
