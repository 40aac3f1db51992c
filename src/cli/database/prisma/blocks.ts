/**
 * A small, tolerant reader of Prisma schema text: where each top-level block (model, enum, type, view,
 * generator, datasource) starts and ends, and what each line of a block holds (a field, a block attribute,
 * a comment). It reads positions only and never rewrites anything, so an edit made at these positions
 * leaves every other character of the user's file as it was (comments, CRLF, tabs, alignment).
 *
 * Not a grammar: text it does not recognise between blocks is skipped line by line, and Prisma's own
 * `prisma validate` remains the judge of the merged result.
 */

export type PrismaBlockKind = "model" | "enum" | "type" | "view" | "generator" | "datasource";

export interface PrismaBlock {
  kind: PrismaBlockKind;
  name: string;
  /** Offset of the keyword. */
  start: number;
  /** Offset just after the closing brace. */
  end: number;
  /** Offset just after the opening brace. */
  bodyStart: number;
  /** Offset of the closing brace. */
  bodyEnd: number;
}

const blockStart = /(model|enum|type|view|generator|datasource)[ \t]+([A-Za-z_]\w*)\s*\{/y;

/** The offset of the closing brace matching the one just before `from`, skipping strings and comments. */
function closingBrace(text: string, from: number): number {
  let depth = 1;
  for (let index = from; index < text.length; index++) {
    const char = text[index];
    if (char === '"') {
      for (index++; index < text.length && text[index] !== '"' && text[index] !== "\n"; index++)
        if (text[index] === "\\") index++;
    } else if (char === "/" && text[index + 1] === "/") {
      while (index < text.length && text[index] !== "\n") index++;
    } else if (char === "{") depth++;
    else if (char === "}" && --depth === 0) return index;
  }
  return -1;
}

/** The top-level blocks of a schema file, in order. An unterminated block ends the scan. */
export function prismaBlocks(text: string): PrismaBlock[] {
  const blocks: PrismaBlock[] = [];
  let index = 0;
  while (index < text.length) {
    const char = text[index] ?? "";
    if (/\s/.test(char)) {
      index++;
      continue;
    }
    blockStart.lastIndex = index;
    const match = blockStart.exec(text);
    // Only at the start of a line's code: `model` inside a comment or an unknown construct is skipped.
    if (match) {
      const bodyStart = index + match[0].length;
      const bodyEnd = closingBrace(text, bodyStart);
      if (bodyEnd < 0) break;
      blocks.push({
        kind: match[1] as PrismaBlockKind,
        name: match[2] ?? "",
        start: index,
        end: bodyEnd + 1,
        bodyStart,
        bodyEnd,
      });
      index = bodyEnd + 1;
      continue;
    }
    const lineEnd = text.indexOf("\n", index);
    index = lineEnd < 0 ? text.length : lineEnd + 1;
  }
  return blocks;
}

/** A line's code without its trailing `//` comment (a `//` inside a string is code). */
export function codeOf(line: string): string {
  let inString = false;
  for (let index = 0; index < line.length; index++) {
    const char = line[index];
    if (inString && char === "\\") index++;
    else if (char === '"') inString = !inString;
    else if (!inString && char === "/" && line[index + 1] === "/") return line.slice(0, index);
  }
  return line;
}

export interface PrismaField {
  name: string;
  /** As written: `String?`, `Post[]`, `Unsupported("circle")`. */
  type: string;
  /** The type without `?` or `[]`. */
  base: string;
  optional: boolean;
  list: boolean;
  /** The attributes, without a trailing comment (`@id @map("user_id")`). */
  attributes: string;
  /** Where the type starts in the line, and where the attributes start (null when there are none). */
  typeColumn: number;
  attributesColumn: number | null;
}

/** `Account[]` → `Account`, with whether it is a list and optional. */
export function prismaType(type: string): { base: string; list: boolean; optional: boolean } {
  return { base: type.replace(/(\[\])?\??$/, ""), list: type.includes("[]"), optional: type.endsWith("?") };
}

/** A datasource's provider under its canonical name: Prisma takes `postgres` for `postgresql`. */
export function providerAlias(provider: string): string {
  return provider === "postgres" ? "postgresql" : provider;
}

const fieldPattern = /^(\s*)([A-Za-z_]\w*)(\s+)([A-Za-z_]\w*(?:\([^)]*\))?(?:\[\])?\??)(\s*)(.*)$/;

/** A field line (`  email String? @unique // why`), or null for anything else. */
export function parseField(line: string): PrismaField | null {
  const code = codeOf(line).trimEnd();
  const match = fieldPattern.exec(code);
  if (!match) return null;
  const [, indent = "", name = "", gap = "", type = "", space = "", attributes = ""] = match;
  if (attributes && !attributes.startsWith("@")) return null;
  const typeColumn = indent.length + name.length + gap.length;
  return {
    name,
    type,
    ...prismaType(type),
    attributes,
    typeColumn,
    attributesColumn: attributes ? typeColumn + type.length + space.length : null,
  };
}

export type PrismaLineKind = "blank" | "comment" | "field" | "blockAttribute" | "other";

export interface PrismaLine {
  /** Offset of the line's first character in the file. */
  start: number;
  /** The line without its line ending. */
  text: string;
  /** Offset just after the line's `\n`, or the block's closing brace when the line runs into it. */
  next: number;
  kind: PrismaLineKind;
  field: PrismaField | null;
}

/** The lines between a block's braces (the rest of the `{` line first, the `}` line's indentation last). */
export function blockLines(text: string, block: PrismaBlock): PrismaLine[] {
  const lines: PrismaLine[] = [];
  let start = block.bodyStart;
  while (start <= block.bodyEnd) {
    const newline = text.indexOf("\n", start);
    const end = newline < 0 || newline > block.bodyEnd ? block.bodyEnd : newline;
    const raw = text.slice(start, end).replace(/\r$/, "");
    const trimmed = raw.trim();
    const field = parseField(raw);
    const kind: PrismaLineKind =
      trimmed === ""
        ? "blank"
        : trimmed.startsWith("//")
          ? "comment"
          : trimmed.startsWith("@@")
            ? "blockAttribute"
            : field
              ? "field"
              : "other";
    lines.push({ start, text: raw, next: end === block.bodyEnd ? end : end + 1, kind, field });
    if (end === block.bodyEnd) break;
    start = end + 1;
  }
  return lines;
}

/** The string value of a `key = "value"` line in a generator or datasource block. */
export function blockSetting(text: string, block: PrismaBlock, key: string): string | null {
  for (const line of blockLines(text, block)) {
    const match = /^\s*(\w+)\s*=\s*"((?:[^"\\]|\\.)*)"/.exec(codeOf(line.text));
    if (match?.[1] === key) return match[2] ?? "";
  }
  return null;
}

/** The string argument of a block attribute in a model (`@@map("users")` → `users`), or null. */
export function blockAttributeString(text: string, block: PrismaBlock, attribute: string): string | null {
  for (const line of blockLines(text, block)) {
    if (line.kind !== "blockAttribute") continue;
    const match = new RegExp(`^\\s*@@${attribute}\\(\\s*(?:name:\\s*)?"((?:[^"\\\\]|\\\\.)*)"`).exec(line.text);
    if (match) return match[1] ?? "";
  }
  return null;
}
