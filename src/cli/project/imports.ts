/**
 * Where an import specifier written in one of the app's files leads, and which of the app's files that is:
 * the one rule the commands follow the app's imports by (database setup finds the tables module, the Express
 * target follows the entry file to the `express()` app, the doctor reads the modules the auth files import).
 *
 * - `importTarget`: the root-relative, `/`-separated path a specifier names: relative (`./x`, `../x.js`, `.`),
 *   a tsconfig `paths` alias (the longest matching prefix wins, as TypeScript picks), or SvelteKit's
 *   `$lib`/`#lib`. Null for a package, and for a path that leads out of the project (`..` past its root, an
 *   alias onto a sibling folder): the commands read the app, never what is beside it.
 * - `moduleCandidates`: the files such a path may be, in the order TypeScript tries them (see there).
 * - `resolveImport`: the first of them that exists.
 */
import path from "node:path/posix";
import type { PathAlias } from "./path-alias.js";
import type { ProjectReader } from "./reader.js";

/** Module extensions, TypeScript's before JavaScript's: an extensionless import of `x` is `x.ts` over `x.js`. */
export const MODULE_EXTENSIONS = [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"] as const;

/** A file name ending in one of MODULE_EXTENSIONS. */
export const MODULE_FILE = /\.[cm]?[jt]sx?$/;

/** SvelteKit's own aliases, which its generated tsconfig holds (not the app's). */
const KIT_ALIASES: readonly PathAlias[] = [
  { prefix: "$lib/", directory: "src/lib" },
  { prefix: "#lib/", directory: "src/lib" },
];

/**
 * The files an import written with a JavaScript extension may be, as TypeScript (NodeNext and bundler alike)
 * tries them: its TypeScript source first, then the file as written (a compiled `x.js` beside `x.ts` is not
 * the module the app's code is). A TypeScript extension written as such (allowImportingTsExtensions) is itself.
 */
const WRITTEN_AS: Record<string, readonly string[]> = {
  ".js": [".ts", ".tsx", ".js", ".jsx"],
  ".jsx": [".tsx", ".jsx"],
  ".mjs": [".mts", ".mjs"],
  ".cjs": [".cts", ".cjs"],
};

const relative = (specifier: string) =>
  specifier === "." || specifier === ".." || specifier.startsWith("./") || specifier.startsWith("../");

/**
 * The root-relative path `specifier`, written in the file `from` (root-relative), names; `.` for the root
 * itself, a trailing `/` kept (`./db/` names the folder). Null for a package (anything neither relative nor aliased, a specifier with a backslash too: Node
 * takes `.\x` for a package name) and for a path outside the project.
 */
export function importTarget(aliases: readonly PathAlias[], from: string, specifier: string): string | null {
  if (specifier.includes("\\") || specifier.includes("\0")) return null;
  let target: string;
  if (relative(specifier)) {
    target = path.join(path.dirname(from), specifier);
  } else {
    const alias = [...aliases, ...KIT_ALIASES]
      .filter((candidate) => candidate.prefix !== "" && specifier.startsWith(candidate.prefix))
      .sort((a, b) => b.prefix.length - a.prefix.length)[0];
    // `$lib` alone is SvelteKit's src/lib (its index module).
    const kit = KIT_ALIASES.find((candidate) => specifier === candidate.prefix.slice(0, -1));
    if (alias) target = path.join(alias.directory, specifier.slice(alias.prefix.length));
    else if (kit) target = kit.directory;
    else return null;
  }
  if (target === ".." || target.startsWith("../") || path.isAbsolute(target)) return null;
  return target;
}

/**
 * The files the path `target` (importTarget's answer) may be, in resolution order: written with a module
 * extension, the files WRITTEN_AS gives (`x.js` → `x.ts`, `x.tsx`, `x.js`, `x.jsx`); otherwise the path as
 * written when it has another extension (`x.config`, `data.json`), then the path with each module extension
 * added, then the folder's index files (only these for the root and a path ending in `/`). `db/index` is
 * `db/index.ts`, never `db.ts`.
 */
export function moduleCandidates(target: string): string[] {
  const indexes = (folder: string) => MODULE_EXTENSIONS.map((ext) => path.join(folder, `index${ext}`));
  // The root (`.`) and a path written with a trailing `/` name a folder: only its index files.
  if (target === "." || target.endsWith("/")) return indexes(target);
  const extension = path.extname(target);
  if (MODULE_FILE.test(target)) {
    const stem = target.slice(0, -extension.length);
    return (WRITTEN_AS[extension] ?? [extension]).map((ext) => stem + ext);
  }
  return [...(extension === "" ? [] : [target]), ...MODULE_EXTENSIONS.map((ext) => target + ext), ...indexes(target)];
}

/** The app's file `specifier` in `from` imports: the first of its candidates that exists; null for a package. */
export function resolveImport(
  reader: ProjectReader,
  aliases: readonly PathAlias[],
  from: string,
  specifier: string,
): string | null {
  const target = importTarget(aliases, from, specifier);
  if (target === null) return null;
  return moduleCandidates(target).find((file) => reader.read(file) !== null) ?? null;
}
