/**
 * What `auth generate` writes for an app's database setup (database/setup.ts), as planner steps:
 * - SQL (no ORM): the next numbered migration in the migrations folder, holding only what the earlier ones
 *   lack (database/sql/migrations.ts); nothing when they already create every table and column. Where the app's
 *   database already has a users table of its own (read by the command: database/sql/existing-users.ts), the
 *   first migration, never applied, is adapted to it, and the auth module tells the adapter its ids
 *   (database/sql/adopted-users-plan.ts);
 * - Drizzle: the auth tables merged into the app's auth schema module (database/drizzle/merge.ts), or a new
 *   module; and the next SQL migration when the auth tables are all new or already came from create-auth's
 *   migrations (the same tables, so `auth migrate` creates what the Drizzle tables describe), else the
 *   app's own drizzle-kit makes the migration (drizzleNextStep says why);
 * - Prisma: the auth models merged into the app's schema, one file or a multi-file folder
 *   (database/prisma/merge.ts), applied by Prisma's own migrate or db push.
 * The command each next step names is database/state.ts's, the one migrate and doctor name.
 * The merges keep everything of the user's (their models, their columns on our tables, comments,
 * formatting); a schema they cannot edit safely is `unsupported`, and the command then writes nothing.
 * Pure: reads through the ProjectReader only.
 */
