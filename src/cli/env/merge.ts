/**
 * Merging keys into a dotenv file without losing a byte of what is there: existing lines, comments,
 * order, line endings (LF or CRLF) and a missing final newline are all kept. New keys are appended at
 * the end; an existing key is only rewritten when the caller says so for that key (`replace`), or when
 * it is present but blank and the caller allows filling it (`fill`).
 */

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

export interface EnvLine {
  text: string;
  eol: string;
  /** The key this line assigns, or null for comments, blanks and continuation lines of quoted values. */
  key: string | null;
  /** Offset in `text` where the value starts (just after `=`). */
  valueStart: number;
}

const ASSIGNMENT = /^(\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=)/;

/** Splits into lines that keep their own terminator, so joining them gives back the input exactly. */
export function splitLines(source: string): EnvLine[] {
  const lines: EnvLine[] = [];
  const re = /([^\r\n]*)(\r\n|\n|\r|$)/g;
  let openQuote: string | null = null;
  for (const match of source.matchAll(re)) {
    const [whole, text = "", eol = ""] = match;
    if (whole === "") break;
    if (openQuote) {
      // Inside a multi-line quoted value: this line is data, not an assignment.
      if (text.includes(openQuote)) openQuote = null;
      lines.push({ text, eol, key: null, valueStart: 0 });
      continue;
    }
    const assignment = ASSIGNMENT.exec(text);
    if (!assignment) {
      lines.push({ text, eol, key: null, valueStart: 0 });
      continue;
    }
    const valueStart = assignment[1]!.length;
    const value = text.slice(valueStart).trimStart();
    const quote = value[0];
    if ((quote === '"' || quote === "'" || quote === "`") && !value.slice(1).includes(quote)) openQuote = quote;
    lines.push({ text, eol, key: assignment[2]!, valueStart });
  }
  return lines;
}

/** Whether an assignment's value is empty (`KEY=`, `KEY=""`, `KEY= # comment`). */
export function isBlankValue(line: EnvLine): boolean {
  const raw = line.text.slice(line.valueStart).trim();
  return raw === "" || raw === '""' || raw === "''" || raw.startsWith("#");
}

/** The line terminator the file already uses (CRLF wins when any line has it), LF for new files. */
export function detectEol(source: string): string {
  return source.includes("\r\n") ? "\r\n" : "\n";
}

/** The value of `key` in a dotenv text (last assignment wins, as dotenv does), or undefined. */
export function readEnvValue(source: string, key: string): string | undefined {
  let found: string | undefined;
  for (const line of splitLines(source)) {
    if (line.key === key) found = line.text.slice(line.valueStart).trim();
  }
  return found;
}

/**
 * Merges `entries` into `source` (null = the file does not exist). `header` lines are written as
 * `# ` comments above the appended block, only when something is appended.
 */
export function mergeEnv(source: string | null, entries: EnvEntry[], header: string[] = []): EnvMergeResult {
  const original = source ?? "";
  const eol = detectEol(original);
  const lines = splitLines(original);
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

/** Every key a dotenv text assigns, in order, each once: what a diff of it must mask when they may be secrets. */
export function assignedKeys(source: string | null): string[] {
  return [...new Set(splitLines(source ?? "").flatMap((line) => (line.key === null ? [] : [line.key])))];
}
