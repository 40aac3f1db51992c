/**
 * Pure transform of the root `src/routes/+layout.server.ts`: the session goes into every page's data as
 * `session`, next to whatever the app's own layout load returns (that load is kept, renamed). "unchanged"
 * when the layout already reads `locals.auth()`. Our lines are written in the file's style (code-style.ts).
 */
import { freeName } from "../../edit/ast.js";
import { detectStyle, parseStyledModule, renderCode } from "../../edit/code-style.js";
import type { TransformResult } from "../../edit/result.js";

const COMMENT = "\n// The session in every page's data (`page.data.session`), next to what the app's own load returns.";

export function mergeSessionLoad(source: string, fileName = "+layout.server.ts"): TransformResult {
  if (/\blocals\.auth\(\)/.test(source)) return "unchanged";
  const style = detectStyle(source, fileName);
  const file = parseStyledModule(source, fileName, style);
  const variable = file.getVariableDeclaration("load");
  const fn = file.getFunction("load");
  const typeName = variable?.getTypeNode()?.getText();
  const annotation = typeName ? `: ${typeName}` : "";

  let appLoad: string | null = null;
  if (variable?.isExported()) {
    appLoad = freeName(file, "appLoad");
    variable.rename(appLoad);
    variable.getVariableStatementOrThrow().setIsExported(false);
  } else if (fn?.isExported()) {
    appLoad = freeName(file, "appLoad");
    fn.rename(appLoad);
    fn.setIsExported(false);
  }
  if (appLoad === null) {
    file.addStatements([
      COMMENT,
      renderCode("export const load = async (event) => ({ session: await event.locals.auth() });", style),
    ]);
    return file.getFullText();
  }
  file.addStatements([
    COMMENT,
    renderCode(
      [
        `export const load${annotation} = async (event) => ({`,
        `  ...(await ${appLoad}(event)),`,
        "  session: await event.locals.auth(),",
        "});",
      ].join("\n"),
      style,
    ),
  ]);
  return file.getFullText();
}
