/**
 * The Drizzle part of `init --orm drizzle`: the auth tables merged into the app's schema module
 * (mergeDrizzleSchema; a new auth-schema module beside the client when the app has no Drizzle schema), the
 * app's own db instance handed to `drizzle(db, { users, … })` with the tables under their export names, or
 * a new client module (drizzle-client.hbs) when it has none; the first SQL migration when the auth tables
 * are all new, so `create-auth migrate` creates exactly these tables.
 */
import { CliError } from "../../errors.js";
import type { FileStep } from "../../plan/planner.js";
import { authTablesOf } from "../auth-tables.js";
import { databaseUrlExample, dialectName } from "../drivers.js";
import type { SqlDialect } from "../flavours.js";
import { importSpecifier } from "../orm-imports.js";
import {
  assertDialect,
  besideClient,
  clientTemplateData,
  fromAuth,
  importedInstance,
  importLine,
  newClientEnv,
  newClientWiring,
  ORM_RANGES,
  type OrmContext,
  type OrmPart,
} from "../orm-shared.js";
import { MIGRATIONS_DIR, migrationFiles, nextMigration } from "../sql/migrations.js";
import { type AppUsers, adapterOptionsSource } from "../users-table.js";
import { readDrizzleConfig } from "./config.js";
import { drizzleKitCommand } from "./kit-command.js";
import { type AuthTableNames, authTableKeys, authTableNames, mergeDrizzleSchema } from "./merge.js";
import { findDrizzleProject, isInitAuthSchema } from "./project.js";
import { drizzleSchema } from "./render.js";

/**
 * The driver a new client module opens, per dialect: its Drizzle module, its package and type package. SQLite
 * stays on better-sqlite3 here (drizzle-orm 0.45 has no node:sqlite driver). Ranges as this repository tests.
 */
const DRIZZLE_DRIVERS: Record<
  SqlDialect,
  { module: string; packages: Record<string, string>; typePackages: Record<string, string> }
> = {
  sqlite: {
    module: "drizzle-orm/better-sqlite3",
    packages: { "better-sqlite3": "^12.11.1" },
    typePackages: { "@types/better-sqlite3": "^9.6.0" },
  },
  postgres: {
    module: "drizzle-orm/node-postgres",
    packages: { pg: "^8.23.1" },
    typePackages: { "@types/pg": "^8.23.1" },
  },
  mysql: { module: "drizzle-orm/mysql2", packages: { mysql2: "^3.24.6" }, typePackages: {} },
};

/** `{ users, accounts: account, … }`: the adapter's keys, each naming the schema's export. */
function tablesObject(tables: AuthTableNames): string {
  return `{ ${authTableKeys(tables)
    .map((key) => (tables[key] === key ? key : `${key}: ${tables[key]}`))
    .join(", ")} }`;
}

/** drizzleSchema() as CommonJS, for an Express app whose modules are CommonJS. */
function asCommonJs(source: string): string {
  const names: string[] = [];
  const body = source
    .replace(/^import \{([^}]*)\} from ("[^"]+");$/m, (_, list: string, module: string) => {
      return `const {${list}} = require(${module});`;
    })
    .replace(/^export const (\w+) =/gm, (_, name: string) => {
      names.push(name);
      return `const ${name} =`;
    });
  return `${body}\nmodule.exports = { ${names.join(", ")} };\n`;
}

