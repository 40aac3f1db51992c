/**
 * The one way the inverse transforms (`*-remove.ts`) take out what an edit inserted: a run of whole lines
 * found by pattern (each tested on the trimmed line), together with the blank line the insertion put beside
 * it. Lines are matched where they are now, so whatever the user added or changed around them stays.
 */

interface Line {
  text: string;
  eol: string;
}

function split(source: string): Line[] {
  const lines: Line[] = [];
  for (const match of source.matchAll(/([^\r\n]*)(\r\n|\n|\r|$)/g)) {
    if (match[0] === "") break;
    lines.push({ text: match[1] ?? "", eol: match[2] ?? "" });
  }
  return lines;
}

const blank = (line: Line | undefined) => line !== undefined && line.text.trim() === "";

/** Where the blank lines that came with the insertion sit: before the run, after it, on both sides, or none. */
export type BlankSide = "before" | "after" | "both" | "none";

/**
 * `source` without the first run of consecutive lines matching `patterns` (one per line), and without the
 * blank line on `side` of it when there is one; null when no such run exists.
 */
export function removeLineRun(source: string, patterns: readonly RegExp[], side: BlankSide): string | null {
  const lines = split(source);
  const start = lines.findIndex((_, index) =>
    patterns.every((pattern, offset) => {
      const line = lines[index + offset];
      return line !== undefined && pattern.test(line.text.trim());
    }),
  );
  if (start === -1) return null;
  let from = start;
  let to = start + patterns.length;
  if ((side === "before" || side === "both") && blank(lines[from - 1])) from--;
  if ((side === "after" || side === "both") && blank(lines[to])) to++;
  const removed = lines.splice(from, to - from);
  // The last line of the file lost its terminator with the run: the new last line ends the file as it did.
  if (to - from > 0 && from === lines.length && from > 0) lines[from - 1]!.eol = removed[removed.length - 1]!.eol;
  return lines.map((line) => line.text + line.eol).join("");
}

/** `text` as a regular expression source matching itself. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/** A pattern matching one line exactly as written. */
export function exactLine(text: string): RegExp {
  return new RegExp(`^${escapeRegExp(text.trim())}$`);
}

/** One insertion a transform made: the lines it wrote, and the blank lines it may have brought, the likelier first. */
export type RemovalStep = { patterns: readonly RegExp[]; sides: BlankSide[] };

/**
 * Every text that taking each step's lines back out of `source` can leave, the likeliest first (a step whose
 * lines are not there leaves the text as it is). The inverse of an insert-only transform: its caller picks the
 * candidate the forward transform maps back onto `source`, else the first.
 */
export function removalCandidates(source: string, steps: readonly RemovalStep[]): string[] {
  let texts = [source];
  for (const step of steps) {
    texts = texts.flatMap((text) => {
      const variants = step.sides
        .map((side) => removeLineRun(text, step.patterns, side))
        .filter((variant): variant is string => variant !== null);
      return variants.length > 0 ? [...new Set(variants)] : [text];
    });
  }
  return texts;
}
