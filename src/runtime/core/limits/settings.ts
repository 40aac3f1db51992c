/**
 * The app's `rateLimit` option, resolved once: the limiter over its store, the trusted source of the client's
 * address, and the rules after the app's overrides. On by default with the memory store (a deployment that
 * forgot to configure it is still limited); `rateLimit: false` turns it off, with a warning, for apps that
 * limit in front of the auth routes themselves.
 *
 * The default memory store must outlive one config object: the server helpers call the core with a copy of
 * the app's config (core/server/config.ts), and some integrations copy it per request. A copy keeps the same
 * `providers` array (and the same `rateLimit` object), so the resolution is kept under that, and every copy of
 * one app's config counts in one store. A store the app passes holds its counters itself.
 */
// Each module by itself, not the rate-limit barrel: that would load the Redis store into every app.
import { type ClientIpTrust, checkClientIpTrust } from "../../rate-limit/client-ip.js";
import { createDatabaseStore } from "../../rate-limit/database-store.js";
import { RateLimitStoreError } from "../../rate-limit/errors.js";
import { createRateLimiter, type RateLimiter } from "../../rate-limit/limiter.js";
import type { RateLimitOptions, RateLimitRuleName } from "../../rate-limit/options.js";
import { checkRule, type RateLimitRule } from "../../rate-limit/rule.js";
import { DEFAULT_RULES } from "../../rate-limit/rules.js";
import type { RateLimitStore } from "../../rate-limit/store.js";
import type { AuthConfig, LoggerInstance } from "../../types.js";

export type LimitRules = Readonly<Record<RateLimitRuleName, RateLimitRule | null>>;

export type RateLimits =
  | { readonly on: false }
  | {
      readonly on: true;
      readonly limiter: RateLimiter;
      readonly trust: ClientIpTrust | undefined;
      /** Each rule by name; null where the app turned it off. */
      readonly rules: LimitRules;
    }
  /** An option that cannot be used: every limited request answers it as a configuration error. */
  | { readonly on: "invalid"; readonly error: Error };

/** A store error is logged at most this often (ms): a store down for an hour must not write a line per request. */
const STORE_ERROR_LOG_INTERVAL = 30_000;

const resolutions = new WeakMap<object, RateLimits>();
/** Where "rate limits are off" was already said: the app's logger object, else the console (as core/assert.ts). */
const warnedOff = new WeakSet<object>();

function rulesOf(overrides: RateLimitOptions["rules"]): LimitRules {
  if (overrides !== undefined && (typeof overrides !== "object" || overrides === null)) {
    throw new TypeError("rateLimit.rules must be an object of rules by name.");
  }
  const rules: Record<string, RateLimitRule | null> = {};
  for (const [name, rule] of Object.entries(DEFAULT_RULES)) rules[name] = rule;
  for (const [name, rule] of Object.entries(overrides ?? {})) {
    if (!Object.hasOwn(DEFAULT_RULES, name)) {
      throw new TypeError(
        `rateLimit.rules.${name} is no rule the auth paths use (${Object.keys(DEFAULT_RULES).join(", ")}).`,
      );
    }
    if (rule === undefined) continue;
    rules[name] = rule === false ? null : checkRule(rule);
  }
  return rules as LimitRules;
}

function resolve(option: RateLimitOptions, logger: LoggerInstance, adapter: AuthConfig["adapter"]): RateLimits {
  try {
    if (typeof option !== "object" || option === null) {
      throw new TypeError("rateLimit must be an object ({ store, trustedIpHeader, rules }) or false.");
    }
    // "database": the config's adapter, refused here (by createDatabaseStore) when it lacks the two methods.
    const store = (option.store === "database" ? createDatabaseStore(adapter) : option.store) as
      | Partial<RateLimitStore>
      | undefined;
    // Refused now: a store without these would fail every call, and sign-in would answer 503 for ever.
    if (store !== undefined && (typeof store?.take !== "function" || typeof store.reset !== "function")) {
      throw new TypeError(
        'rateLimit.store must be a rate-limit store (take, reset): createRedisStore(client), createMemoryStore() or "database".',
      );
    }
    const trust = option.trustedIpHeader === undefined ? undefined : checkClientIpTrust(option.trustedIpHeader);
    const rules = rulesOf(option.rules);
    let loggedAt = Number.NEGATIVE_INFINITY;
    const limiter = createRateLimiter({
      ...(store ? { store: store as RateLimitStore } : {}),
      onStoreError(error) {
        const now = Date.now();
        if (now - loggedAt < STORE_ERROR_LOG_INTERVAL) return;
        loggedAt = now;
        logger.error(
          new RateLimitStoreError(
            "The rate-limit store does not answer: sign-in and mail paths are refused (503) until it does.",
            { cause: error },
          ),
        );
      },
    });
    return { on: true, limiter, trust, rules };
  } catch (error) {
    return { on: "invalid", error: error instanceof Error ? error : new Error(String(error)) };
  }
}

/** The rate limits of `config`, resolved once per app (see the header); logs why when they cannot be used. */
export function resolveRateLimits(config: AuthConfig, logger: LoggerInstance): RateLimits {
  const option = config.rateLimit;
  if (option === false) {
    const destination = config.logger ?? console;
    if (!warnedOff.has(destination)) {
      warnedOff.add(destination);
      logger.warn(
        "rate-limit-off",
        "rateLimit is false: sign-in, sign-up, reset and mail are not limited here. Limit them in front of the app (docs/rate-limits.md).",
      );
    }
    return { on: false };
  }
  const holder: object | undefined = option ?? (Array.isArray(config.providers) ? config.providers : undefined);
  const known = holder === undefined ? undefined : resolutions.get(holder);
  if (known) return known;
  const resolved = resolve(option ?? {}, logger, config.adapter);
  if (resolved.on === "invalid") logger.error(resolved.error);
  if (holder !== undefined) resolutions.set(holder, resolved);
  return resolved;
}
