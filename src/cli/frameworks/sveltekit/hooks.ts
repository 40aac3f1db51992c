/**
 * Pure transform of `src/hooks.server.ts`: puts the auth `handle` first in the app's `handle`, through
 * SvelteKit's `sequence`, so `event.locals.auth()` is set before the app's own hook runs. The app's hook is
 * kept as it is (renamed when it was the exported `handle`); an existing `sequence(…)` gets the auth handle
 * as its first argument. "unchanged" when the file already uses the auth module's handle. Our lines are
 * written in the file's style (code-style.ts: sv's tabs and single quotes, or Prettier's defaults).
 */
import type { SourceFile } from "ts-morph";
import { freeName, tsMorph } from "../../edit/ast.js";
import { type CodeStyle, detectStyle, parseStyledModule, renderCode } from "../../edit/code-style.js";
import type { TransformResult } from "../../edit/result.js";

const SEQUENCE_MODULE = "@sveltejs/kit/hooks";

function usesAuthHandle(file: SourceFile, authModule: string): boolean {
  const imported = file
    .getImportDeclarations()
    .filter((d) => d.getModuleSpecifierValue() === authModule)
    .flatMap((d) => d.getNamedImports().map((s) => s.getName()));
  const reexported = file
    .getExportDeclarations()
    .filter((d) => d.getModuleSpecifierValue() === authModule)
    .flatMap((d) => d.getNamedExports().map((s) => s.getName()));
  return [...imported, ...reexported].includes("handle");
}

/** The local name `sequence` is imported under, or null. */
function importedSequence(file: SourceFile): string | null {
  for (const declaration of file.getImportDeclarations()) {
    if (declaration.getModuleSpecifierValue() !== SEQUENCE_MODULE) continue;
    const named = declaration.getNamedImports().find((s) => s.getName() === "sequence");
    if (named) return named.getAliasNode()?.getText() ?? "sequence";
  }
  return null;
}

function importSequence(file: SourceFile, style: CodeStyle): string {
  const existing = importedSequence(file);
  if (existing) return existing;
  const name = freeName(file, "sequence");
  const binding = name === "sequence" ? "sequence" : `sequence as ${name}`;
  file.insertStatements(0, renderCode(`import { ${binding} } from "${SEQUENCE_MODULE}";`, style));
  return name;
}

/** Detaches the app's exported `handle` and returns the local name it now has; null when there is none. */
function detachAppHandle(file: SourceFile): string | null {
  const variable = file.getVariableDeclaration("handle");
  if (variable?.isExported()) {
    const name = freeName(file, "appHandle");
    variable.rename(name);
    variable.getVariableStatementOrThrow().setIsExported(false);
    return name;
  }
  const fn = file.getFunction("handle");
  if (fn?.isExported()) {
    const name = freeName(file, "appHandle");
    fn.rename(name);
    fn.setIsExported(false);
    return name;
  }
  for (const declaration of file.getExportDeclarations()) {
    if (declaration.getModuleSpecifier()) continue;
    const specifier = declaration
      .getNamedExports()
      .find((s) => (s.getAliasNode()?.getText() ?? s.getName()) === "handle");
    if (!specifier) continue;
    let local = specifier.getName();
    specifier.remove();
    if (declaration.getNamedExports().length === 0) declaration.remove();
    if (local === "handle") {
      local = freeName(file, "appHandle");
      file.getVariableDeclaration("handle")?.rename(local);
      file.getFunction("handle")?.rename(local);
    }
    return local;
  }
  return null;
}

export function mergeAuthHandle(source: string, authModule: string): TransformResult {
  const { Node } = tsMorph();
  const style = detectStyle(source, "hooks.server.ts");
  const file = parseStyledModule(source, "hooks.server.ts", style);
  if (usesAuthHandle(file, authModule)) return "unchanged";
  const authHandle = freeName(file, "authHandle");
  const imports = file.getImportDeclarations();
  const importAt = imports.length === 0 ? 0 : imports.at(-1)!.getChildIndex() + 1;
  file.insertStatements(importAt, renderCode(`import { handle as ${authHandle} } from "${authModule}";`, style));

  // `export const handle = sequence(a, b)`: the auth handle becomes the first step.
  const variable = file.getVariableDeclaration("handle");
  const initializer = variable?.isExported() ? variable.getInitializer() : undefined;
  const sequence = importedSequence(file);
  if (Node.isCallExpression(initializer) && sequence && initializer.getExpression().getText() === sequence) {
    initializer.insertArgument(0, authHandle);
    return file.getFullText();
  }

  const appHandle = detachAppHandle(file);
  if (appHandle === null) {
    file.addStatements(renderCode(`export const handle = ${authHandle};`, style));
    return file.getFullText();
  }
  const sequenceLocal = importSequence(file, style);
  file.addStatements([
    "\n// Auth first: it sets `event.locals.auth()` for the hooks after it and for every load and action.",
    renderCode(`export const handle = ${sequenceLocal}(${authHandle}, ${appHandle});`, style),
  ]);
  return file.getFullText();
}