export function planDrizzle(ctx: OrmContext): OrmPart {
  const { context, options, dialect, driver } = ctx;
  const { reader, info, render } = context;
  // init's own auth-schema module from an earlier run (findDrizzleProject finds it too, by the same rule):
  // that setup planned again as the first run planned it, the same files and imports.
  const ownSchema = besideClient(options, "auth-schema");
  const own = isInitAuthSchema(reader.read(ownSchema));
  const project = own ? null : findDrizzleProject(reader, info);
  assertDialect(
    dialect,
    project?.dialect ?? null,
    `${project?.configFile ?? project?.authSchemaFile}'s Drizzle schema`,
  );
  const steps: FileStep[] = [];
  const label = dialectName(dialect);
  const of = authTablesOf(context.answers.providers);

  // The auth tables: merged into the app's schema module, else a module of their own.
  let schemaFile: string;
  let tables: AuthTableNames;
  let allNew: boolean;
  let users: AppUsers = { idKind: "text", fill: [] };
  if (project) {
    schemaFile = project.authSchemaFile;
    const source = reader.read(schemaFile);
    const merged = mergeDrizzleSchema(source, schemaFile, dialect, of);
    if ("unsupported" in merged) throw new CliError("UnsupportedProject", merged.unsupported);
    tables = merged.tables;
    users = merged.users;
    // Added by SQL name: `users` for a table, `users.email_verified` for a column.
    allNew = merged.added.filter((added) => !added.includes(".")).length === of.length;
    const reason = `auth tables in your Drizzle schema (${merged.added.join(", ") || "all there"})`;
    if (source === null && merged.text !== "unchanged") {
      steps.push({ kind: "owned", path: schemaFile, content: merged.text, reason, done: () => false });
    } else {
      steps.push({
        kind: "edit",
        path: schemaFile,
        reason,
        transform: (text) => {
          const again = mergeDrizzleSchema(text, schemaFile, dialect, of);
          return "unsupported" in again ? again : again.text;
        },
        unsupported: (why) => `${schemaFile} was left as it is: ${why}`,
      });
    }
  } else {
    schemaFile = ownSchema;
    const content = drizzleSchema(dialect, of);
    tables = authTableNames((key) => key, of);
    allNew = true;
    steps.push({
      kind: "owned",
      path: schemaFile,
      content: options.cjs ? asCommonJs(content) : content,
      // Ours, possibly with the user's own columns: their edits stay.
      done: isInitAuthSchema,
      reason: `${label} auth tables as Drizzle tables (users, accounts, sessions, verification tokens, authenticators${of.some((table) => table.name === "passwords") ? ", passwords" : ""})`,
    });
  }

  // The first migration, when nothing of the auth tables exists yet: `create-auth migrate` applies it.
  const migration = allNew ? nextMigration(migrationFiles(reader, MIGRATIONS_DIR), dialect, of) : null;
  if (migration) {
    steps.push({
      kind: "owned",
      path: `${MIGRATIONS_DIR}/${migration.name}`,
      content: migration.sql,
      done: () => true,
      reason: `${label} migration creating the same tables, for create-auth migrate`,
    });
  }

  // The db instance: the app's own, else a new client module.
  const instance = project?.instance ?? null;
  // A module of init's own sits beside the client module: imported the way the target imports that one.
  const schemaImport = project ? fromAuth(ctx, schemaFile) : options.clientImport.replace(/auth-db/, "auth-schema");
  const tableImport = importLine(
    [...new Set(authTableKeys(tables).map((key) => tables[key]!))],
    schemaImport,
    Boolean(options.cjs),
  );
  let wiring: OrmPart["wiring"];
  let dependencies: OrmPart["dependencies"];
  // The adapter reads the id kind from the users table it is given; what it fills on sign-up is said here.
  const adapterOptions = adapterOptionsSource(users, false);
  const adapterArguments = `${tablesObject(tables)}${adapterOptions ? `, ${adapterOptions}` : ""}`;
  if (instance) {
    const imported = importedInstance(instance.exportName, "db", "drizzle");
    wiring = {
      client: imported.name,
      clientExpression: `${imported.local}, ${adapterArguments}`,
      clientImport: fromAuth(ctx, instance.file),
      clientFile: instance.file,
      imports: [tableImport],
    };
    dependencies = {
      packages: { "drizzle-orm": ORM_RANGES["drizzle-orm"] },
      devPackages: {},
      typePackages: {},
      env: [],
      sqliteFile: false,
    };
  } else {
    const client = newClientWiring(ctx, "db");
    const drizzleDriver = DRIZZLE_DRIVERS[dialect];
    steps.push({
      kind: "owned",
      path: options.clientFile,
      content: render("database/drizzle-client", {
        ...clientTemplateData(ctx),
        client: client.client,
        schemaFile,
        schemaImport: importSpecifier(options.clientFile, schemaFile, { ...ctx.style, sveltekit: false, aliases: [] }),
      }),
      done: (source) => source.includes(`"${drizzleDriver.module}"`),
      reason: `Drizzle client for the auth adapter (${driver.envKey})`,
    });
    wiring = {
      ...client,
      clientExpression: `${client.clientExpression}, ${adapterArguments}`,
      imports: [tableImport],
    };
    dependencies = {
      packages: { "drizzle-orm": ORM_RANGES["drizzle-orm"], ...drizzleDriver.packages },
      devPackages: {},
      typePackages: drizzleDriver.typePackages,
      ...newClientEnv(driver),
    };
  }

  // How the tables get created.
  const usesKit =
    Boolean(project?.configFile) ||
    "drizzle-kit" in { ...info.packageJson.dependencies, ...info.packageJson.devDependencies };
  // drizzle-kit's command as migrate, doctor and db prune name it in the same state (database/state.ts).
  const kitCommand = drizzleKitCommand(
    reader,
    readDrizzleConfig(reader),
    { file: schemaFile, dialect },
    info.packageJson,
  );
  const kit = usesKit ? kitCommand : null;
  const setting = instance
    ? ""
    : dialect === "sqlite"
      ? `${driver.envKey} in ${info.envFile} names the file (default auth.db); `
      : `set ${driver.envKey} in ${info.envFile} (${databaseUrlExample(dialect)}), then `;
  const create = migration
    ? `create the auth tables once with npx create-auth migrate (it applies ${MIGRATIONS_DIR}/${migration.name}, the same tables as ${schemaFile})${kit ? `, or with drizzle-kit, which this app uses: ${kit}` : ""}`
    : `create what init added to ${schemaFile} in your database: ${kitCommand}`;
  const nextSteps = [`Drizzle (${label}): ${setting}${create}.`];
  return { steps, nextSteps, wiring, dependencies };
}
