/**
 * The inverse of `mergeAuthIntoProxy` (next-proxy.ts): the app's proxy / middleware stops running `auth`.
 * Our lines (the import of `auth`, the comment and the exported `auth(...)` wrapper) are removed where they
 * are now; the app's own function gets its exported name (or its default export) back, and the
 * `NextFetchEvent` type import goes when only the wrapper used it. The matcher, and anything the user
 * changed since, stay. "unchanged" when the file does not wrap a function of the app's with `auth`.
 */
import { parseModule, tsMorph } from "../../edit/ast.js";
import { exactLine, removeLineRun } from "../../edit/remove-lines.js";
import type { TransformResult } from "../../edit/result.js";
import { mergeAuthIntoProxy } from "./proxy.js";

const COMMENT = [
  exactLine(
    "// Signed-in state for every request this file handles (added by create-auth): `request.auth` is the session,",
  ),
  exactLine("// and `callbacks.authorized` in the auth module can send signed-out visitors to the sign-in page."),
];
const WRAPPER = /^export (?:const (proxy|middleware) =|default) auth\(.*\b(appProxy|appMiddleware)\(.*\)\);?$/;
const AUTH_IMPORT = /^import \{ auth \} from ["']([^"']+)["'];?$/;

/** `exportName`: what the file exports for Next (`proxy` in proxy.ts, `middleware` in middleware.ts). */
export function unmergeAuthFromProxy(source: string, exportName: "proxy" | "middleware" = "proxy"): TransformResult {
  const line = source.split(/\r?\n|\r/).find((candidate) => WRAPPER.test(candidate.trim()));
  if (!line) return "unchanged";
  const [, named, localName] = WRAPPER.exec(line.trim())!;
  const authImport = source
    .split(/\r?\n|\r/)
    .map((candidate) => AUTH_IMPORT.exec(candidate.trim())?.[1])
    .find(Boolean);
  let text =
    removeLineRun(source, [...COMMENT, exactLine(line)], "before") ??
    removeLineRun(source, [exactLine(line)], "before");
  if (text === null) return "unchanged";
  text = removeLineRun(text, [AUTH_IMPORT], "none") ?? text;

  const { SyntaxKind } = tsMorph();
  const file = parseModule(text, "proxy.tsx");
  const fn = file.getFunction(localName!);
  const variable = file.getVariableDeclaration(localName!);
  let defaultNames: (string | null)[] = [];
  if (!named) {
    // It was the default export, under a name init replaced (or none): the one init maps back onto this file.
    if (fn) fn.setIsDefaultExport(true);
    else if (variable) file.addStatements(`export default ${localName};`);
    if (fn) defaultNames = [localName!, "proxy", "middleware", null];
  } else if (fn) {
    fn.getNameNode()?.replaceWithText(named);
    fn.setIsExported(true);
  } else if (variable) {
    variable.getNameNode().replaceWithText(named);
    variable.getVariableStatementOrThrow().setIsExported(true);
  }
  const used = file.getDescendantsOfKind(SyntaxKind.Identifier).filter((id) => id.getText() === "NextFetchEvent");
  const server = file.getImportDeclaration((d) => d.getModuleSpecifierValue() === "next/server");
  const eventType = server?.getNamedImports().find((n) => n.getName() === "NextFetchEvent");
  if (server && eventType && used.length === 1) {
    if (server.getNamedImports().length === 1 && !server.getDefaultImport()) server.remove();
    else eventType.remove();
  }
  const result = file.getFullText();
  if (defaultNames.length === 0 || !fn || !authImport) return result;
  const candidates = defaultNames.map((name) => {
    if (name === localName) return result;
    const copy = parseModule(result, "proxy.tsx");
    const declaration = copy.getFunctionOrThrow(localName!);
    if (name === null) declaration.getNameNode()?.replaceWithText("");
    else declaration.getNameNode()?.replaceWithText(name);
    return copy.getFullText().replace(/function {2}\(/, "function (");
  });
  const options = { authImport, exportName };
  return candidates.find((candidate) => mergeAuthIntoProxy(candidate, options) === source) ?? result;
}
