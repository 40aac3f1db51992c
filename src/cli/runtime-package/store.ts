/**
 * The runtime store: every runtime file create-auth has released, named by the sha256 of its text, which is
 * exactly what a project's MANIFEST.json records for each file it was given. So the base of `auth update`'s
 * three-way merge (what create-auth wrote, before the user's edits) is the object the manifest names, and
 * nothing needs to be kept in the user's project. scripts/runtime-store.mjs adds a release's new files;
 * the store ships in the CLI package beside dist/.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sha256 } from "./plan.js";

export interface RuntimeStore {
  /** The text whose sha256 is `hash`, or null when the store does not have it. */
  get(hash: string): string | null;
}

const HASH = /^[0-9a-f]{64}$/;

/** `dir`: a store folder; by default the one beside this CLI's dist/ (runtime-store/). */
export function loadRuntimeStore(
  dir = fileURLToPath(new URL("../../../runtime-store/", import.meta.url)),
): RuntimeStore {
  return {
    get(hash) {
      // The hash comes from the project's manifest: only a hash names an object, never a path.
      if (!HASH.test(hash)) return null;
      const file = path.join(dir, hash.slice(0, 2), hash.slice(2));
      if (!existsSync(file)) return null;
      const text = readFileSync(file, "utf8");
      // A damaged object is no base: better a conflict the user sees than a merge against the wrong text.
      return sha256(text) === hash ? text : null;
    },
  };
}
