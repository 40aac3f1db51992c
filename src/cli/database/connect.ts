/**
 * One connection to the app's own database, for the commands that act on it (`migrate`, `db prune`, doctor).
 * Where it is comes from the app's settings (AUTH_DATABASE_FILE, what init writes for SQLite, else the URL
 * setting its ORM reads: DATABASE_URL unless drizzle.config names another, database/state.ts);
 * the driver is the one the APP installed, resolved from its node_modules and never bundled into this CLI;
 * what it connected to is said without the password. Failures are one line naming the database.
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CliError } from "../errors.js";
import { dialectName } from "./drivers.js";
import type { SqlDialect } from "./flavours.js";

export type Row = Record<string, unknown>;

/** One connection held until released: a transaction or a session lock needs every statement on the same one. */
export interface DatabaseSession {
  query(sql: string, params?: unknown[]): Promise<Row[]>;
  release(): Promise<void>;
}

export interface DatabaseConnection {
  dialect: SqlDialect;
  /** What it connected to, password redacted: `postgres://app@db.example:5432/app`, `auth.db`. */
  target: string;
  /** The driver's own client: a pg Pool, a mysql2/promise Pool, a better-sqlite3 or node:sqlite database. */
  client: unknown;
  /** True when the SQLite file does not exist yet and an empty database in memory stands for it (`absentAsEmpty`). */
  absent?: true;
  /** Runs one statement (placeholders: `$1` for PostgreSQL, `?` otherwise); rows for a query, [] otherwise. */
  query(sql: string, params?: unknown[]): Promise<Row[]>;
  /** One connection of the pool for statements that must share it (SQLite has only the one). */
  session(): Promise<DatabaseSession>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /**
   * A dry run's connection, which cannot write by construction: SQLite opens an existing file read-only
   * (never creating one); PostgreSQL and MySQL sessions start read-only.
   */
  readOnly?: boolean;
  /**
   * With readOnly: a SQLite file that does not exist yet opens as an empty database in memory (`absent`) instead
   * of failing. A migrate dry run reads it so: the real run would create that file and start from nothing.
   */
  absentAsEmpty?: boolean;
  /** What the app's own setup says about the URL setting (database/state.ts); DATABASE_URL by its scheme without it. */
  setting?: DatabaseSetting;
}

/**
 * The URL setting as the app's setup reads it: the env variable (drizzle.config's `dbCredentials.url:
 * process.env.X`), the value used when it is unset (the config's fallback or literal URL), where that is
 * said (for messages), and the setup's dialect: a SQLite setup takes a bare path (`local.db`), as
 * better-sqlite3 and drizzle-kit do.
 */
export interface DatabaseSetting {
  key?: string;
  fallback?: string | null;
  where?: string;
  dialect?: SqlDialect | null;
}

/** Where the database is, read from the settings before any driver is loaded. */
export type DatabaseLocation =
  | { dialect: "sqlite" /** absolute, or `:memory:` */; file: string; target: string }
  | { dialect: "postgres" | "mysql"; url: URL; target: string };

const SCHEMES: Record<string, SqlDialect> = {
  postgres: "postgres",
  postgresql: "postgres",
  mysql: "mysql",
  mariadb: "mysql",
  file: "sqlite",
  sqlite: "sqlite",
};

/** `file:./auth.db`, `sqlite:auth.db`, `file:///var/app/auth.db` or a bare path → an absolute path (or `:memory:`). */
function sqliteFile(root: string, setting: string): string {
  let rest = setting.replace(/^(file|sqlite):/i, "");
  if (rest.startsWith("//")) {
    try {
      return fileURLToPath(new URL(`file:${rest}`));
    } catch {
      throw new CliError(
        "NeedsDatabase",
        `The SQLite URL "${setting}" is not a file URL; use file:./auth.db or a path.`,
      );
    }
  }
  rest = rest.replace(/\?.*$/, "");
  return rest === ":memory:" ? rest : path.resolve(root, rest);
}

function sqliteTarget(root: string, file: string): string {
  if (file === ":memory:") return file;
  const relative = path.relative(root, file);
  return relative.startsWith("..") || path.isAbsolute(relative) ? file : relative.split(path.sep).join("/");
}

/** `postgres://app:secret@db:5432/app?sslmode=require` → `postgres://app@db:5432/app`: no password, no options. */
export function redactUrl(url: URL): string {
  const user = url.username ? `${url.username}@` : "";
  return `${url.protocol}//${user}${url.host}${url.pathname}`;
}

