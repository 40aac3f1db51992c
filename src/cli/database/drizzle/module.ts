/**
 * What a Drizzle schema module defines, read from its syntax tree with exact positions: its
 * `drizzle-orm/<dialect>-core` imports, the tables it builds (by SQL name, with their export names and column
 * objects) and how it is written. The merge (database/drizzle/merge.ts) edits by these positions; finding a project's
 * schema (database/drizzle/project.ts) asks which module defines `users`.
 */
import { parseSyntax, requireSpecifier, type SyntaxNode, type Ts, typescript } from "../../edit/ast.js";
import type { SqlDialect } from "../flavours.js";

/** A braced, comma-separated list in the source: an object literal's properties, an import's names. */
export interface SourceList {
  /** Offsets of `{` and `}`. */
  open: number;
  close: number;
  /** Each element's [start, end), without its leading comments. */
  elements: Array<{ start: number; end: number }>;
  trailingComma: boolean;
}

export interface ColumnEntry {
  /** The property (the key the table object exposes the column under). */
  key: string;
  /** The SQL name the builder call names, or null when it names none (Drizzle then uses the key). */
  sqlName: string | null;
  /** The builder's exported name (`text`, `serial`), or null when the value is not a builder call. */
  builder: string | null;
  /** The builder call's options object as written (`{ mode: "number" }`), or null. */
  options: string | null;
  /** The methods chained on the builder call, in order (`notNull`, `default`, `primaryKey`). */
  methods: string[];
  /** Where the property's value ends: a chained call (`.unique()`) goes there. */
  end: number;
}

export interface DefinedTable {
  sqlName: string;
  /** Defined by a top-level `const` (not inside a function, a loop or an object). */
  topLevel: boolean;
  /** The name the module exports it under, or null when it is not exported. */
  exportName: string | null;
  line: number;
  /** The column object, or null when the columns are not written as one. */
  columns: { list: SourceList; entries: ColumnEntry[] } | null;
  /** The table's third argument (its constraints: `(t) => [unique().on(t.email)]`) as written, or null. */
  extras: string | null;
}

export interface DrizzleModuleTables {
  commonJs: boolean;
  coreImports: Array<{ module: string; list: SourceList | null }>;
  /** Builders imported by name: exported name → local name. */
  builders: Map<string, string>;
  /** A namespace import of a core module (`import * as core from …`), used as `core.text`. */
  namespace: string | null;
  tables: DefinedTable[];
  /** Lines of table definitions whose SQL name is computed (a table built in a loop), so unknowable here. */
  computed: number[];
  exports: Set<string>;
  /** Names declared at the top level. */
  declared: Set<string>;
  /** Where the last top-level import ends, or null when there is none. */
  lastImportEnd: number | null;
}

const CORE_DIALECTS: Record<string, SqlDialect> = {
  "drizzle-orm/pg-core": "postgres",
  "drizzle-orm/sqlite-core": "sqlite",
  "drizzle-orm/mysql-core": "mysql",
};

const TABLE_FUNCTIONS = new Set(["pgTable", "sqliteTable", "mysqlTable", "singlestoreTable", "gelTable"]);
const TABLE_CREATORS = new Set(["pgTableCreator", "sqliteTableCreator", "mysqlTableCreator"]);

/** The dialect of a `drizzle-orm/<x>-core` module; null for a core module of another database. */
export function dialectFromCoreModule(module: string): SqlDialect | null {
  return CORE_DIALECTS[module] ?? null;
}

export function isCoreModule(module: string): boolean {
  return /^drizzle-orm\/[a-z0-9]+-core$/.test(module);
}

function isExported(ts: Ts, node: SyntaxNode): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
}

function stringValue(ts: Ts, node: SyntaxNode | undefined): string | null {
  return node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : null;
}

