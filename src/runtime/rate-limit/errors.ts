/**
 * The rate limiter's own errors, each with a stable `type`. A rule that makes no sense is refused when it is
 * checked (at start-up, by whoever builds the rules), never at the first request that would use it. A store
 * that fails is not an error the caller sees: the limiter turns it into an answer (limiter.ts).
 */

/** A rule, a key or a trust setting that cannot be used; the message says which field and why. */
export class RateLimitConfigError extends Error {
  readonly type = "RateLimitConfigError";
  constructor(message: string) {
    super(message);
    this.name = "RateLimitConfigError";
  }
}

/** A counter store that did not answer in time or answered something unreadable; `cause` is what it threw. */
export class RateLimitStoreError extends Error {
  readonly type = "RateLimitStoreError";
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "RateLimitStoreError";
  }
}