/**
 * The setting that names the database: AUTH_DATABASE_FILE first (init writes it for SQLite apps, whose
 * DATABASE_URL may well belong to something else), else the URL setting (DATABASE_URL, or the one the app's
 * drizzle.config reads) or the config's fallback; null when none does.
 */
function namingSetting(
  env: Readonly<Record<string, string | undefined>>,
  setting: DatabaseSetting,
): { file: string } | { key: string; value: string } | null {
  const file = env["AUTH_DATABASE_FILE"]?.trim();
  if (file) return { file };
  const key = setting.key ?? "DATABASE_URL";
  const value = env[key]?.trim() || setting.fallback?.trim();
  return value ? { key, value } : null;
}

/**
 * Whether the settings name a database at all, as migrate reads them: generate's next step says to set one
 * before migrate where they do not (migrate would refuse).
 */
export function namesDatabase(
  env: Readonly<Record<string, string | undefined>>,
  setting: DatabaseSetting = {},
): boolean {
  return namingSetting(env, setting) !== null;
}

/**
 * The database the settings name (namingSetting): AUTH_DATABASE_FILE is a SQLite file; the URL setting is read
 * by its scheme, and a value without a scheme is a file where the setup is SQLite.
 */
export function databaseLocation(
  root: string,
  env: Readonly<Record<string, string | undefined>>,
  setting: DatabaseSetting = {},
): DatabaseLocation {
  const naming = namingSetting(env, setting);
  if (naming && "file" in naming) {
    const absolute = sqliteFile(root, naming.file);
    return { dialect: "sqlite", file: absolute, target: sqliteTarget(root, absolute) };
  }
  const key = setting.key ?? "DATABASE_URL";
  const named = setting.where ? ` (${setting.where} reads it)` : "";
  const value = naming?.value;
  if (!value) {
    throw new CliError(
      "NeedsDatabase",
      key === "DATABASE_URL"
        ? `No database to connect to: set DATABASE_URL${named} (postgres://…, mysql://…, file:./auth.db) or AUTH_DATABASE_FILE (SQLite) in the app's env file or the environment.`
        : `No database to connect to: set ${key}${named} in the app's env file or the environment.`,
    );
  }
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  if (!scheme && setting.dialect === "sqlite") {
    const absolute = sqliteFile(root, value);
    return { dialect: "sqlite", file: absolute, target: sqliteTarget(root, absolute) };
  }
  const dialect = scheme ? SCHEMES[scheme] : undefined;
  if (!dialect) {
    // Never echo the value: it may hold a password.
    throw new CliError(
      "NeedsDatabase",
      `${key} ${scheme ? `starts with "${scheme}:"` : "has no scheme"}; create-auth connects to postgres://, postgresql://, mysql://, mariadb:// and file: (SQLite) URLs.`,
    );
  }
  if (dialect === "sqlite") {
    const absolute = sqliteFile(root, value);
    return { dialect, file: absolute, target: sqliteTarget(root, absolute) };
  }
  const invalid = new CliError(
    "NeedsDatabase",
    `${key} is not a valid ${scheme}:// URL (a password with @, / or # must be percent-encoded).`,
  );
  // Without `//` the URL has no authority, and `postgres:app:secret@db/app` would be all path: the target and
  // the messages print the path, so it must never hold the user and password.
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) throw invalid;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid;
  }
  return { dialect, url, target: redactUrl(url) };
}

/** The app's copy of a driver package; a missing one is a one-line error naming what to install. */
function loadDriver(root: string, specifier: string, packageName: string, dialect: SqlDialect): unknown {
  try {
    return createRequire(path.join(root, "package.json"))(specifier);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "MODULE_NOT_FOUND" || code === "ERR_MODULE_NOT_FOUND") {
      throw new CliError(
        "NeedsDatabase",
        `${dialectName(dialect)} needs the ${packageName} package, which is not installed in ${root}: install it (npm install ${packageName}) and run again.`,
      );
    }
    throw new CliError("NeedsDatabase", `Could not load ${packageName} from ${root}: ${oneLine(error)}`);
  }
}

/** A driver error as one line: Node's AggregateError (IPv4 and IPv6 both refused) has no message of its own. */
export function oneLine(error: unknown): string {
  const err = error as { message?: string; code?: string; errors?: unknown[] };
  const message = err?.message || (err?.errors?.[0] as { message?: string } | undefined)?.message || err?.code;
  // One line, without a closing period: callers put the message inside their own sentence.
  return (message ?? String(error))
    .replace(/\s*\n\s*/g, " ")
    .trim()
    .replace(/\.$/, "");
}

