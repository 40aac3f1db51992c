/**
 * Three-way merge of text files, line by line (diff3's rule): the base is matched against each side
 * (align.ts); lines that all three share are stable, and between two stable points each side either left
 * the base's lines as they were or changed them. A region only one side changed takes that side's lines; one
 * both changed alike takes them once; one both changed differently is a conflict, written with the standard
 * markers (`<<<<<<< yours`, `||||||| base`, `=======`, `>>>>>>> theirs`) so any editor or `git mergetool`
 * can resolve it. Lines keep their own endings, so CRLF files and a missing final newline survive.
 */
import { align, matches } from "./align.js";

export interface MergeLabels {
  /** After `<<<<<<<`: the user's text. */
  yours: string;
  /** After `|||||||`: the common ancestor. */
  base: string;
  /** After `>>>>>>>`: the incoming text. */
  theirs: string;
}

export interface MergeResult {
  /** The merged text; with conflicts, the conflicted regions between markers. */
  text: string;
  /** How many regions conflict: 0 is a clean merge. */
  conflicts: number;
}

/** Lines with their endings (`\n` or `\r\n`); the last one has none when the text does not end in one. */
export function splitLines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((line, i) => line === b[i]);

/** Writes conflict regions with markers on their own lines, in the file's line ending. */
class Writer {
  private readonly out: string[] = [];
  conflicts = 0;

  constructor(
    private readonly eol: string,
    private readonly labels: MergeLabels,
  ) {}

  lines(lines: readonly string[]): void {
    this.out.push(...lines);
  }

  private marker(text: string): void {
    const last = this.out.at(-1);
    if (last !== undefined && !last.endsWith("\n")) this.out.push(this.eol);
    this.out.push(text + this.eol);
  }

  conflict(yours: readonly string[], base: readonly string[] | null, theirs: readonly string[]): void {
    this.conflicts++;
    this.marker(`<<<<<<< ${this.labels.yours}`);
    this.lines(yours);
    if (base) {
      this.marker(`||||||| ${this.labels.base}`);
      this.lines(base);
    }
    this.marker("=======");
    this.lines(theirs);
    this.marker(`>>>>>>> ${this.labels.theirs}`);
  }

  result(): MergeResult {
    return { text: this.out.join(""), conflicts: this.conflicts };
  }
}

const eolOf = (text: string) => (text.includes("\r\n") ? "\r\n" : "\n");

export function mergeThreeWay(base: string, yours: string, theirs: string, labels: MergeLabels): MergeResult {
  const o = splitLines(base);
  const a = splitLines(yours);
  const b = splitLines(theirs);
  const toA = matches(o, a);
  const toB = matches(o, b);
  const writer = new Writer(eolOf(yours), labels);
  let i = 0;
  let ia = 0;
  let ib = 0;
  while (i < o.length || ia < a.length || ib < b.length) {
    if (i < o.length && toA[i] === ia && toB[i] === ib) {
      writer.lines([o[i]!]);
      i++;
      ia++;
      ib++;
      continue;
    }
    // The next base line both sides kept ends the unstable region (or the end of every text does).
    let j = i;
    while (j < o.length && (toA[j] === -1 || toB[j] === -1)) j++;
    const endA = j < o.length ? toA[j]! : a.length;
    const endB = j < o.length ? toB[j]! : b.length;
    const ours = a.slice(ia, endA);
    const old = o.slice(i, j);
    const incoming = b.slice(ib, endB);
    if (same(ours, old)) writer.lines(incoming);
    else if (same(incoming, old) || same(ours, incoming)) writer.lines(ours);
    else writer.conflict(ours, old, incoming);
    i = j;
    ia = endA;
    ib = endB;
  }
  return writer.result();
}

/**
 * Without a base nothing says which side changed what: the lines both texts share are kept, and every
 * region where they differ is a conflict (no `|||||||` section).
 */
export function mergeTwoWay(yours: string, theirs: string, labels: MergeLabels): MergeResult {
  const writer = new Writer(eolOf(yours), labels);
  let ours: string[] = [];
  let incoming: string[] = [];
  const flush = () => {
    if (ours.length > 0 || incoming.length > 0) writer.conflict(ours, null, incoming);
    ours = [];
    incoming = [];
  };
  for (const op of align(splitLines(yours), splitLines(theirs))) {
    if (op.type === " ") {
      flush();
      writer.lines([op.line]);
    } else if (op.type === "-") ours.push(op.line);
    else incoming.push(op.line);
  }
  flush();
  return writer.result();
}
