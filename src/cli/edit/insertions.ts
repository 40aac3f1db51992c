/**
 * Text inserted into a source at offsets computed on the original: the edits that only add (a mount, an
 * import, a schema model, a package.json entry) plan every insertion first, then apply them here. Also the
 * line bounds those edits place their insertions by.
 */

/** Text to insert at an offset of the original source. */
export interface Insertion {
  at: number;
  text: string;
}

/** Applies insertions from the end, so earlier offsets stay valid; at one offset, in the order given. */
export function applyInsertions(source: string, insertions: readonly Insertion[]): string {
  const ordered = insertions.map((insertion, order) => ({ ...insertion, order }));
  ordered.sort((a, b) => b.at - a.at || b.order - a.order);
  let result = source;
  for (const { at, text } of ordered) result = result.slice(0, at) + text + result.slice(at);
  return result;
}

/** The start of the line holding `position`. */
export function lineStart(source: string, position: number): number {
  return source.lastIndexOf("\n", position - 1) + 1;
}

/** The end of the line holding `position`, before its `\r\n` / `\n`. */
export function lineEnd(source: string, position: number): number {
  const end = source.indexOf("\n", position);
  if (end === -1) return source.length;
  return source[end - 1] === "\r" ? end - 1 : end;
}
