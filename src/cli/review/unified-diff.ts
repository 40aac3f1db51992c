/**
 * Unified diff of two texts (the `diff -u` format), for reviewing a plan. Small on purpose: the common
 * prefix and suffix are trimmed first (most of our edits append), and the changed middle is aligned
 * with a longest-common-subsequence table, which is fine for files people keep in a repository.
 */

interface Op {
  type: " " | "-" | "+";
  line: string;
}

/** Marks the last line of a file without a final newline, so it compares unequal to the same text + "\n". */
const NO_EOL = "\u0000no-eol";

function splitLines(text: string | null): string[] {
  if (text === null || text === "") return [];
  const lines = text.split("\n");
  if (text.endsWith("\n")) lines.pop();
  else lines[lines.length - 1] += NO_EOL;
  return lines;
}

function align(a: string[], b: string[]): Op[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  const n = midA.length;
  const m = midB.length;
  // lcs[i][j] = LCS length of midA[i..] and midB[j..], flattened.
  const lcs = new Uint32Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i * (m + 1) + j] =
        midA[i] === midB[j]
          ? lcs[(i + 1) * (m + 1) + j + 1]! + 1
          : Math.max(lcs[(i + 1) * (m + 1) + j]!, lcs[i * (m + 1) + j + 1]!);
    }
  }
  const ops: Op[] = a.slice(0, start).map((line) => ({ type: " ", line }));
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && midA[i] === midB[j]) {
      ops.push({ type: " ", line: midA[i++]! });
      j++;
    } else if (i < n && (j === m || lcs[(i + 1) * (m + 1) + j]! >= lcs[i * (m + 1) + j + 1]!)) {
      // Deletions before insertions, as diff prints them.
      ops.push({ type: "-", line: midA[i++]! });
    } else {
      ops.push({ type: "+", line: midB[j++]! });
    }
  }
  for (const line of a.slice(endA)) ops.push({ type: " ", line });
  return ops;
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
