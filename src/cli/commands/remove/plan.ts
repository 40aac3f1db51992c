/**
 * The plan of `auth remove`: everything init wrote taken out, everything it edited given back without the
 * auth parts, and what stays said. The pieces: the target's files (app-files.ts), the runtime package by its
 * manifest (runtime-package.ts), the env files and .gitignore (env.ts), the app's lint and typecheck
 * configs (the inverse of plan/tool-ignores.ts), package.json (dependencies.ts). Files init wrote that the
 * user edited since are deleted only when `allowed` names them; the rest of them stay and are reported.
 * Data never goes: the migrations folder and the SQLite database are kept and said, with how to drop the
 * tables. Pure.
 */

import { DATABASE_DRIVERS } from "../../database/drivers.js";
import { importedAdapter, isSchemaOrm } from "../../database/flavours.js";
import { dropOrder } from "../../database/provider-tables.js";
import { MIGRATIONS_DIR } from "../../database/sql/migrations.js";
import { readEnvValue } from "../../env/merge.js";
import { type FileStep, planFiles } from "../../plan/planner.js";
import { toolIgnoreSteps } from "../../plan/tool-ignores.js";
import type { FileChange, InstallStep, Plan } from "../../plan/types.js";
import type { ProjectReader } from "../../project/reader.js";
import { listed } from "../../review/summary.js";
import { counted } from "../../words.js";
import { installCommand } from "../init/env-and-runtime.js";
import { appSourceFiles } from "../providers/imports.js";
import { planAppFiles } from "./app-files.js";
import { planDependencyRemoval } from "./dependencies.js";
import { planEnvRemoval } from "./env.js";
import { type BrokenImport, brokenImports } from "./kept-imports.js";
import { planRuntimeRemoval } from "./runtime-package.js";
import type { RemoveSetup } from "./setup.js";

export interface EditedFile {
  path: string;
  reason: string;
}

export interface RemovePlan {
  plan: Plan;
  /** Files init wrote that the user edited since: deleted only with consent. */
  edited: EditedFile[];
  /** Of those, the ones this plan keeps. */
  keptEdited: string[];
  keptKeys: { file: string; key: string }[];
  /** Data kept on purpose: the migrations folder, the SQLite database file. */
  keptData: string[];
  /** Files in the runtime folder that are not create-auth's. */
  foreign: string[];
  /**
   * Files that stay and import what the plan takes out: applying it would leave an app that does not build,
   * so the command refuses while this is not empty.
   */
  broken: BrokenImport[];
}

/** `paths` with those under `group` (the runtime folder) as one entry with their count, as the plan shows them. */
function summarised(paths: readonly string[], group: string): string[] {
  const inGroup = paths.filter((path) => path.startsWith(group));
  if (inGroup.length <= 1) return [...paths];
  return [...paths.filter((path) => !path.startsWith(group)), `${inGroup.length} files in ${group}`];
}

