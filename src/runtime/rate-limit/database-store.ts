/**
 * The counter store in the app's database: `createDatabaseStore(adapter)`, or `rateLimit: { store:
 * "database" }` with the config's adapter. It is the adapter's optional method pair `takeRateLimit` /
 * `resetRateLimit` (types-records.ts), which every built-in adapter implements on a `rate_limits` table
 * (adapters/rate-limit-log.ts: decided and recorded atomically across every instance on one database, on the
 * database's clock where the adapter can read it). For apps that run several instances and have a database
 * but no Redis; Redis answers faster (docs/rate-limits.md, "Measured").
 *
 * An adapter without the pair is refused here, when the limiter is built, naming what is missing: otherwise
 * every take would throw, and sign-in would answer 503 for ever.
 */
import type { Adapter } from "../types.js";
import { RateLimitConfigError, RateLimitStoreError } from "./errors.js";
import type { RateLimitStore, StoreAnswer } from "./store.js";

/** Reads an adapter's answer, refusing anything but `{ allowed, count, retryAfterMs }` as a store fault. */
function answerOf(answer: unknown): StoreAnswer {
  const { allowed, count, retryAfterMs } = (answer ?? {}) as Partial<StoreAnswer>;
  if (typeof allowed !== "boolean" || !Number.isFinite(count) || !Number.isFinite(retryAfterMs)) {
    throw new RateLimitStoreError(`The adapter's takeRateLimit answered ${JSON.stringify(answer)}.`);
  }
  return { allowed, count: count as number, retryAfterMs: retryAfterMs as number };
}

export function createDatabaseStore(adapter: Adapter | undefined): RateLimitStore {
  const take = adapter?.takeRateLimit;
  const reset = adapter?.resetRateLimit;
  if (typeof take !== "function" || typeof reset !== "function") {
    const missing = adapter
      ? "the adapter does not implement takeRateLimit and resetRateLimit"
      : "the config has no adapter";
    throw new RateLimitConfigError(
      `The database rate-limit store needs an adapter with takeRateLimit and resetRateLimit, but ${missing}. ` +
        "Every built-in adapter has them (Prisma's when the client has the RateLimit model): see " +
        "docs/adapters.md#rate-limits, or use createRedisStore(client) or the memory store.",
    );
  }
  return {
    async take(key, limit) {
      return answerOf(await take.call(adapter, key, limit));
    },
    async reset(key) {
      await reset.call(adapter, key);
    },
  };
}
