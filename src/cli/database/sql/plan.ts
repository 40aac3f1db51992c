/**
 * The database part of `init --db sqlite|postgres|mysql` (no ORM), the same in every framework: the first
 * SQL migration from the one table model (auth-migrations/0001_auth_tables.sql, or whatever the project's
 * migrations lack), the client module that opens the driver from the environment, the adapter wiring the
 * auth template renders, and what to do before the first sign-in. Where `create-auth generate` adapted the
 * first migration to the app's own users table (database/sql/users.ts), the adapter is handed the options that
 * table needs and SQLite's client module creates the adapted tables, read back from that file, so a second
 * init writes what generate wrote. Targets say where the client module goes
 * and how it reads the environment; the env keys and driver dependencies are planned with the other shared
 * steps (commands/init/env-and-runtime.ts), from the same driver (databaseDriver).
 */
import type { PlanContext } from "../../plan/context.js";
import type { FileStep } from "../../plan/planner.js";
import type { Answers } from "../../project/types.js";
import { authTablesOf } from "../auth-tables.js";
import { type EnvSource, envReading } from "../client-env.js";
import {
  DATABASE_DRIVERS,
  type DatabaseDriver,
  databaseUrlExample,
  LEGACY_SCHEMA_FILE,
  type SqliteDriverChoice,
  sqliteDriver,
} from "../drivers.js";
import type { DatabaseAdapterName } from "../flavours.js";
import type { Table } from "../model.js";
import type { AppUsers } from "../users-table.js";
import { sqlAdapterOptions, sqliteOnOpen } from "./adopted-users-plan.js";
import { MIGRATE_COMMAND, MIGRATIONS_DIR, migrationFiles, nextMigration } from "./migrations.js";
import { adoptedUsers } from "./users.js";

/** The migration SQLite's client module runs itself on first open (its statements are embedded). */
const FIRST_MIGRATION = `${MIGRATIONS_DIR}/0001_auth_tables.sql`;

/** What the auth templates render under `{{#if database}}`. */
export interface DatabaseWiring {
  /** The runtime adapter `@create-auth/runtime/adapters/<adapter>`, also the factory's local name. */
  adapter: DatabaseAdapterName;
  /**
   * Import lines the auth module needs besides the adapter's and the client's (an ORM's tables from the
   * app's own schema module); rendered as they are, after the client's import.
   */
  imports?: string[];
  /** The name the auth module imports from the client module. */
  client: string;
  /** What the adapter is handed: the client itself, or (request-env frameworks) a call of its factory. */
  clientExpression: string;
  /** How the auth module imports the client module. */
  clientImport: string;
  clientFile: string;
  strategy: Answers["strategy"];
  /** Sessions are rows too (`strategy: "database"`). */
  sessions: boolean;
}

export interface DatabaseFileOptions {
  /** Project-relative path of the client module, in the app's language. */
  clientFile: string;
  /** How the auth module imports it (`./auth-db`, `$lib/server/auth-db`, `./auth-db.js`). */
  clientImport: string;
  /**
   * Where the client module reads its setting: process.env; a module of the framework's that exports `env`
   * (SvelteKit's `{ module: "$env/dynamic/private" }`); or only the request (Qwik City's `event.env`), so the
   * client module exports a factory the config calls with the setting.
   */
  envSource: EnvSource;
  /** The framework's name, for comments. */
  framework?: string;
  /** The auth module: when one exists already (init never rewrites it), say what to add to it. */
  authFile?: string;
  cjs?: boolean;
  /**
   * Express loads the env file in the app module, whose imports (this module among them) run first: the
   * client module then loads it itself before reading its connection setting.
   */
  loadEnv?: boolean;
  typescript?: boolean;
  /**
   * Node itself loads the app's modules, with no bundler between (Express): imports then resolve as Node
   * resolves them (no path aliases), and a JavaScript app's imports of .ts files name them as Node runs them.
   */
  nodeResolves?: boolean;
}

