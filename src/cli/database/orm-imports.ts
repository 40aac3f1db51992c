/**
 * How a module init writes imports one of the app's own modules (its db instance, its schema, a generated
 * Prisma client), in the app's style: SvelteKit's `$lib/…` for src/lib, the project's path alias when the
 * module is outside the importing folder, else a relative path; with the file's runtime extension where the
 * app's module resolution needs one (Node ESM: `./db.js` for db.ts), without it (and without `/index`)
 * where a bundler resolves it.
 */
import path from "node:path";
import type { PathAlias } from "../project/path-alias.js";

export interface ImportStyle {
  /** SvelteKit: `$lib/` names src/lib. */
  sveltekit: boolean;
  /** Node resolves the import itself: a full file name, and no path alias. */
  extensions: boolean;
  aliases: readonly PathAlias[];
}

const RUNTIME_EXTENSIONS: Record<string, string> = {
  ".ts": ".js",
  ".tsx": ".js",
  ".mts": ".mjs",
  ".cts": ".cjs",
  ".js": ".js",
  ".jsx": ".js",
  ".mjs": ".mjs",
  ".cjs": ".cjs",
};

/** The style of the imports a target already writes (`clientImport`: `./auth-db`, `$lib/server/auth-db`, `./auth-db.js`). */
export function importStyleOf(clientImport: string, aliases: readonly PathAlias[], nodeResolves: boolean): ImportStyle {
  return {
    sveltekit: clientImport.startsWith("$lib/"),
    extensions: /\.[cm]?js$/.test(clientImport),
    aliases: nodeResolves ? [] : aliases,
  };
}

const dotted = (relative: string) => (relative.startsWith(".") ? relative : `./${relative}`);

/** The specifier `fromFile` imports `toFile` with; both relative to the project root, `/`-separated. */
export function importSpecifier(fromFile: string, toFile: string, style: ImportStyle): string {
  const ext = path.posix.extname(toFile);
  const bare = ext in RUNTIME_EXTENSIONS ? toFile.slice(0, -ext.length) : toFile;
  if (style.extensions) {
    const target = bare + (RUNTIME_EXTENSIONS[ext] ?? ext);
    return dotted(path.posix.relative(path.posix.dirname(fromFile), target));
  }
  const module = bare.endsWith("/index") ? bare.slice(0, -"/index".length) : bare;
  if (style.sveltekit && module.startsWith("src/lib/")) return `$lib/${module.slice("src/lib/".length)}`;
  const relative = path.posix.relative(path.posix.dirname(fromFile), module);
  if (!relative.startsWith("../")) return dotted(relative);
  // The longest alias whose folder holds the module, as the app's own code would write it.
  const alias = [...style.aliases]
    .filter((a) => a.directory === "" || module.startsWith(`${a.directory}/`))
    .sort((a, b) => b.directory.length - a.directory.length)[0];
  if (alias) return `${alias.prefix}${alias.directory === "" ? module : module.slice(alias.directory.length + 1)}`;
  return relative;
}
