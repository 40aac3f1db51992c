/**
 * The project's own Prisma setup, read from its files: where the schema is (one file or a folder of
 * `.prisma` files), which provider its datasource declares, and the module that already exports a
 * PrismaClient instance for the auth module to reuse. The schema is located the way the Prisma CLI
 * locates it: `schema` in prisma.config.{ts,mts,js,mjs,cjs}, else `prisma.schema` in package.json, else
 * prisma/schema.prisma, else the folder prisma/schema/.
 */
import path from "node:path";
import type { ProjectReader } from "../plan/reader.js";
import { type PrismaProvider, prismaProviders } from "../schema/prisma.js";
import { blockSetting, prismaBlocks, providerAlias } from "../schema/prisma-blocks.js";
import type { PrismaFile } from "../schema/prisma-merge.js";
import type { ProjectInfo } from "../targets/types.js";
import { parseSyntax, type SyntaxNode, type SyntaxTree, type Ts, typescript } from "../transforms/ast.js";

export interface PrismaProject {
  /** prisma.config.ts (or .js, .mjs, …) when the project has one. */
  configFile: string | null;
  layout: "file" | "folder";
  /** The schema file, or the schema folder (layout "folder"); relative to the root. */
  schemaPath: string;
  /** The schema's files (every `.prisma` file of the folder); [] when there is no schema yet. */
  files: PrismaFile[];
  /** The datasource's provider; null without a datasource, or for a provider the auth models do not support. */
  provider: PrismaProvider | null;
  /** The module exporting the app's PrismaClient instance, and its export name (`default` for a default export). */
  client: { file: string; exportName: string } | null;
}

const configNames = [
  "prisma.config.ts",
  "prisma.config.mts",
  "prisma.config.js",
  "prisma.config.mjs",
  "prisma.config.cjs",
];

