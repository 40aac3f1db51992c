/**
 * A new first entry in an array or object literal of a user's module (React Router's route list, its root's
 * `middleware` array, its config's `future` flags), and the texts its removal can leave. First, not last:
 * our entry brings its own comma, so no byte of the user's entries changes whether or not their last one has
 * a trailing comma. A multi-line literal gets the entry on lines of its own (after an optional comment line),
 * indented as the literal's first entry; a one-line literal gets it inline. Pure: text in, text out.
 */
import type { SyntaxNode, SyntaxTree } from "./ast.js";
import type { CodeStyle } from "./code-style.js";
import type { Insertion } from "./insertions.js";
import { lineStart } from "./insertions.js";
import { escapeRegExp } from "./remove-lines.js";

export interface ListEntry {
  /** The entry as the file's style writes it, without its comma: `route("auth/*", "routes/auth.$.ts")`. */
  entry: string;
  /** A comment line above it, when the literal spans lines. */
  comment?: string;
}

/** The insertion putting `entry` first in `literal` (an array or object literal node of `tree`). */
export function firstEntryInsertion(
  source: string,
  tree: SyntaxTree,
  literal: SyntaxNode & { elements?: readonly unknown[]; properties?: readonly unknown[] },
  { entry, comment }: ListEntry,
  style: Pick<CodeStyle, "indent" | "eol">,
): Insertion {
  const open = literal.getStart(tree);
  const object = source[open] === "{";
  const count = (literal.elements ?? literal.properties ?? []).length;
  if (/^[ \t]*\r?\n/.test(source.slice(open + 1))) {
    // The first non-blank line after the bracket is the first entry's (or the closing bracket's, when empty).
    const next = /\r?\n((?:[ \t]*\r?\n)*)([ \t]*)(\S)/.exec(source.slice(open + 1));
    const ownIndent = /^[ \t]*/.exec(source.slice(lineStart(source, open)))?.[0] ?? "";
    const indent = count > 0 && next ? next[2]! : ownIndent + style.indent;
    const lines = [...(comment ? [comment] : []), `${entry},`];
    return { at: open + 1, text: lines.map((line) => style.eol + indent + line).join("") };
  }
  if (count === 0) return { at: open + 1, text: object ? ` ${entry} ` : entry };
  return { at: open + 1, text: object ? ` ${entry},` : `${entry}, ` };
}

/** A pattern source matching `code` in either quote style (the file's style may have requoted it). */
export function quotedPattern(code: string): string {
  return escapeRegExp(code).replace(/"/g, `["']`);
}

/**
 * Every text the removal of an entry `firstEntryInsertion` wrote can leave, in the order of the shapes it
 * writes (its own lines with the comment, its own lines, inline in an object, inline in an array, alone).
 * `entry` is a pattern source (quotedPattern). The first occurrence of each shape is taken; the caller picks
 * the candidate its forward transform maps back onto the file as it is (the user's own entry spelt the same
 * would otherwise look like ours).
 */
export function withoutFirstEntry(source: string, entry: string, comment?: string): string[] {
  const shapes = [
    ...(comment ? [`\\r?\\n[ \\t]*${escapeRegExp(comment)}\\r?\\n[ \\t]*${entry},`] : []),
    `\\r?\\n[ \\t]*${entry},`,
    `(?<=\\{) ${entry},`,
    `${entry}, `,
    `(?<=\\{) ${entry} (?=\\})`,
    `(?<=\\[)${entry}(?=\\])`,
  ];
  const found: string[] = [];
  for (const shape of shapes) {
    const match = new RegExp(shape).exec(source);
    if (!match) continue;
    const text = source.slice(0, match.index) + source.slice(match.index + match[0].length);
    if (!found.includes(text)) found.push(text);
  }
  return found;
}
