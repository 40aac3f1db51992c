/**
 * `auth generate` on a Drizzle app: the auth tables merged into the app's auth schema module
 * (drizzle/merge.ts), or a new module; and the next SQL migration when the auth tables are all new or already
 * came from create-auth's migrations (the same tables, so `auth migrate` creates what the Drizzle tables
 * describe), else the app's own drizzle-kit makes the migration (drizzleNextStep says why). The merge keeps
 * everything of the user's; a module it cannot edit safely is `unsupported`, and nothing is written.
 */
import type { TransformResult } from "../../edit/result.js";
import type { EditFileStep, FileStep } from "../../plan/planner.js";
import { dialectName } from "../drivers.js";
import {
  finish,
  type GenerateInput,
  type GeneratePlan,
  migrateStep,
  migrationStep,
  refused,
} from "../generate-steps.js";
import { tables } from "../model.js";
import { MIGRATIONS_DIR, migrationFiles } from "../sql/migrations.js";
import { withAdapterTable } from "./adapter-tables.js";
import { readDrizzleConfig } from "./config.js";
import { drizzleKitCommand } from "./kit-command.js";
import { mergeDrizzleSchema } from "./merge.js";
import { drizzleProjectOf } from "./project.js";

/** A merge's answer as the planner's transform result. */
function drizzleTransform(file: string, input: GenerateInput): (source: string) => TransformResult {
  return (source) => {
    const merged = mergeDrizzleSchema(source, file, input.setup.dialect, input.tables);
    return "unsupported" in merged ? merged : merged.text;
  };
}

/**
 * How a Drizzle app creates what was added. The SQL migration creates the auth tables only where they are
 * all new (or already came from create-auth's migrations): an app's own `users` table is already in its
 * database, where `CREATE TABLE IF NOT EXISTS users` would skip the columns the merge gave it. There, as
 * for any change to its schema, the app's own drizzle-kit creates them: the command database/state.ts
 * gives, so migrate and doctor name the same one.
 */
function drizzleNextStep(input: GenerateInput, file: string): string {
  const schema = { file, dialect: input.setup.dialect };
  const command = drizzleKitCommand(input.reader, readDrizzleConfig(input.reader), schema, input.packageJson);
  return `Create what was added to ${file} in your database: ${command}`;
}

/**
 * The auth module's drizzle adapter handed the passwords table (under its export name in the schema), where
 * the app's providers need it; null otherwise, or where the auth module is not the drizzle adapter's.
 */
function adapterTablesEdit(input: GenerateInput, exportName: string | undefined): EditFileStep | null {
  const auth = input.authModule;
  if (exportName === undefined || !auth || auth.adapter !== input.setup.orm) return null;
  return {
    kind: "edit",
    path: auth.file,
    reason: "the drizzle adapter handed the passwords table",
    transform: withAdapterTable("passwords", exportName),
    unsupported: (why) =>
      `${auth.file} was left as it is (${why}): add \`passwords\` (imported from the auth schema module) to the tables the drizzle adapter is handed, or the password provider has nowhere to keep hashes.`,
  };
}

export function generateDrizzle(input: GenerateInput, overwrite: ReadonlySet<string>): GeneratePlan {
  const { reader, setup } = input;
  const project = drizzleProjectOf(setup);
  const file = input.out ?? project?.authSchemaFile ?? input.defaultDrizzleFile;
  const existing = reader.read(file);
  const merged = mergeDrizzleSchema(existing, file, setup.dialect, input.tables);
  const schema = { kind: "drizzle" as const, path: file };
  if ("unsupported" in merged) return refused(input, schema, merged.unsupported);
  const reason = `Drizzle ${dialectName(setup.dialect)} auth tables: ${merged.added.join(", ") || "in place"}`;
  const steps: FileStep[] = [
    {
      kind: "edit",
      path: file,
      reason,
      transform: drizzleTransform(file, input),
      create: {
        content: () => {
          if (merged.text === "unchanged") throw new Error(`mergeDrizzleSchema left no text for a new ${file}`);
          return merged.text;
        },
      },
    },
  ];
  const authModuleEdit = adapterTablesEdit(input, merged.tables.passwords);
  if (authModuleEdit) steps.push(authModuleEdit);
  if (!project)
    steps.push({
      kind: "note",
      text: `This app does not depend on drizzle-orm yet: install it (and its ${dialectName(setup.dialect)} driver) for ${file} to load.`,
    });
  // Added by SQL name: `users` for a table, `users.email_verified` for a column.
  const allNew = merged.added.filter((added) => !added.includes(".")).length === (input.tables ?? tables).length;
  const ownMigrations = migrationFiles(reader, MIGRATIONS_DIR).length > 0;
  const migration =
    allNew || ownMigrations ? migrationStep(input, MIGRATIONS_DIR) : { step: null, added: [] as string[] };
  if (migration.step) steps.push(migration.step);
  const sql = allNew || ownMigrations;
  return {
    plan: finish(input, steps, overwrite, [sql ? migrateStep(input, MIGRATIONS_DIR) : drizzleNextStep(input, file)]),
    added: [...new Set([...merged.added, ...migration.added])],
    schema,
    migrationsDir: sql ? MIGRATIONS_DIR : null,
    unsupported: null,
    authModuleEdit,
  };
}
