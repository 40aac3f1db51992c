/**
 * What `auth generate` writes for an app's database setup (database/setup.ts), as planner steps. SQL (no
 * ORM) is planned here: the next numbered migration in the migrations folder, holding only what the earlier
 * ones lack (database/sql/migrations.ts); nothing when they already create every table and column. Where the
 * app's database already has a users table of its own (read by the command: database/sql/existing-users.ts),
 * the first migration, never applied, is adapted to it, and the auth module tells the adapter its ids
 * (database/sql/adopted-users-plan.ts). An ORM's schema is its own to plan (database/orms.ts →
 * database/<orm>/generate.ts: the tables merged into the app's schema, keeping everything of the user's).
 * The command each next step names is database/state.ts's, the one migrate and doctor name.
 * Pure: reads through the ProjectReader only.
 */
import type { FileStep } from "../plan/planner.js";
import {
  finish,
  type GenerateInput,
  type GeneratePlan,
  migrateStep,
  migrationAdds,
  migrationStep,
  refused,
} from "./generate-steps.js";
import { type Table, tables } from "./model.js";
import { ORMS } from "./orms.js";
import { adoptedWiringSteps, adoptionSteps, sqliteClientTransform } from "./sql/adopted-users-plan.js";
import type { ExistingUsers } from "./sql/existing-users.js";
import { MIGRATE_COMMAND, MIGRATIONS_DIR, migrationFiles } from "./sql/migrations.js";
import { adoptedUsers } from "./sql/users.js";

/** SQL's own input: what the app's database and auth module already hold. */
export interface SqlGenerateInput extends GenerateInput {
  /** The users table the app's database already has, where it needs the migration adapted. */
  existingUsers?: ExistingUsers | null;
  /** SQLite's client module (it creates the tables on open). */
  sqliteClient?: string | null;
}

/** SQLite's client module made to create the tables a provider needs (`passwords`) on open, as init writes it. */
function providerTablesOnOpen(file: string, of: readonly Table[]): FileStep {
  return {
    kind: "edit",
    path: file,
    reason: `the tables it creates on open: ${of.map((table) => table.name).join(", ")}`,
    transform: sqliteClientTransform(null, of),
    unsupported: (why) =>
      `${file} was left as it is (${why}): the tables it creates on open are those of the migrations; ${MIGRATE_COMMAND} creates them.`,
  };
}

function planSql(input: SqlGenerateInput, overwrite: ReadonlySet<string>): GeneratePlan {
  const dir = input.out ?? MIGRATIONS_DIR;
  const schema = { kind: "sql" as const, path: dir };
  let files = migrationFiles(input.reader, dir);
  const steps: FileStep[] = [];
  const added: string[] = [];
  const existing = input.existingUsers;
  if (existing?.fit.kind === "adapt") {
    const { adopted, misfits } = existing.fit;
    const adoption = adoptionSteps({
      dialect: input.setup.dialect,
      dir,
      files,
      adopted,
      where: existing.where,
      ...(input.tables ? { tables: input.tables } : {}),
    });
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
  const sqliteClient = input.sqliteClient ?? null;
  if (users) steps.push(...adoptedWiringSteps(users, input.authModule ?? null, sqliteClient, input.tables));
  // Only a provider's own table changes the module (the model's tables are in it since init).
  else if (sqliteClient && input.tables?.some((table) => !tables.includes(table)))
    steps.push(providerTablesOnOpen(sqliteClient, input.tables));
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

export function planGenerate(input: SqlGenerateInput, overwrite: ReadonlySet<string> = new Set()): GeneratePlan {
  const { orm } = input.setup;
  return orm === "none" ? planSql(input, overwrite) : ORMS[orm].generate(input, overwrite);
}