function listOf(
  node: SyntaxNode & { elements?: unknown },
  elements: import("ts-morph").ts.NodeArray<SyntaxNode>,
  tree: import("ts-morph").ts.SourceFile,
): SourceList {
  return {
    open: node.getStart(tree),
    close: node.end - 1,
    elements: elements.map((element) => ({ start: element.getStart(tree), end: element.end })),
    trailingComma: elements.hasTrailingComma,
  };
}

export function drizzleModuleTables(source: string, filePath: string): DrizzleModuleTables {
  const ts = typescript();
  const tree = parseSyntax(source, filePath);
  const result: DrizzleModuleTables = {
    commonJs: false,
    coreImports: [],
    builders: new Map(),
    namespace: null,
    tables: [],
    computed: [],
    exports: new Set(),
    declared: new Set(),
    lastImportEnd: null,
  };
  const localToExport = new Map<string, string>();
  const creators = new Set<string>();
  let sawModuleSyntax = false;
  let sawRequire = false;

  for (const statement of tree.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      sawModuleSyntax = true;
      result.lastImportEnd = statement.end;
      const module = statement.moduleSpecifier.text;
      const bindings = statement.importClause?.namedBindings;
      if (statement.importClause?.name) result.declared.add(statement.importClause.name.text);
      if (!isCoreModule(module) || statement.importClause?.isTypeOnly) {
        if (bindings && ts.isNamedImports(bindings))
          for (const element of bindings.elements) result.declared.add(element.name.text);
        if (bindings && ts.isNamespaceImport(bindings)) result.declared.add(bindings.name.text);
        continue;
      }
      if (bindings && ts.isNamespaceImport(bindings)) {
        result.namespace ??= bindings.name.text;
        result.declared.add(bindings.name.text);
        result.coreImports.push({ module, list: null });
      } else if (bindings && ts.isNamedImports(bindings)) {
        result.coreImports.push({ module, list: listOf(bindings, bindings.elements, tree) });
        for (const element of bindings.elements) {
          result.declared.add(element.name.text);
          if (element.isTypeOnly) continue;
          const imported = (element.propertyName ?? element.name).text;
          result.builders.set(imported, element.name.text);
          if (TABLE_FUNCTIONS.has(imported)) creators.add(element.name.text);
        }
      } else {
        result.coreImports.push({ module, list: null });
      }
      continue;
    }
    if (ts.isExportDeclaration(statement) || ts.isExportAssignment(statement)) sawModuleSyntax = true;
    if (ts.isExportDeclaration(statement) && !statement.moduleSpecifier && statement.exportClause) {
      if (ts.isNamedExports(statement.exportClause))
        for (const element of statement.exportClause.elements)
          localToExport.set((element.propertyName ?? element.name).text, element.name.text);
      continue;
    }
    if (ts.isVariableStatement(statement)) {
      const exported = isExported(ts, statement);
      if (exported) sawModuleSyntax = true;
      for (const declaration of statement.declarationList.declarations) {
        if (!ts.isIdentifier(declaration.name)) continue;
        const name = declaration.name.text;
        result.declared.add(name);
        if (exported) localToExport.set(name, name);
        const init = declaration.initializer;
        // `const createTable = pgTableCreator((name) => …)`: its calls define tables too.
        const callee = init && ts.isCallExpression(init) ? init.expression : undefined;
        if (callee && ts.isIdentifier(callee)) {
          const imported = [...result.builders].find(([, local]) => local === callee.text)?.[0];
          if (imported && TABLE_CREATORS.has(imported)) creators.add(name);
        }
      }
    } else if (
      (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isEnumDeclaration(statement)) &&
      statement.name
    ) {
      result.declared.add(statement.name.text);
      if (isExported(ts, statement)) {
        sawModuleSyntax = true;
        localToExport.set(statement.name.text, statement.name.text);
      }
    }
  }

  const isCreatorCall = (node: SyntaxNode): node is import("ts-morph").ts.CallExpression => {
    if (!ts.isCallExpression(node)) return false;
    const callee = node.expression;
    if (ts.isIdentifier(callee)) return creators.has(callee.text);
    return (
      ts.isPropertyAccessExpression(callee) &&
      ts.isIdentifier(callee.expression) &&
      callee.expression.text === result.namespace &&
      TABLE_FUNCTIONS.has(callee.name.text)
    );
  };

  /** The top-level `const` a table call initialises (through `.enableRLS()` and the like), if any. */
  const declarationOf = (call: SyntaxNode): string | null => {
    let node: SyntaxNode = call;
    while (ts.isPropertyAccessExpression(node.parent) && ts.isCallExpression(node.parent.parent))
      node = node.parent.parent;
    const declaration = node.parent;
    if (
      !ts.isVariableDeclaration(declaration) ||
      declaration.initializer !== node ||
      !ts.isIdentifier(declaration.name)
    )
      return null;
    const statement = declaration.parent.parent;
    return ts.isVariableStatement(statement) && statement.parent === tree ? declaration.name.text : null;
  };

  const visit = (node: SyntaxNode): void => {
    if (requireSpecifier(ts, node) !== undefined) sawRequire = true;
    if (isCreatorCall(node)) {
      const line = tree.getLineAndCharacterOfPosition(node.getStart(tree)).line + 1;
      const sqlName = stringValue(ts, node.arguments[0]);
      const local = declarationOf(node);
      if (sqlName === null) {
        result.computed.push(line);
      } else {
        result.tables.push({
          sqlName,
          topLevel: local !== null,
          exportName: local === null ? null : (localToExport.get(local) ?? null),
          line,
          columns: columnsOf(ts, tree, node.arguments[1], result.builders),
          extras: node.arguments[2]?.getText(tree) ?? null,
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  result.exports = new Set(localToExport.values());
  result.commonJs = /\.cjs$/.test(filePath) || (!sawModuleSyntax && sawRequire);
  return result;
}

function columnsOf(
  ts: Ts,
  tree: import("ts-morph").ts.SourceFile,
  argument: SyntaxNode | undefined,
  builders: Map<string, string>,
): DefinedTable["columns"] {
  let object = argument;
  // `pgTable("users", (t) => ({ id: t.text() }))`: Drizzle's callback form.
  if (object && ts.isArrowFunction(object)) object = object.body;
  while (object && ts.isParenthesizedExpression(object)) object = object.expression;
  if (!object || !ts.isObjectLiteralExpression(object)) return null;
  const localToImported = new Map([...builders].map(([imported, local]) => [local, imported]));
  const entries: ColumnEntry[] = [];
  for (const property of object.properties) {
    if (ts.isShorthandPropertyAssignment(property)) {
      entries.push({
        key: property.name.text,
        sqlName: null,
        builder: null,
        options: null,
        methods: [],
        end: property.end,
      });
      continue;
    }
    if (!ts.isPropertyAssignment(property)) continue;
    const key = ts.isIdentifier(property.name) ? property.name.text : stringValue(ts, property.name);
    if (key === null) continue;
    // The builder call is the innermost of a chain: `text("role").notNull().default("member")`.
    let call: SyntaxNode = property.initializer;
    const methods: string[] = [];
    while (
      ts.isCallExpression(call) &&
      ts.isPropertyAccessExpression(call.expression) &&
      ts.isCallExpression(call.expression.expression)
    ) {
      methods.unshift(call.expression.name.text);
      call = call.expression.expression;
    }
    const end = property.initializer.end;
    if (!ts.isCallExpression(call)) {
      entries.push({ key, sqlName: null, builder: null, options: null, methods, end });
      continue;
    }
    const callee = call.expression;
    const builder = ts.isIdentifier(callee)
      ? (localToImported.get(callee.text) ?? callee.text)
      : ts.isPropertyAccessExpression(callee)
        ? callee.name.text
        : null;
    const options = call.arguments.find((argument) => ts.isObjectLiteralExpression(argument));
    entries.push({
      key,
      sqlName: stringValue(ts, call.arguments[0]),
      builder,
      options: options ? options.getText(tree) : null,
      methods,
      end,
    });
  }
  return { list: listOf(object, object.properties, tree), entries };
}
