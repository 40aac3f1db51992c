/**
 * The tables and columns the drizzle adapter queries, for doctor's database checks: the SQL names of the
 * Drizzle tables the auth module hands the adapter, read from the app's schema module (every column declared:
 * Drizzle selects them all; a column named by its key alone is cased as the db instance's `casing` says,
 * casing.ts). Where a table cannot be read (passed from somewhere this cannot follow), the adapter's
 * defaults apply: the table model's names, which is also what the adapter uses for a table it is not given.
 */
import path from "node:path";
import { parseSyntax, type SyntaxNode, typescript } from "../../edit/ast.js";
import { resolveImport } from "../../project/imports.js";
import type { ProjectReader } from "../../project/reader.js";
import type { ProjectInfo } from "../../project/types.js";
import { type ExpectedTable, modelNames } from "../expected-tables.js";
import { type Table, tables } from "../model.js";
import { casedColumn, configCasing, type DrizzleCasing, instanceCasing } from "./casing.js";
import { drizzleModuleTables } from "./module.js";
import { drizzleTableName } from "./render.js";

/** Drizzle column methods whose value the ORM computes in JavaScript on insert (no database default). */
const DRIZZLE_CLIENT_DEFAULTS = new Set(["$default", "$defaultFn", "$onUpdate", "$onUpdateFn"]);

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
): { tables: Map<string, Imported>; instance: Imported | "local" | null; keys: Set<string> | null } {
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
  /** Every key of the tables object, whatever its value; null when the adapter is handed none. */
  let keys: Set<string> | null = null;
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
      keys = new Set();
      for (const property of second.properties) {
        const key = property.name?.getText(tree);
        if (key) keys.add(key);
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
  return { tables: options, instance, keys };
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
  of: readonly Table[] = tables,
): ExpectedTable[] {
  const authSource = reader.read(authFile) ?? "";
  const options = drizzleOptions(authSource, authFile);
  const casing = adapterCasing(reader, info, authFile, authSource, options.instance);
  return of.map((table) => {
    const key = drizzleTableName(table);
    const option = options.tables.get(key);
    const file = option ? resolveImport(reader, info.aliases, authFile, option.specifier) : null;
    // A provider's table (passwords) left out of a tables object is none: the adapter then lacks its methods.
    if (!option && options.keys && !options.keys.has(key) && !tables.includes(table))
      return { ...modelNames(table), notHanded: authFile };
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
