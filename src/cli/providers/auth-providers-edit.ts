/**
 * Text edits on lists of the user's auth module (the providers array, the config object's properties, an
 * import's named bindings): insert an item or remove one, written in the list's own layout (one item per
 * line with the line's indentation and the list's trailing-comma habit, or inline), so every other byte of
 * the file stays as it was. A removed item takes the comment lines directly above it (the "Reads AUTH_…"
 * line the templates write) and its trailing comment; a list left empty closes up to `[]`. Pure: positions
 * in, edits out.
 */

import type { SyntaxNode } from "../edit/ast.js";
import { lineEnd, lineStart } from "../edit/insertions.js";
import type { ArrayLiteral, AuthModuleShape, ObjectLiteral } from "./auth-providers-shape.js";

export interface Edit {
  start: number;
  end: number;
  text: string;
}

/** A comma-separated list: its items, whether it ends with a comma, and the brackets' positions. */
export interface ListSyntax {
  items: readonly SyntaxNode[];
  trailingComma: boolean;
  /** Position of the opening bracket (`[`, `{`, `(`). */
  open: number;
  /** Position of the closing bracket. */
  close: number;
}

/** The new item: comment lines (without `//`) and its code, possibly several lines, at any indentation. */
export interface NewItem {
  comment?: readonly string[];
  code: string;
}

/** A providers array as a list. */
export function arrayList(array: ArrayLiteral): ListSyntax {
  return {
    items: array.elements,
    trailingComma: array.elements.hasTrailingComma,
    open: array.getStart(),
    close: array.end - 1,
  };
}

/** A config object's properties as a list. */
export function objectList(object: ObjectLiteral): ListSyntax {
  return {
    items: object.properties,
    trailingComma: object.properties.hasTrailingComma,
    open: object.getStart(),
    close: object.end - 1,
  };
}

/** Edits applied back to front; they must not overlap. */
export function applyEdits(source: string, edits: readonly Edit[]): string {
  let out = source;
  const ordered = [...edits].map((edit, index) => ({ ...edit, index }));
  ordered.sort((a, b) => b.start - a.start || b.index - a.index);
  for (const edit of ordered) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}

/** The position after the line break ending the line that holds `position`. */
function nextLineStart(source: string, position: number): number {
  const end = source.indexOf("\n", position);
  return end === -1 ? source.length : end + 1;
}

export function indentAt(source: string, position: number): string {
  return /^[ \t]*/.exec(source.slice(lineStart(source, position)))![0];
}

function onlySpaceBefore(source: string, position: number): boolean {
  return /^[ \t]*$/.test(source.slice(lineStart(source, position), position));
}

/** Skips spaces, line breaks and comments from `position`. */
function skipTrivia(source: string, position: number): number {
  let at = position;
  for (;;) {
    const rest = source.slice(at);
    const space = /^\s+/.exec(rest);
    if (space) at += space[0].length;
    else if (rest.startsWith("//")) at = lineEnd(source, at);
    else if (rest.startsWith("/*")) at = source.indexOf("*/", at + 2) + 2;
    else return at;
  }
}

/** The comma after an item (ending at `position`), or -1. */
function commaAfter(source: string, position: number): number {
  const at = skipTrivia(source, position);
  return source[at] === "," ? at : -1;
}

/** Nothing but spaces and a line comment (or a one-line block comment) from `position` to the end of its line. */
function restOfLineIsTrivia(source: string, position: number): boolean {
  return /^[ \t]*(\/\/.*|\/\*.*\*\/[ \t]*)?$/.test(source.slice(position, lineEnd(source, position)));
}

/** Where an item's own lines start: the comment lines right above it (no blank line between), else its line. */
function attachedStart(source: string, item: SyntaxNode, start: number): number {
  let cursor = lineStart(source, start);
  const comments = leadingComments(source, item.pos);
  for (let i = comments.length - 1; i >= 0; i--) {
    const comment = comments[i]!;
    if (!/^[ \t]*\r?\n$/.test(source.slice(comment.end, cursor))) break;
    if (!onlySpaceBefore(source, comment.pos)) break;
    cursor = lineStart(source, comment.pos);
  }
  return cursor;
}

/** The comments between `position` and the next token, as ranges. */
function leadingComments(source: string, position: number): { pos: number; end: number }[] {
  const ranges: { pos: number; end: number }[] = [];
  let at = position;
  for (;;) {
    const space = /^\s*/.exec(source.slice(at))![0].length;
    at += space;
    if (source.startsWith("//", at)) {
      const end = lineEnd(source, at);
      ranges.push({ pos: at, end });
      at = end;
    } else if (source.startsWith("/*", at)) {
      const end = source.indexOf("*/", at + 2) + 2;
      ranges.push({ pos: at, end });
      at = end;
    } else {
      return ranges;
    }
  }
}

/**
 * `code` as lines at `indent`: the first line trimmed, the others keeping their indentation relative to the
 * least indented of them, converted to the file's indentation unit.
 */
