/**
 * The auth tables as numbered SQL migrations (auth-migrations/0001_auth_tables.sql, 0002_…), and the next
 * one: what the table model has that the existing files do not create yet. The files are read as SQL, not
 * as a record of what create-auth once wrote, so what a user edited in them (a `role` column added to users
 * in 0001, an index dropped in their own 0003) is what counts: their additions are never touched or re-added.
 *
 * Every statement of a new migration is cut from sqlSchema()'s text (a table's CREATE TABLE, a column's line,
 * an index), so the rendering of types and constraints stays in sql.ts alone. The first migration IS
 * sqlSchema(): idempotent (`IF NOT EXISTS`), so a database created from an earlier init's auth-schema.sql
 * takes it without error.
 */

import type { ProjectReader } from "../../project/reader.js";
import { type Table, tables } from "../model.js";
import { splitStatements } from "../sql-statements.js";
import { ADOPTED_MARKER } from "./adopted-marker.js";
import { type SqlDialect, sqlSchema } from "./render.js";

export const MIGRATIONS_DIR = "auth-migrations";

export interface MigrationFile {
  /** `0001_auth_tables.sql`: the number orders the files, the rest says what changed. */
  name: string;
  sql: string;
}

/** The `*.sql` files of `dir` (relative to the reader's root), sorted by name: the order they apply in. */
export function migrationFiles(reader: ProjectReader, dir: string): MigrationFile[] {
  return reader
    .files(dir)
    .filter((name) => name.toLowerCase().endsWith(".sql"))
    .sort()
    .map((name) => ({ name, sql: reader.read(`${dir}/${name}`) ?? "" }));
}

/**
 * The one migration that adds everything of the table model the `existing` files do not create (new tables
 * with their indexes, new columns, new indexes), numbered after the highest of them; null when nothing is
 * missing. Columns are added nullable: rows already in the table have no value for a NOT NULL one (said in
 * the file when the model wants it NOT NULL or in a key).
 */
export function nextMigration(
  existing: readonly MigrationFile[],
  dialect: SqlDialect,
  of: readonly Table[] = tables,
): MigrationFile | null {
  const created = createdBy(existing, dialect);
  const model = renderedModel(dialect, of, adoptedUserIdType(existing));
  const number = String(nextNumber(existing)).padStart(4, "0");
  // The first migration is decided by the auth tables every app has: a later `passwords` alone is a change.
  if (tables.every((table) => !created.tables.has(table.name))) {
    return { name: `${number}_auth_tables.sql`, sql: model.schema };
  }

  const statements: string[] = [];
  const changed: string[] = [];
  for (const table of of) {
    const rendered = model.tables.get(table.name)!;
    const columns = created.tables.get(table.name);
    // A users table the files reference but never create is the app's own (database/sql/users.ts adapted the
    // first migration to it): what the adapter needs was added to it there, and nothing more is planned.
    if (table.name === "users" && created.referenced.has("users") && !created.created.has("users")) continue;
    if (!columns) {
      const indexes = dialect === "mysql" ? [] : table.indexes.map((index) => model.indexes.get(index.name)!);
      statements.push(rendered.create, ...indexes);
      changed.push(table.name);
      continue;
    }
    for (const column of table.columns) {
      if (columns.has(column.name)) continue;
      const keyed = [table.primaryKey, ...table.unique, ...table.foreignKeys.map((key) => key.columns)].some((key) =>
        key.includes(column.name),
      );
      if (!column.nullable || keyed) {
        statements.push(
          `-- ${table.name}.${column.name} is ${column.nullable ? "" : "NOT NULL "}${keyed ? "part of a key " : ""}in the table model; added nullable and outside any key, because the rows already in ${table.name} have no value for it. Fill it in, then add the constraint.`,
        );
      }
      const definition = rendered.columns.get(column.name)!.replace(/ NOT NULL$/, "");
      statements.push(`ALTER TABLE ${table.name} ADD COLUMN ${definition};`);
      changed.push(`${table.name}_${column.name}`);
    }
    for (const index of table.indexes) {
      if (created.indexes.has(index.name)) continue;
      // MySQL has no CREATE INDEX IF NOT EXISTS; its indexes are declared in the table (see sql.ts).
      statements.push(
        dialect === "mysql"
          ? `ALTER TABLE ${table.name} ADD ${rendered.indexes.get(index.name)!};`
          : model.indexes.get(index.name)!,
      );
      changed.push(index.name);
    }
  }
  if (statements.length === 0) return null;

  const header = [
    `-- Auth tables for ${dialect}, written by create-auth from its table model: what the migrations before this one do not create yet.`,
    model.schema.split("\n")[1]!,
  ];
  return {
    name: `${number}_${slug(changed)}.sql`,
    sql: `${header.join("\n")}\n\n${statements.join("\n\n").replace(/(-- .*)\n\n/g, "$1\n")}\n`,
  };
}

