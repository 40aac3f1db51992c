/** True when `command` is an executable on the PATH (extended with sbin). */
export function whichCommand(command: string): boolean;

/** Runs a command to its exit with output captured through a file; resolves whatever the exit code. */
export function runServiceCommand(
  command: string,
  args: string[],
  options?: { timeoutMs?: number },
): Promise<{ code: number | string; output: string }>;

/** Polls `check` until it resolves true; throws `failure()`'s message after `timeoutMs`. */
export function waitUntil(
  check: () => Promise<boolean>,
  options: { timeoutMs: number; intervalMs?: number; failure: () => string },
): Promise<void>;