export function indentCode(code: string, indent: string, unit: string): string[] {
  const lines = code.replace(/^\s+|\s+$/g, "").split(/\r?\n/);
  const rest = lines.slice(1).filter((line) => line.trim() !== "");
  const widthOf = (line: string) => /^[ \t]*/.exec(line)![0].length;
  const common = rest.length > 0 ? Math.min(...rest.map(widthOf)) : 0;
  const relative = lines.map((line, i) => (i === 0 ? line : line.slice(Math.min(common, widthOf(line)))));
  const steps = relative
    .slice(1)
    .map(widthOf)
    .filter((w) => w > 0);
  const step = steps.length > 0 ? Math.min(...steps) : 0;
  return relative.map((line) => {
    if (line.trim() === "") return "";
    const width = widthOf(line);
    const levels = step > 0 ? Math.floor(width / step) : 0;
    const remainder = " ".repeat(width - levels * step);
    return indent + unit.repeat(levels) + remainder + line.slice(width);
  });
}

function itemLines(shape: AuthModuleShape, item: NewItem, indent: string, comma: boolean): string[] {
  const comment = (item.comment ?? []).map((line) => `${indent}//${line ? ` ${line}` : ""}`);
  const code = indentCode(item.code, indent, shape.indentUnit);
  if (comma) code[code.length - 1] += ",";
  return [...comment, ...code];
}

/** Adds `item` at the end of the list, in its layout. */
export function appendItem(shape: AuthModuleShape, list: ListSyntax, item: NewItem): Edit[] {
  const { source, eol, indentUnit } = shape;
  const last = list.items.at(-1);
  if (!last) {
    if (source.slice(list.open + 1, list.close).includes("\n")) {
      const indent = indentAt(source, list.close) + indentUnit;
      const text = itemLines(shape, item, indent, true).join(eol) + eol;
      return [{ start: lineStart(source, list.close), end: lineStart(source, list.close), text }];
    }
    // `providers: []` on a line of its own opens up, one item a line; `{ providers: [] }` stays on its line.
    const owner = source.slice(lineStart(source, list.open), list.open);
    if (!/^[ \t]*([\w$]+[ \t]*:|(export\s+)?(const|let|var)\s+[\w$]+[^=]*=)[ \t]*$/.test(owner)) {
      const code = indentCode(item.code, indentAt(source, list.open), indentUnit).join(eol).trimStart();
      return [{ start: list.open + 1, end: list.close, text: code }];
    }
    const base = indentAt(source, list.open);
    const text = eol + itemLines(shape, item, base + indentUnit, true).join(eol) + eol + base;
    return [{ start: list.open + 1, end: list.close, text }];
  }
  const comma = commaAfter(source, last.end);
  const afterItem = comma === -1 ? last.end : comma + 1;
  const block = lineStart(source, list.close) > last.end && onlySpaceBefore(source, last.getStart());
  if (block) {
    const indent = indentAt(source, last.getStart());
    const at = restOfLineIsTrivia(source, afterItem) ? lineEnd(source, afterItem) : afterItem;
    const text = eol + itemLines(shape, item, indent, list.trailingComma).join(eol);
    // The comma first: it may go where the new lines start.
    const edits: Edit[] = list.trailingComma ? [] : [{ start: last.end, end: last.end, text: "," }];
    edits.push({ start: at, end: at, text });
    return edits;
  }
  const code = indentCode(item.code, indentAt(source, last.getStart()), indentUnit).join(eol).trimStart();
  if (list.trailingComma) return [{ start: afterItem, end: afterItem, text: ` ${code},` }];
  return [{ start: last.end, end: last.end, text: `, ${code}` }];
}

/** Adds `item` right before `before` (one of the list's items), with `before`'s indentation. */
export function insertItemBefore(shape: AuthModuleShape, before: SyntaxNode, item: NewItem): Edit[] {
  const { source, eol } = shape;
  const start = before.getStart();
  if (onlySpaceBefore(source, start)) {
    const at = attachedStart(source, before, start);
    const text = itemLines(shape, item, indentAt(source, start), true).join(eol) + eol;
    return [{ start: at, end: at, text }];
  }
  return [{ start, end: start, text: `${indentCode(item.code, "", shape.indentUnit).join(eol)}, ` }];
}

/** Removes `item` from the list with its own comment lines; a list left with nothing closes up. */
export function removeItem(shape: AuthModuleShape, list: ListSyntax, item: SyntaxNode): Edit[] {
  const { source } = shape;
  const index = list.items.indexOf(item);
  const previous = list.items[index - 1];
  const next = list.items[index + 1];
  const start = item.getStart();
  const comma = commaAfter(source, item.end);
  const afterItem = comma === -1 ? item.end : comma + 1;
  const block =
    onlySpaceBefore(source, start) && restOfLineIsTrivia(source, afterItem) && lineStart(source, list.close) > item.end;
  if (block) {
    const from = attachedStart(source, item, start);
    const to = nextLineStart(source, afterItem);
    const interior = source.slice(list.open + 1, from) + source.slice(to, list.close);
    if (list.items.length === 1 && interior.trim() === "") return [{ start: list.open + 1, end: list.close, text: "" }];
    const edits: Edit[] = [{ start: from, end: to, text: "" }];
    if (!next && !list.trailingComma && previous) {
      const previousComma = commaAfter(source, previous.end);
      if (previousComma !== -1) edits.push({ start: previousComma, end: previousComma + 1, text: "" });
    }
    return edits;
  }
  if (next) return [{ start, end: next.getStart(), text: "" }];
  if (previous) return [{ start: previous.end, end: item.end, text: "" }];
  return [{ start: list.open + 1, end: list.close, text: "" }];
}
