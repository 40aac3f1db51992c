/**
 * The logger every stage writes to: the user's `logger` methods merged over console defaults. `debug`
 * is silent unless `debug: true`. Errors are logged whole (type, message, cause) on the server only.
 */
import { AuthError } from "../errors.js";
import type { AuthConfig, LoggerInstance } from "../types.js";

function defaultError(error: Error): void {
  const type = error instanceof AuthError ? error.type : error.name;
  console.error(`[auth][error] ${type}: ${error.message}`);
  const cause = error instanceof AuthError ? error.cause?.err : error.cause;
  if (cause instanceof Error) console.error("[auth][cause]:", cause.stack ?? cause.message);
  else if (error.stack) console.error(error.stack);
}

export function createLogger(config: Pick<AuthConfig, "logger" | "debug">): LoggerInstance {
  const user = config.logger ?? {};
  const debugEnabled = config.debug === true;
  return {
    error: (error) => (user.error ?? defaultError)(error),
    warn: (code, ...message) =>
      user.warn ? user.warn(code, ...message) : console.warn(`[auth][warn][${code}]`, ...message),
    debug: (code, ...message) => {
      if (!debugEnabled) return;
      if (user.debug) user.debug(code, ...message);
      else console.debug(`[auth][debug][${code}]`, ...message);
    },
  };
}
