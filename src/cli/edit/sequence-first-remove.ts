/**
 * The inverse of `mergeSequenceFirst` (sequence-first.ts): the auth entry leaves the app's request chain. Our
 * lines (the import from the auth module, and the `sequence(authEntry, appExport)` export with its comment) are
 * removed where they are now; the app's own function gets its name and its export back; an existing
 * `sequence(…)` loses only its first argument; `sequence`'s import goes when nothing uses it any more. The
 * import from the auth module stays while the app's own code still uses it. The user's other code and edits
 * stay. "unchanged" when the file does not run the auth entry.
 */
import { parseSyntax, tsMorph } from "./ast.js";
import { detectStyle, parseStyledModule } from "./code-style.js";
import { escapeRegExp, exactLine, removeLineRun } from "./remove-lines.js";
import type { TransformResult } from "./result.js";
import { mergeSequenceFirst, type SequenceChain } from "./sequence-first.js";

/** How many identifiers named `name` the module holds. */
function identifierCount(source: string, fileName: string, name: string): number {
  const ts = tsMorph().ts;
  let count = 0;
  const visit = (node: import("ts-morph").ts.Node): void => {
    if (ts.isIdentifier(node) && node.text === name) count++;
    ts.forEachChild(node, visit);
  };
  visit(parseSyntax(source, fileName));
  return count;
}

export function unmergeSequenceFirst(source: string, authModule: string, chain: SequenceChain): TransformResult {
  const { Node } = tsMorph();
  const { exportName, fileName } = chain;
  const module = escapeRegExp(authModule);
  const imported = escapeRegExp(chain.imported);
  // Init writes `{ auth }` when the wanted local is the import's own name, `{ handle as authHandle }` otherwise.
  const alias = chain.local === chain.imported ? "(?: as ([\\w$]+))?" : " as ([\\w$]+)";
  const importLine = new RegExp(`^import \\{ ${imported}${alias} \\} from ["']${module}["'];?$`);
  const importMatch = source
    .split(/\r?\n|\r/)
    .map((line) => importLine.exec(line.trim()))
    .find(Boolean);
  let text = source;
  if (!importMatch) {
    if (chain.member !== "") return "unchanged";
    // The file init wrote when the app had none, edited since: only its re-export is ours.
    const reexport = removeLineRun(text, [new RegExp(`^export \\{ ${imported} \\} from ["']${module}["'];?$`)], "none");
    return reexport ?? "unchanged";
  }
  const authLocal = importMatch[1] ?? chain.imported;
  const entry = escapeRegExp(`${authLocal}${chain.member}`);

  // Our `export const handle = sequence(authEntry, appExport);`, with the comment above it.
  const ours = new RegExp(`^export const ${exportName} = ([\\w$]+)\\(${entry}, ([\\w$]+)\\);?$`);
  const line = text.split(/\r?\n|\r/).find((candidate) => ours.test(candidate.trim()));
  let appExport: string | null = null;
  if (line) {
    const match = ours.exec(line.trim())!;
    const removed =
      removeLineRun(text, [exactLine(chain.comment), exactLine(line)], "before") ??
      removeLineRun(text, [exactLine(line)], "before");
    if (removed !== null) [text, appExport] = [removed, match[2]!];
  }
  const only = removeLineRun(text, [new RegExp(`^export const ${exportName} = ${entry};?$`)], "before");
  if (only !== null) text = only;

  const file = parseStyledModule(text, fileName, detectStyle(text, fileName));
  if (appExport) {
    const variable = file.getVariableDeclaration(appExport);
    const fn = file.getFunction(appExport);
    if (variable) {
      variable.rename(exportName);
      variable.getVariableStatementOrThrow().setIsExported(true);
    } else if (fn) {
      fn.rename(exportName);
      fn.setIsExported(true);
    }
  }
  // The app's own sequence(…) loses the auth entry, its first argument.
  const exported = file.getVariableDeclaration(exportName);
  const initializer = exported?.getInitializer();
  if (Node.isCallExpression(initializer)) {
    const first = initializer.getArguments()[0];
    if (first?.getText() === `${authLocal}${chain.member}`) initializer.removeArgument(first);
  }
  const uses = (name: string) =>
    file.getDescendantsOfKind(tsMorph().SyntaxKind.Identifier).filter((id) => id.getText() === name).length;
  for (const declaration of file.getImportDeclarations()) {
    if (declaration.getModuleSpecifierValue() !== chain.sequenceModule) continue;
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
  let result = file.getFullText();
  // The import from the auth module goes once nothing but the import itself names its local.
  if (identifierCount(result, fileName, authLocal) <= 1) {
    result = removeLineRun(result, [exactLine(importMatch[0])], "none") ?? result;
  }
  if (result === source) return "unchanged";
  // The import init put first left a blank line before the code when it was the file's only one (ts-morph
  // separates imports from code, so both texts map onto this one: the file did not start with a blank line).
  const candidates = [result.replace(/^\r?\n/, ""), result];
  return candidates.find((candidate) => mergeSequenceFirst(candidate, authModule, chain) === source) ?? result;
}