export interface DatabasePlan {
  /** The migration and the client module (owned files), and what to say about an existing auth module. */
  steps: FileStep[];
  nextSteps: string[];
  /** null without a database: the templates render no adapter. */
  wiring: DatabaseWiring | null;
}

/** What decides the SQLite driver: the Node the app runs on, and what the app's package.json declares. */
export type DriverContext = Pick<PlanContext, "info" | "nodeVersion">;

/** node:sqlite or better-sqlite3 for this app, and why (sqliteDriver). */
export function sqliteChoice(project: DriverContext): SqliteDriverChoice {
  return sqliteDriver(
    project.nodeVersion ?? process.versions.node,
    project.info.packageJson,
    project.info.language === "ts",
  );
}

/**
 * The driver of `--db`, for the client module and the dependencies alike. Without the project (older
 * callers) SQLite is better-sqlite3, which runs everywhere.
 */
export function databaseDriver(answers: Pick<Answers, "db">, project?: DriverContext): DatabaseDriver | null {
  if (answers.db === "none") return null;
  if (answers.db === "sqlite" && project) return sqliteChoice(project).driver;
  return DATABASE_DRIVERS[answers.db];
}

/** The client module's text: driver, connection from the environment, and for SQLite the schema run on open. */
export function renderClientModule(
  render: PlanContext["render"],
  answers: Pick<Answers, "db">,
  options: DatabaseFileOptions & {
    envFile: string;
    driver?: DatabaseDriver;
    users?: AppUsers | null;
    /** The tables SQLite's module creates on open (database/auth-tables.ts); the model's when absent. */
    tables?: readonly Table[];
  },
): string {
  const driver = answers.db === "none" ? null : (options.driver ?? databaseDriver(answers));
  if (!driver) throw new Error("renderClientModule needs a database");
  const schema = driver.adapter === "sqlite" ? sqliteOnOpen(options.users ?? null, options.tables) : "";
  // The schema is embedded in a template literal: it must not be able to end it or interpolate.
  if (schema.includes("`") || schema.includes("${")) throw new Error("The SQLite schema cannot be embedded as is.");
  return render(options.envSource === "request" ? "database/client-factory" : "database/client", {
    framework: options.framework ?? "this framework",
    client: clientName(driver, options),
    sqlite: driver.adapter === "sqlite",
    nodeSqlite: driver.module === "node:sqlite",
    postgres: driver.adapter === "postgres",
    mysql: driver.adapter === "mysql",
    cjs: Boolean(options.cjs),
    loadEnv: Boolean(options.loadEnv),
    typescript: Boolean(options.typescript),
    ...envReading(options.envSource, driver.envKey),
    envKey: driver.envKey,
    envFile: options.envFile,
    firstMigration: FIRST_MIGRATION,
    migrate: MIGRATE_COMMAND,
    schema,
  });
}

/** `db` / `pool`, or for request-env frameworks the factory making it: `authDatabase` / `authPool`. */
function clientName(driver: DatabaseDriver, options: Pick<DatabaseFileOptions, "envSource">): string {
  if (options.envSource !== "request") return driver.client;
  return driver.client === "db" ? "authDatabase" : "authPool";
}

function clientExpressionFor(driver: DatabaseDriver, options: Pick<DatabaseFileOptions, "envSource">): string {
  const client = clientName(driver, options);
  return options.envSource === "request" ? `${client}(event.env.get("${driver.envKey}"))` : client;
}

function nextSteps(driver: DatabaseDriver, answers: Pick<Answers, "strategy">, envFile: string): string[] {
  const stored =
    answers.strategy === "database"
      ? "users, accounts and sessions"
      : "users and accounts (sessions stay in the JWT cookie)";
  if (driver.adapter === "sqlite") {
    return [
      `SQLite: ${stored} live in auth.db (${driver.envKey} in ${envFile} to move it); the tables are created on first start, from ${FIRST_MIGRATION}.`,
    ];
  }
  return [
    `${driver.label}: set ${driver.envKey} in ${envFile} (${databaseUrlExample(driver.adapter)}), then create the tables: ${MIGRATE_COMMAND} (applies ${MIGRATIONS_DIR}/ to the database ${driver.envKey} names). ${stored[0]!.toUpperCase()}${stored.slice(1)} are stored there.`,
  ];
}