export function planRemove(setup: RemoveSetup, allowed: ReadonlySet<string> = new Set()): RemovePlan {
  const { reader, info, context, runtimeDir } = setup;
  const app = planAppFiles(setup);
  const runtime = planRuntimeRemoval(setup);
  const actions = [...app, ...runtime.actions];
  const edited: EditedFile[] = [];
  const keptEdited: string[] = [];
  const steps: FileStep[] = [];
  const notes: string[] = [];
  const deleting = new Set<string>();
  const editing = new Map<string, string>();
  // The runtime's files are one row in the review, as init showed them.
  const group = `${runtimeDir}/`;
  const remove = (path: string, before: string, reason: string) => {
    deleting.add(path);
    const grouped = path.startsWith(group) ? { group } : {};
    steps.push({ kind: "change", change: { kind: "delete", path, before, reason, ...grouped } });
  };
  for (const action of actions) {
    if (action.kind === "note") notes.push(action.text);
    else if (action.kind === "delete") remove(action.path, action.before, action.reason);
    else if (action.kind === "edit") {
      editing.set(action.path, action.after);
      steps.push({
        kind: "change",
        change: { kind: "edit", path: action.path, before: action.before, after: action.after, reason: action.reason },
      });
    } else {
      edited.push({ path: action.path, reason: action.reason });
      if (allowed.has(action.path))
        remove(action.path, action.before, `${action.reason} (edited since init; deleted as you agreed)`);
      else keptEdited.push(action.path);
    }
  }
  if (keptEdited.length > 0) {
    notes.push(
      `Kept, because you edited ${keptEdited.length === 1 ? "it" : "them"} after init: ${listed(summarised(keptEdited, group))} (on a terminal remove asks about each; --force deletes them).`,
    );
  }
  // The manifest goes with the last runtime file it lists; a kept one keeps it, for update and doctor.
  const manifest = runtime.manifestPath;
  const keptRuntime = keptEdited.some((path) => path.startsWith(`${runtimeDir}/`));
  if (manifest && !keptRuntime) remove(manifest, reader.read(manifest)!, "the runtime's manifest");
  else if (manifest) notes.push(`${manifest} stays with the edited runtime files: update and doctor read it.`);
  if (runtime.foreign.length > 0) {
    notes.push(
      `${runtime.foreign.join(", ")} ${runtime.foreign.length === 1 ? "is" : "are"} not create-auth's (not in its manifest): kept.`,
    );
  }

  // The env keys init may have written: the providers', the database's; only blank ones go.
  const databaseKeys = [...new Set(Object.values(DATABASE_DRIVERS).map((driver) => driver.envKey))];
  const keys = [...context.answers.providers.flatMap((provider) => provider.envKeys), ...databaseKeys];
  const sqlite = DATABASE_DRIVERS.sqlite;
  const sqliteFile = readEnvValue(reader.read(info.envFile) ?? "", sqlite.envKey) || sqlite.envValue;
  const env = planEnvRemoval(setup, keys);
  for (const change of env.changes) steps.push({ kind: "change", change });
  notes.push(...env.notes);
  for (const { file, key } of env.keptKeys) {
    notes.push(`${key} in ${file} has a value you set; kept (delete it yourself once nothing reads it).`);
  }

  // An edited runtime file that stays is still in the runtime folder: the app's tools keep ignoring it, or
  // its imports of the files that go would fail the app's own lint and type check.
  const keptRuntimeFiles = keptEdited.filter((path) => path.startsWith(group));
  const ignoreChanges = toolIgnoreSteps(reader, runtimeDir).flatMap((step): FileChange[] => {
    const before = reader.read(step.path);
    if (before === null || !step.undo) return [];
    const after = step.undo(before);
    if (typeof after !== "string" || after === "unchanged") return [];
    // Only the file init created goes: an ignore file the app had stays, even left empty (plan/tool-ignores.ts).
    const created = step.create && after.trim() === "" && before === step.create.content();
    return [
      created
        ? { kind: "delete", path: step.path, before, reason: "init created it" }
        : { kind: "edit", path: step.path, before, after, reason: `${runtimeDir}/ no longer ignored (it is gone)` },
    ];
  });
  if (keptRuntimeFiles.length === 0) for (const change of ignoreChanges) steps.push({ kind: "change", change });
  else if (ignoreChanges.length > 0) {
    notes.push(
      `${ignoreChanges.map((change) => change.path).join(", ")} keep ignoring ${group}: ${counted(keptRuntimeFiles.length, "edited file")} of it ${keptRuntimeFiles.length === 1 ? "stays" : "stay"}.`,
    );
  }

  const dependencies = planDependencyRemoval(setup, deleting, editing);
  notes.push(...dependencies.notes);
  let install: InstallStep | null = null;
  if (dependencies.after !== null) {
    const before = reader.read("package.json")!;
    steps.push({
      kind: "change",
      change: {
        kind: "edit",
        path: "package.json",
        before,
        after: dependencies.after,
        reason: `dependencies: removes ${dependencies.removed.join(", ")}`,
      },
    });
    install = { packageManager: info.packageManager.name, command: installCommand(info.packageManager.name) };
  }

  const keptData: string[] = [];
  if (reader.isDirectory(MIGRATIONS_DIR)) keptData.push(`${MIGRATIONS_DIR}/`);
  for (const name of reader.files("").filter((file) => file === sqliteFile || file.startsWith(`${sqliteFile}-`)))
    keptData.push(name);
  if (keptData.length > 0) {
    notes.push(
      `Kept: ${keptData.join(", ")} (your users and sessions live in the database: remove never deletes data). To drop the auth tables: DROP TABLE ${dropOrder(reader, setup.authSource, setup.authPath).join(", ")}; and create-auth's bookkeeping table create_auth_migrations; then delete ${keptData.join(" and ")} yourself.`,
    );
  }
  const authSource = setup.authSource ?? "";
  const adapter = importedAdapter(authSource);
  if (adapter && isSchemaOrm(adapter)) {
    notes.push(
      "The auth tables init merged into your Drizzle or Prisma schema stay, and so does what it added to your own users table (its auth columns and relation fields, a unique constraint on email): they describe data in your database. Take them out of the schema with the tables and columns themselves.",
    );
  }

  // What stays, read as the plan leaves it (the app file without our mount no longer imports the auth module).
  const after: ProjectReader = { ...reader, read: (file) => editing.get(file) ?? reader.read(file) };
  const broken = brokenImports(
    after,
    appSourceFiles(after, new Set([runtimeDir, ...deleting])),
    deleting,
    info.aliases,
  );

  const planned = planFiles(reader, steps);
  return {
    plan: {
      command: "remove",
      projectDir: info.root,
      changes: planned.changes,
      install: planned.changes.length > 0 ? install : null,
      nextSteps:
        planned.changes.length > 0 && context.answers.providers.some((p) => p.kind === "oauth" || p.kind === "oidc")
          ? ["If nothing else signs in with them, delete the OAuth apps you registered for this app at each provider."]
          : [],
      notes: [...notes, ...planned.notes],
      conflicts: [],
    },
    edited,
    keptEdited,
    keptKeys: env.keptKeys,
    keptData,
    foreign: runtime.foreign,
    broken,
  };
}
