/**
 * Taking keys back out of a dotenv file, the reverse of merge.ts: a key goes only while every line that
 * assigns it is still blank (as `add-provider` wrote it, `KEY=`); a key the user filled in is kept and
 * reported. A comment header left with no assignment under it (the one written above the removed keys) goes
 * too, with the blank line that separated it, so removing what was added gives back the file as it was.
 * Every other byte (comments, order, line endings) stays.
 */
import { type EnvLine, isBlankValue, splitLines } from "./merge.js";

export interface EnvRemoveResult {
  content: string;
  removed: string[];
  /** Keys present with a value the user set: left in place. */
  kept: string[];
}

const isBlankLine = (line: EnvLine | undefined) => line !== undefined && line.key === null && line.text.trim() === "";

/** Removes `keys` (blank ones only) and the now-empty `headers` (comment text without `# `) from `source`. */
export function removeEnvKeys(
  source: string,
  keys: readonly string[],
  headers: readonly string[] = [],
): EnvRemoveResult {
  let lines = splitLines(source);
  const removed: string[] = [];
  const kept: string[] = [];
  for (const key of keys) {
    const assigned = lines.filter((line) => line.key === key);
    if (assigned.length === 0) continue;
    if (assigned.every(isBlankValue)) {
      lines = lines.filter((line) => line.key !== key);
      removed.push(key);
    } else kept.push(key);
  }
  if (removed.length > 0) {
    const headerText = new Set(headers.map((header) => `# ${header}`));
    const isHeader = (line: EnvLine | undefined) =>
      line !== undefined && line.key === null && headerText.has(line.text.trim());
    for (let index = lines.length - 1; index >= 0; index--) {
      if (!isHeader(lines[index]) || isHeader(lines[index + 1])) continue;
      // The last line of a header block: it goes when nothing but a blank line or the end follows it.
      const next = lines[index + 1];
      if (next !== undefined && !isBlankLine(next)) continue;
      let start = index;
      let end = index + 1;
      while (isHeader(lines[start - 1])) start--;
      // mergeEnv puts one blank line before a headed block (none at the top of a file it started): that line
      // goes with the block, so the user's own blank lines around it stay.
      if (isBlankLine(lines[start - 1])) start--;
      else if (start === 0 && isBlankLine(next)) end++;
      lines.splice(start, end - start);
      index = start;
    }
  }
  return { content: lines.map((line) => line.text + line.eol).join(""), removed, kept };
}
