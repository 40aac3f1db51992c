/**
 * The runtime's main entry: the framework-agnostic `Auth` handler on web-standard Request/Response, the
 * helpers integrations build on, the rate limits' stores and rules (for `rateLimit`: the core loads them
 * anyway), every error class and the public types.
 */

export { isAuthAction } from "./core/actions/paths.js";
export { Auth } from "./core/auth.js";
export { normalizeEmailAddress } from "./core/email/normalize.js";
export { setEnvDefaults } from "./core/env.js";
export { createActionURL } from "./core/server/action-url.js";
export * from "./errors.js";
export {
  type ClientIpTrust,
  createDatabaseStore,
  createMemoryStore,
  createRedisStore,
  DEFAULT_RULES,
  RateLimitConfigError,
  type RateLimitRule,
  type RateLimitStore,
  RateLimitStoreError,
} from "./rate-limit/index.js";
export type { RateLimitOptions, RateLimitRuleName } from "./rate-limit/options.js";
export * from "./types.js";
