/**
 * The app files init's target writes or edits, taken back: the setup's steps (commands/init/setup-steps.ts, the list
 * init plans from: the auth module, the database client module, the target's files) say each path and what
 * init put there. A file still exactly as init wrote it (but for the values its step says the user tunes) is
 * deleted; one init wrote that the user edited since is a `consent` file (deleted only when the user agrees);
 * an edit of the app's own file is undone by the undo its step carries, keeping the user's later changes.
 * Nothing here knows a framework. Migrations and the ORM schema are data: never here. Pure.
 */

import { escapeRegExp } from "../../edit/remove-lines.js";
import { appFormatted } from "../../plan/app-format.js";
import { setupSteps } from "../init/setup-steps.js";
import type { RemoveSetup } from "./setup.js";

export type AppFileAction =
  | { kind: "delete"; path: string; before: string; reason: string }
  | { kind: "consent"; path: string; before: string; reason: string }
  | { kind: "edit"; path: string; before: string; after: string; reason: string }
  | { kind: "note"; text: string };

/** Templates say so in their header: a file init created (the app had none), which is ours to delete. */
const CREATED = /\bcreated by(?:\s*\/\/)?\s+create-auth\b/i;

/** `source` with the value after each `key:` of `keys` (an array, object or string, however nested) left out. */
function withoutTunedValues(source: string, keys: readonly string[]): string {
  if (keys.length === 0) return source;
  let out = "";
  let from = 0;
  const tuned = new RegExp(`\\b(?:${keys.map(escapeRegExp).join("|")})\\s*:\\s*`, "g");
  for (const match of source.matchAll(tuned)) {
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

/**
 * Whether `source` is what init created, but for the values it writes for the user to tune (the step's
 * `create.tuned`: a Next proxy's matcher, whose paths were listed for auth, so the file still goes with it).
 */
const asCreated = (source: string, created: string, tuned: readonly string[] = []) =>
  source === created || withoutTunedValues(source, tuned) === withoutTunedValues(created, tuned);

export function planAppFiles(setup: RemoveSetup): AppFileAction[] {
  const { reader, init, context } = setup;
  const { steps, data } = setupSteps(context, init);
  const actions: AppFileAction[] = [];
  for (const step of steps) {
    if ((step.kind !== "owned" && step.kind !== "edit") || data.has(step)) continue;
    const before = reader.read(step.path);
    if (before === null) continue;
    if (step.kind === "owned") {
      // As written: in the app's Prettier style when it has one (plan/app-format.ts).
      if (before === appFormatted(step.path, step.content))
        actions.push({ kind: "delete", path: step.path, before, reason: step.reason });
      else if (step.done(before)) actions.push({ kind: "consent", path: step.path, before, reason: step.reason });
      continue;
    }
    if (step.create && asCreated(before, appFormatted(step.path, step.create.content()), step.create.tuned)) {
      actions.push({ kind: "delete", path: step.path, before, reason: step.create.reason ?? step.reason });
      continue;
    }
    if (step.create && CREATED.test(before)) {
      actions.push({ kind: "consent", path: step.path, before, reason: step.create.reason ?? step.reason });
      continue;
    }
    // The step's own undo (set where the edit is made); null: nothing of init's to take out of an app's file.
    if (!step.undo) continue;
    const after = step.undo(before);
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
