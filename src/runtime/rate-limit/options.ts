/**
 * The app's `rateLimit` option, as the public config types name it (types.ts `AuthConfig.rateLimit`): which
 * store counts, whom to believe about the client's address, and which rules to change. The core resolves it
 * once per config (core/limits/settings.ts); the paths each rule guards are decided in core/limits/plan.ts.
 */
import type { ClientIpTrust } from "./client-ip.js";
import type { RateLimitRule } from "./rule.js";
import type { DEFAULT_RULES } from "./rules.js";
import type { RateLimitStore } from "./store.js";

/** The name of each rule the auth paths use (`signInPerIp`, `mailPerAccount`, …): DEFAULT_RULES' keys. */
export type RateLimitRuleName = keyof typeof DEFAULT_RULES;

export interface RateLimitOptions {
  /**
   * Where the counters live. Default: this process's memory, right for an app that runs as one instance.
   * Several instances share one store: `createRedisStore(client)` with the app's node-redis or ioredis client,
   * or `"database"`: the config's adapter counts in its `rate_limits` table (`createDatabaseStore(adapter)`).
   */
  store?: RateLimitStore | "database";
  /**
   * The header the app's reverse proxies or platform write the client's address into, and for
   * `x-forwarded-for`/`forwarded` how many proxies append to it (docs/rate-limits.md, "The client's address").
   * Without it no header is believed: the integration's socket address is used where it has one, and where
   * there is none the per-address rules are skipped (warned once), the per-account ones still apply.
   */
  trustedIpHeader?: ClientIpTrust;
  /** Rules to replace, by name; `false` turns one off. Each is checked when the config is first used. */
  rules?: Partial<Record<RateLimitRuleName, RateLimitRule | false>>;
}
