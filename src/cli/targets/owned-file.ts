/**
 * A file `init` owns (the auth module, a route): created when absent; left alone when identical or when it
 * already does the job (recognised by its shape, so a user's edits are kept); anything else is the user's
 * file, replaced only with their permission, otherwise a conflict.
 */
import type { Conflict, FileChange } from "../plan/types.js";
import type { PlanContext } from "./types.js";

export interface OwnedFilePlan {
  change?: FileChange;
  conflict?: Conflict;
  note?: string;
}

export function planOwnedFile(
  context: PlanContext,
  file: string,
  content: string,
  alreadyDone: (source: string) => boolean,
  reason: string,
): OwnedFilePlan {
  const existing = context.reader.read(file);
  if (existing === null) return { change: { kind: "create", path: file, content, reason } };
  if (existing === content) return {};
  if (alreadyDone(existing)) return { note: `${file} is already set up; left as it is.` };
  if (context.overwrite.has(file)) {
    return { change: { kind: "edit", path: file, before: existing, after: content, reason } };
  }
  return { conflict: { path: file, reason: "exists with other content" } };
}
