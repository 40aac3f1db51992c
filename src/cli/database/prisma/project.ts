/**
 * The project's own Prisma setup, read from its files: where the schema is (one file or a folder of
 * `.prisma` files), which provider its datasource declares, and the module that already exports a
 * PrismaClient instance for the auth module to reuse (database/prisma/client-module.ts). The schema is located the
 * way the Prisma CLI locates it: `schema` in prisma.config.{ts,mts,js,mjs,cjs}, else `prisma.schema` in
 * package.json, else prisma/schema.prisma, else the folder prisma/schema/.
 */
import path from "node:path";
import { parseSyntax, type SyntaxNode, type SyntaxTree, type Ts, typescript } from "../../edit/ast.js";
import type { ProjectReader } from "../../project/reader.js";
import type { ProjectInfo } from "../../project/types.js";
import type { SqlDialect } from "../flavours.js";
import type { OrmProject } from "../setup-types.js";
import { blockSetting, prismaBlocks, providerAlias } from "./blocks.js";
import { findPrismaClientModule } from "./client-module.js";
import type { PrismaFile } from "./merge.js";
import { type PrismaProvider, prismaProviders } from "./render.js";

export interface PrismaProject {
  /** prisma.config.ts (or .js, .mjs, …) when the project has one. */
  configFile: string | null;
  layout: "file" | "folder";
  /** The schema file, or the schema folder (layout "folder"); relative to the root. */
  schemaPath: string;
  /**
   * The schema's files (every `.prisma` file of the folder); [] when there is no schema yet, which
   * newSchemaFile says where to write.
   */
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
export function prismaFilesUnder(reader: ProjectReader, dir: string): PrismaFile[] {
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
    client: findPrismaClientModule(reader, info),
  };
}

/**
 * Where a whole new schema goes when the project has none yet: the file its Prisma settings name (a
 * prisma.config `schema` not written yet), else Prisma's default (undefined: mergePrismaSchema's).
 */
export function newSchemaFile(project: PrismaProject | null): string | undefined {
  return project?.layout === "file" && project.schemaPath.endsWith(".prisma") ? project.schemaPath : undefined;
}

/** The SQL dialect a schema's `provider` names. */
export function dialectOfPrisma(provider: PrismaProvider): SqlDialect {
  return provider === "postgresql" ? "postgres" : provider;
}

/** The Prisma project a database setup found (database/setup-types.ts), or null when it has none. */
export function prismaProjectOf(setup: { project: OrmProject | null } | null): PrismaProject | null {
  const project = setup?.project ?? null;
  return project && isPrisma(project) ? project : null;
}

function isPrisma(project: OrmProject): project is OrmProject & PrismaProject {
  return project.orm === "prisma";
}
