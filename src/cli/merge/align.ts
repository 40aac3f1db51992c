/**
 * The line alignment of two texts: a longest common subsequence, after trimming the common prefix and
 * suffix (most edits touch a small middle). One implementation for what compares lines: the three-way
 * merge (three-way.ts) matches its base against each side with it, and a plan's unified diff
 * (review/unified-diff.ts) prints it.
 */

export interface AlignOp {
  type: " " | "-" | "+";
  line: string;
}

/** The ops turning `a` into `b`: kept (" "), deleted ("-", before insertions, as diff prints them), inserted ("+"). */
export function align(a: readonly string[], b: readonly string[]): AlignOp[] {
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
  const ops: AlignOp[] = a.slice(0, start).map((line) => ({ type: " ", line }));
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && midA[i] === midB[j]) {
      ops.push({ type: " ", line: midA[i++]! });
      j++;
    } else if (i < n && (j === m || lcs[(i + 1) * (m + 1) + j]! >= lcs[i * (m + 1) + j + 1]!)) {
      ops.push({ type: "-", line: midA[i++]! });
    } else {
      ops.push({ type: "+", line: midB[j++]! });
    }
  }
  for (const line of a.slice(endA)) ops.push({ type: " ", line });
  return ops;
}

/** For each line of `a`, the index of the line of `b` it is aligned with, or -1 (deleted). */
export function matches(a: readonly string[], b: readonly string[]): Int32Array {
  const match = new Int32Array(a.length).fill(-1);
  let i = 0;
  let j = 0;
  for (const op of align(a, b)) {
    if (op.type === " ") match[i++] = j++;
    else if (op.type === "-") i++;
    else j++;
  }
  return match;
}
