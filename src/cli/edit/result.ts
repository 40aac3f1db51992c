/**
 * The one answer every transform of an existing file gives: the new text; "unchanged" when the work is
 * already done (transforms are idempotent); or `{ unsupported }` when the file is shaped in a way the
 * transform cannot edit safely, saying why, so the plan tells the user what to do instead of guessing.
 */
export type TransformResult = string | "unchanged" | { unsupported: string };
