/**
 * The Redis store on a real redis-server (a private one per file, test/support/redis.mjs), through both clients
 * apps bring: the same decisions as the memory store, real short windows on Redis's clock, two instances
 * (two clients) counting one limit under concurrency, keys that hold no address, and the script reloaded after
 * Redis forgets it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountKey } from "../../../src/runtime/rate-limit/keys.js";
import { createRateLimiter } from "../../../src/runtime/rate-limit/limiter.js";
import { SLIDING_LOG_SCRIPT, slidingLogScriptSha } from "../../../src/runtime/rate-limit/redis-script.js";
import { createRedisStore } from "../../../src/runtime/rate-limit/redis-store.js";
import { DEFAULT_RULES } from "../../../src/runtime/rate-limit/rules.js";
import type { StoreLimit } from "../../../src/runtime/rate-limit/store.js";
import { startRedis, type TestRedis } from "../../support/redis.mjs";
import { CLIENT_KINDS, connectClient, type TestClient } from "./redis-clients.js";

let redis: TestRedis;
const clients: TestClient[] = [];

beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  for (const client of clients) await client.close();
  await redis?.close();
});

async function connect(kind: TestClient["kind"]): Promise<TestClient> {
  const client = await connectClient(kind, redis.url);
  clients.push(client);
  return client;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let keys = 0;
const freshKey = () => `test-${++keys}-${Math.random().toString(36).slice(2)}`;

describe.each(CLIENT_KINDS)("the Redis store through %s", (kind) => {
  it("allows max attempts, then refuses with the wait until the oldest leaves the window", async () => {
    const store = createRedisStore((await connect(kind)).client);
    const key = freshKey();
    const limit: StoreLimit = { windowMs: 60_000, max: 3 };
    for (let i = 1; i <= 3; i++)
      expect(await store.take(key, limit)).toEqual({ allowed: true, count: i, retryAfterMs: 0 });
    const refused = await store.take(key, limit);
    expect(refused).toMatchObject({ allowed: false, count: 3 });
    expect(refused.retryAfterMs).toBeGreaterThan(59_000);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(60_000);
  });

  it("slides on Redis's clock: a slot opens when its attempt is a window old, not before", async () => {
    const store = createRedisStore((await connect(kind)).client);
    const key = freshKey();
    const limit: StoreLimit = { windowMs: 1_200, max: 2 };
    await store.take(key, limit);
    await sleep(600);
    await store.take(key, limit);
    const refused = await store.take(key, limit);
    expect(refused.allowed).toBe(false);
    // The first attempt leaves the window ~600 ms from now; the second one ~600 ms later.
    expect(refused.retryAfterMs).toBeLessThanOrEqual(600);
    await sleep(refused.retryAfterMs + 20);
    expect(await store.take(key, limit)).toMatchObject({ allowed: true, count: 2 });
    expect((await store.take(key, limit)).allowed).toBe(false);
  });

  it("applies the backoff as the memory store does: free attempts, then doubling waits", async () => {
    const store = createRedisStore((await connect(kind)).client);
    const key = freshKey();
    const limit: StoreLimit = { windowMs: 60_000, max: 100, backoff: { free: 2, baseMs: 400, capMs: 600 } };
    expect((await store.take(key, limit)).allowed).toBe(true);
    expect((await store.take(key, limit)).allowed).toBe(true);
    const first = await store.take(key, limit);
    expect(first).toMatchObject({ allowed: false, count: 2 });
    expect(first.retryAfterMs).toBeGreaterThan(200);
    expect(first.retryAfterMs).toBeLessThanOrEqual(400);
    await sleep(first.retryAfterMs + 20);
    expect((await store.take(key, limit)).allowed).toBe(true);
    // 3 in the window: 400 × 2 = 800, capped at 600.
    const capped = await store.take(key, limit);
    expect(capped.retryAfterMs).toBeGreaterThan(400);
    expect(capped.retryAfterMs).toBeLessThanOrEqual(600);
  });

  it("expires a key's log with its window, and reset deletes it", async () => {
    const client = await connect(kind);
    const store = createRedisStore(client.client, { prefix: "app-a:" });
    const key = freshKey();
    await store.take(key, { windowMs: 5_000, max: 2 });
    const ttl = Number(await client.command(["PTTL", `app-a:${key}`]));
    expect(ttl).toBeGreaterThan(4_000);
    expect(ttl).toBeLessThanOrEqual(5_000);
    await store.reset(key);
    expect(Number(await client.command(["EXISTS", `app-a:${key}`]))).toBe(0);
  });

  it("loads its script again after Redis forgets it (a restart, SCRIPT FLUSH)", async () => {
    const client = await connect(kind);
    const store = createRedisStore(client.client);
    await store.take(freshKey(), { windowMs: 1_000, max: 1 });
    await client.command(["SCRIPT", "FLUSH"]);
    expect(await store.take(freshKey(), { windowMs: 1_000, max: 1 })).toEqual({
      allowed: true,
      count: 1,
      retryAfterMs: 0,
    });
  });
});

describe("two app instances on one Redis", () => {
  it("count one limit together: of 80 concurrent attempts through node-redis and ioredis, exactly 25 pass", async () => {
    const [one, two] = [await connect("node-redis"), await connect("ioredis")];
    const limiters = [createRedisStore(one.client), createRedisStore(two.client)].map((store) =>
      createRateLimiter({ store, timeoutMs: 5_000 }),
    );
    const rule = { name: "shared", window: 60, max: 25, whenStoreDown: "closed" } as const;
    const key = freshKey();
    const answers = await Promise.all(
      Array.from({ length: 80 }, (_, i) => (limiters[i % 2] as (typeof limiters)[number]).consume(key, rule)),
    );
    expect(answers.filter((answer) => answer.allowed)).toHaveLength(25);
    expect(answers.filter((answer) => !answer.allowed && answer.reason === "limited")).toHaveLength(55);
  });

  it("let 5 of 100 parallel guesses at one account through, across both, under the sign-in account rule", async () => {
    const [one, two] = [await connect("node-redis"), await connect("ioredis")];
    const limiters = [one, two].map((c) => createRateLimiter({ store: createRedisStore(c.client), timeoutMs: 5_000 }));
    const key = await accountKey(`${freshKey()}@example.test`, "a-test-secret-of-32-characters!!");
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        (limiters[i % 2] as (typeof limiters)[number]).consume(key, DEFAULT_RULES.signInPerAccount),
      ),
    );
    expect(answers.filter((answer) => answer.allowed)).toHaveLength(5);
  });

  it("share an account's backoff and its reset: a correct password on one clears failures made on the other", async () => {
    const [one, two] = [await connect("ioredis"), await connect("node-redis")];
    const a = createRateLimiter({ store: createRedisStore(one.client) });
    const b = createRateLimiter({ store: createRedisStore(two.client) });
    const rule = {
      name: "acct",
      window: 900,
      max: 100,
      whenStoreDown: "closed",
      backoff: { free: 3, base: 1, cap: 30 },
    } as const;
    const key = await accountKey(`${freshKey()}@example.test`, "a-test-secret-of-32-characters!!");
    for (let i = 0; i < 3; i++) await (i % 2 ? a : b).consume(key, rule);
    expect(await a.consume(key, rule)).toMatchObject({ allowed: false, reason: "limited", retryAfterSeconds: 1 });
    await b.reset(key, rule);
    expect(await a.consume(key, rule)).toEqual({ allowed: true, remaining: 99 });
  });
});

describe("what Redis holds", () => {
  it("keeps an account's counter under a keyed hash, never the address typed", async () => {
    const client = await connect("node-redis");
    const limiter = createRateLimiter({ store: createRedisStore(client.client, { prefix: "privacy-test:" }) });
    const rule = { name: "signin-account", window: 60, max: 5, whenStoreDown: "closed" } as const;
    await limiter.consume(await accountKey("  Ann.Owner@Example.TEST ", "a-test-secret-of-32-characters!!"), rule);
    await limiter.consume(await accountKey("ann.owner@example.test", "a-test-secret-of-32-characters!!"), rule);
    const stored = (await client.command(["KEYS", "privacy-test:*"])) as string[];
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatch(/^privacy-test:signin-account:account:[0-9a-f]{32}$/);
    expect(JSON.stringify(stored).toLowerCase()).not.toMatch(/ann|owner|example/);
    expect(Number(await client.command(["ZCARD", stored[0] as string]))).toBe(2);
  });

  it("names its script by the SHA-1 Redis gives it, so EVALSHA finds it once loaded", async () => {
    const client = await connect("ioredis");
    expect(await client.command(["SCRIPT", "LOAD", SLIDING_LOG_SCRIPT])).toBe(await slidingLogScriptSha());
  });

  it("refuses a client of another shape at start-up, naming the two it accepts", () => {
    expect(() => createRedisStore({} as never)).toThrow(/node-redis client .* or an ioredis client/);
  });
});
