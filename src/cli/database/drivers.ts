/**
 * The database choices of `init --db` as plain data: the driver package the generated client module
 * imports, its type package for TypeScript apps, the env variable it connects with, the runtime adapter
 * it is handed to and what to run before the first sign-in. Ranges are the versions this repository tests.
 */
import type { Answers, PackageJson } from "../project/types.js";
import type { SqlDialect } from "./flavours.js";

export type Database = Exclude<Answers["db"], "none">;

export interface DatabaseDriver {
  /** The runtime adapter `@create-auth/runtime/adapters/<adapter>`, also the factory's local name. */
  adapter: Database;
  /** The name the client module exports and the auth config hands to the adapter. */
  client: "db" | "pool";
  /** What the client module imports. */
  module: "node:sqlite" | "better-sqlite3" | "pg" | "mysql2/promise";
  /** The driver, a dependency of the app (none for Node's own node:sqlite). */
  packages: Record<string, string>;
  /** Its type declarations, a devDependency of TypeScript apps (none when the driver ships its own). */
  typePackages: Record<string, string>;
  /** The env variable the client module connects with. */
  envKey: string;
  /** The value written into the env file (a working default for SQLite; empty for a server). */
  envValue: string;
  /** The database's name for people: `PostgreSQL`. */
  label: string;
}

export const DATABASE_DRIVERS: Record<Database, DatabaseDriver> = {
  // SQLite on a Node without an unflagged node:sqlite, or an app that must also run on one (sqliteDriver).
  sqlite: {
    adapter: "sqlite",
    client: "db",
    module: "better-sqlite3",
    packages: { "better-sqlite3": "^12.11.1" },
    typePackages: { "@types/better-sqlite3": "^9.6.0" },
    envKey: "AUTH_DATABASE_FILE",
    envValue: "auth.db",
    label: "SQLite",
  },
  postgres: {
    adapter: "postgres",
    client: "pool",
    module: "pg",
    packages: { pg: "^8.23.1" },
    typePackages: { "@types/pg": "^8.23.1" },
    envKey: "DATABASE_URL",
    envValue: "",
    label: "PostgreSQL",
  },
  mysql: {
    adapter: "mysql",
    client: "pool",
    module: "mysql2/promise",
    packages: { mysql2: "^3.24.6" },
    typePackages: {},
    envKey: "DATABASE_URL",
    envValue: "",
    label: "MySQL",
  },
};

/** A URL of the server's own scheme, for messages that say what to set the URL setting to. */
export function databaseUrlExample(dialect: Exclude<SqlDialect, "sqlite">): string {
  return dialect === "postgres" ? "postgres://user:password@host:5432/db" : "mysql://user:password@host:3306/db";
}

/** The database's name for people (`PostgreSQL`), the one every message uses. */
export function dialectName(dialect: SqlDialect): string {
  return DATABASE_DRIVERS[dialect].label;
}

/**
 * SQLite through Node's own node:sqlite: nothing to install or compile. Its types are @types/node's (22 and
 * later), added for TypeScript apps that declare none.
 */
export const NODE_SQLITE_DRIVER: DatabaseDriver = {
  ...DATABASE_DRIVERS.sqlite,
  module: "node:sqlite",
  packages: {},
  typePackages: { "@types/node": "^22.13.0" },
};

/** The schema file of earlier versions of init, superseded by auth-migrations/0001_auth_tables.sql. */
export const LEGACY_SCHEMA_FILE = "auth-schema.sql";

/** node:sqlite runs without a flag from Node 22.13 (and 23.4); before that it is missing or flagged. */
export function hasNodeSqlite(version: string): boolean {
  const [major = 0, minor = 0] = version.replace(/^v/, "").split(".").map(Number);
  return major >= 24 || (major === 23 && minor >= 4) || (major === 22 && minor >= 13);
}

/**
 * The lowest version a semver range allows (`^20.3.0 || >=21` → 20.3.0), read tolerantly: for each `||`
 * alternative the highest of its lower bounds (`>=`, `>`, `^`, `~`, `=`, a bare or `x` version, `A - B`),
 * 0.0.0 when it has none; a part it cannot read counts as 0.0.0, so an unclear range never passes for a
 * high one.
 */
export function lowestVersion(range: string): string {
  const lows = range.split("||").map((alternative) => {
    const bounds = alternative
      .trim()
      .replace(/\s+-\s+.*$/, "")
      .replace(/([<>]=?|=|\^|~)\s+/g, "$1")
      .split(/\s+/)
      .filter((part) => part !== "")
      .map((comparator) => {
        if (/^<=?/.test(comparator)) return [0, 0, 0];
        const version = /^(?:>=?|\^|~|=|v)*\s*(\d+)(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?/.exec(comparator);
        if (!version) return [0, 0, 0];
        const parts = version.slice(1, 4).map((part) => (part === undefined || !/^\d+$/.test(part) ? 0 : Number(part)));
        // `>22.12.0` allows 22.12.1 first: the next patch stands for it.
        if (comparator.startsWith(">") && !comparator.startsWith(">=")) parts[2]! += 1;
        return parts;
      });
    return bounds.reduce((high, bound) => (compare(bound, high) > 0 ? bound : high), [0, 0, 0]);
  });
  const low = lows.reduce((min, bound) => (compare(bound, min) < 0 ? bound : min));
  return low.join(".");
}

function compare(a: number[], b: number[]): number {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

export interface SqliteDriverChoice {
  driver: DatabaseDriver;
  /** Why better-sqlite3 (a native build) rather than node:sqlite; null for node:sqlite. */
  reason: string | null;
}

/**
 * node:sqlite when the Node running init has it unflagged, nothing the app declares lets it run on an older
 * one (`engines.node`), and a TypeScript app's @types/node (when it declares one) has its types;
 * better-sqlite3 otherwise, saying why. The Node running the CLI stands for the app's.
 */
export function sqliteDriver(
  nodeVersion: string,
  pkg: PackageJson & { engines?: Record<string, string> },
  typescript: boolean,
): SqliteDriverChoice {
  const fallback = (why: string): SqliteDriverChoice => ({
    driver: DATABASE_DRIVERS.sqlite,
    reason: `SQLite through better-sqlite3 (a native module, compiled on install where no prebuilt binary fits), not Node's own node:sqlite: ${why}`,
  });
  if (!hasNodeSqlite(nodeVersion)) {
    // No version in the words: the same note on every Node before 22.13.
    return fallback("the Node running init has no unflagged node:sqlite, which arrived in Node 22.13.");
  }
  const engines = pkg.engines?.node;
  if (engines !== undefined && !hasNodeSqlite(lowestVersion(engines))) {
    return fallback(
      `package.json's engines.node ("${engines}") allows Node older than 22.13, which has no unflagged node:sqlite.`,
    );
  }
  const types = pkg.devDependencies?.["@types/node"] ?? pkg.dependencies?.["@types/node"];
  if (typescript && types !== undefined && Number(lowestVersion(types).split(".")[0]) < 22) {
    return fallback(
      `package.json's @types/node ("${types}") has no types for node:sqlite (they start with @types/node 22); raise it to ^22.13.0 or later to use node:sqlite (docs/cli-database.md).`,
    );
  }
  // Types are added only where none are declared: a declared @types/node is the app's choice, kept.
  const typePackages = typescript && types === undefined ? NODE_SQLITE_DRIVER.typePackages : {};
  return { driver: { ...NODE_SQLITE_DRIVER, typePackages }, reason: null };
}