import path from "node:path";
import type { TransformResult } from "../edit/result.js";
import { type FileStep, planFiles } from "../plan/planner.js";
import type { Plan } from "../plan/types.js";
import type { ProjectReader } from "../project/reader.js";
import type { PackageJson } from "../project/types.js";
import { DATABASE_DRIVERS, dialectName } from "./drivers.js";
import { readDrizzleConfig } from "./drizzle/config.js";
import { drizzleKitCommand } from "./drizzle/kit-command.js";
import { type AuthTableNames, mergeDrizzleSchema } from "./drizzle/merge.js";
import type { SchemaOrmId } from "./flavours.js";
import { tables } from "./model.js";
import { prismaCommand } from "./prisma/command.js";
import { mergePrismaSchema, type PrismaFile } from "./prisma/merge.js";
import { newSchemaFile, prismaFilesUnder } from "./prisma/project.js";
import { prismaProviderFor } from "./prisma/render.js";
import type { DatabaseSetup } from "./setup.js";
import { adoptedWiringSteps, adoptionSteps } from "./sql/adopted-users-plan.js";
import type { ExistingUsers } from "./sql/existing-users.js";
import { MIGRATIONS_DIR, type MigrationFile, migrationFiles, nextMigration } from "./sql/migrations.js";
import { adoptedUsers } from "./sql/users.js";
import { migrateCommand } from "./state.js";

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
  /** SQL: the users table the app's database already has, where it needs the migration adapted. */
  existingUsers?: ExistingUsers | null;
  /** SQL: the auth module's adapter call, and SQLite's client module (it creates the tables on open). */
  authModule?: { file: string; adapter: string } | null;
  sqliteClient?: string | null;
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
  /** Drizzle: the export names of the auth tables in the schema module. */
  tables?: AuthTableNames;
  unsupported: Unsupported | null;
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
function migrationStep(
  input: GenerateInput,
  dir: string,
  files: readonly MigrationFile[] = migrationFiles(input.reader, dir),
): { step: FileStep | null; added: string[] } {
  const { setup } = input;
  const next = nextMigration(files, setup.dialect);
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

function emptyPlan(root: string): Plan {
  return { command: "generate", projectDir: root, changes: [], install: null, nextSteps: [], notes: [], conflicts: [] };
}

/** A schema the merge cannot edit safely: nothing planned, and why (the command prints what to add by hand). */
function refused(input: GenerateInput, schema: GeneratePlan["schema"], reason: string): GeneratePlan {
  return {
    plan: emptyPlan(input.root),
    added: [],
    schema,
    migrationsDir: null,
    unsupported: { file: schema.path, reason },
  };
}

function migrateStep(input: GenerateInput, dir: string): string {
  // migrate's command for the folder, and the URL setting it reads (database/state.ts: drizzle.config's own
  // variable where it names one), after SQLite's own setting, which it reads first.
  const key = input.databaseUrlKey;
  const setting = input.setup.dialect === "sqlite" ? `${DATABASE_DRIVERS.sqlite.envKey} (or ${key})` : key;
  return `Create the tables in the database ${setting} names: ${migrateCommand(dir)}`;
}

function finish(input: GenerateInput, steps: FileStep[], overwrite: ReadonlySet<string>, nextSteps: string[]): Plan {
  const { changes, conflicts, notes } = planFiles(input.reader, steps, overwrite);
  return {
    ...emptyPlan(input.root),
    changes,
    conflicts,
    notes,
    nextSteps: changes.length > 0 ? nextSteps : [],
  };
}

function planSql(input: GenerateInput, overwrite: ReadonlySet<string>): GeneratePlan {
  const dir = input.out ?? MIGRATIONS_DIR;
  const schema = { kind: "sql" as const, path: dir };
  let files = migrationFiles(input.reader, dir);
  const steps: FileStep[] = [];
  const added: string[] = [];
  const existing = input.existingUsers;
  if (existing?.fit.kind === "adapt") {
    const { adopted, misfits } = existing.fit;
    const adoption = adoptionSteps({ dialect: input.setup.dialect, dir, files, adopted, where: existing.where });
    if ("unsupported" in adoption) return refused(input, schema, adoption.unsupported);
    files = adoption.files;
    steps.push(...adoption.steps, {
      kind: "note",
      text: `${existing.where} already has a users table of its own (${misfits.join("; ")}): ${adoption.file}, never applied, is adapted to it. Its rows and columns stay; it gains only what the adapter writes, and every user_id is typed like its id.${adopted.missing.includes("email_verified") ? " Its rows get no email_verified: the runtime treats their addresses as never proved (a sign-in by email link then makes a new user), so set it where your app verified the address." : ""}`,
    });
    added.push("users (the app's own, adapted to)", ...migrationAdds(adoption.sql));
  }
  // The adapter options follow the migrations (an adapted first one), as init's auth module does.
  const users = adoptedUsers(files);
  if (users) steps.push(...adoptedWiringSteps(users, input.authModule ?? null, input.sqliteClient ?? null));
  const next = migrationStep(input, dir, files);
  if (next.step) steps.push(next.step);
  return {
    plan: finish(input, steps, overwrite, [migrateStep(input, dir)]),
    added: [...added, ...next.added],
    schema,
    migrationsDir: dir,
    unsupported: null,
  };
}

/** A merge's answer as the planner's transform result. */
function drizzleTransform(file: string, input: GenerateInput): (source: string) => TransformResult {
  return (source) => {
    const merged = mergeDrizzleSchema(source, file, input.setup.dialect);
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

function planDrizzle(input: GenerateInput, overwrite: ReadonlySet<string>): GeneratePlan {
  const { reader, setup } = input;
  const file = input.out ?? setup.drizzle?.authSchemaFile ?? input.defaultDrizzleFile;
  const existing = reader.read(file);
  const merged = mergeDrizzleSchema(existing, file, setup.dialect);
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
  if (!setup.drizzle)
    steps.push({
      kind: "note",
      text: `This app does not depend on drizzle-orm yet: install it (and its ${dialectName(setup.dialect)} driver) for ${file} to load.`,
    });
  // Added by SQL name: `users` for a table, `users.email_verified` for a column.
  const allNew = merged.added.filter((added) => !added.includes(".")).length === tables.length;
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
    tables: merged.tables,
    unsupported: null,
  };
}

/** The schema to merge into: --out's file or folder, else the project's own, else a new prisma/schema.prisma. */
function prismaSchema(input: GenerateInput): {
  files: PrismaFile[];
  layout: "file" | "folder";
  path: string;
  newFile?: string | undefined;
} {
  const { reader, setup, out } = input;
  const project = setup.prisma;
  if (out !== undefined && out !== project?.schemaPath) {
    // A file not there yet is named as an empty one: the merge writes a whole schema into it.
    if (out.endsWith(".prisma"))
      return { files: [{ path: out, text: reader.read(out) ?? "" }], layout: "file", path: out };
    return { files: prismaFilesUnder(reader, out), layout: "folder", path: out };
  }
  if (project)
    return { files: project.files, layout: project.layout, path: project.schemaPath, newFile: newSchemaFile(project) };
  return { files: [], layout: "file", path: "prisma/schema.prisma" };
}

function planPrisma(input: GenerateInput): GeneratePlan {
  const { setup } = input;
  const target = prismaSchema(input);
  const schema = { kind: "prisma" as const, path: target.path };
  const merged = mergePrismaSchema(target.files, prismaProviderFor(setup.dialect), target.layout, target.newFile);
  if ("unsupported" in merged) return refused(input, schema, merged.unsupported);
  const before = new Map(
    target.files.filter((file) => input.reader.read(file.path) !== null).map((file) => [file.path, file.text]),
  );
  const reason = `Prisma ${dialectName(setup.dialect)} auth models: ${merged.added.join(", ") || "in place"}`;
  const steps: FileStep[] = merged.changes.map((change) => {
    const old = before.get(change.path);
    return {
      kind: "change",
      change:
        old === undefined
          ? { kind: "create", path: change.path, content: change.text, reason }
          : { kind: "edit", path: change.path, before: old, after: change.text, reason },
    };
  });
  if (!setup.prisma)
    steps.push({
      kind: "note",
      text: "This app does not depend on Prisma yet: install prisma (dev) and @prisma/client before npx prisma generate.",
    });
  return {
    plan: finish(input, steps, new Set(), [
      "Generate the client with the auth models: npx prisma generate",
      `Create the tables: ${prismaCommand(input.reader, setup.prisma ?? { layout: target.layout, schemaPath: target.path })}`,
    ]),
    added: merged.added,
    schema,
    migrationsDir: null,
    unsupported: null,
  };
}

export function planGenerate(input: GenerateInput, overwrite: ReadonlySet<string> = new Set()): GeneratePlan {
  switch (input.setup.orm) {
    case "none":
      return planSql(input, overwrite);
    case "drizzle":
      return planDrizzle(input, overwrite);
    case "prisma":
      return planPrisma(input);
  }
}