/** The next migration and the client module (both owned files: never overwritten without consent). */
export function planDatabase(context: PlanContext, options: DatabaseFileOptions): DatabasePlan {
  const { answers, info } = context;
  const driver = databaseDriver(answers);
  const plan: DatabasePlan = { steps: [], nextSteps: [], wiring: null };
  if (!driver) return plan;

  const sqlite = driver.adapter === "sqlite" ? sqliteChoice(context) : null;
  const clientDriver = sqlite?.driver ?? driver;

  // Numbered after what the project's migrations hold: nothing when they create every table already.
  const files = migrationFiles(context.reader, MIGRATIONS_DIR);
  const tables = authTablesOf(answers.providers);
  const migration = nextMigration(files, driver.adapter, tables);
  // The app's own users table the first migration was adapted to (by generate): its adapter options.
  const users = adoptedUsers(files);
  const adapterOptions = sqlAdapterOptions(users);
  const withOptions = (expression: string) => (adapterOptions ? `${expression}, ${adapterOptions}` : expression);
  if (migration) {
    plan.steps.push({
      kind: "owned",
      path: `${MIGRATIONS_DIR}/${migration.name}`,
      content: migration.sql,
      done: (source) => source === migration.sql,
      reason: `${driver.label} migration: the auth tables (users, accounts, sessions, verification tokens, authenticators${tables.some((table) => table.name === "passwords") ? ", passwords" : ""})`,
    });
  }
  if (context.reader.exists(LEGACY_SCHEMA_FILE)) {
    plan.steps.push({
      kind: "note",
      text: `${LEGACY_SCHEMA_FILE} is from an earlier init: ${FIRST_MIGRATION} supersedes it (the same CREATE TABLE IF NOT EXISTS statements, so it is safe to apply on a database created from it). Delete ${LEGACY_SCHEMA_FILE} once you use ${MIGRATE_COMMAND}.`,
    });
  }
  if (sqlite?.reason) plan.steps.push({ kind: "note", text: sqlite.reason });

  plan.steps.push({
    kind: "owned",
    path: options.clientFile,
    content: renderClientModule(context.render, answers, {
      ...options,
      envFile: info.envFile,
      driver: clientDriver,
      users,
      tables,
    }),
    // Either SQLite driver is ours: a client module written on an older Node keeps its better-sqlite3.
    done: (source) =>
      driver.adapter === "sqlite"
        ? source.includes('"node:sqlite"') || source.includes('"better-sqlite3"')
        : source.includes(`"${driver.module}"`),
    reason: `${driver.label} client for the auth adapter (${clientDriver.module}, ${driver.envKey})`,
  });

  const existingAuth = options.authFile ? context.reader.read(options.authFile) : null;
  const adapterModule = `@create-auth/runtime/adapters/${driver.adapter}`;
  if (
    options.authFile &&
    existingAuth !== null &&
    !existingAuth.includes(adapterModule) &&
    !context.overwrite.has(options.authFile)
  ) {
    plan.steps.push({
      kind: "note",
      text: `${options.authFile} exists, so init leaves it as it is: add \`adapter: ${driver.adapter}(${withOptions(clientExpressionFor(driver, options))})\` (import ${driver.adapter} from "${adapterModule}", { ${clientName(driver, options)} } from "${options.clientImport}") and \`session: { strategy: "${answers.strategy}" }\` to its config.`,
    });
  }
  plan.nextSteps = nextSteps(driver, answers, info.envFile);
  plan.wiring = {
    adapter: driver.adapter,
    client: clientName(driver, options),
    clientExpression: withOptions(clientExpressionFor(driver, options)),
    clientImport: options.clientImport,
    clientFile: options.clientFile,
    strategy: answers.strategy,
    sessions: answers.strategy === "database",
  };
  return plan;
}
