/**
 * The tables and columns an ORM-backed adapter queries, read from the app's own ORM schema rather than the
 * table model: a Prisma model's `@@map`/`@map` names (its scalar fields: the client selects every one), or
 * the SQL names of the Drizzle tables the auth module hands to the drizzle adapter (every column declared:
 * Drizzle selects them all; a column named by its key alone is cased as the db instance's `casing` says,
 * database/drizzle/casing.ts). A Prisma schema without one of the auth models says so (`missingModel`): the client has
 * no such model under any table name. Where a Drizzle table cannot be read (passed from somewhere this cannot
 * follow), the adapter's defaults apply: the table model's names, which is also what the drizzle adapter
 * uses for a table it is not given.
 */
import path from "node:path";
import { casedColumn, configCasing, type DrizzleCasing, instanceCasing } from "../database/drizzle/casing.js";
import { drizzleModuleTables } from "../database/drizzle/module.js";
import { drizzleTableName } from "../database/drizzle/render.js";
import type { Table } from "../database/model.js";
import { tables } from "../database/model.js";
import { blockAttributeString, blockLines, prismaBlocks } from "../database/prisma/blocks.js";
import { findPrismaProject } from "../database/prisma/project.js";
import { prismaModelName } from "../database/prisma/render.js";
import { resolveImport } from "../project/imports.js";
import type { ProjectReader } from "../project/reader.js";
import type { ProjectInfo } from "../project/types.js";
import { parseSyntax, type SyntaxNode, typescript } from "../transforms/ast.js";

/** One table as the adapter will query it: its model table, its SQL name and column names, and who says so. */
export interface ExpectedTable {
  model: Table;
  name: string;
  columns: string[];
  /** The schema file the names were read from; null for the table model's own names. */
  declaredIn: string | null;
  /**
   * Each field (the key the adapter writes: a Prisma field, a Drizzle column key; a SQL column for the SQL
   * adapters) → its SQL column. Only what could be read: the table model's own names otherwise.
   */
  fields: Record<string, string>;
  /** SQL columns the ORM's client fills on insert itself (`@default(cuid())`, `@updatedAt`, `$defaultFn`). */
  clientFilled: string[];
  /**
   * A Prisma model the app's schema does not have (`User` deleted from schema.prisma), and that schema: the
   * generated client has no such model, so no table name, default or mapped, makes the adapter's queries
   * work. `name` and `columns` are then the table model's, for a reader that does not know this field.
   */
  missingModel?: { model: string; schema: string };
}

const modelNames = (table: Table): ExpectedTable => ({
  model: table,
  name: table.name,
  columns: table.columns.map((column) => column.name),
  declaredIn: null,
  fields: Object.fromEntries(table.columns.map((column) => [column.field, column.name])),
  clientFilled: [],
});

/** Drizzle column methods whose value the ORM computes in JavaScript on insert (no database default). */
const DRIZZLE_CLIENT_DEFAULTS = new Set(["$default", "$defaultFn", "$onUpdate", "$onUpdateFn"]);

/** The built-in SQL adapters query the table model's names. */
export function modelTables(): ExpectedTable[] {
  return tables.map(modelNames);
}

/**
 * The tables the app's adapter queries, for every check that reads them (database.ts, users-table.ts): the
 * Prisma schema's models, the Drizzle tables the auth module passes, else the table model's names.
 */
export function expectedTables(
  reader: ProjectReader,
  info: ProjectInfo,
  adapter: { file: string; adapter: string },
): ExpectedTable[] {
  if (adapter.adapter === "prisma") return prismaTables(reader, info);
  if (adapter.adapter === "drizzle") return drizzleTables(reader, info, adapter.file);
  return modelTables();
}

/** The auth models (`User`, `Account`, …) as the app's Prisma schema maps them. */
export function prismaTables(reader: ProjectReader, info: ProjectInfo): ExpectedTable[] {
  const project = findPrismaProject(reader, info);
  const files = project?.files ?? [];
  const blocks = files.flatMap((file) => prismaBlocks(file.text).map((block) => ({ file, block })));
  const models = new Set(blocks.filter(({ block }) => block.kind === "model").map(({ block }) => block.name));
  return tables.map((table) => {
    const found = blocks.find(({ block }) => block.kind === "model" && block.name === prismaModelName(table));
    // No schema at all says nothing about any one model; a schema without this model is a model missing.
    if (!found)
      return files.length === 0 || !project
        ? modelNames(table)
        : { ...modelNames(table), missingModel: { model: prismaModelName(table), schema: project.schemaPath } };
    const { file, block } = found;
    const scalars = blockLines(file.text, block)
      .flatMap((line) => (line.field ? [line.field] : []))
      // Relation fields (typed by another model) hold no column; an @ignore'd field is not in the client.
      .filter((field) => !models.has(field.base) && !/@ignore\b/.test(field.attributes));
    const columnOf = (field: (typeof scalars)[number]) =>
      /@map\(\s*(?:name:\s*)?"([^"]+)"/.exec(field.attributes)?.[1] ?? field.name;
    return {
      model: table,
      name: blockAttributeString(file.text, block, "map") ?? block.name,
      columns: scalars.map(columnOf),
      declaredIn: file.path,
      fields: Object.fromEntries(scalars.map((field) => [field.name, columnOf(field)])),
      // The client computes these defaults (cuid(), uuid(), now() …) and @updatedAt when the row is created.
      clientFilled: scalars.filter((field) => /@(default|updatedAt)\b/.test(field.attributes)).map(columnOf),
    };
  });
}

