/** Resolves true when a RESP PING on 127.0.0.1:`port` gets +PONG within a second. */
export function redisAnswers(port: number): Promise<boolean>;

/** A private redis-server on a free loopback port, which a test may stop and start again (empty). */
export interface TestRedis {
  port: number;
  /** `redis://127.0.0.1:<port>` */
  url: string;
  /** Starts the server again on the same port (no-op while it runs); resolves once it answers PING. */
  start(): Promise<void>;
  /** Ends the server (SIGTERM, then SIGKILL after 5 s); resolves once it has exited. */
  stop(): Promise<void>;
  /** Stops the server for good and removes its directory. */
  close(): Promise<void>;
  /** The tail of the server's output, for failure messages. */
  output(): string;
}

export function startRedis(): Promise<TestRedis>;
