/**
 * The one rule for the state of each runtime file, read by `auth update` (files.ts) and `auth doctor`
 * (commands/doctor/runtime-package.ts) alike, so they never disagree: against MANIFEST.json, a file it lists is
 * `unchanged` (its sha256 is the manifest's), `edited` (on disk, another hash) or `deleted` (not on disk);
 * a file this CLI's runtime has that the manifest does not list is `new`. What each command does about a
 * state is its own (update writes a deleted file again, and keeps an edit where this runtime did not change
 * the file; doctor says so), the state is this module's. Reads only.
 */
import type { ProjectReader } from "../project/reader.js";
import { type Manifest, sha256 } from "./plan.js";

export type RuntimeFileState = "unchanged" | "edited" | "deleted" | "new";

/** The state of `file` (a path inside the package) in the package at `dir`, against `manifest`. */
export function runtimeFileState(
  reader: ProjectReader,
  dir: string,
  manifest: Manifest,
  file: string,
): RuntimeFileState {
  const recorded = manifest.files[file];
  if (recorded === undefined) return "new";
  const text = reader.read(`${dir}/${file}`);
  if (text === null) return "deleted";
  return sha256(text) === recorded ? "unchanged" : "edited";
}

/** Every file the manifest lists, by state (each list in the manifest's order). */
export function runtimeFileStates(
  reader: ProjectReader,
  dir: string,
  manifest: Manifest,
): Record<Exclude<RuntimeFileState, "new">, string[]> {
  const states = { unchanged: [] as string[], edited: [] as string[], deleted: [] as string[] };
  for (const file of Object.keys(manifest.files)) {
    const state = runtimeFileState(reader, dir, manifest, file);
    if (state !== "new") states[state].push(file);
  }
  return states;
}
