/**
 * The runtime package init wrote (`vendor/auth-runtime`), taken back by its MANIFEST.json, each file judged
 * by the rule update and doctor read (update/runtime-state.ts): an unchanged file is deleted; one the user
 * edited is a `consent` file; a file the manifest does
 * not list is not ours and stays. The manifest itself goes only with every file it lists, so a kept edit can
 * still be told from ours by `update` and `doctor`. Pure.
 */
import { isPlainPath } from "../../runtime-package/paths.js";
import type { Manifest } from "../../runtime-package/plan.js";
import { runtimeFileState } from "../../runtime-package/runtime-state.js";
import type { AppFileAction } from "./app-files.js";
import type { RemoveSetup } from "./setup.js";

/** Every file under `dir`, root-relative. */
function filesUnder(setup: RemoveSetup, dir: string): string[] {
  const { reader } = setup;
  return [
    ...reader.files(dir).map((name) => `${dir}/${name}`),
    ...reader.directories(dir).flatMap((name) => filesUnder(setup, `${dir}/${name}`)),
  ];
}

export interface RuntimeRemoval {
  actions: AppFileAction[];
  /** Files in the runtime folder the manifest does not list: the user's, left where they are. */
  foreign: string[];
  manifestPath: string | null;
}

export function planRuntimeRemoval(setup: RemoveSetup): RuntimeRemoval {
  const { reader, runtimeDir } = setup;
  const manifestPath = `${runtimeDir}/MANIFEST.json`;
  const manifestText = reader.read(manifestPath);
  if (manifestText === null) return { actions: [], foreign: [], manifestPath: null };
  let manifest: Manifest;
  try {
    manifest = JSON.parse(manifestText) as Manifest;
  } catch {
    return {
      actions: [
        {
          kind: "note",
          text: `${manifestPath} is not valid JSON: the runtime folder is left as it is; delete ${runtimeDir}/ yourself.`,
        },
      ],
      foreign: [],
      manifestPath: null,
    };
  }
  const actions: AppFileAction[] = [];
  const files = manifest.files ?? {};
  for (const file of Object.keys(files)) {
    // A manifest is input: a path that leaves the runtime folder is not one of its files.
    if (!isPlainPath(file)) continue;
    // The rule update and doctor read too: unchanged goes, edited needs consent, deleted is already gone.
    const state = runtimeFileState(reader, runtimeDir, { ...manifest, files }, file);
    if (state === "deleted" || state === "new") continue;
    const target = `${runtimeDir}/${file}`;
    const before = reader.read(target)!;
    actions.push({
      kind: state === "unchanged" ? "delete" : "consent",
      path: target,
      before,
      reason: "runtime package",
    });
  }
  const listed = new Set([manifestPath, ...Object.keys(manifest.files ?? {}).map((file) => `${runtimeDir}/${file}`)]);
  const foreign = filesUnder(setup, runtimeDir).filter((file) => !listed.has(file));
  return { actions, foreign, manifestPath };
}
