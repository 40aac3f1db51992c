/**
 * The app's own modules import what create-auth's modules export: SolidStart pages take `requireUser` and
 * `getUser` from the session module, Qwik components take `useSession`, `useSignIn` and `useSignOut` from the
 * auth plugin. When such a module is gone, or no longer exports a name create-auth wrote into it, every
 * import of that name fails the build. Only the names create-auth's own text of the module exports are
 * judged: the app's other imports are its business.
 */
import path from "node:path";
import type { ProjectReader } from "../plan/reader.js";
import type { ProjectInfo } from "../targets/types.js";
import { moduleShape, parseSyntax, typescript } from "../transforms/ast.js";
import { type Finding, finding } from "./finding.js";

const SOURCE_FILE = /\.(?:[cm]?[jt]sx?)$/;
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

/**
 * `wiring.import-missing` for each app module importing, from `module` (the file create-auth wrote, as it is
 * now), a name that `written` (create-auth's own text of it) exports and the file does not.
 */
export function checkImportsOf(
  reader: ProjectReader,
  info: Pick<ProjectInfo, "aliases">,
  sourceDir: string,
  module: { file: string; written: string },
): Finding[] {
  const stem = module.file.replace(SOURCE_FILE, "");
  const current = reader.read(module.file);
  const exported = new Set(current === null ? [] : moduleShape(current, module.file).exports);
  const provided = moduleShape(module.written, module.file).exports;
  const base = path.posix.basename(stem);
  const findings: Finding[] = [];
  for (const file of sourceFiles(reader, sourceDir)) {
    const source = file === module.file ? null : reader.read(file);
    if (source === null || !source.includes(base)) continue;
    for (const { specifier, names } of namedImports(source, file)) {
      if (importedModule(info, file, specifier) !== stem) continue;
      const lost = names.filter((name) => provided.includes(name) && !exported.has(name));
      if (lost.length === 0) continue;
      findings.push(
        finding(
          "error",
          "wiring.import-missing",
          `${file} imports ${lost.join(", ")} from "${specifier}", but ${current === null ? `${module.file} does not exist` : `${module.file} no longer exports ${lost.length === 1 ? "it" : "them"}`}: the app fails to build.`,
          current === null
            ? `restore ${module.file} (git checkout -- ${module.file}), or run npx create-auth init again to write it`
            : `export ${lost.join(", ")} from ${module.file} again (as create-auth wrote it, it exports ${provided.join(", ")})`,
          file,
        ),
      );
    }
  }
  return findings;
}