function unreachable(location: DatabaseLocation, error: unknown): CliError {
  const where = location.dialect === "sqlite" ? location.target : `${location.url.host}${location.url.pathname}`;
  return new CliError(
    "NeedsDatabase",
    `Could not connect to ${dialectName(location.dialect)} at ${where}: ${oneLine(error)}.`,
  );
}

/**
 * A driver's pool built from the URL: one the driver cannot parse (mysql2 decodes `%zz` in a password and
 * throws "URI malformed", an unknown `ssl` profile throws) is the one-line unreachable error, not a crash.
 */
function driverCall<T>(location: DatabaseLocation, build: () => T): T {
  try {
    return build();
  } catch (error) {
    throw unreachable(location, error);
  }
}

// The few driver members used here, structurally: the drivers are the app's, not this package's dependencies.
interface PgQueryable {
  query(sql: string, params?: unknown[]): Promise<{ rows?: Row[] } | { rows?: Row[] }[]>;
}
interface PgPool extends PgQueryable {
  connect(): Promise<PgQueryable & { release(): void }>;
  end(): Promise<void>;
  on(event: "error", listener: (error: Error) => void): void;
}
interface MysqlQueryable {
  query(sql: string, params?: unknown[]): Promise<[unknown, unknown]>;
}
interface MysqlPool extends MysqlQueryable {
  getConnection(): Promise<MysqlQueryable & { release(): void }>;
  end(): Promise<void>;
  /** The core (callback) connection of each new pool connection. */
  on(event: "connection", listener: (connection: { query(sql: string): unknown }) => void): void;
}
interface SqliteStatement {
  all(...params: unknown[]): Row[];
  run(...params: unknown[]): unknown;
  /** better-sqlite3 only: whether the statement returns rows (its all() refuses one that does not). */
  reader?: boolean;
}
interface SqliteDatabase {
  prepare(sql: string): SqliteStatement;
  exec(sql: string): unknown;
  close(): void;
}

const pgRows = (result: { rows?: Row[] } | { rows?: Row[] }[]): Row[] =>
  (Array.isArray(result) ? result.at(-1)?.rows : result.rows) ?? [];

/** What a server driver's pool and its checked-out connections have in common: a query, its raw result. */
interface Queryable<Result> {
  query(sql: string, params?: unknown[]): Promise<Result>;
}

/**
 * A server database's pool as a DatabaseConnection, once it answers (else ended, and the one-line
 * unreachable error). pg and mysql2 differ only in their result's shape (`rows`) and how a connection is
 * checked out for a session.
 */
async function poolConnection<Result>(
  dialect: "postgres" | "mysql",
  location: Extract<DatabaseLocation, { url: URL }>,
  pool: Queryable<Result> & { end(): Promise<void> },
  rows: (result: Result) => Row[],
  checkout: () => Promise<Queryable<Result> & { release(): void }>,
): Promise<DatabaseConnection> {
  try {
    await pool.query("SELECT 1");
  } catch (error) {
    await pool.end().catch(() => {});
    throw unreachable(location, error);
  }
  return {
    dialect,
    target: location.target,
    client: pool,
    query: async (sql, params) => rows(await pool.query(sql, params)),
    async session() {
      const connection = await checkout();
      return {
        query: async (sql, params) => rows(await connection.query(sql, params)),
        release: async () => connection.release(),
      };
    },
    close: () => pool.end(),
  };
}

async function openPostgres(
  root: string,
  location: Extract<DatabaseLocation, { url: URL }>,
  options: OpenOptions,
): Promise<DatabaseConnection> {
  const pg = loadDriver(root, "pg", "pg", "postgres") as { Pool: new (config: object) => PgPool };
  // require() gives pg's CommonJS exports; a copy that resolves to an ES module wrapper has Pool only on
  // `default`. The cast names that second shape of the same module.
  const Pool = pg.Pool ?? (pg as unknown as { default: typeof pg }).default.Pool;
  const pool = driverCall(
    location,
    () =>
      new Pool({
        connectionString: location.url.href,
        max: 2,
        connectionTimeoutMillis: 10_000,
        ...(options.readOnly ? { options: "-c default_transaction_read_only=on" } : {}),
      }),
  );
  // An idle client the server drops must not become an unhandled 'error' event that ends the process.
  pool.on("error", () => {});
  return poolConnection("postgres", location, pool, pgRows, () => pool.connect());
}

