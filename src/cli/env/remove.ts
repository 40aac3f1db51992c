/**
 * Taking keys back out of a dotenv file, the reverse of merge.ts: a key goes only while every line that
 * assigns it is still blank (as `add-provider` wrote it, `KEY=`); a key the user filled in is kept and
 * reported. A comment header with none of the kept keys under it (the one written above the removed keys) goes
 * too, with the blank line that separated it when nothing is left under it, so removing what was added gives
 * back the file as it was; lines the user added under it stay. A removed key's own comment (what to fill it with,
 * merge.ts's `comment`) goes with it when it is still just above it, as written.
 * Every other byte (comments, order, line endings) stays.
 */
import { type EnvLine, isBlankValue, readsAsExpected, splitLines, unsafeEnvEdit } from "./merge.js";

export interface EnvRemoveResult {
  content: string;
  removed: string[];
  /** Keys present with a value the user set: left in place. */
  kept: string[];
}

/** A line of the file's own, not part of any value (a blank line inside a quoted value is the value's). */
const isOwnLine = (line: EnvLine | undefined): line is EnvLine =>
  line !== undefined && line.key === null && line.continues === null;
const isBlankLine = (line: EnvLine | undefined) => isOwnLine(line) && line.text.trim() === "";

/**
 * Removes `keys` (blank ones only), the comment just above each (`comments`: by key, text without `# `) and the
 * now-empty `headers` (text without `# `) from `source`. Checked as merge.ts checks: when the other keys would
 * not read as before, a CliError names `file`.
 */
export function removeEnvKeys(
  source: string,
  keys: readonly string[],
  headers: readonly string[] = [],
  file = "the env file",
  comments: ReadonlyMap<string, string> = new Map(),
): EnvRemoveResult {
  let lines = splitLines(source);
  const removed: string[] = [];
  const kept: string[] = [];
  for (const key of keys) {
    const assigned = lines.filter((line) => line.key === key);
    if (assigned.length === 0) continue;
    if (assigned.every(isBlankValue)) {
      const comment = comments.has(key) ? `# ${comments.get(key)}` : null;
      const isComment = (line: EnvLine, next: EnvLine | undefined) =>
        isOwnLine(line) && line.text.trim() === comment && next?.key === key;
      lines = lines.filter((line, index, all) => line.key !== key && !isComment(line, all[index + 1]));
      removed.push(key);
    } else kept.push(key);
  }
  if (removed.length > 0) {
    const headerText = new Set(headers.map((header) => `# ${header}`));
    const isHeader = (line: EnvLine | undefined) => isOwnLine(line) && headerText.has(line.text.trim());
    const keptKeys = new Set(kept);
    const describesKept = (line: EnvLine) =>
      (line.key !== null && keptKeys.has(line.key)) || (line.continues !== null && keptKeys.has(line.continues));
    for (let index = lines.length - 1; index >= 0; index--) {
      if (!isHeader(lines[index]) || isHeader(lines[index + 1])) continue;
      // The last line of a header block: it goes unless a kept key is still under it (up to the next blank
      // line). Lines the user wrote under it since stay, without the header that described other keys.
      let blockEnd = index + 1;
      while (blockEnd < lines.length && !isBlankLine(lines[blockEnd])) blockEnd++;
      if (lines.slice(index + 1, blockEnd).some(describesKept)) continue;
      const next = lines[index + 1];
      const emptied = next === undefined || isBlankLine(next);
      let start = index;
      let end = index + 1;
      while (isHeader(lines[start - 1])) start--;
      // mergeEnv puts one blank line before a headed block (none at the top of a file it started): that line
      // goes with an emptied block, so the user's own blank lines around it stay; above lines of the user's
      // it stays, keeping them apart from what precedes.
      if (emptied && isBlankLine(lines[start - 1])) start--;
      else if (emptied && start === 0 && isBlankLine(next)) end++;
      lines.splice(start, end - start);
      index = start;
    }
  }
  const content = lines.map((line) => line.text + line.eol).join("");
  if (!readsAsExpected(source, content, new Map(removed.map((key) => [key, undefined])))) {
    throw unsafeEnvEdit(file, `removing ${removed.join(", ")}`);
  }
  return { content, removed, kept };
}
