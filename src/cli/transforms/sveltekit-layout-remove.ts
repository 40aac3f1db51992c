/**
 * The inverse of `mergeSessionLoad` (sveltekit-layout.ts): the session leaves every page's data. Our export
 * (`load` spreading the app's load and adding `session`) and its comment are removed where they are now;
 * the app's own load gets its name and its export back. The user's other edits stay. "unchanged" when the
 * layout holds nothing of ours.
 */
import { exactLine, removeLineRun } from "./remove-lines.js";
import type { TransformResult } from "./result.js";
import { parseSvelteKitModule } from "./sveltekit-style.js";

const COMMENT = exactLine(
  "// The session in every page's data (`page.data.session`), next to what the app's own load returns.",
);
const WRAPPED =
  /^export const load(?:: [\w$.<>]+)? = async \(event\) => \(\{ \.\.\.\(await ([\w$]+)\(event\)\), session: await event\.locals\.auth\(\) \}\);$/;
const ALONE =
  /^export const load(?:: [\w$.<>]+)? = async \(event\) => \(\{ session: await event\.locals\.auth\(\) \}\);$/;

export function unmergeSessionLoad(source: string, fileName = "+layout.server.ts"): TransformResult {
  const line = source.split(/\r?\n|\r/).find((candidate) => WRAPPED.test(candidate.trim()));
  if (!line) {
    const alone = removeLineRun(source, [COMMENT, ALONE], "before");
    return alone ?? "unchanged";
  }
  const appLoad = WRAPPED.exec(line.trim())![1]!;
  const text =
    removeLineRun(source, [COMMENT, exactLine(line)], "before") ?? removeLineRun(source, [exactLine(line)], "before");
  if (text === null) return "unchanged";
  const file = parseSvelteKitModule(text, fileName);
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
