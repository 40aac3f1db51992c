/**
 * Merging keys into a dotenv file without losing a byte of what is there: existing lines, comments,
 * order, line endings (LF or CRLF) and a missing final newline are all kept. New keys are appended at
 * the end; an existing key is only rewritten when the caller says so for that key (`replace`), or when
 * it is present but blank and the caller allows filling it (`fill`).
 */
import { detectEol } from "../edit/eol.js";
import { CliError } from "../errors.js";
import { type EnvLine, isBlankValue, readsAsExpected, splitLines, withValue } from "./lines.js";

// The grammar's readers, where the commands have always imported them from.
export {
  assignedKeys,
  type EnvLine,
  envReading,
  isBlankValue,
  readEnvValue,
  readsAsExpected,
  splitLines,
  withValue,
} from "./lines.js";

export interface EnvEntry {
  key: string;
  value: string;
  /**
   * add: only when the key is absent (default). fill: also when present with an empty value.
   * replace: always (the caller has the user's consent, e.g. `auth secret`).
   */
  mode?: "add" | "fill" | "replace";
  /**
   * What to fill the key with, written as a `# ` line just above it when it is appended; env/remove.ts takes
   * that line back with the key.
   */
  comment?: string;
}

export interface EnvMergeResult {
  content: string;
  added: string[];
  /** Keys whose existing line was rewritten (filled or replaced). */
  replaced: string[];
  /** Keys already present and left exactly as they were. */
  kept: string[];
}

/** Ways to write a value, plainest first, then quoted (the old value's quote first): a quote kept where one was
 * keeps pairing with the same quotes elsewhere, so the other keys read as before. */
function spellings(value: string, old: EnvLine | undefined): string[] {
  const oldQuote = old ? /^\s*(["'`])/.exec(old.text.slice(old.valueStart))?.[1] : undefined;
  const quotes = [...new Set([oldQuote, "'", '"', "`"])].filter((quote) => quote !== undefined);
  return [value, ...quotes.map((quote) => `${quote}${value}${quote}`)];
}

const render = (lines: EnvLine[]) => lines.map((line) => line.text + line.eol).join("");

/** The refusal when an edit (`writing AUTH_SECRET`) cannot be written so that every key reads as intended. */
export function unsafeEnvEdit(file: string, edit: string): CliError {
  return new CliError(
    "UnsafeEnvEdit",
    `${file}: ${edit} would change what dotenv reads from it (a quote left open?); edit it by hand, then run again.`,
  );
}

/**
 * Merges `entries` into `source` (null = the file does not exist). `header` lines are written as
 * `# ` comments above the appended block, only when something is appended. Every edit is checked with the
 * grammar the app reads (lines.ts): when no way of writing it leaves the other keys reading as before, a
 * CliError names `file` and nothing is merged.
 */
export function mergeEnv(
  source: string | null,
  entries: EnvEntry[],
  header: string[] = [],
  file = "the env file",
): EnvMergeResult {
  const original = source ?? "";
  const eol = detectEol(original);
  let lines = splitLines(original);
  const added: string[] = [];
  const replaced: string[] = [];
  const kept: string[] = [];
  const appended: string[] = [];
  const expected = new Map<string, string>();

  for (const entry of entries) {
    const mode = entry.mode ?? "add";
    const existing = lines.filter((line) => line.key === entry.key);
    if (existing.length === 0) {
      // Written plain when it reads back as itself, else quoted (a value with `#`, spaces around it, quotes).
      const wanted = new Map([[entry.key, entry.value]]);
      const line = spellings(entry.value, undefined)
        .map((spelling) => `${entry.key}=${spelling}`)
        .find((candidate) => readsAsExpected("", candidate, wanted));
      if (line === undefined) throw unsafeEnvEdit(file, `writing ${entry.key}`);
      if (entry.comment !== undefined) appended.push(`# ${entry.comment}`);
      appended.push(line);
      added.push(entry.key);
      expected.set(entry.key, entry.value);
      continue;
    }
    const rewrite = mode === "replace" || (mode === "fill" && existing.every(isBlankValue));
    if (!rewrite) {
      kept.push(entry.key);
      continue;
    }
    const before = render(lines);
    const wanted = new Map([[entry.key, entry.value]]);
    // The old value's other lines (a quoted value across lines) go with it: left, they would be stray text.
    const rewritten = spellings(entry.value, existing.at(-1))
      .map((spelling) =>
        render(
          lines
            .filter((line) => line.continues !== entry.key)
            .map((line) => (line.key === entry.key ? { ...line, text: withValue(line, spelling) } : line)),
        ),
      )
      .find((after) => readsAsExpected(before, after, wanted));
    if (rewritten === undefined) throw unsafeEnvEdit(file, `writing ${entry.key}`);
    lines = splitLines(rewritten);
    replaced.push(entry.key);
    expected.set(entry.key, entry.value);
  }

  const content = render(lines);
  if (appended.length === 0) return { content, added, replaced, kept };
  const block = [...header.map((comment) => `# ${comment}`), ...appended].map((line) => line + eol).join("");
  // The last line gets its line ending; one blank line always separates a headed block from what was there
  // (even a blank line of the user's): removing the block (env/remove.ts) takes exactly that line, so the
  // user's own trailing lines survive. A file whose last assignment would read the block as its value (`KEY:`
  // at the end) gets a blank line between them too.
  const ended = content === "" || /[\r\n]$/.test(content) ? content : content + eol;
  const spaced = content !== "" && header.length > 0 ? ended + eol : ended;
  const merged = [spaced + block, ended + eol + block].find((after) => readsAsExpected(original, after, expected));
  if (merged === undefined) throw unsafeEnvEdit(file, `writing ${added.join(", ")}`);
  return { content: merged, added, replaced, kept };
}
