/**
 * The app files init's target writes or edits, taken back: the target's own steps (plan/init.ts: the auth
 * module, the database client module, the target's files) say each path and what init put there. A file
 * still exactly as init wrote it (a Next proxy's matcher aside: see TUNED_VALUE) is deleted; one init wrote that
 * the user edited since is a `consent` file
 * (deleted only when the user agrees); an edit of the app's own file is undone by the inverse of the
 * transform that made it, keeping the user's later changes. Migrations and the ORM schema are data: never
 * here. Pure.
 */
import path from "node:path";
import { planOrm } from "../database/orm-plan.js";
import { planDatabase } from "../database/plan.js";
import { appFormatted } from "../plan/app-format.js";
import type { FileStep } from "../plan/planner.js";
import { moduleShape } from "../transforms/ast.js";
import { unmountExpressAuth } from "../transforms/express-app-remove.js";
import { unmergeAuthFromProxy } from "../transforms/next-proxy-remove.js";
import type { TransformResult } from "../transforms/result.js";
import { unmergeAuthHandle } from "../transforms/sveltekit-hooks-remove.js";
import { unmergeSessionLoad } from "../transforms/sveltekit-layout-remove.js";
import type { RemoveSetup } from "./setup.js";

export type AppFileAction =
  | { kind: "delete"; path: string; before: string; reason: string }
  | { kind: "consent"; path: string; before: string; reason: string }
  | { kind: "edit"; path: string; before: string; after: string; reason: string }
  | { kind: "note"; text: string };

/** Templates say so in their header: a file init created (the app had none), which is ours to delete. */
const CREATED = /\bcreated by(?:\s*\/\/)?\s+create-auth\b/i;

/**
 * A value init writes for the user to fill in, which belongs to the file it sits in: the matcher of the Next
 * proxy init created (`matcher: []`, and init's next step says to list the pages to protect there). The file
 * goes with auth whatever paths it lists, so tuning it is no edit that keeps the file.
 */
const TUNED_VALUE = /\bmatcher\s*:\s*/g;

/** `source` with the value after each `matcher:` (an array, object or string, however nested) left out. */
function withoutTunedValues(source: string): string {
  let out = "";
  let from = 0;
  for (const match of source.matchAll(TUNED_VALUE)) {
    const start = match.index + match[0].length;
    if (start < from) continue;
    let depth = 0;
    let quote: string | null = null;
    let end = start;
    for (; end < source.length; end++) {
      const char = source[end]!;
      if (quote) {
        if (char === "\\") end++;
        else if (char === quote) quote = null;
      } else if (char === '"' || char === "'" || char === "`") quote = char;
      else if (char === "[" || char === "{") depth++;
      else if (char === "]" || char === "}") depth--;
      if (depth <= 0 && quote === null && /[,}\n]/.test(source[end + 1] ?? "\n")) break;
      if (depth < 0) break;
    }
    out += `${source.slice(from, start)}…`;
    from = end + 1;
  }
  return out + source.slice(from);
}

/** Whether `source` is what init created, but for the values it writes for the user to tune. */
const asCreated = (source: string, created: string) =>
  source === created || withoutTunedValues(source) === withoutTunedValues(created);

/** The inverse of the edit init made to this file, or null when init only creates it. */
function inverseFor(setup: RemoveSetup, file: string, forward: (source: string) => TransformResult) {
  const name = path.posix.basename(file);
  if (/^hooks\.server\.[jt]s$/.test(name)) return (source: string) => unmergeAuthHandle(source, "./auth");
  if (/^\+layout\.server\.[jt]s$/.test(name)) return (source: string) => unmergeSessionLoad(source, name);
  if (setup.target.id === "next" && /^(proxy|middleware)\.[cm]?[jt]s$/.test(name)) {
    return (source: string) => unmergeAuthFromProxy(source, name.startsWith("proxy") ? "proxy" : "middleware");
  }
  if (file === setup.info.framework.appFile) return (source: string) => unmountExpressAuth(source, forward);
  return null;
}

export function planAppFiles(setup: RemoveSetup): AppFileAction[] {
  const { reader, init, context } = setup;
  const options = { ...init.database, authFile: init.auth.path };
  const database = context.answers.orm === "none" ? planDatabase(context, options) : planOrm(context, options);
  // Of the database part only the client module is code: migrations and schema edits describe data.
  const databaseFiles = database.steps.filter(
    (step) => (step.kind === "owned" || step.kind === "edit") && step.path === database.wiring?.clientFile,
  );
  const steps: FileStep[] = [
    {
      kind: "owned",
      path: init.auth.path,
      content: init.auth.render(database.wiring),
      reason: init.auth.reason,
      done: (source) => init.auth.done(moduleShape(source, init.auth.path), source),
    },
    ...databaseFiles,
    ...init.files(database.wiring),
  ];
  const actions: AppFileAction[] = [];
  for (const step of steps) {
    if (step.kind !== "owned" && step.kind !== "edit") continue;
    const before = reader.read(step.path);
    if (before === null) continue;
    if (step.kind === "owned") {
      // As written: in the app's Prettier style when it has one (plan/app-format.ts).
      if (before === appFormatted(step.path, step.content))
        actions.push({ kind: "delete", path: step.path, before, reason: step.reason });
      else if (step.done(before)) actions.push({ kind: "consent", path: step.path, before, reason: step.reason });
      continue;
    }
    if (step.create && asCreated(before, appFormatted(step.path, step.create.content()))) {
      actions.push({ kind: "delete", path: step.path, before, reason: step.create.reason ?? step.reason });
      continue;
    }
    if (step.create && CREATED.test(before)) {
      actions.push({ kind: "consent", path: step.path, before, reason: step.create.reason ?? step.reason });
      continue;
    }
    const inverse = inverseFor(setup, step.path, step.transform);
    if (!inverse) continue;
    const after = inverse(before);
    if (typeof after === "object") {
      actions.push({
        kind: "note",
        text: `${step.path} left as it is (${after.unsupported}): take out the auth parts yourself.`,
      });
    } else if (after !== "unchanged") {
      actions.push({ kind: "edit", path: step.path, before, after, reason: `without: ${step.reason}` });
    }
  }
  return actions;
}
