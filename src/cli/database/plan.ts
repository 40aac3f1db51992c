/**
 * The database part of `init --db sqlite|postgres|mysql` (no ORM), the same in every framework: the SQL
 * schema file from the one table model, the client module that opens the driver from the environment, the
 * adapter wiring the auth template renders, and what to do before the first sign-in. Targets say where the
 * client module goes and how it reads the environment; the env keys and driver dependencies are planned
 * with the other shared steps (plan/env-and-runtime.ts).
 */
import type { FileStep } from "../plan/planner.js";
import { sqlSchema } from "../schema/sql.js";
import type { Answers, PlanContext } from "../targets/types.js";
import { DATABASE_DRIVERS, type Database, type DatabaseDriver, SCHEMA_FILE } from "./drivers.js";

/** What the auth templates render under `{{#if database}}`. */
export interface DatabaseWiring {
  /** The runtime adapter `@create-auth/runtime/adapters/<adapter>`, also the factory's local name. */
  adapter: Database | "drizzle" | "prisma";
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
   * SvelteKit reads private env through `$env/dynamic/private`; Qwik City only through the request
   * (`event.env`), so its client module exports a factory the config calls with the setting; everything
   * else reads process.env.
   */
  envSource: "process" | "sveltekit" | "request";
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
}

export interface DatabasePlan {
  /** The schema file and the client module (owned files), and what to say about an existing auth module. */
  steps: FileStep[];
  nextSteps: string[];
  /** null without a database: the templates render no adapter. */
  wiring: DatabaseWiring | null;
}

export function databaseDriver(answers: Pick<Answers, "db">): DatabaseDriver | null {
  return answers.db === "none" ? null : DATABASE_DRIVERS[answers.db];
}

/** The client module's text: driver, connection from the environment, and for SQLite the schema run on open. */
export function renderClientModule(
  render: PlanContext["render"],
  answers: Pick<Answers, "db">,
  options: DatabaseFileOptions & { envFile: string },
): string {
  const driver = databaseDriver(answers);
  if (!driver) throw new Error("renderClientModule needs a database");
  const schema = driver.adapter === "sqlite" ? sqlSchema("sqlite") : "";
  // The schema is embedded in a template literal: it must not be able to end it or interpolate.
  if (schema.includes("`") || schema.includes("${")) throw new Error("The SQLite schema cannot be embedded as is.");
  return render(options.envSource === "request" ? "database/client-factory" : "database/client", {
    framework: options.framework ?? "this framework",
    client: clientName(driver, options),
    sqlite: driver.adapter === "sqlite",
    postgres: driver.adapter === "postgres",
    mysql: driver.adapter === "mysql",
    cjs: Boolean(options.cjs),
    loadEnv: Boolean(options.loadEnv),
    typescript: Boolean(options.typescript),
    sveltekit: options.envSource === "sveltekit",
    envRead: options.envSource === "sveltekit" ? `env.${driver.envKey}` : `process.env.${driver.envKey}`,
    envKey: driver.envKey,
    envFile: options.envFile,
    schemaFile: SCHEMA_FILE,
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
      `SQLite: ${stored} live in auth.db (${driver.envKey} in ${envFile} to move it); the tables are created on first start, from ${SCHEMA_FILE}.`,
    ];
  }
  const create =
    driver.adapter === "postgres" ? `psql "$${driver.envKey}" -f ${SCHEMA_FILE}` : `mysql <database> < ${SCHEMA_FILE}`;
  return [
    `${driver.label}: set ${driver.envKey} in ${envFile} (${driver.adapter === "postgres" ? "postgres://user:password@host:5432/db" : "mysql://user:password@host:3306/db"}), then create the tables once: ${create}. ${stored[0]!.toUpperCase()}${stored.slice(1)} are stored there.`,
  ];
}

/** The schema file and the client module (both owned files: never overwritten without consent). */
export function planDatabase(context: PlanContext, options: DatabaseFileOptions): DatabasePlan {
  const { answers, info } = context;
  const driver = databaseDriver(answers);
  const plan: DatabasePlan = { steps: [], nextSteps: [], wiring: null };
  if (!driver) return plan;

  plan.steps.push({
    kind: "owned",
    path: SCHEMA_FILE,
    content: sqlSchema(driver.adapter),
    // Ours, possibly with the user's own additions: their edits stay.
    done: (source) => source.startsWith("-- Auth tables for "),
    reason: `${driver.label} schema: the auth tables (users, accounts, sessions, verification tokens, authenticators)`,
  });

  const packageName = Object.keys(driver.packages)[0]!;
  const driverModule = driver.adapter === "mysql" ? "mysql2/promise" : packageName;
  plan.steps.push({
    kind: "owned",
    path: options.clientFile,
    content: renderClientModule(context.render, answers, { ...options, envFile: info.envFile }),
    done: (source) => source.includes(`"${driverModule}"`),
    reason: `${driver.label} client for the auth adapter (${driver.envKey})`,
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
      text: `${options.authFile} exists, so init leaves it as it is: add \`adapter: ${driver.adapter}(${clientExpressionFor(driver, options)})\` (import ${driver.adapter} from "${adapterModule}", { ${clientName(driver, options)} } from "${options.clientImport}") and \`session: { strategy: "${answers.strategy}" }\` to its config.`,
    });
  }
  if (answers.strategy === "database" && answers.providers.some((p) => p.kind === "credentials")) {
    plan.steps.push({
      kind: "note",
      text: "Credentials sign-in cannot start a database session (the runtime refuses it with UnsupportedStrategy): use --strategy jwt if people sign in with a password.",
    });
  }
  plan.nextSteps = nextSteps(driver, answers, info.envFile);
  plan.wiring = {
    adapter: driver.adapter,
    client: clientName(driver, options),
    clientExpression: clientExpressionFor(driver, options),
    clientImport: options.clientImport,
    clientFile: options.clientFile,
    strategy: answers.strategy,
    sessions: answers.strategy === "database",
  };
  return plan;
}
