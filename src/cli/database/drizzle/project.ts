/**
 * An app's Drizzle setup, read (never written) so init and `auth generate` put the auth tables where the
 * app's own tables are and wire the app's own database instance: drizzle.config's `schema` and `dialect`
 * (read through its syntax tree), else the modules in the usual places that import a
 * `drizzle-orm/<dialect>-core`; the module that already defines `users`; the module that exports
 * `drizzle(…)`'s result.
 */
import path from "node:path/posix";
import { parseSyntax, type SyntaxNode, typescript } from "../../edit/ast.js";
import type { ProjectReader } from "../../project/reader.js";
import type { ProjectInfo } from "../../project/types.js";
import type { SqlDialect } from "../flavours.js";
import type { OrmProject } from "../setup-types.js";
import { directModules, drizzleConfigSchema, readDrizzleConfig } from "./config.js";
import { dialectFromCoreModule, drizzleModuleTables, isCoreModule } from "./module.js";

export interface DrizzleProject {
  /** drizzle.config.*, or null when the app has none. */
  configFile: string | null;
  dialect: SqlDialect | null;
  /** The modules that define the app's tables. */
  schemaFiles: string[];
  /** Where the auth tables are, or go: the module defining `users`, the one schema module, or a new one. */
  authSchemaFile: string;
  /** The module exporting the app's Drizzle database (`export const db = drizzle(…)`), if any. */
  instance: { file: string; exportName: string } | null;
}

/** Where Drizzle's guides and scaffolders (`sv add drizzle`, create-t3-app, …) put the database modules. */
const USUAL_FOLDERS = [
  "src/db",
  "src/db/schema",
  "src/lib/db",
  "src/lib/db/schema",
  "src/lib/server/db",
  "src/lib/server/db/schema",
  "src/server/db",
  "src/server/db/schema",
  "src/drizzle",
  "src/database",
  "db",
  "db/schema",
  "drizzle",
  "lib/db",
  "lib/db/schema",
  "server/db",
  "server/database",
  "app/db",
  "database",
];

/** Folders where a single module (`db.ts`, `schema.ts`, `database.ts`, `drizzle.ts`) often holds them instead. */
const USUAL_MODULE_FOLDERS = [".", "src", "src/lib", "src/lib/server", "src/server", "lib", "server", "app"];
const USUAL_MODULE_NAME = /^(db|database|schema|drizzle)\.(ts|mts|js|mjs)$/;

/**
 * The first line of the module init writes the auth tables to when the app had no Drizzle schema
 * (database/drizzle/plan.ts; drizzleSchema's first line), `auth-schema.<ext>` beside its client module, which is in
 * one of the usual module folders for every framework.
 */
const INIT_SCHEMA_HEADER = "// Auth tables for ";
const INIT_SCHEMA_NAME = /^auth-schema\.(ts|mts|js|mjs|cjs)$/;

/** Whether a module is init's own auth-schema module (by its first line). */
export function isInitAuthSchema(source: string | null): boolean {
  return source?.startsWith(INIT_SCHEMA_HEADER) ?? false;
}

/** The dialect of the database a `drizzle-orm/<driver>` module talks to. */
const DRIVER_DIALECTS: Record<string, SqlDialect> = {
  "node-postgres": "postgres",
  "postgres-js": "postgres",
  "neon-http": "postgres",
  "neon-serverless": "postgres",
  "vercel-postgres": "postgres",
  pglite: "postgres",
  "aws-data-api/pg": "postgres",
  "better-sqlite3": "sqlite",
  libsql: "sqlite",
  "bun-sqlite": "sqlite",
  d1: "sqlite",
  "expo-sqlite": "sqlite",
  "node-sqlite": "sqlite",
  "op-sqlite": "sqlite",
  mysql2: "mysql",
  "planetscale-serverless": "mysql",
  tidb: "mysql",
};

