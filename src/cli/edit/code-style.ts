/**
 * How a user's module is written, read from its own text, and code rendered that way: every transform that
 * inserts code into an existing file (the Express mount, SvelteKit's hooks and layout, Next's proxy, the
 * providers list, ESLint's config) writes it in the file's quotes, semicolons, indentation, line endings and
 * declaration keyword, so the app's own formatter and linter have nothing to say about our lines.
 * Inserted code is written once, in the house style (double quotes, semicolons, two-space indentation,
 * `const`, LF), and `renderCode` turns it into the file's. The inverse transforms find our lines whatever
 * style they were written in through `styledLine`.
 */
import type { SourceFile } from "ts-morph";
import { parseModule, parseSyntax, type SyntaxNode, tsMorph, typescript } from "./ast.js";

export interface CodeStyle {
  quote: '"' | "'";
  semicolons: boolean;
  /** One level of indentation: a tab, or spaces. */
  indent: string;
  eol: "\n" | "\r\n";
  /** `var` for a file that declares nothing with `const` or `let` (express-generator's app.js). */
  declaration: "const" | "var";
  /** Multi-line lists end with a comma. */
  trailingCommas: boolean;
}

/** The house style: what a file with nothing to go by gets (Prettier's defaults). */
export const HOUSE_STYLE: CodeStyle = {
  quote: '"',
  semicolons: true,
  indent: "  ",
  eol: "\n",
  declaration: "const",
  trailingCommas: true,
};

type Ts = ReturnType<typeof typescript>;

/** Statements that end with a semicolon unless the file leaves them out. */
function endsWithSemicolonOrNot(ts: Ts, node: SyntaxNode): boolean {
  return (
    ts.isVariableStatement(node) ||
    ts.isExpressionStatement(node) ||
    ts.isImportDeclaration(node) ||
    ts.isExportDeclaration(node) ||
    ts.isExportAssignment(node) ||
    ts.isReturnStatement(node) ||
    ts.isThrowStatement(node) ||
    ts.isBreakStatement(node) ||
    ts.isContinueStatement(node) ||
    ts.isTypeAliasDeclaration(node)
  );
}

function isJsxAttributeValue(ts: Ts, node: SyntaxNode): boolean {
  return ts.isJsxAttribute(node.parent);
}

/** The indentation unit: tabs when most indented lines use them, else the narrowest run of spaces. */
function indentUnit(source: string): string {
  let tabs = 0;
  let spaces = 0;
  let narrowest = Number.POSITIVE_INFINITY;
  for (const line of source.split(/\r?\n/)) {
    // A block comment's ` * ` lines are aligned by one space, not indented.
    if (line.trim() === "" || /^\s+\*/.test(line)) continue;
    if (line.startsWith("\t")) tabs++;
    const width = /^ +/.exec(line)?.[0].length ?? 0;
    if (width > 0) {
      spaces++;
      narrowest = Math.min(narrowest, width);
    }
  }
  if (tabs > spaces) return "\t";
  return Number.isFinite(narrowest) ? " ".repeat(narrowest) : HOUSE_STYLE.indent;
}

