/**
 * The dotenv grammar as the apps read it (dotenv, which Next.js's and Vite's env loading use), cut into lines
 * that keep their own terminators so that joining them gives back the text byte for byte. What a line is
 * decides what every env edit may touch: an assignment (`KEY=value`, `export KEY=value`, `KEY: value`), a
 * line inside a quoted value that spans lines (a PEM key: data, never an assignment, even when it looks like
 * one), or anything else (comments, blank lines, text dotenv skips). test/cli/transforms-property-env.test.ts
 * checks this reading against dotenv's own on generated files.
 */

export interface EnvLine {
  text: string;
  eol: string;
  /** The key this line assigns, or null for comments, blanks and continuation lines of quoted values. */
  key: string | null;
  /** Offset in `text` where the value starts (just after `=` or `:`). */
  valueStart: number;
  /** On a line inside a quoted value that began on an earlier line: the key that value belongs to. */
  continues: string | null;
}

/** `KEY=` (spaces around `=` allowed), `export KEY=`, or `KEY: ` (dotenv's colon form needs the space). */
const ASSIGNMENT = /^(\s*(?:export\s+)?([\w.-]+)(?:\s*=|:(?=\s)))/;
const QUOTES = new Set(['"', "'", "`"]);
/** What may follow a closing quote on its line for the quotes to count: spaces and a comment. */
const AFTER_CLOSING_QUOTE = /^[^\S\r\n]*(?:#.*)?$/;

/**
 * Where a quoted value opened at `open` ends (the offset just after its closing quote), or -1 when it does
 * not close and dotenv reads the line as an unquoted value. As dotenv: the value runs to the first unescaped
 * quote, or back to an escaped one (`\"`) when only that is followed by nothing but spaces or a comment.
 */
function closingQuote(source: string, open: number): number {
  const quote = source[open]!;
  const candidates: number[] = [];
  for (let at = source.indexOf(quote, open + 1); at !== -1; at = source.indexOf(quote, at + 1)) {
    candidates.unshift(at);
    if (source[at - 1] !== "\\") break;
  }
  for (const at of candidates) {
    const lineEnd = /\r|\n|$/.exec(source.slice(at + 1))!.index;
    if (AFTER_CLOSING_QUOTE.test(source.slice(at + 1, at + 1 + lineEnd))) return at + 1;
  }
  return -1;
}

/** Splits into lines that keep their own terminator, so joining them gives back the input exactly. */
export function splitLines(source: string): EnvLine[] {
  const lines: EnvLine[] = [];
  const re = /([^\r\n]*)(\r\n|\n|\r|$)/g;
  /** While inside a multi-line quoted value: its key and the offset just after its closing quote. */
  let open: { key: string; end: number } | null = null;
  for (const match of source.matchAll(re)) {
    const [whole, text = "", eol = ""] = match;
    if (whole === "") break;
    const offset = match.index;
    if (open && offset < open.end) {
      lines.push({ text, eol, key: null, valueStart: 0, continues: open.key });
      continue;
    }
    open = null;
    const assignment = ASSIGNMENT.exec(text);
    if (!assignment) {
      lines.push({ text, eol, key: null, valueStart: 0, continues: null });
      continue;
    }
    const key = assignment[2]!;
    const valueStart = assignment[1]!.length;
    const quoteAt = valueStart + /^[^\S\r\n]*/.exec(text.slice(valueStart))![0].length;
    if (QUOTES.has(text[quoteAt] ?? "")) {
      const end = closingQuote(source, offset + quoteAt);
      if (end > offset + text.length) open = { key, end };
    }
    lines.push({ text, eol, key, valueStart, continues: null });
  }
  return lines;
}

/** Whether an assignment's value is empty (`KEY=`, `KEY=""`, `KEY=''`, ``KEY=``…``, `KEY= # comment`). */
export function isBlankValue(line: EnvLine): boolean {
  const raw = line.text.slice(line.valueStart).trim();
  return raw === "" || raw === '""' || raw === "''" || raw === "``" || raw.startsWith("#");
}

/**
 * The value of `key` in a dotenv text as written (quotes and all, every line of a multi-line one), the last
 * assignment winning as in dotenv; undefined when no line assigns it.
 */
export function readEnvValue(source: string, key: string): string | undefined {
  let found: string | undefined;
  let reading = false;
  for (const line of splitLines(source)) {
    if (line.key === key) {
      found = line.text.slice(line.valueStart);
      reading = true;
    } else if (reading && line.continues === key) found += `\n${line.text}`;
    else reading = false;
  }
  return found?.trim();
}

/** Every key a dotenv text assigns, in order, each once: what a diff of it must mask when they may be secrets. */
export function assignedKeys(source: string | null): string[] {
  return [...new Set(splitLines(source ?? "").flatMap((line) => (line.key === null ? [] : [line.key])))];
}
