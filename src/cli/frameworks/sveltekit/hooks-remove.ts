/**
 * The inverse of `mergeAuthHandle` (hooks.ts): the auth handle leaves the app's hooks, through the shared
 * inverse (edit/sequence-first-remove.ts).
 */
import type { TransformResult } from "../../edit/result.js";
import { unmergeSequenceFirst } from "../../edit/sequence-first-remove.js";
import { SVELTEKIT_HOOKS } from "./hooks.js";

export function unmergeAuthHandle(source: string, authModule: string): TransformResult {
  return unmergeSequenceFirst(source, authModule, SVELTEKIT_HOOKS);
}
