/**
 * `auth update`'s Plan from the per-file decisions (files.ts): untouched files replaced, new ones written,
 * dropped untouched ones deleted, merged files and files the user agreed to get conflict markers in, each
 * its own row and diff (an update is reviewed file by file, unlike init's new package), the app's
 * package.json raised to the ranges
 * the runtime needs, and MANIFEST.json rewritten. The manifest records, for each file, what create-auth wrote
 * there, the base of the next update: this runtime's text for every file it wrote or merged into, and the
 * old hash for a file left alone, so the next run can still merge it.
 */

import type { FileChange, Plan } from "../../plan/types.js";
import type { PackageManager } from "../../project/package-manager.js";
import type { DependencyBump } from "../../runtime-package/dependencies.js";
import { sortEntries } from "../../runtime-package/entries.js";
import { type Manifest, manifestText, sha256 } from "../../runtime-package/plan.js";
import { installCommand } from "../init/env-and-runtime.js";
import type { FileUpdate, RuntimeUpdate } from "./files.js";

export interface UpdatePlanInput {
  root: string;
  runtimeDir: string;
  manifest: Manifest;
  /** The manifest's text on disk. */
  manifestBefore: string;
  version: string;
  update: RuntimeUpdate;
  /** Conflicted files the user agreed to get conflict markers in. */
  markers: ReadonlySet<string>;
  packageJson: { before: string; bump: DependencyBump };
  packageManager: PackageManager;
}

/** A file the user has to look at after the run. */
export interface Attention {
  file: string;
  /**
   * "markers": written with conflict markers; "kept": left as it is, not updated; "orphan": no longer in the
   * runtime, left; "yours": edited, and this runtime did not change it: the edit stays (nothing to update).
   */
  state: "markers" | "kept" | "orphan" | "yours";
  why: string;
}

export function attentionOf(update: FileUpdate, dir: string, markers: ReadonlySet<string>): Attention | null {
  const path = `${dir}/${update.file}`;
  if (update.kind === "orphan") {
    return { file: path, state: "orphan", why: "no longer part of the runtime, and you edited it: left in place" };
  }
  if (update.kind === "yours") {
    return {
      file: path,
      state: "yours",
      why: `you edited it, and this runtime has the version create-auth wrote there: your edit stays (to take create-auth's back, delete the file and run npx create-auth update)`,
    };
  }
  if (update.kind !== "conflict") return null;
  const regions = `${update.regions} conflicting region${update.regions === 1 ? "" : "s"}`;
  const cause = update.base
    ? `your edits and this runtime's changes overlap (${regions})`
    : `you edited it and what create-auth wrote there is not in this CLI's runtime store, so nothing tells your edits from ours (${regions})`;
  return markers.has(update.file)
    ? { file: path, state: "markers", why: `${cause}: written with conflict markers; resolve them` }
    : { file: path, state: "kept", why: `${cause}: left as it is, not updated` };
}

export function buildUpdatePlan(input: UpdatePlanInput): { plan: Plan; attention: Attention[] } {
  const { runtimeDir: dir, update, markers } = input;
  const changes: FileChange[] = [];
  const recorded = new Map<string, string>();
  for (const file of update.wanted) if (file.path !== "MANIFEST.json") recorded.set(file.path, sha256(file.content));
  const attention: Attention[] = [];
  const theirs = `create-auth ${input.version}`;
  for (const item of update.updates) {
    const path = `${dir}/${item.file}`;
    const needs = attentionOf(item, dir, markers);
    if (needs) attention.push(needs);
    switch (item.kind) {
      case "create":
        changes.push({ kind: "create", path, content: item.content, reason: `new in ${theirs}'s runtime` });
        break;
      case "restore":
        changes.push({
          kind: "create",
          path,
          content: item.content,
          reason: `you deleted it: written again (${theirs}'s)`,
        });
        break;
      case "replace":
        changes.push({
          kind: "edit",
          path,
          before: item.before,
          after: item.content,
          reason: `replaced by ${theirs}'s (you never edited it)`,
        });
        break;
      case "merge":
        if (item.merged !== item.before) {
          changes.push({
            kind: "edit",
            path,
            before: item.before,
            after: item.merged,
            reason: `your edits merged with ${theirs}'s`,
          });
        }
        break;
      case "conflict":
        if (markers.has(item.file)) {
          changes.push({
            kind: "edit",
            path,
            before: item.before,
            after: item.markers,
            reason: "conflict markers: resolve them",
          });
        } else if (item.recorded === null) recorded.delete(item.file);
        else recorded.set(item.file, item.recorded);
        break;
      case "delete":
        changes.push({ kind: "delete", path, before: item.before, reason: "untouched, and no longer in the runtime" });
        break;
      case "orphan":
        recorded.set(item.file, item.recorded);
        break;
      case "yours":
        // The manifest keeps create-auth's hash, which is this runtime's: the next run still tells the edit.
        break;
    }
  }
  const manifest: Manifest = {
    name: input.manifest.name,
    version: input.version,
    entries: sortEntries(input.manifest.entries ?? []),
    files: Object.fromEntries(recorded),
  };
  const manifestAfter = manifestText(manifest);
  if (manifestAfter !== input.manifestBefore) {
    changes.push({
      kind: "edit",
      path: `${dir}/MANIFEST.json`,
      before: input.manifestBefore,
      after: manifestAfter,
      reason: "what create-auth wrote: the base of the next update",
    });
  }
  const { bump } = input.packageJson;
  if (bump.after !== null) {
    const what = [...bump.added.map((name) => `+ ${name}`), ...bump.raised.map((r) => `${r.name} ${r.from} → ${r.to}`)];
    changes.push({
      kind: "edit",
      path: "package.json",
      before: input.packageJson.before,
      after: bump.after,
      reason: `dependencies the runtime needs: ${what.join(", ")}`,
    });
  }
  const plan: Plan = {
    command: "update",
    projectDir: input.root,
    changes,
    install:
      bump.after === null
        ? null
        : { packageManager: input.packageManager, command: installCommand(input.packageManager) },
    nextSteps: attention
      .filter((item) => item.state === "markers")
      .map((item) => `Resolve the conflict markers in ${item.file} (<<<<<<< yours … >>>>>>> ${theirs}).`),
    notes: bump.notes,
    conflicts: [],
  };
  return { plan, attention };
}
