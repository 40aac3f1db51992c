/**
 * The app's own modules as the doctor reads them: its source files under a folder, whether an import names a
 * given module (where imports lead is project/imports.ts's rule), and the names each import takes.
 * Read-only, from the project reader; the wiring and database checks follow the app's imports through these.
 */
import path from "node:path";
import { parseSyntax, typescript } from "../edit/ast.js";
import { importTarget, MODULE_FILE, moduleCandidates } from "../project/imports.js";
import type { ProjectReader } from "../project/reader.js";
import type { ProjectInfo } from "../project/types.js";

/** Enough for any app's src/ folder; a larger tree is not read past it (the check stays quick). */
const MAX_FILES = 4000;

/** The module files under `dir`, skipping dependencies, dot-folders and type declarations. */
export function sourceFiles(reader: ProjectReader, dir: string): string[] {
  const out: string[] = [];
  const walk = (folder: string) => {
    for (const name of reader.files(folder)) {
      if (out.length >= MAX_FILES) return;
      if (MODULE_FILE.test(name) && !/\.d\.[cm]?ts$/.test(name)) out.push(path.posix.join(folder, name));
    }
    for (const sub of reader.directories(folder))
      if (sub !== "node_modules" && !sub.startsWith(".")) walk(path.posix.join(folder, sub));
  };
  walk(dir);
  return out;
}

/**
 * Whether `specifier`, written in `from`, imports the app's module `file`, which may be gone (a deleted module
 * is still what its importers name): the file the import resolves to when one exists, else one of the files
 * it may be.
 */
export function importsModule(
  reader: ProjectReader,
  info: Pick<ProjectInfo, "aliases">,
  from: string,
  specifier: string,
  file: string,
): boolean {
  const target = importTarget(info.aliases, from, specifier);
  if (target === null) return false;
  const candidates = moduleCandidates(target);
  const found = candidates.find((candidate) => reader.read(candidate) !== null);
  return found === undefined ? candidates.includes(file) : found === file;
}

/** The names a module imports by name (values, not types) or re-exports, per specifier. */
export function namedImports(source: string, file: string): { specifier: string; names: string[] }[] {
  const ts = typescript();
  const out: { specifier: string; names: string[] }[] = [];
  for (const statement of parseSyntax(source, file).statements) {
    let bindings: import("ts-morph").ts.NamedImportBindings | import("ts-morph").ts.NamedExportBindings | undefined;
    let specifier: import("ts-morph").ts.Expression | undefined;
    if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) {
      bindings = statement.importClause?.namedBindings;
      specifier = statement.moduleSpecifier;
    } else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) {
      bindings = statement.exportClause;
      specifier = statement.moduleSpecifier;
    }
    if (!specifier || !ts.isStringLiteral(specifier) || !bindings) continue;
    if (!ts.isNamedImports(bindings) && !ts.isNamedExports(bindings)) continue;
    const names = bindings.elements
      .filter((element) => !element.isTypeOnly)
      .map((element) => (element.propertyName ?? element.name).getText());
    out.push({ specifier: specifier.text, names });
  }
  return out;
}
