/**
 * How the merge writes into the user's Prisma files: insertions at positions database/prisma/blocks.ts found, in the
 * file's own style (line endings, indentation, and the column alignment `prisma format` gives a group of
 * fields), so that nothing the user wrote moves and a formatted schema stays formatted.
 */

import type { Insertion } from "../../edit/insertions.js";
import { blockLines, type PrismaBlock, type PrismaLine } from "./blocks.js";
import { aligned } from "./render.js";

export interface Style {
  eol: string;
  indent: string;
}

/** The schema's style: its first indentation, and CRLF when any of its files uses it. */
export function styleOf(texts: readonly string[]): Style {
  const all = texts.join("\n");
  const indent = /^([ \t]+)\S/m.exec(all)?.[1] ?? "  ";
  return { eol: all.includes("\r\n") ? "\r\n" : "\n", indent };
}

/** The schema's style with one file's own line endings. */
export function styleIn(style: Style, text: string | null): Style {
  return text ? { ...style, eol: text.includes("\r\n") ? "\r\n" : "\n" } : style;
}

/** Lines rendered as prisma.ts renders them, re-indented and with the file's line endings. */
function restyle(lines: string[], style: Style): string {
  return lines.map((line) => line.replace(/^ {2}/, style.indent)).join(style.eol);
}

/**
 * Rows aligned on an existing group's columns when they fit inside them (so `prisma format` would leave
 * the group as it is), else null.
 */
function alignedInGroup(group: readonly PrismaLine[], rows: readonly string[][], indent: string): string[] | null {
  const groupFields = group.flatMap((line) => (line.field ? [line.field] : []));
  const typeColumns = new Set(groupFields.map((field) => field.typeColumn));
  const attributeColumns = new Set(groupFields.flatMap((field) => field.attributesColumn ?? []));
  const [typeColumn] = typeColumns;
  const [attributesColumn] = attributeColumns;
  if (typeColumns.size !== 1 || attributeColumns.size > 1 || typeColumn === undefined) return null;
  if (groupFields.some((field) => field.typeColumn - 1 < field.name.length + indent.length)) return null;
  const fits = rows.every(([name = "", type = "", attributes = ""]) => {
    if (indent.length + name.length + 1 > typeColumn) return false;
    if (attributesColumn === undefined) return !attributes;
    return typeColumn + type.length + 1 <= attributesColumn;
  });
  if (!fits) return null;
  return rows.map(([name = "", type = "", attributes = ""]) => {
    const head = `${indent}${name.padEnd(typeColumn - indent.length)}${type}`;
    return attributes && attributesColumn !== undefined ? `${head.padEnd(attributesColumn)}${attributes}` : head;
  });
}

/** Insertions that add rows and block attributes to a model block, in the block's own style. */
export function modelInsertions(
  text: string,
  block: PrismaBlock,
  missing: { rows: string[][]; blockAttributes: string[] },
  style: Style,
): Insertion[] {
  const lines = blockLines(text, block);
  const firstField = lines.find((line) => line.kind === "field");
  const indent = firstField ? (/^\s*/.exec(firstField.text)?.[0] ?? style.indent) : style.indent;
  const lastFieldIndex = lines.findLastIndex((line) => line.kind === "field");
  const lastAttributeIndex = lines.findLastIndex((line) => line.kind === "blockAttribute");
  // After the last field (else after the opening line), the closing line excepted.
  const anchor = lines[Math.max(lastFieldIndex, 0)] as PrismaLine;
  // A line running into the closing brace (`  id Int @id }`) has no line ending to insert after.
  const after = (line: PrismaLine, inserted: string): Insertion =>
    line.next === block.bodyEnd && !text.slice(line.start, line.next).includes("\n")
      ? { at: line.next, text: `${style.eol}${inserted}${style.eol}` }
      : { at: line.next, text: `${inserted}${style.eol}` };

  const insertions: Insertion[] = [];
  if (missing.rows.length) {
    let group: PrismaLine[] = [];
    for (let index = lastFieldIndex; index >= 0; index--) {
      const line = lines[index] as PrismaLine;
      if (line.kind !== "field" && line.kind !== "comment") break;
      group = [line, ...group];
    }
    const inGroup = lastFieldIndex >= 0 ? alignedInGroup(group, missing.rows, indent) : null;
    const rendered = inGroup
      ? inGroup.join(style.eol)
      : `${lastFieldIndex >= 0 ? style.eol : ""}${aligned(missing.rows)
          .map((line) => line.replace(/^ {2}/, indent))
          .join(style.eol)}`;
    insertions.push(after(anchor, rendered));
  }
  if (missing.blockAttributes.length) {
    const attributes = missing.blockAttributes.map((attribute) => `${indent}${attribute}`).join(style.eol);
    if (lastAttributeIndex >= 0) insertions.push(after(lines[lastAttributeIndex] as PrismaLine, attributes));
    else insertions.push(after(anchor, `${style.eol}${attributes}`));
  }
  return insertions;
}

/** The models appended to a file (or making a new one), separated from what is there by one blank line. */
export function appendModels(existing: string | null, models: readonly string[], style: Style): string {
  const header = "// Auth models, written by create-auth from its table model. Add your own fields; keep these.";
  const body = restyle([header, "", models.join("\n\n")].join("\n").split("\n"), style);
  if (existing === null || existing.trim() === "") return `${body}${style.eol}`;
  const ending = existing.endsWith("\n") ? "" : style.eol;
  return `${existing}${ending}${style.eol}${body}${style.eol}`;
}
