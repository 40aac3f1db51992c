/**
 * SvelteKit's request chain: the auth `handle` first in the app's `handle` in `src/hooks.server.ts`, through
 * SvelteKit's `sequence`, so `event.locals.auth()` is set before the app's own hook runs. The transform is the
 * shared one (edit/sequence-first.ts); this is SvelteKit's data for it.
 */

import type { TransformResult } from "../../edit/result.js";
import { mergeSequenceFirst, type SequenceChain } from "../../edit/sequence-first.js";

export const SVELTEKIT_HOOKS: SequenceChain = {
  fileName: "hooks.server.ts",
  exportName: "handle",
  sequenceModule: "@sveltejs/kit/hooks",
  imported: "handle",
  local: "authHandle",
  member: "",
  appName: "appHandle",
  comment: "// Auth first: it sets `event.locals.auth()` for the hooks after it and for every load and action.",
};

export function mergeAuthHandle(source: string, authModule: string): TransformResult {
  return mergeSequenceFirst(source, authModule, SVELTEKIT_HOOKS);
}
