/**
 * Unified diff of two texts (the `diff -u` format), for reviewing a plan. The lines are aligned by
 * merge/align.ts (a longest common subsequence after trimming the common prefix and suffix), the one
 * alignment the three-way merge of `auth update` uses too.
 */
import { align } from "../merge/align.js";

/** Marks the last line of a file without a final newline, so it compares unequal to the same text + "\n". */
const NO_EOL = "\u0000no-eol";

function splitLines(text: string | null): string[] {
  if (text === null || text === "") return [];
  const lines = text.split("\n");
  if (text.endsWith("\n")) lines.pop();
  else lines[lines.length - 1] += NO_EOL;
  return lines;
}

/** "" when the texts are equal. `null` stands for a file that does not exist (/dev/null). */
export function unifiedDiff(before: string | null, after: string | null, file: string, context = 3): string {
  if (before === after) return "";
  const ops = align(splitLines(before), splitLines(after));
  const changed = ops.map((op, index) => (op.type === " " ? -1 : index)).filter((index) => index >= 0);
  const out = [
    `--- ${before === null ? "/dev/null" : `a/${file}`}`,
    `+++ ${after === null ? "/dev/null" : `b/${file}`}`,
  ];
  let k = 0;
  while (k < changed.length) {
    const first = Math.max(0, changed[k]! - context);
    let last = Math.min(ops.length - 1, changed[k]! + context);
    while (k + 1 < changed.length && changed[k + 1]! - context <= last + 1) {
      k++;
      last = Math.min(ops.length - 1, changed[k]! + context);
    }
    k++;
    let oldStart = 1;
    let newStart = 1;
    for (const op of ops.slice(0, first)) {
      if (op.type !== "+") oldStart++;
      if (op.type !== "-") newStart++;
    }
    const hunk = ops.slice(first, last + 1);
    const oldCount = hunk.filter((op) => op.type !== "+").length;
    const newCount = hunk.filter((op) => op.type !== "-").length;
    out.push(
      `@@ -${oldCount === 0 ? oldStart - 1 : oldStart},${oldCount} +${newCount === 0 ? newStart - 1 : newStart},${newCount} @@`,
    );
    for (const op of hunk) {
      const noEol = op.line.endsWith(NO_EOL);
      out.push(op.type + (noEol ? op.line.slice(0, -NO_EOL.length) : op.line).replace(/\r$/, ""));
      if (noEol) out.push("\\ No newline at end of file");
    }
  }
  return `${out.join("\n")}\n`;
}
