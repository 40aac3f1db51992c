/**
 * The inverse of the tool-ignore transforms (tool-ignores.ts): the runtime dir leaves the app's ESLint,
 * Biome, Prettier and tsconfig ignore lists, as a text edit taking out only the entry (or the `{ ignores: [...] }`
 * object, the `"files"` setting, the `.eslintignore` / `.prettierignore` lines) that init added. Everything else
 * stays; an ignore file left empty was init's own, and remove deletes it.
 * "unchanged" when the entry is not there.
 */
import { escapeRegExp, exactLine, removeLineRun } from "./remove-lines.js";
import type { TransformResult } from "./result.js";
import { IGNORE_FILE_COMMENTS, type IgnoreFile } from "./tool-ignores.js";

/** Removes the first match of each pattern, in order; the source when none matches. */
function without(source: string, patterns: readonly RegExp[]): string {
  for (const pattern of patterns) {
    if (pattern.test(source)) return source.replace(pattern, "");
  }
  return source;
}

export function removeRuntimeIgnore(source: string, fileName: string, dir: string): TransformResult {
  if (fileName in IGNORE_FILE_COMMENTS) {
    const comment = IGNORE_FILE_COMMENTS[fileName as IgnoreFile];
    const text = removeLineRun(source, [exactLine(comment), exactLine(dir)], "before");
    return text ?? "unchanged";
  }
  const d = escapeRegExp(dir);
  const q = `["']`;
  const entry = `${q}!?(?:\\./)?${d}(?:/\\*\\*)?${q}`;
  const text = without(source, [
    // Whole settings init created: `{ ignores: ["dir/**"] }`, Biome's `"files": { … }` or its list.
    new RegExp(`,?\\s*\\{ ignores: \\[${entry}\\] \\}`),
    new RegExp(`,?\\s*"files": \\{ "(?:ignore|includes)": \\[(?:"\\*\\*", )?${entry}\\] \\}`),
    new RegExp(`,?\\s*"(?:ignore|includes)": \\[(?:"\\*\\*", )?${entry}\\]`),
    // One entry of a list: with the comma before it, or (first of several) the one after it.
    new RegExp(`,\\s*${entry}`),
    new RegExp(`${entry}\\s*,\\s*`),
    new RegExp(entry),
  ]);
  return text === source ? "unchanged" : text;
}