function dependsOnDrizzle(reader: ProjectReader): boolean {
  try {
    const pkg = JSON.parse(reader.read("package.json") ?? "{}") as Record<string, Record<string, string> | undefined>;
    return Boolean(pkg.dependencies?.["drizzle-orm"] ?? pkg.devDependencies?.["drizzle-orm"]);
  } catch {
    return false;
  }
}

/** The modules in the usual places (folders and single modules, init's own auth-schema), in that order. */
function usualModules(reader: ProjectReader): string[] {
  const single = USUAL_MODULE_FOLDERS.flatMap((folder) =>
    reader
      .files(folder)
      .map((name) => path.join(folder, name))
      .filter((file) => {
        const name = path.basename(file);
        return USUAL_MODULE_NAME.test(name) || (INIT_SCHEMA_NAME.test(name) && isInitAuthSchema(reader.read(file)));
      }),
  );
  return [...new Set([...USUAL_FOLDERS.flatMap((folder) => directModules(reader, folder)), ...single])];
}

/** The modules in the usual places that import a Drizzle core module (their tables). */
function schemaModulesByImports(reader: ProjectReader): string[] {
  return usualModules(reader).filter((file) => {
    const source = reader.read(file);
    return Boolean(source?.includes("drizzle-orm/")) && coreDialects(source ?? "", file).length > 0;
  });
}

function coreDialects(source: string, file: string): Array<SqlDialect | null> {
  return drizzleModuleTables(source, file)
    .coreImports.filter((entry) => isCoreModule(entry.module))
    .map((entry) => dialectFromCoreModule(entry.module));
}

