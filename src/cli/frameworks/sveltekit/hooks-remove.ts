/**
 * The inverse of `mergeAuthHandle` (sveltekit-hooks.ts): the auth handle leaves the app's hooks. Our lines
 * (the import of the auth module's handle, and the `sequence(authHandle, appHandle)` export with its comment)
 * are removed where they are now; the app's own hook gets its name and its export back; an existing
 * `sequence(…)` loses only its first argument; `sequence`'s import goes when nothing uses it any more. The
 * user's other hooks and edits stay. "unchanged" when the file does not use the auth handle.
 */
import { tsMorph } from "../../edit/ast.js";
import { detectStyle, parseStyledModule } from "../../edit/code-style.js";
import { escapeRegExp, exactLine, removeLineRun } from "../../edit/remove-lines.js";
import type { TransformResult } from "../../edit/result.js";
import { mergeAuthHandle } from "./hooks.js";

const SEQUENCE_MODULE = "@sveltejs/kit/hooks";
const COMMENT = exactLine(
  "// Auth first: it sets `event.locals.auth()` for the hooks after it and for every load and action.",
);

export function unmergeAuthHandle(source: string, authModule: string): TransformResult {
  const { Node } = tsMorph();
  const module = escapeRegExp(authModule);
  const imported = new RegExp(`^import \\{ handle as ([\\w$]+) \\} from ["']${module}["'];?$`);
  const authLocal = source
    .split(/\r?\n|\r/)
    .map((line) => imported.exec(line.trim())?.[1])
    .find(Boolean);
  let text = source;
  if (!authLocal) {
    // The file init wrote when the app had no hooks, edited since: only its re-export is ours.
    const reexport = removeLineRun(text, [new RegExp(`^export \\{ handle \\} from ["']${module}["'];?$`)], "none");
    return reexport ?? "unchanged";
  }
  text = removeLineRun(text, [imported], "none") ?? text;

  // Our `export const handle = sequence(authHandle, appHandle);`, with the comment above it.
  const ours = new RegExp(`^export const handle = ([\\w$]+)\\(${escapeRegExp(authLocal)}, ([\\w$]+)\\);?$`);
  const line = text.split(/\r?\n|\r/).find((candidate) => ours.test(candidate.trim()));
  let appHandle: string | null = null;
  if (line) {
    const match = ours.exec(line.trim())!;
    const removed =
      removeLineRun(text, [COMMENT, exactLine(line)], "before") ?? removeLineRun(text, [exactLine(line)], "before");
    if (removed !== null) [text, appHandle] = [removed, match[2]!];
  }
  const only = removeLineRun(text, [new RegExp(`^export const handle = ${escapeRegExp(authLocal)};?$`)], "before");
  if (only !== null) text = only;

  const file = parseStyledModule(text, "hooks.server.ts", detectStyle(text, "hooks.server.ts"));
  if (appHandle) {
    const variable = file.getVariableDeclaration(appHandle);
    const fn = file.getFunction(appHandle);
    if (variable) {
      variable.rename("handle");
      variable.getVariableStatementOrThrow().setIsExported(true);
    } else if (fn) {
      fn.rename("handle");
      fn.setIsExported(true);
    }
  }
  // The app's own sequence(…) loses the auth handle, its first argument.
  const handle = file.getVariableDeclaration("handle");
  const initializer = handle?.getInitializer();
  if (Node.isCallExpression(initializer)) {
    const first = initializer.getArguments()[0];
    if (first?.getText() === authLocal) initializer.removeArgument(first);
  }
  const uses = (name: string) =>
    file.getDescendantsOfKind(tsMorph().SyntaxKind.Identifier).filter((id) => id.getText() === name).length;
  for (const declaration of file.getImportDeclarations()) {
    if (declaration.getModuleSpecifierValue() !== SEQUENCE_MODULE) continue;
    for (const named of declaration.getNamedImports()) {
      const local = named.getAliasNode()?.getText() ?? named.getName();
      // Its only identifier is the import itself: nothing calls it any more.
      if (named.getName() === "sequence" && uses(local) <= 1) named.remove();
    }
    if (
      declaration.getNamedImports().length === 0 &&
      !declaration.getDefaultImport() &&
      !declaration.getNamespaceImport()
    ) {
      declaration.remove();
    }
  }
  const result = file.getFullText();
  if (result === source) return "unchanged";
  // The import init put first left a blank line before the code when it was the file's only one (ts-morph
  // separates imports from code, so both texts map onto this one: the file did not start with a blank line).
  const candidates = [result.replace(/^\r?\n/, ""), result];
  return candidates.find((candidate) => mergeAuthHandle(candidate, authModule) === source) ?? result;
}
