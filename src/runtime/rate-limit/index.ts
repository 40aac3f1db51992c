/**
 * The rate limiter's public surface, for the core's endpoints and for apps that configure a store: the limiter,
 * its stores, the rules and the two key builders with the trusted client address they take.
 */
export { type ClientIpTrust, checkClientIpTrust, clientIp } from "./client-ip.js";
export { createDatabaseStore } from "./database-store.js";
export { RateLimitConfigError, RateLimitStoreError } from "./errors.js";
export { accountKey, ipKey } from "./keys.js";
export { createRateLimiter, type RateLimiter, type RateLimiterOptions, type RateLimitResult } from "./limiter.js";
export { createMemoryStore, type MemoryStore, type MemoryStoreOptions } from "./memory-store.js";
export { createRedisStore, type IORedisClient, type NodeRedisClient, type RedisStoreOptions } from "./redis-store.js";
export { type Backoff, checkRule, type RateLimitRule } from "./rule.js";
export { DEFAULT_RULES } from "./rules.js";
export type { RateLimitStore, StoreAnswer, StoreLimit } from "./store.js";