/** `export const db = drizzle(…)`, `export default drizzle(…)`, `const db = drizzle(…); export { db }`. */
function drizzleInstance(source: string, file: string): { exportName: string; dialect: SqlDialect | null } | null {
  if (!source.includes("drizzle-orm/")) return null;
  const ts = typescript();
  const tree = parseSyntax(source, file);
  const drizzleNames = new Map<string, SqlDialect | null>();
  for (const statement of tree.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const driver = /^drizzle-orm\/(.+)$/.exec(statement.moduleSpecifier.text)?.[1];
    const bindings = statement.importClause?.namedBindings;
    if (!driver || !bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements)
      if ((element.propertyName ?? element.name).text === "drizzle")
        drizzleNames.set(element.name.text, DRIVER_DIALECTS[driver] ?? null);
  }
  if (!drizzleNames.size) return null;
  const callDialect = (node: SyntaxNode | undefined): SqlDialect | null | undefined => {
    while (node && (ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isParenthesizedExpression(node)))
      node = node.expression;
    // `globalForDb.db ?? drizzle(…)`: the instance cached across hot reloads in development.
    if (
      node &&
      ts.isBinaryExpression(node) &&
      [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(node.operatorToken.kind)
    )
      return callDialect(node.right);
    if (!node || !ts.isCallExpression(node) || !ts.isIdentifier(node.expression)) return undefined;
    return drizzleNames.has(node.expression.text) ? (drizzleNames.get(node.expression.text) ?? null) : undefined;
  };
  const locals = new Map<string, SqlDialect | null>();
  for (const statement of tree.statements) {
    if (ts.isVariableStatement(statement)) {
      const exported = (ts.getModifiers(statement) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
      for (const declaration of statement.declarationList.declarations) {
        const dialect = callDialect(declaration.initializer);
        if (dialect === undefined || !ts.isIdentifier(declaration.name)) continue;
        if (exported) return { exportName: declaration.name.text, dialect };
        locals.set(declaration.name.text, dialect);
      }
    } else if (ts.isExportAssignment(statement) && !statement.isExportEquals) {
      const dialect = callDialect(statement.expression);
      if (dialect !== undefined) return { exportName: "default", dialect };
      if (ts.isIdentifier(statement.expression) && locals.has(statement.expression.text))
        return { exportName: "default", dialect: locals.get(statement.expression.text) ?? null };
    } else if (
      ts.isExportDeclaration(statement) &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause)
    ) {
      for (const element of statement.exportClause.elements) {
        const local = (element.propertyName ?? element.name).text;
        if (locals.has(local)) return { exportName: element.name.text, dialect: locals.get(local) ?? null };
      }
    }
  }
  return null;
}

export function findDrizzleProject(
  reader: ProjectReader,
  info: Pick<ProjectInfo, "srcDir" | "language">,
): DrizzleProject | null {
  const config = readDrizzleConfig(reader);
  if (!config && !dependsOnDrizzle(reader)) return null;

  const fromConfig = config
    ? drizzleConfigSchema(reader, config.schema)
    : { files: [], folder: null, named: [], globs: [] };
  const schemaFiles = fromConfig.files.length ? fromConfig.files : schemaModulesByImports(reader);

  // The database instance: in the schema's folders first, then the usual places.
  const candidates = new Set([
    ...[...new Set(schemaFiles.map((file) => path.dirname(file)))].flatMap((folder) => directModules(reader, folder)),
    ...usualModules(reader),
  ]);
  let instance: DrizzleProject["instance"] = null;
  let driverDialect: SqlDialect | null = null;
  for (const file of candidates) {
    const source = reader.read(file);
    const found = source === null ? null : drizzleInstance(source, file);
    if (found) {
      instance = { file, exportName: found.exportName };
      driverDialect = found.dialect;
      break;
    }
  }

  const tablesOf = new Map(
    schemaFiles.map((file) => [file, drizzleModuleTables(reader.read(file) ?? "", file)] as const),
  );
  const importDialect =
    [...tablesOf.values()]
      .flatMap((module) => module.coreImports.map((entry) => dialectFromCoreModule(entry.module)))
      .find((dialect) => dialect !== null) ?? null;
  const dialect = config?.dialect ?? importDialect ?? driverDialect;

  const definesUsers = schemaFiles.find((file) =>
    tablesOf.get(file)?.tables.some((table) => table.sqlName === "users"),
  );
  const extension = info.language === "ts" ? "ts" : "js";
  let authSchemaFile: string;
  if (definesUsers) authSchemaFile = definesUsers;
  else if (schemaFiles.length === 1 && schemaFiles[0]) authSchemaFile = schemaFiles[0];
  else if (fromConfig.folder) {
    // A module the config's glob matches (`*.ts` takes a TypeScript module even in a JavaScript app).
    const [preferred, other] = [extension, extension === "ts" ? "js" : "ts"].map((ext) =>
      path.join(fromConfig.folder ?? ".", `auth-schema.${ext}`),
    ) as [string, string];
    const matched = (file: string) => fromConfig.globs.length === 0 || fromConfig.globs.some((glob) => glob(file));
    authSchemaFile = matched(preferred) || !matched(other) ? preferred : other;
  }
  // drizzle-kit reads only the files its config names: with a list of files, the first one takes the tables
  // (written new when the config names a file not there yet).
  else if (fromConfig.named[0]) authSchemaFile = fromConfig.named[0];
  else {
    const folder = schemaFiles[0]
      ? path.dirname(schemaFiles[0])
      : instance
        ? path.dirname(instance.file)
        : info.srcDir
          ? "src/db"
          : "db";
    authSchemaFile = path.join(folder, `auth-schema.${extension}`);
  }
  return { configFile: config?.file ?? null, dialect, schemaFiles, authSchemaFile, instance };
}

/** The Drizzle project a database setup found (database/setup-types.ts), or null when it has none. */
export function drizzleProjectOf(setup: { project: OrmProject | null } | null): DrizzleProject | null {
  const project = setup?.project ?? null;
  return project && isDrizzle(project) ? project : null;
}

function isDrizzle(project: OrmProject): project is OrmProject & DrizzleProject {
  return project.orm === "drizzle";
}
