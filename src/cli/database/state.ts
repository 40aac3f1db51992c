import { CliError } from "../errors.js";
import type { ProjectReader } from "../project/reader.js";
import type { ProjectInfo } from "../project/types.js";
import type { DatabaseSetting } from "./connect.js";
import { type DrizzleConfig, readDrizzleConfig } from "./drizzle/config.js";
import { drizzleKitCommand } from "./drizzle/kit-command.js";
import type { SqlDialect } from "./flavours.js";
import type { Migration, MigrationStatus } from "./migrator.js";
import { prismaCommand } from "./prisma/command.js";
import { dialectOfPrisma, findPrismaProject } from "./prisma/project.js";
import { configuredAdapter, findDatabaseSetup } from "./setup.js";
import type { DatabaseSetup } from "./setup-types.js";
import { MIGRATIONS_DIR, migrateCommand, migrationFiles, nextMigration } from "./sql/migrations.js";

export type SchemaTool = "create-auth" | "drizzle-kit" | "prisma";

export interface SchemaOwner {
  tool: SchemaTool;
  /** Why, in words: `src/auth.ts uses @create-auth/runtime/adapters/prisma`. */
  evidence: string;
  /** The command that creates in the database what the schema describes (`npx create-auth migrate` for ours). */
  command: string;
}

export interface DatabaseState {
  owner: SchemaOwner;
  /** create-auth's SQL migrations: the folder (project-relative) and its files, [] when it has none. */
  migrations: { folder: string; files: Migration[] };
  /** How the app names its database, for openDatabase. */
  setting: DatabaseSetting;
  /**
   * The command that writes create-auth's migrations into that folder: `--out` when it is not the default,
   * `--db` when nothing in the app names a database (generate refuses to guess).
   */
  generate: string;
  /**
   * drizzle-kit's command on a Drizzle app, whoever creates the auth tables: the app's own columns on them
   * (`users.role`) are in no create-auth migration, and only its own tool creates them. Null otherwise.
   */
  drizzleKit: string | null;
}

/** The project's layout: detect's, or read from the folder where detect refuses it (`info` null). */
function layoutOf(reader: ProjectReader, info: ProjectInfo | null): Pick<ProjectInfo, "srcDir" | "language"> {
  return info ?? { srcDir: reader.isDirectory("src"), language: reader.exists("tsconfig.json") ? "ts" : "js" };
}

/** The URL setting drizzle-kit reads, from drizzle.config's dbCredentials.url. */
function drizzleSetting(config: DrizzleConfig | null, dialect: SqlDialect | null): DatabaseSetting {
  const where = config ? `${config.file}'s dbCredentials.url` : undefined;
  if (!config?.url) return { dialect };
  if ("env" in config.url) return { key: config.url.env, fallback: config.url.fallback, where, dialect };
  return { fallback: config.url.value, where, dialect };
}

/** The app's database setup as generate reads it (database/setup.ts), or null where it names none. */
function setupOf(reader: ProjectReader, info: ProjectInfo | null): DatabaseSetup | null {
  if (!info) return null;
  try {
    return findDatabaseSetup(reader, info, {});
  } catch (error) {
    // No database named, or both ORMs without an adapter to choose: no tool to name either.
    if (error instanceof CliError) return null;
    throw error;
  }
}

/**
 * The database state of the app in `reader`'s folder; `migrations` is the SQL migrations folder
 * (project-relative, default auth-migrations). The schema's flavour is generate's (database/setup.ts: the
 * adapter init wired, else the ORM the app uses), so what generate writes is what this says creates it.
 * `info` is the project as detect reads it (frameworks/detect-project.ts), null where detect refuses the folder.
 */
