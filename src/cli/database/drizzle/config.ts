/**
 * drizzle.config.{ts,js,mjs,cjs,mts} read through its syntax tree (never run): the `schema` entries (a file,
 * a folder, a glob, or a list of them) resolved to the project's modules, the `dialect` in the CLI's words,
 * and where `dbCredentials.url` takes the database from (the env variable drizzle-kit reads, or the URL itself).
 */
import path from "node:path/posix";
import { parseSyntax, type SyntaxNode, type Ts, typescript } from "../../edit/ast.js";
import type { ProjectReader } from "../../project/reader.js";
import type { SqlDialect } from "../flavours.js";

const CONFIG_FILES = ["ts", "js", "mjs", "cjs", "mts"].map((ext) => `drizzle.config.${ext}`);
/** A JavaScript or TypeScript module (declaration files are not). */
const MODULE = /\.(ts|mts|cts|js|mjs|cjs)$/;
const DECLARATIONS = /\.d\.[cm]?ts$/;

/** drizzle.config's `dialect` (and drizzle-kit < 0.21's `driver`) in the CLI's words. */
const CONFIG_DIALECTS: Record<string, SqlDialect> = {
  postgresql: "postgres",
  sqlite: "sqlite",
  turso: "sqlite",
  mysql: "mysql",
  pg: "postgres",
  "better-sqlite": "sqlite",
  libsql: "sqlite",
  mysql2: "mysql",
};

/**
 * `dbCredentials.url`: `process.env.X` (with `!`, `?? "…"`, `|| "…"` or `as string`) names the env variable,
 * with its fallback when the config gives one; a string is the URL or the SQLite file itself.
 */
export type DrizzleConfigUrl = { env: string; fallback: string | null } | { value: string };

/** What drizzle.config says; `schema` as written (paths relative to the project). */
export interface DrizzleConfig {
  file: string;
  schema: string[];
  dialect: SqlDialect | null;
  /** Where the database is, as drizzle-kit reads it; null when the config says it another way (host, user, …). */
  url: DrizzleConfigUrl | null;
  /** drizzle-kit's migrations folder (`out`, default `drizzle`), relative to the project. */
  out: string;
}

/** A string literal's text, or null. */
function stringOf(ts: Ts, node: SyntaxNode): string | null {
  return ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node.text : null;
}

/** `process.env.X`, `process.env["X"]`, through `!`, `as`, parentheses, and `??`/`||` with a string fallback. */
function configUrl(ts: Ts, node: SyntaxNode): DrizzleConfigUrl | null {
  let fallback: string | null = null;
  for (;;) {
    if (ts.isNonNullExpression(node) || ts.isAsExpression(node) || ts.isParenthesizedExpression(node))
      node = node.expression;
    else if (
      ts.isBinaryExpression(node) &&
      [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(node.operatorToken.kind)
    ) {
      fallback = stringOf(ts, node.right);
      node = node.left;
    } else break;
  }
  const literal = stringOf(ts, node);
  if (literal !== null) return { value: literal };
  const env = (target: SyntaxNode) =>
    ts.isPropertyAccessExpression(target) &&
    ts.isIdentifier(target.expression) &&
    target.expression.text === "process" &&
    target.name.text === "env";
  if (ts.isPropertyAccessExpression(node) && env(node.expression)) return { env: node.name.text, fallback };
  if (ts.isElementAccessExpression(node) && env(node.expression)) {
    const key = stringOf(ts, node.argumentExpression);
    if (key !== null) return { env: key, fallback };
  }
  return null;
}

/** The object a config module exports: `defineConfig({…})`, `{…} satisfies Config`, `module.exports = {…}`, a const. */
function configObject(ts: Ts, tree: import("ts-morph").ts.SourceFile) {
  const consts = new Map<string, SyntaxNode>();
  const unwrap = (node: SyntaxNode | undefined): import("ts-morph").ts.ObjectLiteralExpression | null => {
    while (node && (ts.isSatisfiesExpression(node) || ts.isAsExpression(node) || ts.isParenthesizedExpression(node)))
      node = node.expression;
    if (!node) return null;
    if (ts.isObjectLiteralExpression(node)) return node;
    if (ts.isCallExpression(node)) return unwrap(node.arguments[0]);
    if (ts.isIdentifier(node)) return unwrap(consts.get(node.text));
    return null;
  };
  for (const statement of tree.statements) {
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations)
        if (ts.isIdentifier(declaration.name) && declaration.initializer)
          consts.set(declaration.name.text, declaration.initializer);
    }
    if (ts.isExportAssignment(statement)) return unwrap(statement.expression);
    if (
      ts.isExpressionStatement(statement) &&
      ts.isBinaryExpression(statement.expression) &&
      statement.expression.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      statement.expression.left.getText(tree) === "module.exports"
    )
      return unwrap(statement.expression.right);
  }
  return null;
}

