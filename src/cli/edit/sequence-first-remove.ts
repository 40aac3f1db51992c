/**
 * The inverse of `mergeSequenceFirst` (sequence-first.ts): the auth entry leaves the app's request chain. Our
 * lines (the import from the auth module, and the `sequence(authEntry, appExport)` export with its comment) are
 * removed where they are now; the app's own function gets its name and its export back, as it was written (its
 * own `export` keyword, or the export list it was named in: of the forms it may have had, the one merge maps
 * back onto the file, else the likeliest); an existing
 * `sequence(…)` loses only its first argument; `sequence`'s import goes when nothing uses it any more. The
 * import from the auth module stays while the app's own code still uses it. The user's other code and edits
 * stay. "unchanged" when the file does not run the auth entry.
 */
import type { SourceFile } from "ts-morph";
import { parseSyntax, tsMorph } from "./ast.js";
import { detectStyle, parseStyledModule, renderCode } from "./code-style.js";
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

/** The app's function named `exportName` again, exported by its own keyword (`export const`, `export function`). */
function exportedByKeyword(file: SourceFile, appExport: string, exportName: string): boolean {
  const variable = file.getVariableDeclaration(appExport);
  const fn = file.getFunction(appExport);
  if (variable) {
    variable.rename(exportName);
    variable.getVariableStatementOrThrow().setIsExported(true);
  } else if (fn) {
    fn.rename(exportName);
    fn.setIsExported(true);
  } else return false;
  return true;
}

/** Where the app's export was, as unmerge finds it: `source` as given, our export line in it, and `text` without it. */
interface Detached {
  source: string;
  line: string;
  text: string;
  appExport: string;
}

/**
 * The texts the app's export may have been written as, the likeliest first: by its own keyword where merge
 * renamed the local to the chain's appName, else in an export list: a list of its own in the place our export
 * took (`export { log as onRequest };`), or back in a list that is left (merge took the specifier out of it,
 * `export { onRequest, prerender }`), first or last. Each is replayed through merge by the caller.
 */
function exportForms(detached: Detached, chain: SequenceChain): string[] {
  const { source, line, text, appExport } = detached;
  const { exportName, fileName } = chain;
  const parse = (code: string) => parseStyledModule(code, fileName, detectStyle(code, fileName));
  const keywordFile = parse(text);
  const keyword = exportedByKeyword(keywordFile, appExport, exportName) ? keywordFile.getFullText() : null;
  const renamed = new RegExp(`^${escapeRegExp(chain.appName)}\\d*$`).test(appExport);
  const style = detectStyle(source, fileName);
  const ours = new RegExp(`^${escapeRegExp(chain.comment)}\\r?\\n${escapeRegExp(line)}$`, "m");
  const inLists: string[] = [];
  const ownList: string[] = [];
  for (const local of renamed ? [exportName, appExport] : [appExport]) {
    const specifier = local === exportName ? exportName : `${local} as ${exportName}`;
    const named = (code: string) => {
      const file = parse(code);
      if (local !== appExport) {
        file.getVariableDeclaration(appExport)?.rename(local);
        file.getFunction(appExport)?.rename(local);
      }
      return file;
    };
    // Merge puts our export in a list's place only where the list named the local under the export's name; a
    // local named like merge's own (appOnRequest) is taken for merge's, so a user's line after ours stays after it.
    if (!renamed && ours.test(source)) {
      // A function, so that a `$` in a name is not read as a replacement pattern.
      const list = renderCode(`export { ${specifier} };`, style);
      ownList.push(named(source.replace(ours, () => list)).getFullText());
    }
    const lists = parse(text).getExportDeclarations().length;
    for (let index = 0; index < lists; index++) {
      for (const first of [true, false]) {
        const file = named(text);
        const declaration = file.getExportDeclarations()[index]!;
        if (declaration.getModuleSpecifier() || declaration.isTypeOnly()) continue;
        declaration.insertNamedExport(first ? 0 : declaration.getNamedExports().length, specifier);
        inLists.push(file.getFullText());
      }
    }
  }
  // A list of its own gave its place to ours (the likelier where one is found); else a list the app keeps held it.
  const ordered = renamed ? [keyword, ...inLists] : [...ownList, ...inLists, keyword];
  return [...new Set(ordered.filter((form): form is string => form !== null))];
}

/**
 * `text` without what only the auth entry needed: `sequence`'s import where nothing calls it any more, the app's
 * own sequence(…)'s first argument, and the import from the auth module once nothing but it names its local.
 */
function withoutAuthImports(
  text: string,
  fileName: string,
  authLocal: string,
  authImport: string,
  chain: SequenceChain,
): string {
  const { Node } = tsMorph();
  const file = parseStyledModule(text, fileName, detectStyle(text, fileName));
  // The app's own sequence(…) loses the auth entry, its first argument.
  const exported = file.getVariableDeclaration(chain.exportName);
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
    result = removeLineRun(result, [exactLine(authImport)], "none") ?? result;
  }
  return result;
}

export function unmergeSequenceFirst(source: string, authModule: string, chain: SequenceChain): TransformResult {
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

  // The app's export as it may have been: by its own keyword, or named in an export list (merge took it out of
  // the list, and renamed the local only where it was the export's own name). Each is replayed below.
  const forms = appExport && line ? exportForms({ source, line: line.trim(), text, appExport }, chain) : [text];
  const results = forms.map((form) => withoutAuthImports(form, fileName, authLocal, importMatch[0], chain));
  // The import init put first left a blank line before the code when it was the file's only one (ts-morph
  // separates imports from code, so both texts map onto this one: the file did not start with a blank line).
  const candidates = results.flatMap((result) => [result.replace(/^\r?\n/, ""), result]);
  const result =
    candidates.find((candidate) => mergeSequenceFirst(candidate, authModule, chain) === source) ?? results[0]!;
  return result === source ? "unchanged" : result;
}
