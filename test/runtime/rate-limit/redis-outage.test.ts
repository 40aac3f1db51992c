/**
 * Redis stopped mid-run, through each client apps bring (with the library's own offline queue and retries):
 * a rule that guards credentials fails closed (store-unavailable, which the core answers 503 with Retry-After),
 * a rule configured open lets requests through uncounted, neither waits longer than the limiter's timeout,
 * and both are counted again once Redis is back, with no restart of the app.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRateLimiter, type RateLimitResult } from "../../../src/runtime/rate-limit/limiter.js";
import { createRedisStore } from "../../../src/runtime/rate-limit/redis-store.js";
import type { RateLimitRule } from "../../../src/runtime/rate-limit/rule.js";
import { startRedis, type TestRedis } from "../../support/redis.mjs";
import { CLIENT_KINDS, connectClient, type TestClient } from "./redis-clients.js";

const CLOSED: RateLimitRule = { name: "signin-ip", window: 60, max: 3, whenStoreDown: "closed" };
const OPEN: RateLimitRule = { name: "page-ip", window: 60, max: 3, whenStoreDown: "open" };

describe.each(CLIENT_KINDS)("Redis stopped under a limiter using %s", (kind) => {
  let redis: TestRedis;
  let client: TestClient;
  beforeAll(async () => {
    redis = await startRedis();
    client = await connectClient(kind, redis.url);
  });
  afterAll(async () => {
    await client?.close();
    await redis?.close();
  });

  it("fails closed for the closed rule and open for the open one, then counts again when Redis returns", async () => {
    const errors: unknown[] = [];
    const limiter = createRateLimiter({
      store: createRedisStore(client.client),
      timeoutMs: 300,
      retryStoreAfterMs: 200,
      onStoreError: (error) => errors.push(error),
    });
    expect(await limiter.consume("ip:192.0.2.7", CLOSED)).toEqual({ allowed: true, remaining: 2 });
    expect(await limiter.consume("ip:192.0.2.7", OPEN)).toEqual({ allowed: true, remaining: 2 });

    await redis.stop();
    const started = performance.now();
    const closed = await limiter.consume("ip:192.0.2.7", CLOSED);
    const open = await limiter.consume("ip:192.0.2.7", OPEN);
    expect(closed).toEqual({ allowed: false, retryAfterSeconds: 5, reason: "store-unavailable" });
    expect(open).toEqual({ allowed: true, remaining: 0, unchecked: true });
    // One timeout at most: the second call finds the store marked down and does not wait again.
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(errors.length).toBeGreaterThanOrEqual(1);
    // Still down a few seconds later (the client's reconnects keep failing): still the same answers.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await limiter.consume("ip:192.0.2.7", CLOSED)).toMatchObject({
      allowed: false,
      reason: "store-unavailable",
    });
    expect(await limiter.consume("ip:192.0.2.7", OPEN)).toMatchObject({ allowed: true, unchecked: true });

    await redis.start();
    const recovered = await until(async () => {
      const answer = await limiter.consume("ip:192.0.2.8", CLOSED);
      return answer.allowed ? answer : undefined;
    }, 15_000);
    // A fresh Redis (no persistence) counts from zero, and limits bind again.
    expect(recovered).toEqual({ allowed: true, remaining: 2 });
    await limiter.consume("ip:192.0.2.8", CLOSED);
    await limiter.consume("ip:192.0.2.8", CLOSED);
    expect(await limiter.consume("ip:192.0.2.8", CLOSED)).toMatchObject({ allowed: false, reason: "limited" });
    expect(await limiter.consume("ip:192.0.2.8", OPEN)).toEqual({ allowed: true, remaining: 2 });
  });
});

describe.each(CLIENT_KINDS)("Redis stopped under a %s client without an offline queue", (kind) => {
  let redis: TestRedis;
  let client: TestClient;
  beforeAll(async () => {
    redis = await startRedis();
    client = await connectClient(kind, redis.url, { offlineQueue: false });
  });
  afterAll(async () => {
    await client?.close();
    await redis?.close();
  });

  it("refuses at once, without waiting out the limiter's timeout, and counts again when Redis returns", async () => {
    // A 5 s timeout that the answers below come well inside: the client's own error decides, not the timer.
    const limiter = createRateLimiter({
      store: createRedisStore(client.client),
      timeoutMs: 5_000,
      onStoreError: () => {},
    });
    expect((await limiter.consume("ip:192.0.2.9", CLOSED)).allowed).toBe(true);
    await redis.stop();
    const started = performance.now();
    expect(await limiter.consume("ip:192.0.2.9", CLOSED)).toMatchObject({
      allowed: false,
      reason: "store-unavailable",
    });
    expect(performance.now() - started).toBeLessThan(1_000);
    await redis.start();
    expect(
      await until(async () => {
        const answer = await limiter.consume("ip:192.0.2.9", CLOSED);
        return answer.allowed ? answer : undefined;
      }, 15_000),
    ).toEqual({ allowed: true, remaining: 2 });
  });
});

/** Polls `attempt` every 100 ms until it returns a result, failing after `timeoutMs`. */
async function until(attempt: () => Promise<RateLimitResult | undefined>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const result = await attempt();
    if (result) return result;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the limiter did not count again within ${timeoutMs} ms of Redis returning`);
}