function readJson(reader: ProjectReader, file: string): Record<string, unknown> | null {
  const text = reader.read(file);
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function dependsOnPrisma(packageJson: Record<string, unknown> | null): boolean {
  return ["dependencies", "devDependencies"].some((key) => {
    const deps = packageJson?.[key];
    return !!deps && typeof deps === "object" && ("prisma" in deps || "@prisma/client" in deps);
  });
}

/** A string literal or a template without substitutions. */
function stringValue(ts: Ts, node: SyntaxNode | undefined): string | null {
  if (!node) return null;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  return null;
}

/** The value under `export default` / `module.exports =`, through `defineConfig(…)`, `satisfies` and `as`. */
function exportedConfig(ts: Ts, file: SyntaxTree): SyntaxNode | null {
  const locals = new Map<string, SyntaxNode>();
  let exported: SyntaxNode | null = null;
  for (const statement of file.statements) {
    if (ts.isVariableStatement(statement))
      for (const declaration of statement.declarationList.declarations)
        if (ts.isIdentifier(declaration.name) && declaration.initializer)
          locals.set(declaration.name.text, declaration.initializer);
    if (ts.isExportAssignment(statement)) exported = statement.expression;
    if (
      ts.isExpressionStatement(statement) &&
      ts.isBinaryExpression(statement.expression) &&
      statement.expression.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      statement.expression.left.getText(file) === "module.exports"
    )
      exported = statement.expression.right;
  }
  let node = exported;
  for (let depth = 0; node && depth < 10; depth++) {
    if (ts.isObjectLiteralExpression(node)) return node;
    if (ts.isSatisfiesExpression(node) || ts.isAsExpression(node) || ts.isParenthesizedExpression(node))
      node = node.expression;
    else if (ts.isCallExpression(node)) node = node.arguments[0] ?? null;
    else if (ts.isIdentifier(node)) node = locals.get(node.text) ?? null;
    else return null;
  }
  return null;
}

/** The `schema` a prisma.config file names, relative to the project root. */
function configSchema(reader: ProjectReader, configFile: string): string | null {
  const source = reader.read(configFile);
  if (source === null) return null;
  const ts = typescript();
  const file = parseSyntax(source, configFile);
  const config = exportedConfig(ts, file);
  if (!config || !ts.isObjectLiteralExpression(config)) return null;
  for (const property of config.properties) {
    if (!ts.isPropertyAssignment(property) || property.name.getText(file).replace(/["']/g, "") !== "schema") continue;
    const value = stringValue(ts, property.initializer);
    if (value !== null) return path.posix.normalize(path.posix.join(path.posix.dirname(configFile), value));
  }
  return null;
}

function packageSchema(packageJson: Record<string, unknown> | null): string | null {
  const prisma = packageJson?.prisma;
  if (!prisma || typeof prisma !== "object") return null;
  const schema = (prisma as Record<string, unknown>).schema;
  return typeof schema === "string" ? path.posix.normalize(schema) : null;
}

/** Every `.prisma` file under a folder (Prisma reads sub-folders too), skipping what a build or install writes. */
function prismaFilesUnder(reader: ProjectReader, dir: string): PrismaFile[] {
  const files: PrismaFile[] = [];
  for (const name of reader.files(dir)) {
    if (!name.endsWith(".prisma")) continue;
    const file = path.posix.join(dir, name);
    const text = reader.read(file);
    if (text !== null) files.push({ path: file, text });
  }
  for (const sub of reader.directories(dir))
    if (sub !== "node_modules" && sub !== "migrations" && !sub.startsWith("."))
      files.push(...prismaFilesUnder(reader, path.posix.join(dir, sub)));
  return files;
}

function providerOf(files: readonly PrismaFile[]): PrismaProvider | null {
  for (const file of files)
    for (const block of prismaBlocks(file.text)) {
      if (block.kind !== "datasource") continue;
      const value = blockSetting(file.text, block, "provider");
      const provider = value === null ? null : providerAlias(value);
      return prismaProviders.find((candidate) => candidate === provider) ?? null;
    }
  return null;
}

// Where apps keep their client: src/lib/server/db/index.ts (SvelteKit), src/server/db.ts (create-t3-app),
// lib/prisma.ts (Next.js), src/db.ts (Express), …
const clientDirectories = [
  "src/lib/server/db",
  "src/lib/server",
  "src/lib/db",
  "src/lib",
  "src/server/db",
  "src/server",
  "src/db",
  "src",
  "lib/server",
  "lib",
  "server",
  "db",
  "app/lib",
  "src/app/lib",
  "utils",
  "src/utils",
  "",
];

const clientNames = /^(prisma|db|database|client|index)\.(ts|mts|cts|js|mjs|cjs)$/;

/**
 * Whether an expression's value is a client: `new PrismaClient(…)`, or what passes one on (`a ?? new
 * PrismaClient()`, a local variable, `.$extends(…)`, what a local factory returns). Only the value is
 * followed: `prisma.user.count()` uses a client but is none.
 */
function yieldsClient(
  ts: Ts,
  node: SyntaxNode,
  locals: ReadonlyMap<string, SyntaxNode>,
  seen = new Set<string>(),
): boolean {
  const follow = (next: SyntaxNode): boolean => yieldsClient(ts, next, locals, seen);
  const local = (name: string): SyntaxNode | null => {
    if (seen.has(name)) return null;
    seen.add(name);
    return locals.get(name) ?? null;
  };
  if (ts.isNewExpression(node)) {
    const callee = node.expression;
    return (
      (ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : "") ===
      "PrismaClient"
    );
  }
  if (ts.isIdentifier(node)) {
    const target = local(node.text);
    return !!target && !ts.isBlock(target) && follow(target);
  }
  if (
    ts.isParenthesizedExpression(node) ||
    ts.isAsExpression(node) ||
    ts.isSatisfiesExpression(node) ||
    ts.isNonNullExpression(node)
  )
    return follow(node.expression);
  if (ts.isBinaryExpression(node)) {
    const operator = node.operatorToken.kind;
    if (operator === ts.SyntaxKind.QuestionQuestionToken || operator === ts.SyntaxKind.BarBarToken)
      return follow(node.left) || follow(node.right);
    return operator === ts.SyntaxKind.EqualsToken && follow(node.right);
  }
  if (ts.isConditionalExpression(node)) return follow(node.whenTrue) || follow(node.whenFalse);
  if (ts.isCallExpression(node)) {
    const callee = node.expression;
    if (ts.isPropertyAccessExpression(callee) && callee.name.text === "$extends") return follow(callee.expression);
    if (!ts.isIdentifier(callee)) return false;
    const target = local(callee.text);
    if (!target) return false;
    const body = ts.isArrowFunction(target) || ts.isFunctionExpression(target) ? target.body : target;
    return ts.isBlock(body) ? returnsClient(body) : follow(body);
  }
  return false;

  function returnsClient(body: SyntaxNode): boolean {
    let found = false;
    const visit = (child: SyntaxNode): void => {
      if (found || ts.isFunctionLike(child)) return;
      if (ts.isReturnStatement(child) && child.expression && follow(child.expression)) found = true;
      else ts.forEachChild(child, visit);
    };
    ts.forEachChild(body, visit);
    return found;
  }
}

/** The name under which a module exports a PrismaClient instance (`default` for a default export), or null. */
export function prismaClientExport(source: string, fileName: string): string | null {
  if (!source.includes("PrismaClient")) return null;
  const ts = typescript();
  const file = parseSyntax(source, fileName);
  const locals = new Map<string, SyntaxNode>();
  for (const statement of file.statements) {
    if (ts.isVariableStatement(statement))
      for (const declaration of statement.declarationList.declarations)
        if (ts.isIdentifier(declaration.name) && declaration.initializer)
          locals.set(declaration.name.text, declaration.initializer);
    if (ts.isFunctionDeclaration(statement) && statement.name && statement.body)
      locals.set(statement.name.text, statement.body);
  }
  const exported: string[] = [];
  const isExported = (node: SyntaxNode) =>
    ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  const creates = (node: SyntaxNode) => yieldsClient(ts, node, locals);
  for (const statement of file.statements) {
    if (ts.isVariableStatement(statement) && isExported(statement)) {
      for (const declaration of statement.declarationList.declarations)
        if (ts.isIdentifier(declaration.name) && declaration.initializer && creates(declaration.initializer))
          exported.push(declaration.name.text);
    } else if (ts.isExportAssignment(statement) && creates(statement.expression)) {
      exported.push("default");
    } else if (ts.isExportDeclaration(statement) && !statement.moduleSpecifier && statement.exportClause) {
      if (ts.isNamedExports(statement.exportClause))
        for (const element of statement.exportClause.elements) {
          const local = locals.get((element.propertyName ?? element.name).getText(file));
          if (local && creates(local)) exported.push(element.name.getText(file));
        }
    } else if (ts.isExpressionStatement(statement) && ts.isBinaryExpression(statement.expression)) {
      // CommonJS: `module.exports = prisma`, `module.exports = { prisma }`, `exports.db = …`.
      const { left, right, operatorToken } = statement.expression;
      if (operatorToken.kind !== ts.SyntaxKind.EqualsToken) continue;
      const target = left.getText(file);
      const named = /^(?:module\.)?exports\.(\w+)$/.exec(target)?.[1];
      if (named && creates(right)) exported.push(named);
      else if (target === "module.exports" && ts.isObjectLiteralExpression(right)) {
        for (const property of right.properties)
          if (
            (ts.isShorthandPropertyAssignment(property) && creates(property.name)) ||
            (ts.isPropertyAssignment(property) && creates(property.initializer))
          )
            exported.push(property.name.getText(file));
      } else if (target === "module.exports" && creates(right)) exported.push("default");
    }
  }
  // A named export reads best at the import site; the default one otherwise.
  return exported.find((name) => name !== "default") ?? exported[0] ?? null;
}

/** The module that exports the app's PrismaClient, looked for where apps keep it (src/lib/prisma.ts, src/db.ts, …). */
function findClient(reader: ProjectReader, info: Pick<ProjectInfo, "srcDir" | "language">): PrismaProject["client"] {
  const directories = info.srcDir
    ? clientDirectories
    : [
        ...clientDirectories.filter((dir) => !dir.startsWith("src")),
        ...clientDirectories.filter((dir) => dir.startsWith("src")),
      ];
  for (const dir of directories) {
    const names = reader.files(dir).filter((name) => clientNames.test(name));
    // prisma.* before db.* before the rest, TypeScript first in a TypeScript project.
    const rank = (name: string) =>
      ["prisma", "db", "database", "client", "index"].indexOf(name.split(".")[0] ?? "") * 2 +
      (/\.[mc]?ts$/.test(name) === (info.language === "ts") ? 0 : 1);
    for (const name of names.sort((a, b) => rank(a) - rank(b))) {
      const file = dir ? `${dir}/${name}` : name;
      const source = reader.read(file);
      const exportName = source === null ? null : prismaClientExport(source, file);
      if (exportName) return { file, exportName };
    }
  }
  return null;
}

/** The project's Prisma setup, or null when it neither depends on Prisma nor has a schema. */
export function findPrismaProject(
  reader: ProjectReader,
  info: Pick<ProjectInfo, "srcDir" | "language">,
): PrismaProject | null {
  const packageJson = readJson(reader, "package.json");
  const configFile = configNames.find((name) => reader.exists(name)) ?? null;
  const named = (configFile && configSchema(reader, configFile)) ?? packageSchema(packageJson);
  const schemaPath =
    named ??
    (reader.exists("prisma/schema.prisma")
      ? "prisma/schema.prisma"
      : reader.isDirectory("prisma/schema")
        ? "prisma/schema"
        : null);
  if (!schemaPath && !dependsOnPrisma(packageJson)) return null;

  const path_ = schemaPath ?? "prisma/schema.prisma";
  const layout = reader.isDirectory(path_) ? "folder" : "file";
  const text = layout === "file" ? reader.read(path_) : null;
  const files = layout === "folder" ? prismaFilesUnder(reader, path_) : text === null ? [] : [{ path: path_, text }];
  return {
    configFile,
    layout,
    schemaPath: path_,
    files,
    provider: providerOf(files),
    client: findClient(reader, info),
  };
}
