/**
 * The logger every stage writes to: the user's `logger` methods merged over console defaults. `debug`
 * is silent unless `debug: true`. Errors are logged on the server only, in as many lines as help: an
 * expected outcome (a refused credentials sign-in) is one warning line, a check of the runtime's own (an
 * AuthError with no cause: its message says what to do) one error line, and anything with a cause, or not
 * the runtime's, is logged whole, stack included, so the app's real errors stand out.
 */
import { AuthError, CredentialsSignin } from "../errors.js";
import type { AuthConfig, LoggerInstance } from "../types.js";

/**
 * Outcomes the app expects to happen every day, with the warning code each is logged under. A wrong password
 * is the user's, not a fault: logged as an error with a stack, each one buried the app's real errors.
 */
function expectedOutcome(error: Error): string | undefined {
  if (error instanceof CredentialsSignin) return "credentials-signin";
  return undefined;
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
      const code = error instanceof CredentialsSignin ? ` (code ${JSON.stringify(error.code)})` : "";
      warn(outcome, `${error.message}${code}`);
    },
    warn,
    debug: (code, ...message) => {
      if (!debugEnabled) return;
      if (user.debug) user.debug(code, ...message);
      else console.debug(`[auth][debug][${code}]`, ...message);
    },
  };
}