/** An import the adapter's arguments name: the module as written and the name it exports. */
interface Imported {
  specifier: string;
  name: string;
}

/**
 * What the auth module passes to the drizzle adapter: option key → the imported table, and where its first
 * argument (the db instance) comes from: an import, `local` when the module makes it, null when unknown.
 */
function drizzleOptions(
  authSource: string,
  authFile: string,
): { tables: Map<string, Imported>; instance: Imported | "local" | null } {
  const ts = typescript();
  const tree = parseSyntax(authSource, authFile);
  const imported = new Map<string, { specifier: string; name: string }>();
  let adapter: string | null = null;
  for (const statement of tree.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const specifier = statement.moduleSpecifier.text;
    const clause = statement.importClause;
    if (specifier.endsWith("/adapters/drizzle") && clause?.name) adapter = clause.name.text;
    const bindings = clause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings))
      for (const element of bindings.elements)
        imported.set(element.name.text, { specifier, name: (element.propertyName ?? element.name).text });
    // `import * as schema from "./schema"` then `{ users: schema.users }`.
    if (bindings && ts.isNamespaceImport(bindings)) imported.set(`${bindings.name.text}.*`, { specifier, name: "*" });
  }
  const options = new Map<string, { specifier: string; name: string }>();
  const locals = new Set<string>();
  let instance: Imported | "local" | null = null;
  const visit = (node: SyntaxNode): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) locals.add(node.name.text);
    const first = ts.isCallExpression(node) ? node.arguments[0] : undefined;
    const second = ts.isCallExpression(node) ? node.arguments[1] : undefined;
    const callee = ts.isCallExpression(node) ? node.expression : undefined;
    if (
      adapter &&
      callee &&
      ts.isIdentifier(callee) &&
      callee.text === adapter &&
      second &&
      ts.isObjectLiteralExpression(second)
    ) {
      if (first && ts.isIdentifier(first))
        instance = imported.get(first.text) ?? (locals.has(first.text) ? "local" : null);
      for (const property of second.properties) {
        const key = property.name?.getText(tree);
        const value = ts.isShorthandPropertyAssignment(property)
          ? property.name
          : ts.isPropertyAssignment(property)
            ? property.initializer
            : null;
        if (!key || !value) continue;
        if (ts.isIdentifier(value) && imported.has(value.text)) options.set(key, imported.get(value.text)!);
        if (ts.isPropertyAccessExpression(value) && ts.isIdentifier(value.expression)) {
          const namespace = imported.get(`${value.expression.text}.*`);
          if (namespace) options.set(key, { specifier: namespace.specifier, name: value.name.text });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return { tables: options, instance };
}

/**
 * The casing the adapter's columns are queried with: the db instance's own `casing` when its module can be
 * read (the auth module's, or the one it imports the instance from), else drizzle.config's.
 */
function adapterCasing(
  reader: ProjectReader,
  info: Pick<ProjectInfo, "aliases">,
  authFile: string,
  authSource: string,
  instance: Imported | "local" | null,
): DrizzleCasing | null {
  const file =
    instance === "local"
      ? authFile
      : instance
        ? resolveImport(reader, info.aliases, authFile, instance.specifier)
        : null;
  const source = file === authFile ? authSource : file ? reader.read(file) : null;
  const own = file && source !== null ? instanceCasing(source, file) : undefined;
  return own === undefined ? configCasing(reader) : own;
}

/** The Drizzle tables the auth module gives the drizzle adapter, by their SQL names in the app's schema module. */
export function drizzleTables(
  reader: ProjectReader,
  info: Pick<ProjectInfo, "aliases">,
  authFile: string,
): ExpectedTable[] {
  const authSource = reader.read(authFile) ?? "";
  const options = drizzleOptions(authSource, authFile);
  const casing = adapterCasing(reader, info, authFile, authSource, options.instance);
  return tables.map((table) => {
    const key = drizzleTableName(table);
    const option = options.tables.get(key);
    const file = option ? resolveImport(reader, info.aliases, authFile, option.specifier) : null;
    // A table the adapter is not given is its default: the table model's.
    if (!option || !file) return modelNames(table);
    return fromModule(reader, file, option.name, table, casing);
  });
}

function fromModule(
  reader: ProjectReader,
  file: string,
  exportName: string,
  table: Table,
  casing: DrizzleCasing | null,
): ExpectedTable {
  const defined = drizzleModuleTables(reader.read(file) ?? "", file).tables.find(
    (candidate) => candidate.exportName === exportName,
  );
  if (!defined) return modelNames(table);
  // A column named by its key alone is cased as the instance says; a table name never is.
  const columnOf = (entry: { key: string; sqlName: string | null }) => entry.sqlName ?? casedColumn(entry.key, casing);
  const entries = defined.columns?.entries ?? null;
  return {
    model: table,
    name: defined.sqlName,
    columns: entries ? entries.map(columnOf) : table.columns.map((column) => column.name),
    declaredIn: path.posix.normalize(file),
    fields: entries
      ? Object.fromEntries(entries.map((entry) => [entry.key, columnOf(entry)]))
      : modelNames(table).fields,
    clientFilled: (entries ?? [])
      .filter((entry) => entry.methods.some((method) => DRIZZLE_CLIENT_DEFAULTS.has(method)))
      .map(columnOf),
  };
}
