/**
 * The dotenv grammar as the apps read it (dotenv, which Next.js's and Vite's env loading use), cut into lines
 * that keep their own terminators so that joining them gives back the text byte for byte. What a line is
 * decides what every env edit may touch: the line that names a key (`KEY=value`, `export KEY=value`,
 * `KEY: value`), the lines its value goes on to (a quoted value across lines, a PEM key: data, never an
 * assignment, even when they look like one), or anything else (comments, blank lines, text dotenv skips).
 *
 * Which text is an assignment is decided by scanning the whole file the way dotenv does, not line by line:
 * dotenv's scan pairs quotes across lines, lets a separator or a value begin on a later line, and resumes
 * after each match. Any reading of our own would differ on some file (an unclosed quote that dotenv pairs
 * with one lines below), and an edit would then treat another key's lines as this key's.
 * test/cli/env/property.test.ts checks this reading against dotenv's own on generated files.
 */

export interface EnvLine {
  text: string;
  eol: string;
  /** The key this line assigns, or null for comments, blanks and the later lines of a value. */
  key: string | null;
  /**
   * Where this line's part of the value starts in `text`: after the `=` or `:` on the line that has it, 0 on
   * a later line of the value, `text.length` on a key line whose separator is on a later line.
   */
  valueStart: number;
  /** On a key line: the value as dotenv reads it (quotes removed, `\n` expanded in double quotes). */
  value: string;
  /** On a key line: whether its separator is on it (`KEY=`, `KEY: `), not on a later line. */
  separated: boolean;
  /** On a later line of a value (a quoted value across lines): the key that value belongs to. */
  continues: string | null;
}

/**
 * One assignment as dotenv's parser scans for it, over text whose line breaks are all `\n`: from a line
 * start (blank lines before the key are skipped), an optional `export`, the key, `=` (spaces around it,
 * line breaks too) or `:` and at least one space, then a value: quoted with ', " or ` (running across lines
 * to a closing quote that only spaces or a comment follow, `\` escaping the quote), or unquoted up to `#` or
 * the line's end; then spaces and a comment. The groups are the key, the separator and the value.
 */
const ASSIGNMENT = new RegExp(
  [
    String.raw`^\s*(?:export\s+)?`,
    String.raw`([\w.-]+)`,
    String.raw`(\s*=\s*?|:\s+?)`,
    "(",
    String.raw`\s*'(?:\\'|[^'])*'`,
    String.raw`|\s*"(?:\\"|[^"])*"`,
    String.raw`|\s*\`(?:\\\`|[^\`])*\``,
    String.raw`|[^#\r\n]+`,
    ")?",
    String.raw`\s*(?:#.*)?$`,
  ].join(""),
  "dgm",
);

/** A value's surrounding quotes, removed as dotenv removes them. */
const SURROUNDING_QUOTES = /^(['"`])([\s\S]*)\1$/gm;

/** The value the app reads from what the scan matched: trimmed, unquoted, and `\n`/`\r` expanded when in `"`. */
function settingOf(matched: string): string {
  const trimmed = matched.trim();
  const value = trimmed.replace(SURROUNDING_QUOTES, "$2");
  return trimmed.startsWith('"') ? value.replaceAll("\\n", "\n").replaceAll("\\r", "\r") : value;
}

/** Splits into lines that keep their own terminator, so joining them gives back the input exactly. */
export function splitLines(source: string): EnvLine[] {
  const lines: EnvLine[] = [];
  for (const [whole, text = "", eol = ""] of source.matchAll(/([^\r\n]*)(\r\n|\n|\r|$)/g)) {
    if (whole === "") break;
    lines.push({ text, eol, key: null, valueStart: 0, value: "", separated: false, continues: null });
  }
  // dotenv scans the text with every line break made `\n`: one character per break, so the offset of a line's
  // start there is the sum of the lines before it, each plus one.
  const starts: number[] = [];
  let offset = 0;
  for (const line of lines) {
    starts.push(offset);
    offset += line.text.length + (line.eol === "" ? 0 : 1);
  }
  /** The line (and column in it) of an offset of the scanned text. */
  const locate = (at: number): [number, number] => {
    let low = 0;
    let high = lines.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (starts[middle]! <= at) low = middle;
      else high = middle - 1;
    }
    return [low, at - starts[low]!];
  };
  const scanned = source.replace(/\r\n?/g, "\n");
  for (const match of scanned.matchAll(ASSIGNMENT)) {
    const [keyAt] = match.indices![1]!;
    const [, separatorEnd] = match.indices![2]!;
    const valueEnd = match.indices![3]?.[1] ?? separatorEnd;
    const [keyLine] = locate(keyAt);
    const [separatorLine, separatorColumn] = locate(separatorEnd);
    // The line of the assignment's last character: the value's, or the separator's when there is no value
    // (`KEY:` then a line break ends on the key's line; the line after holds nothing of it).
    const [lastLine] = locate(valueEnd - 1);
    const key = match[1]!;
    const line = lines[keyLine]!;
    line.key = key;
    line.value = settingOf(match[3] ?? "");
    // Not when the separator ends with the key line's break (`KEY:` at the end of a line, the file's last).
    line.separated = separatorLine === keyLine && separatorColumn <= line.text.length;
    line.valueStart = line.separated ? separatorColumn : line.text.length;
    for (let index = keyLine + 1; index <= lastLine; index++) {
      lines[index]!.continues = key;
      if (index === separatorLine) lines[index]!.valueStart = separatorColumn;
    }
  }
  return lines;
}

/** Whether an assignment's value is empty as the app reads it (`KEY=`, `KEY=""`, `KEY= # comment`, …). */
export function isBlankValue(line: EnvLine): boolean {
  return line.value === "";
}

/**
 * The key line with its value replaced by `value`, keeping what precedes the value and the spaces after its
 * separator. A key whose separator was on a later line gets `=` (those later lines go with the old value).
 */
export function withValue(line: EnvLine, value: string): string {
  if (!line.separated) return `${line.text.replace(/[\s:]*$/, "")}=${value}`;
  const spacing = /^[ \t]*/.exec(line.text.slice(line.valueStart))![0];
  return line.text.slice(0, line.valueStart) + spacing + value;
}

/** The value of `key` as the app reads it (the last assignment winning, as in dotenv); undefined when unset. */
export function readEnvValue(source: string, key: string): string | undefined {
  return splitLines(source).findLast((line) => line.key === key)?.value;
}

/** Every key a dotenv text assigns and the value the app reads for it (the last assignment's). */
export function envReading(source: string): Map<string, string> {
  return new Map(splitLines(source).flatMap((line) => (line.key === null ? [] : [[line.key, line.value] as const])));
}

/**
 * Whether `after` reads as `before` (dotenv's reading: quotes pair across lines, so an edit of one line can
 * change how lines far above or below it read) but for the keys in `expected`, which read as it says
 * (undefined: not assigned). What every env edit checks before it hands back text.
 */
export function readsAsExpected(
  before: string,
  after: string,
  expected: ReadonlyMap<string, string | undefined>,
): boolean {
  const old = envReading(before);
  const now = envReading(after);
  for (const [key, value] of old) if (!expected.has(key) && now.get(key) !== value) return false;
  for (const [key, value] of expected) if (now.get(key) !== value) return false;
  return true;
}

/** Every key a dotenv text assigns, in order, each once: what a diff of it must mask when they may be secrets. */
export function assignedKeys(source: string | null): string[] {
  return [...new Set(splitLines(source ?? "").flatMap((line) => (line.key === null ? [] : [line.key])))];
}
