/** How a test connects to its database: TCP on loopback with a password. */
export interface PostgresConnection {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
}

/** Resolves once the server accepts the test role over TCP, starting the cluster and creating the role if needed. */
export function ensurePostgres(): Promise<void>;

/** Creates a fresh, uniquely named database owned by the test role; `drop()` removes it. */
export function createPostgresDatabase(): Promise<{ connection: PostgresConnection; drop(): Promise<void> }>;
