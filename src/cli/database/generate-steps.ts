/**
 * What every flavour of `auth generate` plans with (database/generate-plan.ts for SQL, each ORM's
 * database/<orm>/generate.ts): its input and result, the next numbered SQL migration as a step, the refusal of
 * a schema the merge cannot edit, and the finished Plan. Pure: reads through the ProjectReader only.
 */
import path from "node:path";
import { type EditFileStep, type FileStep, planFiles } from "../plan/planner.js";
import type { Plan } from "../plan/types.js";
import type { ProjectReader } from "../project/reader.js";
import type { PackageJson } from "../project/types.js";
import { DATABASE_DRIVERS, databaseUrlExample, dialectName } from "./drivers.js";
import type { SchemaOrmId } from "./flavours.js";
import type { Table } from "./model.js";
import type { DatabaseSetup } from "./setup-types.js";
import { type MigrationFile, migrateCommand, migrationFiles, nextMigration } from "./sql/migrations.js";

export interface GenerateInput {
  reader: ProjectReader;
  /** The project's root (absolute): the plan's projectDir. */
  root: string;
  setup: DatabaseSetup;
  /** --out, already made project-relative (outPath): the migrations folder, schema module or Prisma schema. */
  out?: string;
  /** Where a new Drizzle auth schema module goes when the app has none (from its layout). */
  defaultDrizzleFile: string;
  /** The app's package.json: whether it has drizzle-kit, for the next step. */
  packageJson: PackageJson;
  /** The database URL setting migrate reads (database/state.ts: drizzle.config's own variable where it names one). */
  databaseUrlKey: string;
  /**
   * The app's env file, and whether its settings name a database yet as migrate reads them (database/connect.ts
   * namesDatabase): where none does, the migrate step says to set one first. Absent where they were not read.
   */
  env?: { file: string; namesDatabase: boolean };
  /**
   * The tables the app's providers need (database/provider-tables.ts authTablesFor: the model's, and
   * `passwords` with the password provider); the model's tables when absent.
   */
  tables?: readonly Table[];
  /** The auth module that imports the adapter (database/setup.ts configuredAdapter), where an ORM wires its tables. */
  authModule?: { file: string; adapter: string } | null;
}

/** A schema the merge cannot edit safely: why, and what to add by hand instead. */
export interface Unsupported {
  file: string;
  reason: string;
}

export interface GeneratePlan {
  plan: Plan;
  /** What the plan adds, in words (`table users`, `users.role`, `model Session`). */
  added: string[];
  /** The files generate writes to: the migrations folder, the schema module or the Prisma schema. */
  schema: { kind: "sql" | SchemaOrmId; path: string };
  migrationsDir: string | null;
  unsupported: Unsupported | null;
  /**
   * The edit of the auth module the new tables need (the drizzle adapter handed `passwords`), also planned
   * in `plan`: a command that edits the auth module itself (add-provider) composes this step with its own.
   */
  authModuleEdit?: EditFileStep | null;
}

/**
 * What a migration (database/sql/migrations.ts, statements from the table model) creates, for people: `users` (a
 * table), `users.role` (a column), `index accounts_user_id_idx`.
 */
export function migrationAdds(sql: string): string[] {
  const added: string[] = [];
  const statement =
    /^(?:CREATE TABLE IF NOT EXISTS (\w+)|CREATE INDEX IF NOT EXISTS (\w+)|ALTER TABLE (\w+) ADD (?:COLUMN (\w+)|INDEX (\w+)))/gm;
  const created: string[] = [];
  for (const [, table, index, altered, column, inlineIndex] of sql.matchAll(statement)) {
    const name = index ?? inlineIndex;
    if (table) created.push(table);
    else if (column) added.push(`${altered}.${column}`);
    // A new table's own indexes go without saying.
    else if (name && !created.some((t) => name.startsWith(`${t}_`))) added.push(`index ${name}`);
  }
  return [...created, ...added];
}

/** The next migration in `dir`, as an owned file (a name never reused), and what it adds. */
export function migrationStep(
  input: GenerateInput,
  dir: string,
  files: readonly MigrationFile[] = migrationFiles(input.reader, dir),
): { step: FileStep | null; added: string[] } {
  const { setup } = input;
  const next = nextMigration(files, setup.dialect, input.tables);
  if (!next) return { step: null, added: [] };
  const added = migrationAdds(next.sql);
  return {
    step: {
      kind: "owned",
      path: path.posix.join(dir, next.name),
      content: next.sql,
      done: () => false,
      reason: `${dialectName(setup.dialect)} migration: ${added.length > 0 ? added.join(", ") : "the auth tables"}`,
    },
    added,
  };
}

export function emptyPlan(root: string): Plan {
  return { command: "generate", projectDir: root, changes: [], install: null, nextSteps: [], notes: [], conflicts: [] };
}

/** A schema the merge cannot edit safely: nothing planned, and why (the command prints what to add by hand). */
export function refused(input: GenerateInput, schema: GeneratePlan["schema"], reason: string): GeneratePlan {
  return {
    plan: emptyPlan(input.root),
    added: [],
    schema,
    migrationsDir: null,
    unsupported: { file: schema.path, reason },
  };
}

export function migrateStep(input: GenerateInput, dir: string): string {
  // migrate's command for the folder, and the URL setting it reads (database/state.ts: drizzle.config's own
  // variable where it names one), after SQLite's own setting, which it reads first.
  const key = input.databaseUrlKey;
  const { dialect } = input.setup;
  const sqlite = DATABASE_DRIVERS.sqlite;
  const setting = dialect === "sqlite" ? `${sqlite.envKey} (or ${key})` : key;
  // Nothing names a database yet: migrate would refuse, so the step starts with the setting, as it is written.
  if (input.env && !input.env.namesDatabase) {
    const example =
      dialect === "sqlite"
        ? `${sqlite.envKey}=${sqlite.envValue} for a SQLite file`
        : `${key}=${databaseUrlExample(dialect)}`;
    return `Set ${setting} in ${input.env.file}, where nothing names a database yet: ${example}. Then create the tables in it: ${migrateCommand(dir)}`;
  }
  return `Create the tables in the database ${setting} names: ${migrateCommand(dir)}`;
}

export function finish(
  input: GenerateInput,
  steps: FileStep[],
  overwrite: ReadonlySet<string>,
  nextSteps: string[],
): Plan {
  const { changes, conflicts, notes } = planFiles(input.reader, steps, overwrite);
  return {
    ...emptyPlan(input.root),
    changes,
    conflicts,
    notes,
    nextSteps: changes.length > 0 ? nextSteps : [],
  };
}