export function databaseState(
  reader: ProjectReader,
  info: ProjectInfo | null,
  migrations: string = MIGRATIONS_DIR,
): DatabaseState {
  const files = migrationFiles(reader, migrations);
  const layout = layoutOf(reader, info);
  const configured = info ? configuredAdapter(reader, info) : null;
  const setup = setupOf(reader, info);
  const evidence = configured
    ? `${configured.file} uses @create-auth/runtime/adapters/${configured.adapter}`
    : (setup?.evidence[0] ?? "");
  const generate = [
    "npx create-auth generate",
    ...(setup ? [] : ["--db <sqlite|postgres|mysql>"]),
    ...(migrations === MIGRATIONS_DIR ? [] : [`--out ${migrations}`]),
  ].join(" ");
  const drizzleConfig = setup?.orm === "drizzle" ? readDrizzleConfig(reader) : null;
  const drizzleKit =
    setup?.orm === "drizzle"
      ? drizzleKitCommand(
          reader,
          drizzleConfig,
          { file: setup.drizzle?.authSchemaFile ?? configured?.file ?? "", dialect: setup.dialect },
          info?.packageJson,
        )
      : null;
  const state = (owner: Omit<SchemaOwner, "command"> & { command?: string }, setting: DatabaseSetting) => ({
    owner: { ...owner, command: owner.command ?? migrateCommand(migrations) },
    migrations: { folder: migrations, files },
    setting,
    generate,
    drizzleKit,
  });

  // Prisma keeps its own migrations: the adapter decides, else a schema where create-auth has none.
  const prisma = setup?.orm === "prisma" ? setup.prisma : setup ? null : findPrismaProject(reader, layout);
  if (prisma !== null && (configured?.adapter === "prisma" || (files.length === 0 && prisma.files.length > 0))) {
    const why = configured ? evidence : `${prisma.schemaPath} holds the schema`;
    const dialect = prisma.provider ? dialectOfPrisma(prisma.provider) : null;
    return state({ tool: "prisma", evidence: why, command: prismaCommand(reader, prisma) }, { dialect });
  }
  if (configured?.adapter === "prisma")
    return state({ tool: "prisma", evidence, command: prismaCommand(reader, null) }, { dialect: setup?.dialect });
  if (setup?.orm === "drizzle" && drizzleKit) {
    const setting = drizzleSetting(drizzleConfig, setup.dialect);
    const uses = configured
      ? evidence
      : `${setup.drizzle?.configFile ?? "drizzle-orm in package.json"} sets up Drizzle`;
    // init and generate write create-auth's migrations where the auth tables are all new: migrate creates them.
    if (files.length > 0)
      return state(
        { tool: "create-auth", evidence: `${uses}, and ${migrations}/ holds the SQL migrations of its tables` },
        setting,
      );
    return state(
      { tool: "drizzle-kit", evidence: `${uses}, and ${migrations}/ holds no SQL migration`, command: drizzleKit },
      setting,
    );
  }
  const why = configured ? evidence : files.length > 0 ? `${migrations}/ holds SQL migrations` : "no database setup";
  // Without a setup (a folder detect does not recognise), a drizzle.config still says where the database is.
  const config = setup ? null : readDrizzleConfig(reader);
  return state(
    { tool: "create-auth", evidence: why },
    config ? drizzleSetting(config, config.dialect) : { dialect: setup?.dialect ?? null },
  );
}

/**
 * What creates the tables and columns the database lacks, given what it has applied of create-auth's
 * migrations (null: not read). For create-auth: migrate when a file is pending; else generate first when the
 * files lack part of the table model (none yet, or an older create-auth's); when they hold all of it and
 * every one is recorded, what is missing was dropped after, and neither command brings it back.
 */
export function createTablesCommand(state: DatabaseState, status: MigrationStatus | null, dialect: SqlDialect): string {
  const { owner, migrations } = state;
  if (owner.tool !== "create-auth") return owner.command;
  if (migrations.files.length > 0 && (status === null || status.pending.length > 0)) return owner.command;
  if (migrations.files.length === 0 || nextMigration(migrations.files, dialect) !== null)
    return `${state.generate}, then ${owner.command}`;
  // Every file recorded, yet something missing: dropped since. --repair re-runs only the files' CREATE … IF NOT
  // EXISTS statements, so it brings that back empty and leaves what exists alone.
  return `${owner.command} --repair (every file in ${migrations.folder}/ is recorded as applied, so it was dropped since: this re-creates it empty; restore its rows from a backup if you need them)`;
}
