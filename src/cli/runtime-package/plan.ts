/**
 * Plans the runtime package written into the host (DESIGN.md, "Why the runtime is written into the
 * host project"): a real package `@create-auth/runtime` in its own folder holding the modules the app
 * uses (its entries and their import closure, closure.ts), exporting only those entries, with a
 * MANIFEST.json of the entries and the sha256 of every file so later runs can tell our files from the
 * user's edits. Files identical to what we would write are left alone (idempotent); files we wrote earlier
 * and nobody touched are updated; files the user edited are conflicts, never silently overwritten.
 */
import { createHash } from "node:crypto";
import type { RuntimeSource } from "../plan/context.js";
import type { Conflict, FileChange } from "../plan/types.js";
import type { ProjectReader } from "../project/reader.js";
import { entryFiles, type RuntimeFiles, runtimeClosure } from "./closure.js";
import { type RuntimeEntry, sortEntries } from "./entries.js";
import { isPlainPath } from "./paths.js";

export const RUNTIME_PACKAGE_NAME = "@create-auth/runtime";

export interface Manifest {
  name: string;
  version: string;
  /**
   * The entries the package exports (`.`, `./next`, `./providers/github`): what the app may import, and
   * what a later run keeps. Absent from manifests written before the package held only what the app uses.
   */
  entries?: RuntimeEntry[];
  /** sha256 (hex) of every file of the package except MANIFEST.json itself. */
  files: Record<string, string>;
}

