/**
 * Whether any of the app's own source files imports a module: `remove-provider` takes a dependency
 * (`nodemailer`) or a runtime entry (`@create-auth/runtime/providers/github`) away only when nothing but the
 * removed provider used it. Walks the app through the reader (never node_modules, build output, dot folders
 * or the runtime package itself) and reads import, export-from, require and import() specifiers by pattern:
 * a cheap, conservative scan (a mention in a comment counts as a use, so it can only keep too much). Reads only.
 */
import type { ProjectReader } from "../../project/reader.js";

const SOURCE_FILE = /\.(?:[cm]?[jt]sx?|svelte|vue|astro)$/;
/** Dependencies, build output and caches of the frameworks we set up. */
const SKIPPED = new Set(["node_modules", "dist", "build", "coverage"]);
/** Enough for any app; a folder tree past it is not an app's source. */
const MAX_FILES = 5000;

function specifierPattern(module: string): RegExp {
  const escaped = module.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  return new RegExp(
    `(?:\\bfrom\\s*|\\brequire\\s*\\(\\s*|\\bimport\\s*\\(\\s*|\\bimport\\s+)["']${escaped}(?:/[^"']*)?["']`,
  );
}

/** The app's source files (root-relative), skipping `exclude` (the runtime folder, files planned elsewhere). */
export function appSourceFiles(reader: ProjectReader, exclude: ReadonlySet<string>): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const name of reader.files(dir)) {
      const file = dir ? `${dir}/${name}` : name;
      if (SOURCE_FILE.test(name) && !exclude.has(file) && found.length < MAX_FILES) found.push(file);
    }
    for (const name of reader.directories(dir)) {
      const sub = dir ? `${dir}/${name}` : name;
      if (name.startsWith(".") || SKIPPED.has(name) || exclude.has(sub)) continue;
      walk(sub);
    }
  };
  walk("");
  return found;
}

/** Whether a module's text imports `module` (or a subpath of it). */
export function importsModule(text: string, module: string): boolean {
  return specifierPattern(module).test(text);
}

/** The first of `files` that imports `module` (or a subpath of it), or null. */
export function importerOf(reader: ProjectReader, files: readonly string[], module: string): string | null {
  return files.find((file) => importsModule(reader.read(file) ?? "", module)) ?? null;
}
