/**
 * The app's own modules as the doctor reads them: its source files under a folder, where an import
 * specifier leads (relative, a tsconfig path alias, SvelteKit's `$lib`), and the names each import takes.
 * Read-only, from the project reader; the wiring and database checks follow the app's imports through these.
 */
import path from "node:path";
import type { ProjectReader } from "../plan/reader.js";
import type { ProjectInfo } from "../targets/types.js";
import { parseSyntax, typescript } from "../transforms/ast.js";

export const SOURCE_FILE = /\.(?:[cm]?[jt]sx?)$/;
/** Enough for any app's src/ folder; a larger tree is not read past it (the check stays quick). */
const MAX_FILES = 4000;

/** The module files under `dir`, skipping dependencies, dot-folders and type declarations. */
export function sourceFiles(reader: ProjectReader, dir: string): string[] {
  const out: string[] = [];
  const walk = (folder: string) => {
    for (const name of reader.files(folder)) {
      if (out.length >= MAX_FILES) return;
      if (SOURCE_FILE.test(name) && !/\.d\.[cm]?ts$/.test(name)) out.push(path.posix.join(folder, name));
    }
    for (const sub of reader.directories(folder))
      if (sub !== "node_modules" && !sub.startsWith(".")) walk(path.posix.join(folder, sub));
  };
  walk(dir);
  return out;
}

/** SvelteKit's own aliases, which its generated tsconfig holds (not the app's): as database/setup.ts reads them. */
const KIT_ALIASES = [
  { prefix: "$lib/", directory: "src/lib" },
  { prefix: "#lib/", directory: "src/lib" },
];

/**
 * The module a specifier of `from` names, root-relative and without its extension: relative, a tsconfig path
 * alias, or SvelteKit's `$lib`; null for a package.
 */
export function importedModule(info: Pick<ProjectInfo, "aliases">, from: string, specifier: string): string | null {
  let target: string | null = null;
  if (specifier.startsWith("./") || specifier.startsWith("../")) {
    target = path.posix.join(path.posix.dirname(from), specifier);
  } else {
    const alias = [...info.aliases, ...KIT_ALIASES]
      .sort((a, b) => b.prefix.length - a.prefix.length)
      .find((candidate) => specifier.startsWith(candidate.prefix));
    if (alias) target = path.posix.join(alias.directory, specifier.slice(alias.prefix.length));
  }
  return target === null ? null : target.replace(SOURCE_FILE, "").replace(/\/index$/, "");
}

const MODULE_FILES = [".ts", ".tsx", ".mts", ".js", ".jsx", ".mjs", "/index.ts", "/index.tsx", "/index.js"];

/** The file a module path without its extension (importedModule's answer) is, when it is one of the app's. */
export function moduleFile(reader: ProjectReader, stem: string): string | null {
  return MODULE_FILES.map((ext) => stem + ext).find((candidate) => reader.read(candidate) !== null) ?? null;
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