const mysqlRows = ([rows]: [unknown, unknown]): Row[] => (Array.isArray(rows) ? (rows as Row[]) : []);

async function openMysql(
  root: string,
  location: Extract<DatabaseLocation, { url: URL }>,
  options: OpenOptions,
): Promise<DatabaseConnection> {
  const mysql = loadDriver(root, "mysql2/promise", "mysql2", "mysql") as { createPool(config: object): MysqlPool };
  const uri = new URL(location.url.href);
  uri.protocol = "mysql:";
  // mysql2 lets the URL's options override the config's: these two are not the URL's to change. DATETIME
  // holds no zone, so the pool supplies UTC (as the runtime adapter's docs say); one statement per query.
  uri.searchParams.delete("timezone");
  uri.searchParams.delete("multipleStatements");
  const pool = driverCall(location, () =>
    mysql.createPool({ uri: uri.href, connectionLimit: 2, timezone: "Z", multipleStatements: false }),
  );
  // Queued on each new connection before anything else runs on it.
  if (options.readOnly) pool.on("connection", (connection) => connection.query("SET SESSION TRANSACTION READ ONLY"));
  return poolConnection("mysql", location, pool, mysqlRows, () => pool.getConnection());
}

/** node:sqlite runs without a flag (or a compiler) from Node 22.13 on. */
export function nodeHasSqlite(version = process.versions.node): boolean {
  const [major = 0, minor = 0] = version.split(".").map(Number);
  return major > 22 || (major === 22 && minor >= 13);
}

function openSqliteDriver(root: string, file: string, readOnly: boolean): SqliteDatabase {
  if (nodeHasSqlite()) {
    // Sound: nodeHasSqlite() checked the Node version, and this repo's @types/node (Node 20) has no node:sqlite.
    const { DatabaseSync } = process.getBuiltinModule("node:sqlite") as unknown as {
      DatabaseSync: new (file: string, options: object) => SqliteDatabase;
    };
    return new DatabaseSync(file, { readOnly });
  }
  const Database = loadDriver(root, "better-sqlite3", "better-sqlite3", "sqlite") as new (
    file: string,
    options: object,
  ) => SqliteDatabase;
  return new Database(file, { readonly: readOnly, fileMustExist: readOnly });
}

function openSqlite(
  root: string,
  location: Extract<DatabaseLocation, { dialect: "sqlite" }>,
  options: OpenOptions,
): DatabaseConnection {
  const readOnly = Boolean(options.readOnly) && location.file !== ":memory:";
  const absent = readOnly && !existsSync(location.file);
  if (absent && !options.absentAsEmpty) {
    throw new CliError("NeedsDatabase", `The SQLite database ${location.target} does not exist yet.`);
  }
  let db: SqliteDatabase;
  try {
    // An empty database in memory for an absent file: the driver is proven, and nothing is created on disk.
    db = absent ? openSqliteDriver(root, ":memory:", false) : openSqliteDriver(root, location.file, readOnly);
    // Another process writing (a second deploy, the app itself) is waited for, not failed on at once.
    db.exec("PRAGMA busy_timeout = 5000");
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw unreachable(location, error);
  }
  const query = async (sql: string, params: unknown[] = []): Promise<Row[]> => {
    const statement = db.prepare(sql);
    if (statement.reader === false) {
      statement.run(...params);
      return [];
    }
    return statement.all(...params);
  };
  return {
    dialect: "sqlite",
    target: location.target,
    client: db,
    ...(absent ? { absent: true as const } : {}),
    query,
    session: async () => ({ query, release: async () => {} }),
    close: async () => db.close(),
  };
}

/**
 * Opens the database the app's settings name. `env` is the process environment merged over the app's env
 * file (project-env.ts). Proven reachable (PostgreSQL and MySQL answer a `SELECT 1`) before it is returned.
 */
export async function openDatabase(
  root: string,
  env: Readonly<Record<string, string | undefined>>,
  options: OpenOptions = {},
): Promise<DatabaseConnection> {
  const location = databaseLocation(root, env, options.setting);
  if (location.dialect === "sqlite") return openSqlite(root, location, options);
  if (location.dialect === "postgres") return openPostgres(root, location, options);
  return openMysql(root, location, options);
}
