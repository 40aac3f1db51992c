/**
 * What every counter store must do, as one suite any store runs (memory, Redis through each client, and the
 * database store an adapter method will add): the sliding-window log's decisions on the real clock with short
 * windows, refusals left uncounted, the backoff's waits, reset, separate keys, and exactly `max` allowed out of
 * concurrent attempts. Timing assertions allow for a loaded machine in the direction that cannot hide a bug:
 * a wait may be shorter than planned by the time the test itself took, never longer than the window.
 */
import { describe, expect, it } from "vitest";
import type { RateLimitStore, StoreLimit } from "../../../src/runtime/rate-limit/store.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let counter = 0;
const freshKey = () => `conformance-${process.pid}-${Date.now()}-${++counter}`;

export function storeConformance(name: string, makeStore: () => Promise<RateLimitStore> | RateLimitStore): void {
  describe(`${name} conforms to the counter store contract`, () => {
    it("allows max attempts in a window, counting them, then refuses with a wait no longer than the window", async () => {
      const store = await makeStore();
      const key = freshKey();
      const limit: StoreLimit = { windowMs: 2_000, max: 3 };
      for (let i = 1; i <= 3; i++)
        expect(await store.take(key, limit)).toEqual({ allowed: true, count: i, retryAfterMs: 0 });
      const refused = await store.take(key, limit);
      expect(refused).toMatchObject({ allowed: false, count: 3 });
      expect(refused.retryAfterMs).toBeGreaterThan(0);
      expect(refused.retryAfterMs).toBeLessThanOrEqual(2_000);
    });

    it("opens a slot when the oldest attempt is a window old, and refusals in between do not count", async () => {
      const store = await makeStore();
      const key = freshKey();
      // The second attempt half a window after the first: a stall of up to half a window (a second, which a
      // slow store on a loaded machine can take) cannot blur the two.
      const limit: StoreLimit = { windowMs: 2_000, max: 2 };
      await store.take(key, limit);
      // The store stamps the first attempt on its own clock, at the latest when its answer arrives here; on a
      // loaded machine that can be well after the call: bound the wait from that moment, not from the call.
      const firstAnswered = Date.now();
      await sleep(1_000);
      await store.take(key, limit);
      let refused = await store.take(key, limit);
      for (let i = 0; i < 19; i++) refused = await store.take(key, limit);
      const lastAsked = Date.now();
      refused = await store.take(key, limit);
      expect(refused.allowed).toBe(false);
      // The oldest attempt leaves the window 2 000 ms after its stamp (≤ firstAnswered), the last refusal was
      // stamped at or after lastAsked; 5 ms for clocks read in whole milliseconds and rounding up.
      expect(refused.retryAfterMs).toBeLessThanOrEqual(2_000 - (lastAsked - firstAnswered) + 5);
      await sleep(refused.retryAfterMs + 15);
      // Only the first attempt left: one slot, not two (the second is still inside the window).
      expect(await store.take(key, limit)).toMatchObject({ allowed: true, count: 2 });
      expect((await store.take(key, limit)).allowed).toBe(false);
    });

    it("makes attempts past the free ones wait base, then double, up to the cap, after the newest", async () => {
      const store = await makeStore();
      const key = freshKey();
      const limit: StoreLimit = { windowMs: 60_000, max: 100, backoff: { free: 1, baseMs: 400, capMs: 600 } };
      expect((await store.take(key, limit)).allowed).toBe(true);
      const first = await store.take(key, limit);
      expect(first).toMatchObject({ allowed: false, count: 1 });
      expect(first.retryAfterMs).toBeLessThanOrEqual(400);
      await sleep(first.retryAfterMs + 15);
      const secondAsked = Date.now();
      expect((await store.take(key, limit)).allowed).toBe(true);
      const capped = await store.take(key, limit);
      const cappedAnswered = Date.now();
      expect(capped.allowed).toBe(false);
      // 400 × 2 = 800, capped at 600, after the newest attempt (stamped at or after secondAsked); the refusal
      // was stamped by cappedAnswered. On a quiet machine that is more than the base's 400.
      expect(capped.retryAfterMs).toBeGreaterThanOrEqual(600 - (cappedAnswered - secondAsked) - 5);
      expect(capped.retryAfterMs).toBeLessThanOrEqual(600);
    });

    it("forgets a key on reset and keeps other keys apart", async () => {
      const store = await makeStore();
      const [a, b] = [freshKey(), freshKey()];
      const once: StoreLimit = { windowMs: 60_000, max: 1 };
      await store.take(a, once);
      await store.take(b, once);
      await store.reset(a);
      expect((await store.take(a, once)).allowed).toBe(true);
      expect((await store.take(b, once)).allowed).toBe(false);
    });

    it("allows exactly max out of 60 concurrent attempts", async () => {
      const store = await makeStore();
      const key = freshKey();
      const limit: StoreLimit = { windowMs: 60_000, max: 10 };
      const answers = await Promise.all(Array.from({ length: 60 }, () => store.take(key, limit)));
      expect(answers.filter((answer) => answer.allowed)).toHaveLength(10);
      expect(
        answers
          .filter((answer) => answer.allowed)
          .map((answer) => answer.count)
          .sort((x, y) => x - y),
      ).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    });
  });
}
