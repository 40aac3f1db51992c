/**
 * Pure transforms that keep the vendored runtime out of the app's own lint, format check and typecheck, each in the shape
 * its tool reads, adding one entry and changing no other byte (so nothing the user configured gets weaker):
 * - ESLint flat config (`eslint.config.*`): the runtime dir joins the first `globalIgnores([…])` call, or the
 *   first config object holding only `ignores`, or a new `{ ignores: [...] }` element ends the exported list;
 * - ESLint's legacy ignore file (`.eslintignore`) and Prettier's (`.prettierignore`): one line;
 * - Biome (`biome.json(c)`): `files.ignore` (Biome 1) or a `!dir` entry in `files.includes` (Biome 2);
 * - tsconfig: the dir joins an `exclude` the file declares itself (a new `exclude` would drop TypeScript's
 *   default one, or the one a config it extends declares, so none is created).
 * Each is idempotent ("unchanged" once the dir is there) and says `unsupported` when the shape is unknown.
 */
import { type SyntaxNode as Node, parseSyntax, type Ts, typescript } from "./ast.js";
import { detectStyle } from "./code-style.js";
import type { TransformResult } from "./result.js";

/** `vendor/auth-runtime/**`, as ESLint's flat config matches a folder. */
export function eslintGlob(dir: string): string {
  return `${dir}/**`;
}

function eolOf(source: string): string {
  return source.includes("\r\n") ? "\r\n" : "\n";
}

/** Inserts `text` as the last element of a bracketed list whose closing bracket is at `close`. */
function appendToList(source: string, open: number, close: number, elements: number, text: string): string {
  const inner = source.slice(open + 1, close);
  if (elements === 0) return `${source.slice(0, open + 1)}${text}${source.slice(close)}`;
  const multiline = inner.includes("\n");
  const trimmedEnd = inner.replace(/\s+$/, "");
  const trailingComma = trimmedEnd.endsWith(",");
  const at = open + 1 + trimmedEnd.length;
  if (!multiline) return `${source.slice(0, at)}${trailingComma ? " " : ", "}${text}${source.slice(at)}`;
  const lastLine = inner.slice(0, trimmedEnd.length).split("\n").pop() ?? "";
  const indent = /^[ \t]*/.exec(lastLine)?.[0] ?? "  ";
  return `${source.slice(0, at)}${trailingComma ? "" : ","}${eolOf(source)}${indent}${text}${trailingComma ? "," : ""}${source.slice(at)}`;
}

function stringsOf(ts: Ts, list: Node): string[] {
  return (list as import("ts-morph").ts.ArrayLiteralExpression).elements
    .filter((element) => ts.isStringLiteralLike(element))
    .map((element) => (element as import("ts-morph").ts.StringLiteralLike).text);
}

/** The list of config objects the module exports: `export default [...]`, `defineConfig(...)`, `tseslint.config(...)`. */
function exportedList(ts: Ts, file: import("ts-morph").ts.SourceFile): Node | null {
  let exported: Node | undefined;
  const declared = new Map<string, Node>();
  for (const statement of file.statements) {
    if (ts.isExportAssignment(statement)) exported = statement.expression;
    if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) {
        if (ts.isIdentifier(d.name) && d.initializer) declared.set(d.name.text, d.initializer);
      }
    }
    // CommonJS: module.exports = [...]
    if (
      ts.isExpressionStatement(statement) &&
      ts.isBinaryExpression(statement.expression) &&
      statement.expression.getText(file) !== "" &&
      /^module\.exports$/.test(statement.expression.left.getText(file))
    ) {
      exported = statement.expression.right;
    }
  }
  let node = exported;
  for (let hops = 0; node && hops < 4; hops++) {
    while (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) {
      node = node.expression;
    }
    if (ts.isIdentifier(node)) {
      node = declared.get(node.text);
      continue;
    }
    if (ts.isArrayLiteralExpression(node)) return node;
    if (ts.isCallExpression(node)) {
      // defineConfig([...]) or defineConfig(a, b); tseslint.config(a, b)
      const [first] = node.arguments;
      if (node.arguments.length === 1 && first && ts.isArrayLiteralExpression(first)) return first;
      return node;
    }
    return null;
  }
  return null;
}

