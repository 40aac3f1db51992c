/**
 * Pure transform of a module whose exported function a framework runs on every request (SvelteKit's
 * `handle` in `src/hooks.server.ts`, Astro's `onRequest` in `src/middleware.ts`): puts the auth entry first
 * through the framework's `sequence`, so the session is set before the app's own code runs. The app's function
 * is kept as it is (renamed when it was the exported one; `export { log as onRequest }` gives its place to our
 * export, so remove can put the list back there); an existing `sequence(…)` gets the auth entry as
 * its first argument. "unchanged" when the file already runs the auth entry. Our lines are written in the
 * file's style (code-style.ts: sv's tabs and single quotes, or Prettier's defaults). The inverse is
 * sequence-first-remove.ts.
 */
import type { ExportDeclaration, SourceFile } from "ts-morph";
import { freeName, tsMorph } from "./ast.js";
import { type CodeStyle, detectStyle, parseStyledModule, renderCode } from "./code-style.js";
import type { TransformResult } from "./result.js";

/** One framework's request chain: what it exports, where its `sequence` lives, and what the auth module gives. */
export interface SequenceChain {
  /** The file name the module is parsed (and its style read) as. */
  fileName: string;
  /** The export the framework runs: `handle`, `onRequest`. */
  exportName: string;
  /** The module `sequence` is imported from: `@sveltejs/kit/hooks`, `astro:middleware`. */
  sequenceModule: string;
  /** What is imported from the auth module (`handle`, `auth`) and the local name wanted for it. */
  imported: string;
  local: string;
  /** Read on the import to get the entry (`.middleware`), or "" when the import is the entry itself. */
  member: string;
  /** The name the app's own exported function gets once it is a step of the sequence. */
  appName: string;
  /** The comment above our `export const … = sequence(…)`: why auth comes first. */
  comment: string;
}

/** The local name the auth module's `imported` has in the file, or null. */
export function importedAuth(file: SourceFile, authModule: string, chain: SequenceChain): string | null {
  for (const declaration of file.getImportDeclarations()) {
    if (declaration.getModuleSpecifierValue() !== authModule) continue;
    const named = declaration.getNamedImports().find((s) => s.getName() === chain.imported);
    if (named) return named.getAliasNode()?.getText() ?? chain.imported;
  }
  return null;
}

/** The file already runs the auth entry: it imports it (or re-exports it, when the import is the entry). */
function usesAuthEntry(file: SourceFile, authModule: string, chain: SequenceChain): boolean {
  const { SyntaxKind } = tsMorph();
  const local = importedAuth(file, authModule, chain);
  if (local !== null) {
    if (chain.member === "") return true;
    const entry = `${local}${chain.member}`;
    return file.getDescendantsOfKind(SyntaxKind.PropertyAccessExpression).some((node) => node.getText() === entry);
  }
  if (chain.member !== "") return false;
  return file
    .getExportDeclarations()
    .filter((d) => d.getModuleSpecifierValue() === authModule)
    .flatMap((d) => d.getNamedExports().map((s) => s.getName()))
    .includes(chain.imported);
}

/** The local name `sequence` is imported under, or null. */
function importedSequence(file: SourceFile, chain: SequenceChain): string | null {
  for (const declaration of file.getImportDeclarations()) {
    if (declaration.getModuleSpecifierValue() !== chain.sequenceModule) continue;
    const named = declaration.getNamedImports().find((s) => s.getName() === "sequence");
    if (named) return named.getAliasNode()?.getText() ?? "sequence";
  }
  return null;
}

function importSequence(file: SourceFile, style: CodeStyle, chain: SequenceChain): string {
  const existing = importedSequence(file, chain);
  if (existing) return existing;
  const name = freeName(file, "sequence");
  // The app imports from that module already (Astro's `defineMiddleware`): `sequence` joins that import.
  const from = file
    .getImportDeclarations()
    .find((d) => d.getModuleSpecifierValue() === chain.sequenceModule && !d.isTypeOnly() && !d.getNamespaceImport());
  if (from) {
    from.addNamedImport(name === "sequence" ? "sequence" : { name: "sequence", alias: name });
    return name;
  }
  const binding = name === "sequence" ? "sequence" : `sequence as ${name}`;
  file.insertStatements(0, renderCode(`import { ${binding} } from "${chain.sequenceModule}";`, style));
  return name;
}

