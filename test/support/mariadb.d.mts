/** How a test connects to its database: TCP on loopback with a password. */
export interface MariaDBConnection {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
}

/** Resolves once the server accepts the test user over TCP, starting it and creating the user if needed. */
export function ensureMariaDB(): Promise<void>;

/** Creates a fresh, uniquely named utf8mb4 database for the test user; `drop()` removes it. */
export function createMariaDBDatabase(): Promise<{ connection: MariaDBConnection; drop(): Promise<void> }>;