/** ESLint flat config: the runtime dir becomes a global ignore. */
export function ignoreInEslintFlatConfig(source: string, fileName: string, dir: string): TransformResult {
  const ts = typescript();
  const file = parseSyntax(source, fileName);
  const glob = eslintGlob(dir);
  const list = exportedList(ts, file);
  if (!list) return { unsupported: "its exported config is not a list of config objects init can read" };
  const elements: readonly Node[] = ts.isArrayLiteralExpression(list)
    ? list.elements
    : (list as import("ts-morph").ts.CallExpression).arguments;
  const { quote } = detectStyle(source, fileName);
  const literal = `${quote}${glob}${quote}`;
  // globalIgnores([...]) among the elements, else an object whose only key is `ignores`.
  for (const element of elements) {
    let array: Node | undefined;
    if (
      ts.isCallExpression(element) &&
      ts.isIdentifier(element.expression) &&
      element.expression.text === "globalIgnores" &&
      element.arguments[0] &&
      ts.isArrayLiteralExpression(element.arguments[0])
    ) {
      array = element.arguments[0];
    } else if (ts.isObjectLiteralExpression(element) && element.properties.length === 1) {
      const property = element.properties[0]!;
      if (
        ts.isPropertyAssignment(property) &&
        property.name.getText(file).replace(/["']/g, "") === "ignores" &&
        ts.isArrayLiteralExpression(property.initializer)
      ) {
        array = property.initializer;
      }
    }
    if (!array) continue;
    const existing = stringsOf(ts, array);
    if (existing.some((entry) => entry.replace(/\/(\*\*)?$/, "") === dir)) return "unchanged";
    const items = (array as import("ts-morph").ts.ArrayLiteralExpression).elements.length;
    return appendToList(source, array.getStart(file), array.end - 1, items, literal);
  }
  if (source.includes(glob)) return "unchanged";
  const open = ts.isArrayLiteralExpression(list)
    ? list.getStart(file)
    : source.indexOf("(", (list as import("ts-morph").ts.CallExpression).expression.end);
  return appendToList(source, open, list.end - 1, elements.length, `{ ignores: [${literal}] }`);
}

/** The comment above the runtime's line in an ignore file, by the file: its undo finds the line by it. */
export const IGNORE_FILE_COMMENTS = {
  ".eslintignore": "# the auth runtime written by create-auth: its own code, linted where it is built",
  ".prettierignore": "# the auth runtime written by create-auth: built code, formatted where it is built",
} as const;

export type IgnoreFile = keyof typeof IGNORE_FILE_COMMENTS;

/** An ignore file in gitignore's syntax: the runtime dir as one line under its comment; the file when there is none. */
function ignoreInIgnoreFile(source: string | null, file: IgnoreFile, dir: string): TransformResult {
  const text = source ?? "";
  const lines = text.split(/\r?\n/).map((line) =>
    line
      .trim()
      .replace(/^\//, "")
      .replace(/\/(\*\*)?$/, ""),
  );
  if (lines.includes(dir)) return "unchanged";
  const eol = eolOf(text);
  const separator = text === "" || text.endsWith("\n") ? "" : eol;
  return `${text}${separator}${text === "" ? "" : eol}${IGNORE_FILE_COMMENTS[file]}${eol}${dir}${eol}`;
}

/** `.eslintignore` (ESLint's legacy config). */
export function ignoreInEslintIgnoreFile(source: string | null, dir: string): TransformResult {
  return ignoreInIgnoreFile(source, ".eslintignore", dir);
}

/**
 * `.prettierignore`: Prettier formats every file it is pointed at (`prettier --check .`) that neither it nor
 * .gitignore (Prettier 3) ignores, and the runtime is committed, built code in tsc's layout.
 */
export function ignoreInPrettierIgnoreFile(source: string | null, dir: string): TransformResult {
  return ignoreInIgnoreFile(source, ".prettierignore", dir);
}

interface JsonProperty {
  name: string;
  value: Node;
  node: Node;
}

function propertiesOf(ts: Ts, object: Node, file: import("ts-morph").ts.SourceFile): JsonProperty[] {
  if (!ts.isObjectLiteralExpression(object)) return [];
  return object.properties.flatMap((property) =>
    ts.isPropertyAssignment(property)
      ? [{ name: property.name.getText(file).replace(/^["']|["']$/g, ""), value: property.initializer, node: property }]
      : [],
  );
}

function jsonRoot(
  source: string,
  fileName: string,
): { ts: Ts; file: import("ts-morph").ts.JsonSourceFile; root: Node } | null {
  const ts = typescript();
  const file = ts.parseJsonText(fileName, source);
  const statement = file.statements[0];
  if (!statement || !ts.isObjectLiteralExpression(statement.expression)) return null;
  return { ts, file, root: statement.expression };
}

/** Biome: `files.ignore` (Biome 1) or `files.includes` with a `!dir` entry (Biome 2). */
export function ignoreInBiomeConfig(source: string, fileName: string, dir: string): TransformResult {
  const parsed = jsonRoot(source, fileName);
  if (!parsed) return { unsupported: "it is not a JSON object" };
  const { ts, file, root } = parsed;
  const files = propertiesOf(ts, root, file).find((p) => p.name === "files");
  const version2 = /schemas\/2\.|"includes"\s*:/.test(source);
  const key = version2 ? "includes" : "ignore";
  const entry = version2 ? `!${dir}` : dir;
  if (!files) {
    const fresh = version2 ? `"files": { "includes": ["**", "${entry}"] }` : `"files": { "ignore": ["${entry}"] }`;
    return appendToList(source, root.getStart(file), root.end - 1, propertiesOf(ts, root, file).length, fresh);
  }
  if (!ts.isObjectLiteralExpression(files.value)) return { unsupported: '"files" is not an object' };
  const list = propertiesOf(ts, files.value, file).find((p) => p.name === key);
  if (!list) {
    // Biome 2 without `includes` lints everything: `**` keeps that, `!dir` takes the runtime out.
    const fresh = version2 ? `"includes": ["**", "${entry}"]` : `"ignore": ["${entry}"]`;
    const count = propertiesOf(ts, files.value, file).length;
    return appendToList(source, files.value.getStart(file), files.value.end - 1, count, fresh);
  }
  if (!ts.isArrayLiteralExpression(list.value)) return { unsupported: `"files.${key}" is not a list` };
  const existing = stringsOf(ts, list.value).map((item) => item.replace(/\/(\*\*)?$/, ""));
  if (existing.includes(entry) || existing.includes(`${entry}/**`)) return "unchanged";
  return appendToList(source, list.value.getStart(file), list.value.end - 1, list.value.elements.length, `"${entry}"`);
}

/** tsconfig: the dir joins the `exclude` the file declares; without one, nothing (see the module header). */
export function excludeInTsconfig(source: string, fileName: string, dir: string): TransformResult {
  const parsed = jsonRoot(source, fileName);
  if (!parsed) return { unsupported: "it is not a JSON object" };
  const { ts, file, root } = parsed;
  const exclude = propertiesOf(ts, root, file).find((p) => p.name === "exclude");
  if (!exclude) return "unchanged";
  if (!ts.isArrayLiteralExpression(exclude.value)) return { unsupported: '"exclude" is not a list' };
  const existing = stringsOf(ts, exclude.value).map((item) => item.replace(/^\.\//, "").replace(/\/(\*\*)?$/, ""));
  if (existing.includes(dir)) return "unchanged";
  return appendToList(
    source,
    exclude.value.getStart(file),
    exclude.value.end - 1,
    exclude.value.elements.length,
    `"${dir}"`,
  );
}
