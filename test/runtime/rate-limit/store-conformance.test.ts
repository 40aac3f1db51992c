/**
 * Runs the counter store contract (store-conformance.ts) on the memory store and on the Redis store through
 * node-redis and ioredis, against a private redis-server: the Lua script and the TypeScript decision must agree.
 */
import { afterAll, beforeAll } from "vitest";
import { createMemoryStore } from "../../../src/runtime/rate-limit/memory-store.js";
import { createRedisStore } from "../../../src/runtime/rate-limit/redis-store.js";
import { startRedis, type TestRedis } from "../../support/redis.mjs";
import { CLIENT_KINDS, connectClient, type TestClient } from "./redis-clients.js";
import { storeConformance } from "./store-conformance.js";

let redis: TestRedis;
const clients: TestClient[] = [];
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  for (const client of clients) await client.close();
  await redis?.close();
});

storeConformance("the memory store", () => createMemoryStore());
for (const kind of CLIENT_KINDS) {
  storeConformance(`the Redis store through ${kind}`, async () => {
    const client = await connectClient(kind, redis.url);
    clients.push(client);
    return createRedisStore(client.client);
  });
}
