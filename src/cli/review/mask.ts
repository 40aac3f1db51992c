/**
 * Secrets never reach a terminal, a CI log or `--json` output: before a diff of an env file is shown,
 * the values of its secret keys are replaced by a marker (blank values stay blank, so "you still need to
 * fill this in" remains visible).
 */
export const HIDDEN = "<hidden>";

export function maskEnvSecrets(text: string | null, secretKeys: readonly string[]): string | null {
  if (text === null || secretKeys.length === 0) return text;
  const keys = secretKeys.map((key) => key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|");
  const line = new RegExp(`^(\\s*(?:export\\s+)?(?:${keys})\\s*=[ \\t]*)([^\\r\\n]*\\S[^\\r\\n]*)$`, "gm");
  return text.replace(line, (_match, prefix: string) => prefix + HIDDEN);
}
