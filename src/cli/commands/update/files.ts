/**
 * What `auth update` does to each file of the runtime package, decided from its state (runtime-state.ts, the
 * rule doctor reads too) and three texts: the file on disk,
 * what create-auth wrote there (the base: the runtime store's object with the manifest's hash, store.ts),
 * and what this CLI ships. Pure: it reads the project and the store, writes nothing, and asks nothing; the
 * command decides which conflicts get markers (plan.ts).
 */
import { CliError } from "../../errors.js";
import { mergeThreeWay, mergeTwoWay } from "../../merge/three-way.js";
import type { RuntimeSource } from "../../plan/context.js";
import type { ProjectReader } from "../../project/reader.js";
import type { RuntimeEntry } from "../../runtime-package/entries.js";
import { type Manifest, runtimePackageFiles, sha256 } from "../../runtime-package/plan.js";
import { runtimeFileState } from "../../runtime-package/runtime-state.js";
import type { RuntimeStore } from "../../runtime-package/store.js";

export type FileUpdate =
  /** New in this runtime (the manifest does not list it): written. */
  | { kind: "create"; file: string; content: string }
  /** Listed by the manifest and deleted since: written again, as this runtime has it. */
  | { kind: "restore"; file: string; content: string }
  /** Untouched since create-auth wrote it: replaced. */
  | { kind: "replace"; file: string; before: string; content: string }
  /** Edited by the user and changed in this runtime, in different places: both kept. */
  | { kind: "merge"; file: string; before: string; content: string; merged: string }
  /**
   * Edited by the user where this runtime changed it too (or with no base to tell): `markers` is the file with
   * conflict markers, written only when the user agrees; otherwise the file stays as it is.
   */
  | {
      kind: "conflict";
      file: string;
      before: string;
      content: string;
      markers: string;
      regions: number;
      /** false: the store lacks what create-auth wrote, so every difference is a conflict. */
      base: boolean;
      /** The manifest's hash for it, kept while the file is left alone (null: not a file create-auth wrote). */
      recorded: string | null;
    }
  /** Edited by the user, and this runtime has the same version create-auth wrote: the edit stays, nothing to do. */
  | { kind: "yours"; file: string }
  /** No longer part of the runtime and untouched: deleted. */
  | { kind: "delete"; file: string; before: string }
  /** No longer part of the runtime but edited: left, and kept in the manifest. */
  | { kind: "orphan"; file: string; recorded: string };

export interface RuntimeUpdate {
  /** Every file that is not already what this CLI ships. */
  updates: FileUpdate[];
  /** The package's files as this CLI writes them (MANIFEST.json last), for the manifest. */
  wanted: { path: string; content: string }[];
}

/** An entry the app may import that this CLI's runtime no longer has: updating would break the import. */
function assertEntriesExist(source: RuntimeSource, entries: readonly RuntimeEntry[], dir: string): void {
  const have = new Set(source.files.map((file) => file.path));
  const gone = entries.filter((entry) => {
    const base = entry === "." ? "index" : entry.slice(2);
    return !have.has(`${base}.js`) && !have.has(`${base}/index.js`);
  });
  if (gone.length > 0) {
    throw new CliError(
      "UnsupportedProject",
      `This CLI's runtime no longer has ${gone.join(", ")}, which ${dir} exports and the app may import; update would break that import: remove its use (remove-provider for a provider), then run update.`,
    );
  }
}

export function planFileUpdates(
  reader: ProjectReader,
  dir: string,
  manifest: Manifest & { entries: RuntimeEntry[] },
  source: RuntimeSource,
  store: RuntimeStore,
): RuntimeUpdate {
  assertEntriesExist(source, manifest.entries, dir);
  const wanted = runtimePackageFiles(source, manifest.entries);
  const labels = {
    yours: "yours",
    base: `base (create-auth ${manifest.version})`,
    theirs: `create-auth ${source.version}`,
  };
  const updates: FileUpdate[] = [];
  for (const { path: file, content } of wanted) {
    if (file === "MANIFEST.json") continue;
    const before = reader.read(`${dir}/${file}`);
    const recorded = manifest.files[file] ?? null;
    if (before === content) continue;
    const state = runtimeFileState(reader, dir, manifest, file);
    if (state === "deleted") updates.push({ kind: "restore", file, content });
    else if (before === null) updates.push({ kind: "create", file, content });
    else if (state === "unchanged") updates.push({ kind: "replace", file, before, content });
    else if (recorded === sha256(content)) updates.push({ kind: "yours", file });
    else {
      const base = recorded === null ? null : store.get(recorded);
      const merged =
        base === null ? mergeTwoWay(before, content, labels) : mergeThreeWay(base, before, content, labels);
      if (merged.conflicts === 0) updates.push({ kind: "merge", file, before, content, merged: merged.text });
      else {
        updates.push({
          kind: "conflict",
          file,
          before,
          content,
          markers: merged.text,
          regions: merged.conflicts,
          base: base !== null,
          recorded,
        });
      }
    }
  }
  const keep = new Set(wanted.map((file) => file.path));
  for (const [file, recorded] of Object.entries(manifest.files)) {
    if (keep.has(file)) continue;
    const state = runtimeFileState(reader, dir, manifest, file);
    const before = reader.read(`${dir}/${file}`);
    if (state === "unchanged") updates.push({ kind: "delete", file, before: before! });
    else if (state === "edited") updates.push({ kind: "orphan", file, recorded });
  }
  return { updates, wanted };
}
