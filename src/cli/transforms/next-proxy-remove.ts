/**
 * The inverse of `mergeAuthIntoProxy` (next-proxy.ts): the app's proxy / middleware stops running `auth`.
 * Our lines (the import of `auth`, the comment and the exported `auth(...)` wrapper) are removed where they
 * are now; the app's own function gets its exported name (or its default export) back, and the
 * `NextFetchEvent` type import goes when only the wrapper used it. The matcher, and anything the user
 * changed since, stay. "unchanged" when the file does not wrap a function of the app's with `auth`.
 */
import { parseModule, tsMorph } from "./ast.js";
import { exactLine, removeLineRun } from "./remove-lines.js";
import type { TransformResult } from "./result.js";

const COMMENT = [
  exactLine(
    "// Signed-in state for every request this file handles (added by create-auth): `request.auth` is the session,",
  ),
  exactLine("// and `callbacks.authorized` in the auth module can send signed-out visitors to the sign-in page."),
];
const WRAPPER = /^export (?:const (proxy|middleware) =|default) auth\(.*\b(appProxy|appMiddleware)\(.*\)\);$/;
const AUTH_IMPORT = /^import \{ auth \} from ["'][^"']+["'];?$/;

export function unmergeAuthFromProxy(source: string, fileName = "proxy.tsx"): TransformResult {
  const line = source.split(/\r?\n|\r/).find((candidate) => WRAPPER.test(candidate.trim()));
  if (!line) return "unchanged";
  const [, exportName, localName] = WRAPPER.exec(line.trim())!;
  let text =
    removeLineRun(source, [...COMMENT, exactLine(line)], "before") ??
    removeLineRun(source, [exactLine(line)], "before");
  if (text === null) return "unchanged";
  text = removeLineRun(text, [AUTH_IMPORT], "none") ?? text;

  const { SyntaxKind } = tsMorph();
  const file = parseModule(text, fileName);
  const fn = file.getFunction(localName!);
  const variable = file.getVariableDeclaration(localName!);
  if (!exportName) {
    // It was the default export.
    if (fn) fn.setIsDefaultExport(true);
    else if (variable) file.addStatements(`export default ${localName};`);
  } else if (fn) {
    fn.getNameNode()?.replaceWithText(exportName);
    fn.setIsExported(true);
  } else if (variable) {
    variable.getNameNode().replaceWithText(exportName);
    variable.getVariableStatementOrThrow().setIsExported(true);
  }
  const used = file.getDescendantsOfKind(SyntaxKind.Identifier).filter((id) => id.getText() === "NextFetchEvent");
  const server = file.getImportDeclaration((d) => d.getModuleSpecifierValue() === "next/server");
  const named = server?.getNamedImports().find((n) => n.getName() === "NextFetchEvent");
  if (server && named && used.length === 1) {
    if (server.getNamedImports().length === 1 && !server.getDefaultImport()) server.remove();
    else named.remove();
  }
  return file.getFullText();
}
