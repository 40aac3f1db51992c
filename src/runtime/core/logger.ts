/**
 * The logger every stage writes to: the user's `logger` methods merged over console defaults. `debug`
 * is silent unless `debug: true`. Errors are logged on the server only, and this module alone decides how
 * much each is worth, so the app's real errors stand out:
 * - an expected outcome (EXPECTED below: a refused sign-in, a used link, a cookie this deployment cannot
 *   read) is one warning line under its code, without a stack;
 * - a check of the runtime's own (an AuthError with no cause: its message says what to do) is one error line;
 * - a fault (an adapter or a network down, a throwing callback, a bug), anything with a cause or not the
 *   runtime's, is an error logged whole, stack included.
 * An app's own `logger.error` receives every error but a refused credentials sign-in whole, expected or not
 * (monitoring may count refused sign-ins and unreadable cookies); only the console prints them in one line.
 */
import { AccessDenied, AuthError, CredentialsSignin, JWTSessionError, RateLimited, Verification } from "../errors.js";
import type { AuthConfig, LoggerInstance } from "../types.js";

/**
 * Outcomes the app expects to happen every day, none of them a fault of the app or of the runtime, each with
 * the warning code it is logged under. Logged as errors with a stack, each one buried the app's real errors.
 */
const EXPECTED: ReadonlyArray<{ code: string; is: (error: Error) => boolean }> = [
  // A wrong password: the user's, not even an error. Reaches the app's `warn`, never its `error`.
  { code: "credentials-signin", is: (error) => error instanceof CredentialsSignin },
  // The signIn callback answered no. One that throws is a fault: its error is the cause, logged whole.
  { code: "access-denied", is: (error) => error instanceof AccessDenied && error.cause === undefined },
  // Too many attempts, refused before the action (core/limits/): the limits doing their job.
  { code: "rate-limited", is: (error) => error instanceof RateLimited },
  // A sign-in link followed twice, expired, or for another address (actions/callback/email.ts).
  { code: "verification", is: (error) => error instanceof Verification },
  // A session cookie sealed under another secret, expired, tampered with or cut short (session/jwt.ts).
  {
    code: "session-cookie-unreadable",
    is: (error) => error instanceof JWTSessionError && error.cause?.cookie === "unreadable",
  },
];

function expectedOutcome(error: Error): string | undefined {
  return EXPECTED.find((outcome) => outcome.is(error))?.code;
}

function errorLines(error: Error, withStack: boolean): void {
  const type = error instanceof AuthError ? error.type : error.name;
  console.error(`[auth][error] ${type}: ${error.message}`);
  const cause = error instanceof AuthError ? error.cause?.err : error.cause;
  if (cause instanceof Error) console.error("[auth][cause]:", cause.stack ?? cause.message);
  // The stack of an AuthError without a cause points into the runtime's own checks, never at the app's code.
  else if (error.stack && (withStack || !(error instanceof AuthError))) console.error(error.stack);
}

export function createLogger(config: Pick<AuthConfig, "logger" | "debug">): LoggerInstance {
  const user = config.logger ?? {};
  const debugEnabled = config.debug === true;
  const warn: LoggerInstance["warn"] = (code, ...message) =>
    user.warn ? user.warn(code, ...message) : console.warn(`[auth][warn][${code}]`, ...message);
  return {
    error: (error) => {
      const outcome = expectedOutcome(error);
      if (outcome === undefined) return (user.error ?? ((thrown: Error) => errorLines(thrown, debugEnabled)))(error);
      if (error instanceof CredentialsSignin)
        return warn(outcome, `${error.message} (code ${JSON.stringify(error.code)})`);
      if (user.error) return user.error(error);
      warn(outcome, error.message);
    },
    warn,
    debug: (code, ...message) => {
      if (!debugEnabled) return;
      if (user.debug) user.debug(code, ...message);
      else console.debug(`[auth][debug][${code}]`, ...message);
    },
  };
}
