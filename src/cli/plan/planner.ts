/**
 * The planner: turns steps (what a command wants each file to become) into the file changes of a Plan,
 * reading the project once through a ProjectReader and writing nothing. Every command says what it wants
 * with the same few steps, so the rules about existing files live here, in one place:
 * - an owned file (rendered from a template) is created when absent, left alone when identical or when it
 *   already does the job (its shape says so, so the user's edits stay), replaced only with permission, and
 *   otherwise a conflict;
 * - an edit transforms an existing file (or creates it, when the step knows how); several edits of one file
 *   compose, each transform reading the text the previous one left, into one change;
 * - changes planned elsewhere (env merges, the runtime package) and notes pass through in order.
 * `init` (commands/init/plan.ts) and `secret` plan through it; a later command is a list of steps too. Adding a
 * provider to a set-up project, for one: an edit of the target's auth module (its path from
 * `target.init(context).auth`) with a transform that imports and lists the provider, the env steps of
 * planSecretsFile for its keys, and an edit of package.json; the planner composes and checks the rest.
 */

import type { TransformResult } from "../edit/result.js";
import type { ProjectReader } from "../project/reader.js";
import { appFormatted } from "./app-format.js";
import type { Conflict, FileChange } from "./types.js";

/** A file the command writes from a template and owns. */
export interface OwnedFileStep {
  kind: "owned";
  path: string;
  content: string;
  reason: string;
  /** An existing file that already does the job, recognised by its shape: it is left as it is. */
  done(source: string): boolean;
  /** What to say about an existing file that does the job (e.g. providers it lacks), besides "already set up". */
  doneNote?(source: string): string | null;
}

/**
 * An edit of one of the app's files: a pure transform, its undo, and how to create the file when it is
 * absent.
 */
export interface EditFileStep {
  kind: "edit";
  path: string;
  reason: string;
  transform(source: string): TransformResult;
  /**
   * The inverse of `transform`, made where the step is (with the names and specifiers the transform used):
   * it takes what `transform` added back out of the file as it is now, keeping the user's later changes.
   * `remove` undoes every edit through it and knows no framework. `null` says, on purpose, that there is
   * nothing to undo (the step never changes an existing file of the app). Left out only where remove takes
   * nothing back: other commands' edits, and the setup's data (commands/init/setup-steps.ts: the ORM schema's tables).
   */
  undo?: ((source: string) => TransformResult) | null;
  /**
   * The file's content when the project has none; without it, an absent file is left absent. `tuned`: the
   * keys whose values init writes for the user to fill in (a Next proxy's `matcher`), which belong to the
   * file: one that differs from the created content only in them is still the file init created.
   */
  create?: { content(): string; reason?: string; tuned?: readonly string[] };
  /** The note for a file the transform cannot edit safely; `why` is its `unsupported` reason. */
  unsupported?(why: string): string;
}

export type FileStep =
  | OwnedFileStep
  | EditFileStep
  | { kind: "change"; change: FileChange }
  | { kind: "conflict"; conflict: Conflict }
  | { kind: "note"; text: string };

export interface PlannedFiles {
  changes: FileChange[];
  conflicts: Conflict[];
  notes: string[];
}

/** The text a transform result leaves, or null when it changes nothing. */
function transformed(result: TransformResult): string | null {
  return typeof result === "string" && result !== "unchanged" ? result : null;
}

export function planFiles(
  reader: ProjectReader,
  steps: readonly FileStep[],
  overwrite: ReadonlySet<string> = new Set(),
): PlannedFiles {
  const planned: PlannedFiles = { changes: [], conflicts: [], notes: [] };
  /** Edits of one file fold into one change, kept at the position of the file's first edit. */
  const edits = new Map<string, { index: number; before: string | null; after: string; reasons: string[] }>();

  const owned = (step: OwnedFileStep) => {
    const { path, reason } = step;
    // A new file is written in the app's style (app-format.ts); identity outside runPlan's formatting pass.
    const content = appFormatted(path, step.content);
    const existing = reader.read(path);
    if (existing === null) planned.changes.push({ kind: "create", path, content, reason });
    else if (existing === content) return;
    else if (step.done(existing)) {
      const note = step.doneNote?.(existing);
      if (note) planned.notes.push(note);
      planned.notes.push(`${path} is already set up; left as it is.`);
    } else if (overwrite.has(path))
      planned.changes.push({ kind: "edit", path, before: existing, after: content, reason });
    else planned.conflicts.push({ path, reason: "exists with other content" });
  };

  const edit = (step: EditFileStep) => {
    const earlier = edits.get(step.path);
    const before = earlier ? earlier.after : reader.read(step.path);
    let after: string | null;
    let reason = step.reason;
    if (before === null) {
      if (!step.create) return;
      after = appFormatted(step.path, step.create.content());
      reason = step.create.reason ?? step.reason;
    } else {
      const result = step.transform(before);
      if (typeof result === "object") {
        if (step.unsupported) planned.notes.push(step.unsupported(result.unsupported));
        return;
      }
      after = transformed(result);
    }
    if (after === null) return;
    if (earlier) {
      earlier.after = after;
      earlier.reasons.push(reason);
      return;
    }
    edits.set(step.path, { index: planned.changes.length, before, after, reasons: [reason] });
    planned.changes.push({ kind: "create", path: step.path, content: after, reason });
  };

  for (const step of steps) {
    if (step.kind === "owned") owned(step);
    else if (step.kind === "edit") edit(step);
    else if (step.kind === "change") planned.changes.push(step.change);
    else if (step.kind === "conflict") planned.conflicts.push(step.conflict);
    else planned.notes.push(step.text);
  }
  for (const [path, { index, before, after, reasons }] of edits) {
    const reason = reasons.join("; ");
    planned.changes[index] =
      before === null
        ? { kind: "create", path, content: after, reason }
        : { kind: "edit", path, before, after, reason };
  }
  return planned;
}
