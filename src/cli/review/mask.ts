/**
 * Secrets never reach a terminal, a CI log or `--json` output: before a diff of an env file is shown,
 * the values of its secret keys are replaced by a marker (blank values stay blank, so "you still need to
 * fill this in" remains visible).
 */
import { maskEnvValues } from "../env/mask.js";

export const HIDDEN = "<hidden>";
/** A secret the change replaces: the diff still shows that its value changes, not what it was or becomes. */
export const HIDDEN_NEW = "<hidden, new value>";

export function maskEnvSecrets(text: string | null, secretKeys: readonly string[], marker = HIDDEN): string | null {
  if (text === null || secretKeys.length === 0) return text;
  return maskEnvValues(text, secretKeys, marker);
}