export function sha256(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/**
 * Each entry's export: its declarations and its module; an entry whose module re-exports Svelte
 * components (shipped as source) also under the `svelte` condition, which tells the app's Svelte tooling
 * to compile them.
 */
function exportsMap(files: RuntimeFiles, entries: readonly RuntimeEntry[]): Record<string, Record<string, string>> {
  const map: Record<string, Record<string, string>> = {};
  for (const entry of entries) {
    const { module, declarations } = entryFiles(files, entry);
    const importsSvelte = /from\s+["'][^"']+\.svelte["']/.test(files.get(module) ?? "");
    map[entry] = {
      types: `./${declarations}`,
      ...(importsSvelte ? { svelte: `./${module}` } : {}),
      default: `./${module}`,
    };
  }
  return map;
}

function packageJson(source: RuntimeSource, files: RuntimeFiles, entries: readonly RuntimeEntry[]): string {
  const pkg = {
    name: RUNTIME_PACKAGE_NAME,
    version: source.version,
    private: true,
    description:
      "Authentication runtime written into this project by create-auth: the modules this app uses, listed in exports. MANIFEST.json holds the sha256 of every file, so the CLI can tell its files from your edits.",
    type: "module",
    sideEffects: false,
    // Marks a Qwik library for Qwik's vite plugin: the package is then kept out of vite's dependency
    // pre-bundling and SSR externals, so its `*.qwik.js` files always pass through Qwik's optimizer. Only
    // with the Qwik integration present: the plugin resolves the field, and a missing file is an error.
    ...(files.has("qwik.js") ? { qwik: "./qwik.js" } : {}),
    exports: exportsMap(files, entries),
    // Peers, not dependencies: the host installs them once at its root and the runtime resolves them
    // from there, so there is never a second copy of oauth4webapi in the bundle.
    peerDependencies: source.peerDependencies,
  };
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

/**
 * Every file of the package holding `entries` as it should be on disk: package.json, the entries' closure
 * over the runtime's import graph (in the runtime's order), MANIFEST.json last.
 */
export function runtimePackageFiles(
  source: RuntimeSource,
  entries: Iterable<RuntimeEntry>,
): { path: string; content: string }[] {
  const sorted = sortEntries(entries);
  const all: RuntimeFiles = new Map(source.files.map((file) => [file.path, file.content]));
  const closure = runtimeClosure(all, sorted);
  const included = new Set(closure);
  const subset = source.files.filter((file) => included.has(file.path));
  const kept = new Map(subset.map((file) => [file.path, file.content]));
  const files = [{ path: "package.json", content: packageJson(source, kept, sorted) }, ...subset];
  const manifest: Manifest = {
    name: RUNTIME_PACKAGE_NAME,
    version: source.version,
    entries: sorted,
    files: Object.fromEntries(files.map((file) => [file.path, sha256(file.content)])),
  };
  return [...files, { path: "MANIFEST.json", content: manifestText(manifest) }];
}

/** MANIFEST.json's text: what init writes and what update rewrites. */
export function manifestText(manifest: Manifest): string {
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** The manifest of the runtime package in `dir`, or null when there is none (or it is not JSON). */
export function readManifest(reader: ProjectReader, dir: string): Manifest | null {
  const text = reader.read(`${dir}/MANIFEST.json`);
  if (text === null) return null;
  let manifest: Manifest;
  try {
    manifest = JSON.parse(text) as Manifest;
  } catch {
    return null;
  }
  if (
    typeof manifest !== "object" ||
    manifest === null ||
    typeof manifest.files !== "object" ||
    manifest.files === null
  ) {
    return null;
  }
  // Entries are read back as the package's own list; anything else in their place is no entry of ours.
  const entries = Array.isArray(manifest.entries)
    ? manifest.entries.filter((entry): entry is RuntimeEntry => entry === "." || /^\.\/[\w@./-]+$/.test(String(entry)))
    : undefined;
  return { ...manifest, entries };
}

/**
 * The changes that make `runtimeDir` the package of `source` holding `entries` and every entry the package
 * there already exports (its manifest's): a later run adds what the app now needs and never drops a module
 * the app's code may import. `add-provider` passes the provider's entries, `update` none. Only
 * `remove-provider` drops entries, naming them (`drop`): the files no remaining entry needs go, unless edited.
 * A file the user edited is a conflict unless `overwrite` names it.
 */
export function planRuntimePackage(
  reader: ProjectReader,
  runtimeDir: string,
  source: RuntimeSource,
  entries: Iterable<RuntimeEntry>,
  drop: Iterable<RuntimeEntry> = [],
  /** Files the user allowed to be replaced (`--force`, or a yes on the terminal): edited ones are not conflicts. */
  overwrite: ReadonlySet<string> = new Set(),
): { changes: FileChange[]; conflicts: Conflict[] } {
  const group = `${runtimeDir}/`;
  const previous = readManifest(reader, runtimeDir);
  const unedited = (file: string, text: string) => previous?.files[file] === sha256(text);
  const changes: FileChange[] = [];
  const conflicts: Conflict[] = [];
  const dropped = new Set(drop);
  const kept = [...entries, ...(previous?.entries ?? [])].filter((entry) => !dropped.has(entry));
  const wanted = runtimePackageFiles(source, kept);
  for (const file of wanted) {
    const target = `${runtimeDir}/${file.path}`;
    const existing = reader.read(target);
    if (existing === file.content) continue;
    if (existing === null) {
      changes.push({ kind: "create", path: target, content: file.content, reason: "runtime package", group });
    } else if (file.path === "MANIFEST.json" || unedited(file.path, existing) || overwrite.has(target)) {
      changes.push({
        kind: "edit",
        path: target,
        before: existing,
        after: file.content,
        reason: "runtime update",
        group,
      });
    } else {
      conflicts.push({
        path: target,
        reason: "differs from the runtime this CLI ships and from what create-auth wrote",
      });
    }
  }
  // Files an older runtime had and this one dropped: removed only if the user never edited them, and only
  // inside the package (the manifest is the project's file: `../x` in it names nothing of ours).
  const keep = new Set(wanted.map((file) => file.path));
  for (const file of Object.keys(previous?.files ?? {})) {
    if (keep.has(file) || !isPlainPath(file)) continue;
    const target = `${runtimeDir}/${file}`;
    const existing = reader.read(target);
    if (existing !== null && unedited(file, existing)) {
      changes.push({
        kind: "delete",
        path: target,
        before: existing,
        reason: "no longer part of the runtime package",
        group,
      });
    }
  }
  return { changes, conflicts };
}
