/**
 * What a setup consists of, listed once: the steps init plans for a target and its answers (the auth
 * module, the database's files, the target's own files and edits). init plans them (commands/init/plan.ts); remove
 * takes back the ones that are code (commands/remove/app-files.ts), each edit by the undo its step carries. The
 * steps every framework shares (env files, runtime package, dependencies) are planned and undone elsewhere.
 * Pure.
 */
import { planOrm } from "../../database/orm-plan.js";
import type { OrmPlan } from "../../database/orm-shared.js";
import { type DatabasePlan, planDatabase } from "../../database/sql/plan.js";
import { moduleShape } from "../../edit/ast.js";
import type { AuthModule, TargetInit } from "../../frameworks/types.js";
import type { PlanContext } from "../../plan/context.js";
import type { FileStep, OwnedFileStep } from "../../plan/planner.js";
import type { ProviderEntry } from "../../providers/catalog.js";
import { RUNTIME_PACKAGE_NAME } from "../../runtime-package/plan.js";

export interface SetupSteps {
  /** The database part: the ORM's when the answers name one, else the SQL files' (empty without a database). */
  database: DatabasePlan;
  /** The ORM part, when the answers name an ORM: its packages go into package.json. */
  orm: OrmPlan | null;
  /** In the order init plans them: the auth module, the database's files, the target's files and edits. */
  steps: FileStep[];
  /**
   * Of `steps`, those that describe data (the migrations, the auth tables merged into the app's ORM schema):
   * remove keeps them, as it keeps the database they describe.
   */
  data: ReadonlySet<FileStep>;
}

/**
 * The auth module as an owned file: an existing one that is already ours stays, with the user's edits;
 * init never rewrites it, so it says which chosen providers it lacks.
 */
export function authModuleStep(auth: AuthModule, content: string, providers: readonly ProviderEntry[]): OwnedFileStep {
  const shapeOf = (source: string) => moduleShape(source, auth.path);
  return {
    kind: "owned",
    path: auth.path,
    content,
    reason: auth.reason,
    done: (source) => auth.done(shapeOf(source), source),
    doneNote(source) {
      const references = shapeOf(source).references;
      const missing = providers.filter((p) => !references.includes(`${RUNTIME_PACKAGE_NAME}/providers/${p.id}`));
      if (missing.length === 0) return null;
      const noun = auth.noun ?? "module";
      const add = missing.map((p) => `npx create-auth add-provider ${p.id}`).join(", then ");
      return `${auth.path} does not use ${missing.map((p) => p.id).join(", ")}, and init never rewrites an existing auth ${noun}: add ${missing.length === 1 ? "it" : "them"} to yours with ${add}; or, to have init write a new one, move ${auth.path} aside (your edits stay in the moved file) and run init again.`;
    },
  };
}

/** The steps of the setup `init` (the target's, for `context`) writes for `context.answers`. */
export function setupSteps(context: PlanContext, init: TargetInit): SetupSteps {
  const { answers } = context;
  const databaseOptions = { ...init.database, authFile: init.auth.path };
  // With an ORM the tables go into the app's schema and its own client is reused; else the SQL files.
  const orm = answers.orm === "none" ? null : planOrm(context, databaseOptions);
  const database = orm ?? planDatabase(context, databaseOptions);
  // Of the database's files only the client module is code: migrations and schema edits describe data.
  const data = new Set(
    database.steps.filter(
      (step) => (step.kind === "owned" || step.kind === "edit") && step.path !== database.wiring?.clientFile,
    ),
  );
  const steps: FileStep[] = [
    authModuleStep(init.auth, init.auth.render(database.wiring), answers.providers),
    ...database.steps,
    ...init.files(database.wiring),
  ];
  return { database, orm, steps, data };
}
