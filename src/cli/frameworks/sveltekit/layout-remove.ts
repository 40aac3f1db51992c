/**
 * The inverse of `mergeSessionLoad` (sveltekit-layout.ts): the session leaves every page's data. Our export
 * (`load` spreading the app's load and adding `session`) and its comment are removed where they are now;
 * the app's own load gets its name and its export back. The user's other edits stay. "unchanged" when the
 * layout holds nothing of ours.
 */

import { detectStyle, parseStyledModule } from "../../edit/code-style.js";
import { exactLine, removeLineRun } from "../../edit/remove-lines.js";
import type { TransformResult } from "../../edit/result.js";

const COMMENT = exactLine(
  "// The session in every page's data (`page.data.session`), next to what the app's own load returns.",
);
/** Our load, one line per pattern: it spreads the app's load (named on its second line) and adds the session. */
const WRAPPED = [
  /^export const load(?:: [\w$.<>]+)? = async \(event\) => \(\{$/,
  /^\.\.\.\(await ([\w$]+)\(event\)\),$/,
  /^session: await event\.locals\.auth\(\),?$/,
  /^\}\);?$/,
];
/** The one line earlier versions wrote instead. */
const WRAPPED_ONE_LINE = [
  /^export const load(?:: [\w$.<>]+)? = async \(event\) => \(\{ \.\.\.\(await ([\w$]+)\(event\)\), session: await event\.locals\.auth\(\) \}\);?$/,
];
const ALONE =
  /^export const load(?:: [\w$.<>]+)? = async \(event\) => \(\{ session: await event\.locals\.auth\(\) \}\);?$/;

export function unmergeSessionLoad(source: string, fileName = "+layout.server.ts"): TransformResult {
  const lines = source.split(/\r?\n|\r/).map((line) => line.trim());
  const found = [WRAPPED, WRAPPED_ONE_LINE]
    .map((patterns) => ({
      patterns,
      at: lines.findIndex((_, index) => patterns.every((pattern, offset) => pattern.test(lines[index + offset] ?? ""))),
    }))
    .find(({ at }) => at !== -1);
  if (!found) {
    const alone = removeLineRun(source, [COMMENT, ALONE], "before");
    return alone ?? "unchanged";
  }
  const { patterns, at } = found;
  const named = patterns.length === 1 ? 0 : 1;
  const appLoad = patterns[named]!.exec(lines[at + named]!)![1]!;
  const text = removeLineRun(source, [COMMENT, ...patterns], "before") ?? removeLineRun(source, patterns, "before");
  if (text === null) return "unchanged";
  const file = parseStyledModule(text, fileName, detectStyle(text, fileName));
  const variable = file.getVariableDeclaration(appLoad);
  const fn = file.getFunction(appLoad);
  if (variable) {
    variable.rename("load");
    variable.getVariableStatementOrThrow().setIsExported(true);
  } else if (fn) {
    fn.rename("load");
    fn.setIsExported(true);
  }
  return file.getFullText();
}
