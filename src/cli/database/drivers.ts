/**
 * The database choices of `init --db` as plain data: the driver package the generated client module
 * imports, its type package for TypeScript apps, the env variable it connects with, the runtime adapter
 * it is handed to and what to run before the first sign-in. Ranges are the versions this repository tests.
 */
import type { Answers } from "../targets/types.js";

export type Database = Exclude<Answers["db"], "none">;

export interface DatabaseDriver {
  /** The runtime adapter `@create-auth/runtime/adapters/<adapter>`, also the factory's local name. */
  adapter: Database;
  /** The name the client module exports and the auth config hands to the adapter. */
  client: "db" | "pool";
  /** The driver, a dependency of the app. */
  packages: Record<string, string>;
  /** Its type declarations, a devDependency of TypeScript apps (none when the driver ships its own). */
  typePackages: Record<string, string>;
  /** The env variable the client module connects with. */
  envKey: string;
  /** The value written into the env file (a working default for SQLite; empty for a server). */
  envValue: string;
  label: string;
}

export const DATABASE_DRIVERS: Record<Database, DatabaseDriver> = {
  // better-sqlite3 rather than node:sqlite: it runs on every Node this CLI supports (node:sqlite needs
  // Node >= 22.13 unflagged and still warns as experimental), bundlers already keep it external, and its
  // types do not depend on the app's @types/node. The sqlite adapter takes either (docs/cli-database.md).
  sqlite: {
    adapter: "sqlite",
    client: "db",
    packages: { "better-sqlite3": "^12.11.1" },
    typePackages: { "@types/better-sqlite3": "^9.6.0" },
    envKey: "AUTH_DATABASE_FILE",
    envValue: "auth.db",
    label: "SQLite",
  },
  postgres: {
    adapter: "postgres",
    client: "pool",
    packages: { pg: "^8.23.1" },
    typePackages: { "@types/pg": "^8.23.1" },
    envKey: "DATABASE_URL",
    envValue: "",
    label: "PostgreSQL",
  },
  mysql: {
    adapter: "mysql",
    client: "pool",
    packages: { mysql2: "^3.24.6" },
    typePackages: {},
    envKey: "DATABASE_URL",
    envValue: "",
    label: "MySQL",
  },
};

/** Where the SQL schema goes: the project root, one name for every framework. */
export const SCHEMA_FILE = "auth-schema.sql";
