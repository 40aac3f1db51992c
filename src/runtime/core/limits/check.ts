/**
 * The rate-limit check, run once per request in the request path (core/route.ts), after parsing and before
 * the action: what plan.ts says to count is counted, under the client's network (from the trusted source
 * only, rate-limit/client-ip.ts) and the account the request names (a keyed hash, rate-limit/keys.ts). The
 * first refusal throws RateLimited, which core/limits/answer.ts turns into 429 (or 503 when the store is down
 * and the rule fails closed); the action never runs.
 *
 * Attempts are counted before the action, not after its outcome: the count and the decision are one atomic
 * step in the store, so a hundred guesses sent at once get through only as many as the rule allows. The
 * outcome then clears what a success should (a correct password clears the account's counter), so what stays
 * counted at an account is its failures.
 */
import { RateLimited } from "../../errors.js";
import { clientIp } from "../../rate-limit/client-ip.js";
import { accountKey, ipKey } from "../../rate-limit/keys.js";
import type { RateLimitRule } from "../../rate-limit/rule.js";
import type { ResponseInternal } from "../../types.js";
import type { ActionContext } from "../actions/context.js";
import { limitPlan } from "./plan.js";

/** What the request path tells the limits once the action has answered without throwing. */
export interface LimitedAttempt {
  /**
   * Clears what a success clears when `result` is one: an answer of 400 or more is not (the password hasher's
   * 503 "busy" answers without having checked the password), a redirect or a page is.
   */
  answered(result: ResponseInternal): Promise<void>;
}

/**
 * The key of the account hashes: the app's current secret under a label of its own, so these hashes are
 * separate from the secret's other uses, and long enough for accountKey whatever secret the core accepted
 * (it takes any non-empty one). Rotating the secret starts fresh counters, as a restart of the memory store does.
 */
function accountSecret(secrets: string[]): string {
  return `create-auth rate-limit accounts\n${secrets[0] ?? ""}`;
}

/** Where "no client address" was already said: per logger, so once per app. */
const warnedNoAddress = new WeakSet<object>();

/**
 * Counts this request under the rules that guard it; throws RateLimited when one refuses. Answers what to do
 * after a success, or undefined when there is nothing to clear.
 */
export async function limitRequest(context: ActionContext): Promise<LimitedAttempt | undefined> {
  const { request, options } = context;
  const limits = options.rateLimits;
  if (limits === undefined || limits.on === false) return undefined;
  const plan = limitPlan(request, options.provider);
  if (!plan) return undefined;
  if (limits.on === "invalid") throw limits.error;

  const { limiter, trust, rules } = limits;
  let network: string | undefined | null = null;
  const networkKey = (): string | undefined => {
    if (network !== null) return network;
    const remote = request.clientAddress;
    if (trust === undefined && remote === undefined) {
      // No trusted header and no socket address: every client would share one counter, which one of them could
      // fill for all. Counting per account still holds. Said once, at debug level: a serverless app behind its
      // platform's proxy is in this state until it sets trustedIpHeader, and its visitors' requests log nothing.
      const destination = options.logger;
      if (!warnedNoAddress.has(destination)) {
        warnedNoAddress.add(destination);
        options.logger.debug(
          "rate-limit-no-client-address",
          "The client's address is unknown (no rateLimit.trustedIpHeader, and the integration gives none): per-address limits are skipped, per-account limits apply (docs/rate-limits.md).",
        );
      }
      network = undefined;
    } else {
      network = ipKey(clientIp(request, trust, remote));
    }
    return network;
  };

  // What a success clears, gathered as the checks count (at most one account counter per plan).
  const clears: { key: string; rule: RateLimitRule }[] = [];
  for (const check of plan.checks) {
    const rule = rules[check.rule];
    if (!rule) continue;
    const key = check.by === "ip" ? networkKey() : await accountKey(check.identifier, accountSecret(options.secret));
    if (key === undefined) continue;
    const answer = await limiter.consume(key, rule);
    if (!answer.allowed) {
      throw new RateLimited(
        answer.retryAfterSeconds,
        answer.reason,
        answer.reason === "limited"
          ? `Too many attempts under the ${rule.name} rule: refused for ${answer.retryAfterSeconds} s.`
          : `The rate-limit store is down and the ${rule.name} rule fails closed: refused.`,
      );
    }
    if (plan.clearOnSuccess.includes(check.rule)) clears.push({ key, rule });
  }

  if (clears.length === 0) return undefined;
  return {
    async answered(result) {
      if (result.status !== undefined && result.status >= 400) return;
      await Promise.all(clears.map(({ key, rule }) => limiter.reset(key, rule)));
    },
  };
}