/** `accounts_session_state_and_authenticators`; long lists name the first change and count the others. */
function slug(changed: string[]): string {
  const all = changed.join("_and_");
  return all.length <= 60 ? all : `${changed[0]}_and_${changed.length - 1}_more`;
}

/**
 * The type the migrations give user_id where they were adapted to the app's own users table (the marker line
 * database/sql/users.ts writes): a table added later (passwords) references users.id with the same type, as
 * its foreign key needs. Undefined where the migrations create users themselves.
 */
function adoptedUserIdType(existing: readonly MigrationFile[]): string | undefined {
  const adapted = existing.find((file) => ADOPTED_MARKER.test(file.sql));
  return adapted ? /^\s*user_id ([^,\n]+?)(?: NOT NULL)?,$/m.exec(adapted.sql)?.[1] : undefined;
}

function nextNumber(existing: readonly MigrationFile[]): number {
  const numbers = existing.map((file) => /^(\d+)/.exec(file.name)?.[1]).filter((n) => n !== undefined);
  return Math.max(0, ...numbers.map(Number)) + 1;
}

/** What a run of migrations leaves in the database, as far as the table model cares: columns and index names. */
interface Created {
  /** Table → its columns (names lower-cased: the model's are lower-case and unquoted). */
  tables: Map<string, Set<string>>;
  indexes: Set<string>;
  /** Tables a CREATE TABLE of the files makes, and tables their foreign keys reference. */
  created: Set<string>;
  referenced: Set<string>;
}

function createdBy(files: readonly MigrationFile[], dialect: SqlDialect): Created {
  const created: Created = { tables: new Map(), indexes: new Set(), created: new Set(), referenced: new Set() };
  for (const file of files) {
    for (const statement of sqlStatements(file.sql, dialect)) applyStatement(created, oneLine(statement));
  }
  return created;
}

/** sqlSchema() cut into the pieces a migration is made of. */
interface RenderedModel {
  schema: string;
  tables: Map<string, { create: string; columns: Map<string, string>; indexes: Map<string, string> }>;
  /** CREATE INDEX statements by index name (not MySQL: its indexes are lines of the CREATE TABLE). */
  indexes: Map<string, string>;
}

