/**
 * A migration file split into the statements a driver runs one at a time (none of them is asked to run
 * several in one call: mysql2 refuses it unless told otherwise, SQLite's prepare takes one). A `;` ends a
 * statement except inside a string, a quoted name, a comment, a PostgreSQL dollar-quoted body, or the
 * BEGIN … END body of a trigger or routine (SQLite and MySQL triggers, MySQL procedures). Each statement
 * keeps the line it starts on, so a failure can point into the file.
 */
import type { SqlDialect } from "./flavours.js";

export interface SqlStatement {
  /** The statement without leading comments or the closing `;`. */
  sql: string;
  /** 1-based line of the file where it starts. */
  line: number;
  /** The statement with its comments taken out (each one a space): what a reader of its meaning parses. */
  code: string;
}

/** A statement whose BEGIN … END body holds `;`s of its own. */
const ROUTINE =
  /^CREATE\s+(?:OR\s+REPLACE\s+)?(?:DEFINER\s*=\s*\S+\s+)?(?:TEMP\s+|TEMPORARY\s+)?(?:TRIGGER|PROCEDURE|FUNCTION|EVENT)\b/i;
/** Block words closed by `END <word>` whose opening is not counted (MySQL's compound statements). */
const UNCOUNTED_ENDS = new Set(["IF", "LOOP", "WHILE", "REPEAT", "FOR"]);

/**
 * Where a backslash escapes the next character inside quotes: MySQL's strings (and its `"` strings);
 * PostgreSQL's `E'…'` strings only; never in SQLite. Without a dialect, MySQL's rule (the widest).
 */
function backslashEscapes(dialect: SqlDialect | undefined, quote: string, before: string): boolean {
  if (quote === "`") return false;
  if (dialect === "sqlite") return false;
  if (dialect === "postgres") return quote === "'" && /(^|[^\w$])[eE]$/.test(before);
  return true;
}

export function splitStatements(text: string, dialect?: SqlDialect): SqlStatement[] {
  const statements: SqlStatement[] = [];
  let start = -1; // offset of the current statement's first non-comment character, -1 before it
  let line = 1;
  let startLine = 1;
  let depth = 0; // BEGIN/CASE … END nesting inside a routine's body
  let comments: [from: number, to: number][] = []; // inside the current statement
  let i = 0;

  const finish = (end: number) => {
    if (start >= 0) {
      const sql = text.slice(start, end).trim();
      let code = "";
      let at = start;
      for (const [from, to] of comments) {
        code += `${text.slice(at, from)} `;
        at = to;
      }
      code += text.slice(at, end);
      if (sql !== "") statements.push({ sql, line: startLine, code: code.trim() });
    }
    start = -1;
    depth = 0;
    comments = [];
  };
  const begin = () => {
    if (start < 0) {
      start = i;
      startLine = line;
    }
  };
  const countLines = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (text[k] === "\n") line++;
  };
  /** Skips to just after `close` (or the end of the text), counting the lines passed. */
  const skipTo = (close: string, from: number) => {
    const end = text.indexOf(close, from);
    const next = end < 0 ? text.length : end + close.length;
    countLines(i, next);
    i = next;
  };
  /** A comment from here to `close`: skipped, and left out of the statement's code. */
  const skipComment = (close: string, from: number) => {
    const at = i;
    skipTo(close, from);
    if (start >= 0) comments.push([at, close === "\n" && text[i - 1] === "\n" ? i - 1 : i]);
  };

  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1];
    if (c === "\n") {
      line++;
      i++;
    } else if (/\s/.test(c)) {
      i++;
    } else if ((c === "-" && next === "-") || (c === "#" && dialect === "mysql")) {
      skipComment("\n", i);
    } else if (c === "/" && next === "*") {
      skipComment("*/", i + 2);
    } else if (c === "'" || c === '"' || c === "`") {
      begin();
      // A doubled quote is the quote itself; a backslash escapes where the dialect says so.
      const escapes = backslashEscapes(dialect, c, text.slice(Math.max(0, i - 2), i));
      let k = i + 1;
      while (k < text.length) {
        if (escapes && text[k] === "\\") k += 2;
        else if (text[k] === c && text[k + 1] === c) k += 2;
        else if (text[k] === c) break;
        else k++;
      }
      countLines(i, k + 1);
      i = k + 1;
    } else if (c === "$" && /[A-Za-z_$]/.test(next ?? "")) {
      begin();
      const tag = /^\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$/.exec(text.slice(i))?.[0];
      if (tag) skipTo(tag, i + tag.length);
      else i++;
    } else if (c === ";") {
      if (depth > 0) {
        i++;
        continue;
      }
      finish(i);
      i++;
    } else if (/[A-Za-z_]/.test(c)) {
      begin();
      const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i, i + 64))![0];
      i += word.length;
      if (!ROUTINE.test(text.slice(start, i + 200))) continue;
      const upper = word.toUpperCase();
      if (upper === "BEGIN" || upper === "CASE") depth++;
      else if (upper === "END" && depth > 0) {
        const after = /^\s*([A-Za-z_]+)/.exec(text.slice(i, i + 64));
        const closes = after?.[1]?.toUpperCase();
        if (closes && UNCOUNTED_ENDS.has(closes)) {
          countLines(i, i + after![0].length);
          i += after![0].length;
        } else {
          depth--;
          if (closes === "CASE") {
            countLines(i, i + after![0].length);
            i += after![0].length;
          }
        }
      }
    } else {
      begin();
      i++;
    }
  }
  finish(text.length);
  return statements;
}

/** The statement's first line, for messages: `CREATE TABLE users (`. */
export function firstLine(statement: SqlStatement): string {
  return statement.sql.split("\n", 1)[0]!.trim();
}
