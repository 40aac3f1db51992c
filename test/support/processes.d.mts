export interface CommandOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Kill the command after this long. Default 300 s. */
  timeoutMs?: number;
}

/** Runs a command to completion; rejects with the tail of its output when it exits non-zero. */
export function runCommand(
  command: string,
  args: string[],
  options?: CommandOptions,
): Promise<{ output: string; ms: number }>;

export interface RunningServer {
  /** PID of the spawned process, which also leads its own process group. */
  pid: number | undefined;
  /** The tail of everything it printed so far. */
  output(): string;
  /** Milliseconds from spawn until `readyUrl` answered. */
  readyMs: number;
  /** Settles when the process has exited, for whatever reason. */
  closed: Promise<void>;
  /** SIGTERM to its process group, SIGKILL after 5 s; resolves once it has exited. */
  stop(): Promise<void>;
}

/** Starts a server and resolves once `readyUrl` answers any HTTP status. */
export function startServer(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; readyUrl: string; timeoutMs?: number; echo?: boolean },
): Promise<RunningServer>;