/** The app's function, detached from the export: its local name, and the export list that named only it. */
interface AppExport {
  local: string;
  /** Where our export goes instead of at the end, so remove can put the list back where it was. */
  list: ExportDeclaration | null;
}

/**
 * Detaches the app's exported function; null when there is none. A declaration exported by its own keyword is
 * renamed, and our export goes at the end. One an export list names leaves the list: a list naming only it
 * under the export's name (`export { log as onRequest }`) gives its place to our export; otherwise its
 * specifier goes (the list with it when empty), our export goes at the end, and the local is renamed where its
 * name was the export's (`export { onRequest }`, which remove gives back as `export function onRequest`: merge
 * writes the same text for both).
 */
function detachAppExport(file: SourceFile, chain: SequenceChain): AppExport | null {
  const { exportName } = chain;
  // hasExportKeyword, not isExported: ts-morph's isExported is also true for a name an export list exports,
  // whose rename would carry the list along (`export { appHandle }`) instead of taking the export away.
  const variable = file.getVariableDeclaration(exportName);
  if (variable?.getVariableStatement()?.hasExportKeyword()) {
    const name = freeName(file, chain.appName);
    variable.rename(name);
    variable.getVariableStatementOrThrow().setIsExported(false);
    return { local: name, list: null };
  }
  const fn = file.getFunction(exportName);
  if (fn?.hasExportKeyword()) {
    const name = freeName(file, chain.appName);
    fn.rename(name);
    fn.setIsExported(false);
    return { local: name, list: null };
  }
  for (const declaration of file.getExportDeclarations()) {
    if (declaration.getModuleSpecifier()) continue;
    const specifier = declaration
      .getNamedExports()
      .find((s) => (s.getAliasNode()?.getText() ?? s.getName()) === exportName);
    if (!specifier) continue;
    const local = specifier.getName();
    // `export { log as onRequest };` alone: our export takes its place, where remove puts it back.
    if (local !== exportName && declaration.getNamedExports().length === 1) return { local, list: declaration };
    specifier.remove();
    if (declaration.getNamedExports().length === 0) declaration.remove();
    if (local !== exportName) return { local, list: null };
    const name = freeName(file, chain.appName);
    file.getVariableDeclaration(exportName)?.rename(name);
    file.getFunction(exportName)?.rename(name);
    return { local: name, list: null };
  }
  return null;
}

export function mergeSequenceFirst(source: string, authModule: string, chain: SequenceChain): TransformResult {
  const { Node } = tsMorph();
  const { exportName } = chain;
  const style = detectStyle(source, chain.fileName);
  const file = parseStyledModule(source, chain.fileName, style);
  if (usesAuthEntry(file, authModule, chain)) return "unchanged";
  // The app may import the auth module's export already (to read the session): its import serves.
  let local = importedAuth(file, authModule, chain);
  if (local === null) {
    local = freeName(file, chain.local);
    const binding = local === chain.imported ? local : `${chain.imported} as ${local}`;
    const imports = file.getImportDeclarations();
    const importAt = imports.length === 0 ? 0 : imports.at(-1)!.getChildIndex() + 1;
    file.insertStatements(importAt, renderCode(`import { ${binding} } from "${authModule}";`, style));
  }
  const entry = `${local}${chain.member}`;

  // `export const handle = sequence(a, b)`: the auth entry becomes the first step.
  const variable = file.getVariableDeclaration(exportName);
  const initializer = variable?.isExported() ? variable.getInitializer() : undefined;
  const sequence = importedSequence(file, chain);
  if (Node.isCallExpression(initializer) && sequence && initializer.getExpression().getText() === sequence) {
    initializer.insertArgument(0, entry);
    return file.getFullText();
  }

  const appExport = detachAppExport(file, chain);
  if (appExport === null) {
    file.addStatements(renderCode(`export const ${exportName} = ${entry};`, style));
    return file.getFullText();
  }
  const sequenceLocal = importSequence(file, style, chain);
  const ours = renderCode(`export const ${exportName} = ${sequenceLocal}(${entry}, ${appExport.local});`, style);
  if (appExport.list) appExport.list.replaceWithText(`${chain.comment}${style.eol}${ours}`);
  else file.addStatements([`\n${chain.comment}`, ours]);
  return file.getFullText();
}
