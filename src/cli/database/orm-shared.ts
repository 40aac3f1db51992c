/**
 * What the two ORM parts of init's plan (database/drizzle/plan.ts, database/prisma/plan.ts) share: their
 * context and result shapes, the dependency ranges, the auth module's import lines, and the client module's wiring and env.
 */
import { CliError } from "../errors.js";
import type { PlanContext } from "../plan/context.js";
import type { FileStep } from "../plan/planner.js";
import { envReading } from "./client-env.js";
import { type DatabaseDriver, dialectName } from "./drivers.js";
import type { SqlDialect } from "./flavours.js";
import { type ImportStyle, importSpecifier } from "./orm-imports.js";
import type { DatabaseFileOptions, DatabasePlan, DatabaseWiring } from "./sql/plan.js";

/** What the ORM path adds to package.json and the env file (planned with the shared steps, env-and-runtime.ts). */
export interface OrmDependencies {
  packages: Record<string, string>;
  devPackages: Record<string, string>;
  /** Type declarations: devDependencies of TypeScript apps only. */
  typePackages: Record<string, string>;
  /** The connection setting of a client module init writes; none when the app's own instance is used. */
  env: { key: string; value: string }[];
  /** A SQLite file the app's new client creates in the project (auth.db): git-ignored. */
  sqliteFile: boolean;
}

export interface OrmPlan extends DatabasePlan {
  wiring: DatabaseWiring;
  dependencies: OrmDependencies;
}

export type OrmFileOptions = DatabaseFileOptions & { authFile: string };

/** What database/drizzle/plan.ts and database/prisma/plan.ts plan with. */
export interface OrmContext {
  context: PlanContext;
  options: OrmFileOptions;
  dialect: SqlDialect;
  driver: DatabaseDriver;
  style: ImportStyle;
}

/** The part of the plan one ORM contributes; planOrm adds the shared notes. */
export interface OrmPart {
  steps: FileStep[];
  nextSteps: string[];
  wiring: Omit<DatabaseWiring, "strategy" | "sessions" | "adapter">;
  dependencies: OrmDependencies;
}

/** The ranges this repository tests (package.json devDependencies). */
export const ORM_RANGES = {
  "drizzle-orm": "^0.45.4",
  "@prisma/client": "^7.10.0",
  prisma: "^7.10.1",
  "@prisma/adapter-pg": "^7.10.0",
  "@prisma/adapter-mariadb": "^7.10.0",
  "@prisma/adapter-better-sqlite3": "^7.10.0",
} as const;

/** Refuses a --db that contradicts the dialect the ORM's own setup declares, naming both. */
export function assertDialect(dialect: SqlDialect, declared: SqlDialect | null, where: string): void {
  if (declared === null || declared === dialect) return;
  throw new CliError(
    "InvalidOption",
    `--db ${dialect} contradicts this app's setup: ${where} is ${dialectName(declared)}. Pass --db ${declared}.`,
  );
}

/**
 * An import line of the auth module (or a client module): `import { a, b } from "x";`, or in CommonJS
 * `const { a, b } = require("x");`. Names are `local` or `exported as local` (`default as db`).
 */
export function importLine(names: readonly string[], specifier: string, cjs: boolean): string {
  const list = cjs ? names.map((name) => name.replace(" as ", ": ")) : names;
  const one = cjs
    ? `const { ${list.join(", ")} } = require("${specifier}");`
    : `import { ${list.join(", ")} } from "${specifier}";`;
  if (one.length <= 120) return one;
  const body = list.map((name) => `  ${name},`).join("\n");
  return cjs ? `const {\n${body}\n} = require("${specifier}");` : `import {\n${body}\n} from "${specifier}";`;
}

/**
 * How the auth module imports an instance the app exports: under its own name, as `local` for a default
 * export (`default as db`), and renamed where its name is the adapter's (`prisma as prismaClient`).
 */
export function importedInstance(exportName: string, local: string, adapter: string): { name: string; local: string } {
  if (exportName === "default") return { name: `default as ${local}`, local };
  if (exportName === adapter) return { name: `${exportName} as ${exportName}Client`, local: `${exportName}Client` };
  return { name: exportName, local: exportName };
}

/**
 * The wiring of a client module init writes at the SQL path's place: `name` itself, or (request-env
 * frameworks) a factory the config calls with the setting from `event.env`.
 */
export function newClientWiring(
  ctx: OrmContext,
  name: string,
): Pick<OrmPart["wiring"], "client" | "clientExpression" | "clientImport" | "clientFile"> {
  const { options, driver } = ctx;
  const request = options.envSource === "request";
  const client = request ? `auth${name[0]!.toUpperCase()}${name.slice(1)}` : name;
  return {
    client,
    clientExpression: request ? `${client}(event.env.get("${driver.envKey}"))` : client,
    clientImport: options.clientImport,
    clientFile: options.clientFile,
  };
}

/** What the client templates read about the environment (as database/templates/client.hbs does). */
export function clientTemplateData(ctx: OrmContext): Record<string, unknown> {
  const { options, driver, context } = ctx;
  return {
    framework: options.framework ?? "this framework",
    sqlite: ctx.dialect === "sqlite",
    postgres: ctx.dialect === "postgres",
    mysql: ctx.dialect === "mysql",
    cjs: Boolean(options.cjs),
    loadEnv: Boolean(options.loadEnv),
    typescript: context.info.language === "ts",
    ...envReading(options.envSource, driver.envKey),
    request: options.envSource === "request",
    envKey: driver.envKey,
    envFile: context.info.envFile,
  };
}

/** The env setting of a new client module: the SQL path's key and default for the dialect. */
export function newClientEnv(driver: DatabaseDriver): Pick<OrmDependencies, "env" | "sqliteFile"> {
  return { env: [{ key: driver.envKey, value: driver.envValue }], sqliteFile: driver.adapter === "sqlite" };
}

/** `src/auth-db.ts` → `src/auth-schema.ts`: a file beside the client module. */
export function besideClient(options: DatabaseFileOptions, base: string): string {
  return options.clientFile.replace(/auth-db(\.[^./]+)$/, `${base}$1`);
}

/** The specifier the auth module imports `file` with. */
export function fromAuth(ctx: OrmContext, file: string): string {
  return importSpecifier(ctx.options.authFile, file, ctx.style);
}
