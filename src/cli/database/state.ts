import { CliError } from "../errors.js";
import type { ProjectReader } from "../project/reader.js";
import type { ProjectInfo } from "../project/types.js";
import type { DatabaseSetting } from "./connect.js";
import { isSchemaOrm, SCHEMA_ORMS, type SqlDialect } from "./flavours.js";
import type { Migration, MigrationStatus } from "./migrator.js";
import type { OrmTool, SchemaOwnerAnswer } from "./orm.js";
import { ORMS } from "./orms.js";
import { configuredAdapter, findDatabaseSetup } from "./setup.js";
import type { DatabaseSetup } from "./setup-types.js";
import { MIGRATIONS_DIR, migrateCommand, migrationFiles, nextMigration } from "./sql/migrations.js";

export interface SchemaOwner {
  /** `create-auth` (its SQL migrations), or the id of the ORM's own tool (`drizzle-kit`, `prisma`). */
  tool: string;
  /** That ORM's tool, for its name and its key in migrate's answer; null for create-auth's migrations. */
  ormTool: OrmTool | null;
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
   * The ORM's own command for the app's own columns on the auth tables (`users.role`), whoever creates the
   * tables: they are in no create-auth migration, and only its own tool creates them (drizzle-kit's on a
   * Drizzle app). Null otherwise.
   */
  ownColumns: string | null;
}

/** The project's layout: detect's, or read from the folder where detect refuses it (`info` null). */
function layoutOf(reader: ProjectReader, info: ProjectInfo | null): Pick<ProjectInfo, "srcDir" | "language"> {
  return info ?? { srcDir: reader.isDirectory("src"), language: reader.exists("tsconfig.json") ? "ts" : "js" };
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
  const state = (owner: SchemaOwnerAnswer, setting: DatabaseSetting, ownColumns: string | null = null) => ({
    owner: {
      tool: owner.tool?.id ?? "create-auth",
      ormTool: owner.tool ?? null,
      evidence: owner.evidence,
      command: owner.command ?? migrateCommand(migrations),
    },
    migrations: { folder: migrations, files },
    setting,
    generate,
    ownColumns,
  });

  // The ORM the setup names, or with none found, each ORM whose own files may still say (Prisma's schema).
  const context = { reader, setup, layout, configured, evidence, hasMigrations: files.length > 0, migrations, info };
  const asked = setup ? (isSchemaOrm(setup.orm) ? [setup.orm] : []) : SCHEMA_ORMS;
  for (const orm of asked) {
    const answer = ORMS[orm].schemaState(context);
    if (answer) return state(answer.owner, answer.setting, answer.ownColumns);
  }
  const why = configured ? evidence : files.length > 0 ? `${migrations}/ holds SQL migrations` : "no database setup";
  // Without a setup (a folder detect does not recognise), an ORM's config may still say where the database is.
  const found = setup ? null : SCHEMA_ORMS.map((orm) => ORMS[orm].settingWithoutSetup(reader)).find(Boolean);
  return state({ tool: null, evidence: why }, found ?? { dialect: setup?.dialect ?? null });
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
