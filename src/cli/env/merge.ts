/**
 * Merging keys into a dotenv file without losing a byte of what is there: existing lines, comments,
 * order, line endings (LF or CRLF) and a missing final newline are all kept. New keys are appended at
 * the end; an existing key is only rewritten when the caller says so for that key (`replace`), or when
 * it is present but blank and the caller allows filling it (`fill`).
 */
import { isBlankValue, splitLines } from "./lines.js";

// The grammar's readers, where the commands have always imported them from.
export { assignedKeys, type EnvLine, isBlankValue, readEnvValue, splitLines } from "./lines.js";

export interface EnvEntry {
  key: string;
  value: string;
  /**
   * add: only when the key is absent (default). fill: also when present with an empty value.
   * replace: always (the caller has the user's consent, e.g. `auth secret`).
   */
  mode?: "add" | "fill" | "replace";
}

export interface EnvMergeResult {
  content: string;
  added: string[];
  /** Keys whose existing line was rewritten (filled or replaced). */
  replaced: string[];
  /** Keys already present and left exactly as they were. */
  kept: string[];
}

/** The line terminator the file already uses (CRLF wins when any line has it), LF for new files. */
export function detectEol(source: string): string {
  return source.includes("\r\n") ? "\r\n" : "\n";
}

/**
 * Merges `entries` into `source` (null = the file does not exist). `header` lines are written as
 * `# ` comments above the appended block, only when something is appended.
 */
export function mergeEnv(source: string | null, entries: EnvEntry[], header: string[] = []): EnvMergeResult {
  const original = source ?? "";
  const eol = detectEol(original);
  let lines = splitLines(original);
  const added: string[] = [];
  const replaced: string[] = [];
  const kept: string[] = [];
  const appended: string[] = [];

  for (const entry of entries) {
    const mode = entry.mode ?? "add";
    const existing = lines.filter((line) => line.key === entry.key);
    if (existing.length === 0) {
      appended.push(`${entry.key}=${entry.value}`);
      added.push(entry.key);
      continue;
    }
    const rewrite = mode === "replace" || (mode === "fill" && existing.every(isBlankValue));
    if (!rewrite) {
      kept.push(entry.key);
      continue;
    }
    for (const line of existing) {
      const spacing = /^[ \t]*/.exec(line.text.slice(line.valueStart))![0];
      line.text = line.text.slice(0, line.valueStart) + spacing + entry.value;
    }
    // The old value's other lines (a quoted value across lines) go with it: left, they would be stray text.
    lines = lines.filter((line) => line.continues !== entry.key);
    replaced.push(entry.key);
  }

  let content = lines.map((line) => line.text + line.eol).join("");
  if (appended.length > 0) {
    if (content !== "" && !content.endsWith("\n") && !content.endsWith("\r")) content += eol;
    // One blank line always separates a headed block from what was there (even a blank line of the user's):
    // removing the block (env/remove.ts) takes exactly that line, so the user's own trailing lines survive.
    if (content !== "" && header.length > 0) content += eol;
    for (const comment of header) content += `# ${comment}${eol}`;
    for (const line of appended) content += line + eol;
  }
  return { content, added, replaced, kept };
}