export function readDrizzleConfig(reader: ProjectReader): DrizzleConfig | null {
  const file = CONFIG_FILES.find((candidate) => reader.exists(candidate));
  const source = file ? reader.read(file) : null;
  if (!file || source === null) return null;
  const ts = typescript();
  const object = configObject(ts, parseSyntax(source, file));
  const config: DrizzleConfig = { file, schema: [], dialect: null, url: null, out: "drizzle" };
  for (const property of object?.properties ?? []) {
    if (!ts.isPropertyAssignment(property) || !ts.isIdentifier(property.name)) continue;
    const value = property.initializer;
    if (property.name.text === "dbCredentials" && ts.isObjectLiteralExpression(value)) {
      for (const credential of value.properties)
        if (ts.isPropertyAssignment(credential) && ts.isIdentifier(credential.name) && credential.name.text === "url")
          config.url = configUrl(ts, credential.initializer);
    }
    const strings = ts.isArrayLiteralExpression(value) ? [...value.elements] : [value];
    const texts = strings.flatMap((node) =>
      ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? [node.text] : [],
    );
    if (property.name.text === "schema") config.schema = texts;
    if (property.name.text === "out" && texts[0]) config.out = path.normalize(texts[0]).replace(/\/$/, "");
    if ((property.name.text === "dialect" || property.name.text === "driver") && texts[0])
      config.dialect ??= CONFIG_DIALECTS[texts[0]] ?? null;
  }
  return config;
}

/** Every module under a folder, recursively, as root-relative paths. */
export function modulesUnder(reader: ProjectReader, folder: string): string[] {
  if (!reader.isDirectory(folder)) return [];
  const files = reader
    .files(folder)
    .filter((name) => MODULE.test(name) && !DECLARATIONS.test(name))
    .map((name) => path.join(folder, name));
  const nested = reader
    .directories(folder)
    .filter((name) => name !== "node_modules" && !name.startsWith("."))
    .flatMap((name) => modulesUnder(reader, path.join(folder, name)));
  return [...files, ...nested];
}

/** A glob of drizzle.config (`./src/db/schema/*.ts`, `./src/**\/schema.ts`) as a test on root-relative paths. */
function globTest(pattern: string): (file: string) => boolean {
  const source = pattern
    .split("**/")
    .map((part) =>
      part
        .split("*")
        .map((piece) => piece.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
        .join("[^/]*"),
    )
    .join("(?:.*/)?");
  const regex = new RegExp(`^${source}$`);
  return (file) => regex.test(file);
}

/** The files and the folder new schema modules go in, from drizzle.config's `schema` entries. */
export function drizzleConfigSchema(
  reader: ProjectReader,
  entries: string[],
): { files: string[]; folder: string | null; named: string[]; globs: Array<(file: string) => boolean> } {
  const files: string[] = [];
  const globs: Array<(file: string) => boolean> = [];
  /** The plain file paths the config names, written yet or not. */
  const named: string[] = [];
  let folder: string | null = null;
  for (const raw of entries) {
    const entry = path.normalize(raw).replace(/^\.\//, "").replace(/\/$/, "");
    if (entry.includes("*")) {
      const base = entry
        .slice(0, entry.indexOf("*"))
        .replace(/[^/]*$/, "")
        .replace(/\/$/, "");
      const matches = globTest(entry);
      globs.push(matches);
      files.push(...modulesUnder(reader, base || ".").filter(matches));
      // A new module in the glob's folder is matched by it when the glob takes any name there.
      if (/^[^/]*\*[^/]*$/.test(entry.slice(base.length + (base ? 1 : 0)))) folder ??= base || ".";
    } else if (reader.isDirectory(entry)) {
      files.push(...modulesUnder(reader, entry));
      folder ??= entry;
    } else {
      named.push(entry);
      if (reader.exists(entry)) files.push(entry);
    }
  }
  return { files: [...new Set(files)], folder, named, globs };
}

/** The modules directly in a folder (not its subfolders), as root-relative paths. */
export function directModules(reader: ProjectReader, folder: string): string[] {
  return reader
    .files(folder)
    .filter((name) => MODULE.test(name) && !DECLARATIONS.test(name))
    .map((name) => path.join(folder, name));
}