function renderedModel(dialect: SqlDialect, of: readonly Table[], userIdType: string | undefined): RenderedModel {
  const schema = sqlSchema(dialect, of, userIdType ? { userIdType } : {});
  const model: RenderedModel = { schema, tables: new Map(), indexes: new Map() };
  for (const statement of sqlStatements(schema, dialect)) {
    const text = `${statement.trim()};`;
    const index = /^CREATE INDEX IF NOT EXISTS (\w+) /.exec(text);
    if (index) {
      model.indexes.set(index[1]!, text);
      continue;
    }
    const table = /^CREATE TABLE IF NOT EXISTS (\w+) \(/.exec(text)!;
    const items = topLevel(parenthesized(text, table[0].length - 1)!, ",").map((item) => item.trim());
    const words = (item: string) => item.split(" ");
    model.tables.set(table[1]!, {
      create: text,
      columns: new Map(items.filter((item) => !CONSTRAINT_WORDS.has(words(item)[0]!)).map((i) => [words(i)[0]!, i])),
      indexes: new Map(items.filter((item) => words(item)[0] === "INDEX").map((i) => [words(i)[1]!, i])),
    });
  }
  return model;
}

// Reading what statements create. Tolerant: names may be quoted or schema-qualified, keywords in any case;
// a statement it does not recognise creates nothing.

/** One identifier, quoted in any dialect's way, or bare. */
const IDENT = String.raw`(?:"(?:[^"]|"")+"|\x60[^\x60]+\x60|\[[^\]]+\]|[A-Za-z_][\w$]*)`;
/** A possibly schema-qualified name (`public.users`). */
const NAME = String.raw`${IDENT}(?: ?\. ?${IDENT})*`;

/** Words that start a table item or an ALTER TABLE ADD which is no column. */
const CONSTRAINT_WORDS = new Set([
  "CONSTRAINT",
  "PRIMARY",
  "UNIQUE",
  "FOREIGN",
  "CHECK",
  "EXCLUDE",
  "INDEX",
  "KEY",
  "FULLTEXT",
  "SPATIAL",
  "LIKE",
  "PERIOD",
]);

/** The last part of a name, unquoted and lower-cased. */
function bare(name: string): string {
  const last = [...name.matchAll(new RegExp(IDENT, "g"))].pop()![0];
  const quoted = /^["`[]/.test(last) ? last.slice(1, -1).replace(/""/g, '"') : last;
  return quoted.toLowerCase();
}

function firstWord(text: string): string {
  return /^\w+/.exec(text)?.[0].toUpperCase() ?? "";
}

/** A pattern (matched at the start, any case) and what a statement matching it creates or removes. */
type Rule = [pattern: string, apply: (match: RegExpExecArray, text: string) => void];

/** Applies the first rule whose pattern matches `text`; false when none does. */
function firstRule(text: string, rules: readonly Rule[]): boolean {
  for (const [pattern, apply] of rules) {
    const match = new RegExp(`^${pattern}`, "i").exec(text);
    if (match) {
      apply(match, text);
      return true;
    }
  }
  return false;
}

function columnsOf(created: Created, table: string): Set<string> {
  const columns = created.tables.get(table) ?? new Set<string>();
  created.tables.set(table, columns);
  return columns;
}

function applyStatement(created: Created, statement: string): void {
  for (const match of statement.matchAll(new RegExp(`\\bREFERENCES (${NAME})`, "gi")))
    created.referenced.add(bare(match[1]!));
  firstRule(statement, [
    [`CREATE (?:(?:GLOBAL |LOCAL )?(?:TEMP|TEMPORARY) )TABLE`, () => {}],
    [
      `CREATE (?:UNLOGGED )?TABLE (?:IF NOT EXISTS )?(${NAME}) ?\\(`,
      (m, text) => {
        const body = parenthesized(text, m[0].length - 1);
        if (body === null) return;
        const columns = columnsOf(created, bare(m[1]!));
        created.created.add(bare(m[1]!));
        for (const item of topLevel(body, ",")) addItem(created, columns, item.trim());
      },
    ],
    [
      `ALTER TABLE (?:IF EXISTS )?(?:ONLY )?(${NAME}) (.*)$`,
      (m) => {
        let table = bare(m[1]!);
        for (const action of topLevel(m[2]!, ",")) table = alter(created, table, action.trim());
      },
    ],
    [
      `CREATE (?:UNIQUE )?INDEX (?:CONCURRENTLY )?(?:IF NOT EXISTS )?(${NAME}) ON `,
      (m) => created.indexes.add(bare(m[1]!)),
    ],
    [
      `DROP TABLE (?:IF EXISTS )?(${NAME}(?: ?, ?${NAME})*)`,
      (m) => {
        for (const name of topLevel(m[1]!, ",")) created.tables.delete(bare(name.trim()));
      },
    ],
    [`DROP INDEX (?:CONCURRENTLY )?(?:IF EXISTS )?(${NAME})`, (m) => created.indexes.delete(bare(m[1]!))],
    [`RENAME TABLE (${NAME}) TO (${NAME})`, (m) => renameTable(created, bare(m[1]!), bare(m[2]!))],
  ]);
}

/** One item of a CREATE TABLE body: a column, or (MySQL) an inline index; other constraints create neither. */
function addItem(created: Created, columns: Set<string>, item: string): void {
  const word = firstWord(item);
  const index = new RegExp(`^(?:UNIQUE |FULLTEXT |SPATIAL )?(?:INDEX|KEY) (?:IF NOT EXISTS )?(${IDENT})`, "i").exec(
    item,
  );
  if (index && word !== "PRIMARY") created.indexes.add(bare(index[1]!));
  else if (!CONSTRAINT_WORDS.has(word) && item !== "") columns.add(bare(new RegExp(IDENT).exec(item)?.[0] ?? ""));
}

/** Words after DROP that name something other than a column. */
const NOT_A_COLUMN = "(?!(?:CONSTRAINT|PRIMARY|FOREIGN|CHECK|INDEX|KEY)\\b)";

/** One ALTER TABLE action; returns the table's name after it (RENAME TO). */
function alter(created: Created, table: string, action: string): string {
  const columns = columnsOf(created, table);
  const rename = (from: string, to: string) => {
    if (columns.delete(bare(from))) columns.add(bare(to));
  };
  let renamed = table;
  firstRule(action, [
    [
      `ADD(?: COLUMN)? ?\\(`,
      (m, text) => {
        for (const item of topLevel(parenthesized(text, m[0].length - 1) ?? "", ",")) {
          addItem(created, columns, item.trim());
        }
      },
    ],
    [`ADD (?:COLUMN )?(?:IF NOT EXISTS )?(.*)$`, (m) => addItem(created, columns, m[1]!)],
    [`DROP (?:INDEX|KEY) (?:IF EXISTS )?(${IDENT})`, (m) => created.indexes.delete(bare(m[1]!))],
    [`DROP (?:COLUMN )?(?:IF EXISTS )?${NOT_A_COLUMN}(${IDENT})`, (m) => columns.delete(bare(m[1]!))],
    [`RENAME (?:COLUMN )?(?!(?:TO|AS)\\b)(${IDENT}) TO (${IDENT})`, (m) => rename(m[1]!, m[2]!)],
    [`CHANGE (?:COLUMN )?(${IDENT}) (${IDENT})`, (m) => rename(m[1]!, m[2]!)],
    [
      `RENAME (?:TO |AS )?(${NAME})$`,
      (m) => {
        renamed = bare(m[1]!);
        renameTable(created, table, renamed);
      },
    ],
  ]);
  return renamed;
}

function renameTable(created: Created, from: string, to: string): void {
  const columns = created.tables.get(from);
  if (!columns) return;
  created.tables.delete(from);
  created.tables.set(to, columns);
}

// Lexing: enough of SQL's quoting to find statement ends, parentheses and commas that are not in a string.

/** Where the quoted text starting at `start` ends (just past its closing quote). */
function quoteEnd(sql: string, start: number, backslashEscapes: boolean): number {
  const quote = sql[start]!;
  const close = quote === "[" ? "]" : quote;
  for (let i = start + 1; i < sql.length; i++) {
    if (backslashEscapes && sql[i] === "\\" && quote === "'") i++;
    else if (sql[i] === close) {
      if (sql[i + 1] === close && close !== "]") i++;
      else return i + 1;
    }
  }
  return sql.length;
}

/** The statements of a SQL text, comments removed: split by the migrator's own rule (database/sql-statements.ts). */
export function sqlStatements(sql: string, dialect: SqlDialect): string[] {
  return splitStatements(sql, dialect).map((statement) => statement.code);
}

/** Whitespace collapsed to single spaces outside quotes, so patterns can use one space between words. */
function oneLine(statement: string): string {
  let out = "";
  for (let i = 0; i < statement.length; ) {
    const c = statement[i]!;
    if (c === "'" || c === '"' || c === "`") {
      const end = quoteEnd(statement, i, false);
      out += statement.slice(i, end);
      i = end;
    } else if (/\s/.test(c)) {
      while (i < statement.length && /\s/.test(statement[i]!)) i++;
      out += " ";
    } else {
      out += c;
      i++;
    }
  }
  return out
    .replace(/ ?([(),]) ?/g, "$1 ")
    .replace(/\( /g, "(")
    .replace(/ \)/g, ")")
    .trim();
}

/** The text inside the parentheses opening at `open`, or null when they never close. */
function parenthesized(text: string, open: number): string | null {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'" || c === '"' || c === "`") i = quoteEnd(text, i, false) - 1;
    else if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return text.slice(open + 1, i);
  }
  return null;
}

/** `text` split at `separator`s outside parentheses and quotes. */
function topLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'" || c === '"' || c === "`") i = quoteEnd(text, i, false) - 1;
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** The command that applies the migrations to the database the env file names. */
export const MIGRATE_COMMAND = "npx create-auth migrate";

/** `npx create-auth migrate`, told the folder when it is not the default one. */
export function migrateCommand(folder: string): string {
  return folder === MIGRATIONS_DIR ? MIGRATE_COMMAND : `${MIGRATE_COMMAND} --migrations ${folder}`;
}
