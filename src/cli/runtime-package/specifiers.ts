/**
 * The module specifiers a file of the built runtime names: `import … from`, `export … from`, bare
 * `import "x"`, `import("x")` (a dynamic import in a module, a type query in a declaration) and
 * `/// <reference path>`. The runtime's closure (closure.ts) walks them on every init; TypeScript's
 * `preProcessFile` answers the same but costs loading the compiler (about 200 ms, doubling a Next init that
 * needs no AST otherwise), so this is a small tokenizer of its own: comments, strings, template literals
 * and regular expressions are skipped as tokens, so a specifier written in any of them is not one.
 * test/cli/runtime-package/runtime-package.test.ts proves it against preProcessFile on every file of the built runtime.
 */

type Token =
  | { kind: "string"; value: string }
  | { kind: "word"; value: string }
  | { kind: "punct"; value: string }
  | { kind: "template" }
  | { kind: "regex" };

/** Words after which a `/` starts a regular expression rather than dividing. */
const BEFORE_EXPRESSION = new Set([
  "return",
  "typeof",
  "instanceof",
  "in",
  "of",
  "new",
  "delete",
  "void",
  "throw",
  "case",
  "do",
  "else",
  "yield",
  "await",
]);

const REFERENCE_PATH = /^\/\s*<reference\s+path\s*=\s*["']([^"']+)["']/;

/** Reads a quoted string from `start` (the quote); returns its value and the index after it. */
function readString(text: string, start: number): { value: string; end: number } {
  const quote = text[start];
  let value = "";
  let i = start + 1;
  while (i < text.length && text[i] !== quote && text[i] !== "\n") {
    if (text[i] === "\\") {
      value += text[i + 1] ?? "";
      i += 2;
    } else {
      value += text[i];
      i += 1;
    }
  }
  return { value, end: i + 1 };
}

/** The index after a regular expression literal starting at `start` (its `/`), flags included. */
function skipRegex(text: string, start: number): number {
  let i = start + 1;
  let inClass = false;
  while (i < text.length && text[i] !== "\n") {
    const c = text[i];
    if (c === "\\") i += 1;
    else if (c === "[") inClass = true;
    else if (c === "]") inClass = false;
    else if (c === "/" && !inClass) break;
    i += 1;
  }
  i += 1;
  while (i < text.length && /[\w$]/.test(text[i]!)) i += 1;
  return i;
}

/** Tokens of a JavaScript or TypeScript text, and the `/// <reference path>` targets of its comments. */
function tokenize(text: string): { tokens: Token[]; references: string[] } {
  const tokens: Token[] = [];
  const references: string[] = [];
  // Open template literals and braces, innermost last: a `}` closing a `${` resumes the template.
  const nesting: ("template" | "brace")[] = [];
  let i = 0;

  /** Scans template text from `i` to its closing backtick, or into a `${` (pushed on `nesting`). */
  const scanTemplate = () => {
    while (i < text.length) {
      const c = text[i];
      if (c === "\\") i += 2;
      else if (c === "`") {
        i += 1;
        return;
      } else if (c === "$" && text[i + 1] === "{") {
        i += 2;
        nesting.push("template");
        return;
      } else i += 1;
    }
  };

  const regexAllowed = () => {
    const last = tokens.at(-1);
    if (!last) return true;
    if (last.kind === "word") return BEFORE_EXPRESSION.has(last.value);
    if (last.kind === "punct") return last.value !== ")" && last.value !== "]";
    return false;
  };

  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i += 1;
    } else if (c === "/" && text[i + 1] === "/") {
      const end = text.indexOf("\n", i);
      const line = text.slice(i + 2, end === -1 ? text.length : end);
      const reference = REFERENCE_PATH.exec(line);
      if (reference) references.push(reference[1]!);
      i = end === -1 ? text.length : end;
    } else if (c === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end === -1 ? text.length : end + 2;
    } else if (c === '"' || c === "'") {
      const { value, end } = readString(text, i);
      tokens.push({ kind: "string", value });
      i = end;
    } else if (c === "`") {
      i += 1;
      scanTemplate();
      tokens.push({ kind: "template" });
    } else if (c === "/" && regexAllowed()) {
      i = skipRegex(text, i);
      tokens.push({ kind: "regex" });
    } else if (/[A-Za-z_$]/.test(c)) {
      let end = i + 1;
      while (end < text.length && /[\w$]/.test(text[end]!)) end += 1;
      tokens.push({ kind: "word", value: text.slice(i, end) });
      i = end;
    } else if (/[0-9]/.test(c)) {
      let end = i + 1;
      while (end < text.length && /[\w.]/.test(text[end]!)) end += 1;
      tokens.push({ kind: "word", value: "0" });
      i = end;
    } else if (c === "{") {
      nesting.push("brace");
      tokens.push({ kind: "punct", value: c });
      i += 1;
    } else if (c === "}") {
      i += 1;
      if (nesting.pop() === "template") scanTemplate();
      else tokens.push({ kind: "punct", value: c });
    } else {
      tokens.push({ kind: "punct", value: c });
      i += 1;
    }
  }
  return { tokens, references };
}

const is = (token: Token | undefined, kind: "word" | "punct", value: string) =>
  token?.kind === kind && token.value === value;

/** Every module specifier the text names, in order of appearance. */
export function moduleSpecifiers(text: string): string[] {
  const { tokens, references } = tokenize(text);
  const found: string[] = [];
  for (let t = 0; t < tokens.length; t++) {
    const token = tokens[t]!;
    if (token.kind !== "word" || (token.value !== "import" && token.value !== "export")) continue;
    // `x.import`, `{ import: … }` and `import.meta` name no module.
    if (is(tokens[t - 1], "punct", ".") || is(tokens[t + 1], "punct", ":") || is(tokens[t + 1], "punct", ".")) continue;
    const next = tokens[t + 1];
    if (token.value === "import" && is(next, "punct", "(")) {
      const argument = tokens[t + 2];
      if (argument?.kind === "string") found.push(argument.value);
      continue;
    }
    if (token.value === "import" && next?.kind === "string") {
      found.push(next.value);
      continue;
    }
    // The clause before `from` (names, `type`, `as`, `*`, `,` and braces with anything in them); any other
    // token ends a declaration that imports nothing (`export const`, `export function f(`).
    let depth = 0;
    let u = t + 1;
    for (; u < tokens.length; u++) {
      const clause = tokens[u]!;
      if (depth > 0) {
        if (is(clause, "punct", "{")) depth += 1;
        else if (is(clause, "punct", "}")) depth -= 1;
        // A closed body (`export interface X {…}`) not followed by `from` imports nothing.
        if (depth === 0 && !is(tokens[u + 1], "word", "from")) break;
      } else if (is(clause, "word", "from")) {
        break;
      } else if (is(clause, "punct", "{")) {
        depth += 1;
      } else if (!(clause.kind === "word" || is(clause, "punct", "*") || is(clause, "punct", ","))) {
        break;
      }
    }
    const source = tokens[u + 1];
    if (is(tokens[u], "word", "from") && source?.kind === "string") found.push(source.value);
  }
  return [...found, ...references];
}
