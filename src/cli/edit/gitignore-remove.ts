/**
 * The inverse of `addIgnorePattern` (gitignore.ts): takes out a pattern it appended, with its comment and
 * the blank line before them; every other line of the .gitignore stays. "unchanged" when the pair is not
 * there as it was written (a pattern the user moved or re-commented is theirs now).
 */
import { exactLine, removeLineRun } from "./remove-lines.js";
import type { TransformResult } from "./result.js";

export function removeIgnorePattern(source: string, pattern: string, comment: string): TransformResult {
  return removeLineRun(source, [exactLine(`# ${comment}`), exactLine(pattern)], "before") ?? "unchanged";
}
