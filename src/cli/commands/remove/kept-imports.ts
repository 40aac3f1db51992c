/**
 * What the files `auth remove` leaves in the app still import of what it takes out: the runtime package (by
 * its name, whose `file:` link goes) and the files the plan deletes (by a relative or path-alias specifier).
 * A file that stays (one of the user's, or one init wrote that the user edited and keeps) and imports any of
 * them would leave an app that does not build, so remove refuses instead of planning that. Specifiers are
 * read by pattern, as commands/providers/imports.ts reads them: a mention in a comment counts, so it can only
 * refuse too often, never let a broken import through. Pure.
 */
import path from "node:path";
import type { PathAlias } from "../../project/path-alias.js";
import type { ProjectReader } from "../../project/reader.js";
import { RUNTIME_PACKAGE_NAME } from "../../runtime-package/plan.js";

const SPECIFIER = /(?:\bfrom\s*|\brequire\s*\(\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"'\n]+)["']/g;
const MODULE_EXTENSION = /\.(?:[cm]?[jt]sx?|svelte)$/;

export interface BrokenImport {
  /** The file that stays. */
  file: string;
  /** What it imports that goes: the runtime package's name, or a deleted file's path. */
  imports: string[];
}

/** A module's path as specifiers name it: no extension, no trailing `/index`. */
const moduleKey = (file: string) => file.replace(MODULE_EXTENSION, "").replace(/\/index$/, "");

/** The project path a specifier names, or null for a package (or one that leaves the project). */
function resolve(file: string, specifier: string, aliases: readonly PathAlias[]): string | null {
  if (specifier.startsWith(".")) return path.posix.join(path.posix.dirname(file), specifier);
  const alias = aliases.find((entry) => specifier.startsWith(entry.prefix));
  if (!alias) return null;
  return path.posix.join(alias.directory || ".", specifier.slice(alias.prefix.length));
}

export function brokenImports(
  reader: ProjectReader,
  staying: readonly string[],
  deleting: ReadonlySet<string>,
  aliases: readonly PathAlias[],
): BrokenImport[] {
  const gone = new Map([...deleting].map((file) => [moduleKey(file), file]));
  const broken: BrokenImport[] = [];
  for (const file of staying) {
    const imports = new Set<string>();
    for (const match of (reader.read(file) ?? "").matchAll(SPECIFIER)) {
      const specifier = match[1]!;
      if (specifier === RUNTIME_PACKAGE_NAME || specifier.startsWith(`${RUNTIME_PACKAGE_NAME}/`)) {
        imports.add(RUNTIME_PACKAGE_NAME);
        continue;
      }
      const target = resolve(file, specifier, aliases);
      const deleted = target === null ? undefined : gone.get(moduleKey(target));
      if (deleted) imports.add(deleted);
    }
    if (imports.size > 0) broken.push({ file, imports: [...imports] });
  }
  return broken;
}
