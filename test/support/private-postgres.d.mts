/** A PostgreSQL cluster of one test's own, in a temporary directory, on a free loopback port. */
export interface PrivatePostgres {
  port: number;
  /** pg's connection config for the database `postgres` (superuser, trust authentication on loopback). */
  connection: { host: string; port: number; user: string; database: string };
  /** `postgres://auth_test@127.0.0.1:<port>/postgres` */
  url: string;
  /** Starts the server again after `stop()`; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops the server (`fast` by default: sessions ended, a checkpoint written). */
  stop(mode?: "smart" | "fast" | "immediate"): Promise<void>;
  /** `stop(mode)` then `start()`. */
  restart(mode?: "smart" | "fast" | "immediate"): Promise<void>;
  /** Stops the server for good (immediate) and removes its directory. */
  close(): Promise<void>;
}

export function startPrivatePostgres(): Promise<PrivatePostgres>;