/** The style of `source`: each habit by majority, the house style's where the file says nothing. */
export function detectStyle(source: string, fileName: string): CodeStyle {
  const ts = typescript();
  const tree = parseSyntax(source, fileName);
  const votes = { double: 0, single: 0, semi: 0, bare: 0, constLet: 0, var: 0, comma: 0, noComma: 0 };
  const visit = (node: SyntaxNode): void => {
    if (ts.isStringLiteral(node) && !isJsxAttributeValue(ts, node)) {
      const raw = node.getText(tree);
      // A string holding the other quote says nothing: it is written so to avoid escapes.
      if (raw.startsWith('"') && !raw.includes("'")) votes.double++;
      if (raw.startsWith("'") && !raw.slice(1, -1).includes('"')) votes.single++;
    }
    if (endsWithSemicolonOrNot(ts, node)) {
      if (node.getText(tree).endsWith(";")) votes.semi++;
      else votes.bare++;
    }
    if (ts.isVariableDeclarationList(node)) {
      if (node.flags & (ts.NodeFlags.Const | ts.NodeFlags.Let)) votes.constLet++;
      else votes.var++;
    }
    const list = ts.isArrayLiteralExpression(node)
      ? node.elements
      : ts.isObjectLiteralExpression(node)
        ? node.properties
        : undefined;
    if (list && list.length > 0 && source.slice(node.getStart(tree), node.end).includes("\n")) {
      if (list.hasTrailingComma) votes.comma++;
      else votes.noComma++;
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return {
    quote: votes.single > votes.double ? "'" : '"',
    semicolons: votes.bare <= votes.semi,
    indent: indentUnit(source),
    eol: source.includes("\r\n") ? "\r\n" : "\n",
    declaration: votes.var > 0 && votes.constLet === 0 ? "var" : "const",
    trailingCommas: votes.noComma <= votes.comma,
  };
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

function applyEdits(code: string, edits: Edit[]): string {
  let out = code;
  for (const edit of [...edits].sort((a, b) => b.start - a.start)) {
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  }
  return out;
}

/** `"text"` as a string literal in `quote`, or as it is when that would need an escape (as Prettier does). */
function requoted(raw: string, quote: '"' | "'"): string {
  if (raw[0] === quote) return raw;
  const body = raw.slice(1, -1);
  if (body.includes(quote) || body.includes("\\")) return raw;
  return `${quote}${body}${quote}`;
}

/** A line starting with one of these would join the statement before it once that loses its semicolon. */
const ASI_HAZARD = /^[([`+\-/]/;

/**
 * House-style `code` (double quotes, semicolons, two-space indentation, `const`, trailing commas in
 * multi-line lists, LF) in `style`. Comments and the text inside strings are left as they are; the
 * indentation of the first line is the caller's.
 */
export function renderCode(code: string, style: CodeStyle, fileName = "code.ts"): string {
  const ts = typescript();
  const tree = parseSyntax(code, fileName);
  const edits: Edit[] = [];
  const templates: [number, number][] = [];
  const visit = (node: SyntaxNode): void => {
    if (ts.isStringLiteral(node) && !isJsxAttributeValue(ts, node)) {
      const raw = node.getText(tree);
      const text = requoted(raw, style.quote);
      if (text !== raw) edits.push({ start: node.getStart(tree), end: node.end, text });
    }
    if (ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) {
      templates.push([node.getStart(tree), node.end]);
    }
    if (!style.semicolons && endsWithSemicolonOrNot(ts, node) && node.getText(tree).endsWith(";")) {
      const next = code.slice(node.end).trimStart();
      if (!ASI_HAZARD.test(next)) edits.push({ start: node.end - 1, end: node.end, text: "" });
    }
    // A call's arguments too: Prettier's `trailingComma: "none"` leaves no comma before any closing bracket.
    const list = ts.isArrayLiteralExpression(node)
      ? node.elements
      : ts.isObjectLiteralExpression(node)
        ? node.properties
        : ts.isCallExpression(node)
          ? node.arguments
          : undefined;
    if (!style.trailingCommas && list?.hasTrailingComma) {
      const last = list[list.length - 1]!;
      const comma = code.indexOf(",", last.end);
      if (comma !== -1) edits.push({ start: comma, end: comma + 1, text: "" });
    }
    if (style.declaration === "var" && ts.isVariableDeclarationList(node) && node.flags & ts.NodeFlags.Const) {
      const start = node.getStart(tree);
      edits.push({ start, end: start + "const".length, text: "var" });
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  const rendered = applyEdits(code, edits);
  // Indentation: each two leading spaces are one level of the file's unit (outside template literals, whose
  // text is the program's). Positions shift with the edits above only within lines, so lines still line up.
  const lines = rendered.split("\n");
  const original = code.split("\n");
  let offset = 0;
  const out = lines.map((line, index) => {
    const start = offset;
    offset += (original[index] ?? "").length + 1;
    const inTemplate = templates.some(([from, to]) => from < start && start < to);
    if (inTemplate || style.indent === "  ") return line;
    const leading = /^ */.exec(line)![0].length;
    return style.indent.repeat(Math.floor(leading / 2)) + " ".repeat(leading % 2) + line.slice(leading);
  });
  return out.join(style.eol);
}

/** A ts-morph module whose inserted structures (imports, statements) take `style`'s quotes and indentation. */
export function parseStyledModule(source: string, fileName: string, style: CodeStyle): SourceFile {
  const morph = tsMorph();
  return parseModule(source, fileName, {
    indentationText: style.indent === "\t" ? morph.IndentationText.Tab : indentationText(style.indent),
    quoteKind: style.quote === "'" ? morph.QuoteKind.Single : morph.QuoteKind.Double,
    useTrailingCommas: style.trailingCommas,
  });
}

function indentationText(indent: string) {
  const { IndentationText } = tsMorph();
  if (indent.length === 4) return IndentationText.FourSpaces;
  if (indent.length === 8) return IndentationText.EightSpaces;
  return IndentationText.TwoSpaces;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/**
 * A pattern matching one trimmed line of house-style code in any style `renderCode` writes it in: either
 * quote, with or without its final semicolon, `const` or `var`.
 */
export function styledLine(code: string): RegExp {
  const trimmed = code.trim();
  const body = trimmed.endsWith(";") ? trimmed.slice(0, -1) : trimmed;
  const pattern = escapeRegExp(body)
    .replace(/"/g, `["']`)
    .replace(/^const /, "(?:const|var) ");
  return new RegExp(`^${pattern}${trimmed.endsWith(";") ? ";?" : ""}$`);
}
