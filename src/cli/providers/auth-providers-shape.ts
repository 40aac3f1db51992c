/**
 * Reads an auth module the way `auth add-provider` / `remove-provider` need it (syntax only, positions
 * exact): how the module writes imports (ESM or CommonJS, quotes, semicolons, indentation), which names
 * its imports bind, and where its providers list is: the one config object with a `providers` property
 * (inline array, a local array variable, spreads of local arrays), or, when no object has one, the config
 * object passed to the framework's factory. Shapes the transforms cannot edit safely come back as a
 * `problem` in the user's words; auth-providers.ts turns it into `{ unsupported }`.
 */
import {
  parseSyntax,
  requireSpecifier,
  type SyntaxNode,
  type SyntaxTree,
  type Ts,
  typescript,
  unwrap,
} from "../edit/ast.js";
import { type CodeStyle, detectStyle } from "../edit/code-style.js";

type TsNode = SyntaxNode;
export type ArrayLiteral = import("ts-morph").ts.ArrayLiteralExpression;
export type ObjectLiteral = import("ts-morph").ts.ObjectLiteralExpression;
export type FunctionLike = import("ts-morph").ts.ArrowFunction | import("ts-morph").ts.FunctionExpression;

/** A name bound by a top-level import (`import X from`, `import { a }`, `const X = require(…).default`). */
export interface ImportBinding {
  local: string;
  specifier: string;
  /** The statement that declares it. */
  statement: TsNode;
  /** The node to remove to drop this one binding: the import specifier / binding element; the statement for a default. */
  node: TsNode;
  /** Named (`{ a }`, `{ a } = require()`) rather than the default export. */
  named: boolean;
}

export interface ProvidersList {
  /** The config object (`{ providers: … }`, the factory's argument). */
  config: ObjectLiteral;
  /** Its `providers` property; absent when the config has none yet. */
  property?: TsNode;
  /** The array a new entry goes into (the config's own literal, or the local array it names). */
  target?: ArrayLiteral;
  /** Every array the list is made of, the target first, then the local arrays it spreads, recursively. */
  arrays: ArrayLiteral[];
  /** The function that returns the config (a lazy config, Qwik's `QwikAuth$` closure), if any. */
  configFunction?: FunctionLike;
}

export interface AuthModuleShape {
  ts: Ts;
  tree: SyntaxTree;
  source: string;
  style: "esm" | "cjs";
  /** How the module is written (quotes, semicolons, indentation, declarations): code-style.ts's reading. */
  code: CodeStyle;
  quote: '"' | "'";
  semicolon: boolean;
  eol: string;
  indentUnit: string;
  /** Top-level import and require statements, in order. */
  importStatements: TsNode[];
  imports: ImportBinding[];
  list?: ProvidersList;
  /** Why the providers list cannot be edited, in the user's words. */
  problem?: string;
  /** The module the providers list comes from when this one imports it (a spread config, an imported array). */
  listModule?: string;
}

/** Provider modules: `@create-auth/runtime/providers/github`, `next-auth/providers/github`, … */
export function isProviderSpecifier(specifier: string): boolean {
  return /\/providers\/[^/]+$/.test(specifier);
}

/** The factories whose first argument is an auth config (or a function returning one). */
const FACTORIES = new Set(["NextAuth", "SvelteKitAuth", "QwikAuth$", "SolidAuth", "ExpressAuth", "Auth"]);

export function lineOf(tree: SyntaxTree, position: number): number {
  return tree.getLineAndCharacterOfPosition(position).line + 1;
}

/** `require("m")` or `require("m").default`, unwrapped: the module, or undefined. */
function requiredModule(ts: Ts, node: TsNode): { specifier: string; isDefault: boolean } | undefined {
  const inner = unwrap(ts, node);
  if (ts.isPropertyAccessExpression(inner) && inner.name.text === "default") {
    const specifier = requireSpecifier(ts, unwrap(ts, inner.expression));
    return specifier === undefined ? undefined : { specifier, isDefault: true };
  }
  const specifier = requireSpecifier(ts, inner);
  return specifier === undefined ? undefined : { specifier, isDefault: false };
}

function readImports(ts: Ts, tree: SyntaxTree): { statements: TsNode[]; bindings: ImportBinding[] } {
  const statements: TsNode[] = [];
  const bindings: ImportBinding[] = [];
  for (const statement of tree.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      statements.push(statement);
      const specifier = statement.moduleSpecifier.text;
      const clause = statement.importClause;
      if (!clause || clause.isTypeOnly) continue;
      if (clause.name) bindings.push({ local: clause.name.text, specifier, statement, node: statement, named: false });
      const named = clause.namedBindings;
      if (named && ts.isNamedImports(named)) {
        for (const element of named.elements) {
          if (element.isTypeOnly) continue;
          const isDefault = (element.propertyName ?? element.name).text === "default";
          bindings.push({ local: element.name.text, specifier, statement, node: element, named: !isDefault });
        }
      }
      continue;
    }
    if (!ts.isVariableStatement(statement)) continue;
    const declarations = statement.declarationList.declarations;
    const required = declarations.map((d) => (d.initializer ? requiredModule(ts, d.initializer) : undefined));
    if (!required.some(Boolean)) continue;
    statements.push(statement);
    declarations.forEach((declaration, index) => {
      const module = required[index];
      if (!module) return;
      const { specifier } = module;
      const node = declarations.length === 1 ? statement : declaration;
      if (ts.isIdentifier(declaration.name)) {
        bindings.push({ local: declaration.name.text, specifier, statement, node, named: false });
      } else if (ts.isObjectBindingPattern(declaration.name) && !module.isDefault) {
        for (const element of declaration.name.elements) {
          if (!ts.isIdentifier(element.name)) continue;
          const key = element.propertyName && ts.isIdentifier(element.propertyName) ? element.propertyName.text : null;
          const isDefault = key === "default";
          bindings.push({ local: element.name.text, specifier, statement, node: element, named: !isDefault });
        }
      }
    });
  }
  return { statements, bindings };
}

/** True for an identifier that names something (not a property name after a dot, nor a property key). */
export function isReference(ts: Ts, node: TsNode): boolean {
  if (!ts.isIdentifier(node)) return false;
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.name === node) return false;
  if ((ts.isPropertyAssignment(parent) || ts.isMethodDeclaration(parent)) && parent.name === node) return false;
  if (ts.isPropertySignature(parent) || ts.isQualifiedName(parent)) return false;
  if (ts.isImportSpecifier(parent) || ts.isImportClause(parent)) return false;
  if (ts.isBindingElement(parent) && (parent.propertyName === node || parent.name === node)) return false;
  if (ts.isVariableDeclaration(parent) && parent.name === node) return false;
  if ((ts.isFunctionDeclaration(parent) || ts.isParameter(parent)) && parent.name === node) return false;
  return true;
}

/** Identifiers referring to `name` anywhere under `root` (by name: a shadowing local counts too, which only makes edits more cautious). */
export function referencesTo(ts: Ts, root: TsNode, name: string): TsNode[] {
  const found: TsNode[] = [];
  const visit = (node: TsNode): void => {
    if (ts.isIdentifier(node) && node.text === name && isReference(ts, node)) found.push(node);
    ts.forEachChild(node, visit);
  };
  visit(root);
  return found;
}

/** Every identifier text in the module: names a new binding must avoid. */
export function identifiersIn(ts: Ts, root: TsNode): Set<string> {
  const names = new Set<string>();
  const visit = (node: TsNode): void => {
    if (ts.isIdentifier(node)) names.add(node.text);
    ts.forEachChild(node, visit);
  };
  visit(root);
  return names;
}

function propertyName(ts: Ts, property: TsNode): string | undefined {
  if (ts.isPropertyAssignment(property) || ts.isShorthandPropertyAssignment(property)) {
    const name = property.name;
    if (ts.isIdentifier(name) || ts.isStringLiteral(name)) return name.text;
  }
  return undefined;
}

export function findProperty(ts: Ts, object: ObjectLiteral, name: string): TsNode | undefined {
  return object.properties.find((property) => propertyName(ts, property) === name);
}

/**
 * The `const|let|var name = …` declaration `name` refers to where `from` is: in the blocks around it, the
 * innermost first, up to the module's top level (a providers variable inside Qwik's `QwikAuth$` closure or a
 * lazy config's body, as well as one of the module). Undefined when a function parameter of that name comes
 * first, or nothing declares it.
 */
function declarationOf(ts: Ts, from: TsNode, name: string) {
  for (let scope: TsNode | undefined = from.parent; scope; scope = scope.parent) {
    if (ts.isFunctionLike(scope) && scope.parameters.some((p) => ts.isIdentifier(p.name) && p.name.text === name)) {
      return undefined;
    }
    const statements = (scope as { statements?: readonly TsNode[] }).statements;
    if (!statements || !(ts.isBlock(scope) || ts.isSourceFile(scope) || ts.isModuleBlock(scope))) continue;
    for (const statement of statements) {
      const list = ts.isVariableStatement(statement) ? statement.declarationList : undefined;
      const found = list?.declarations.find((d) => ts.isIdentifier(d.name) && d.name.text === name);
      if (found) return found;
    }
  }
  return undefined;
}

/** Every object literal with a `providers` property (the auth configs this module writes). */
function configsWithProviders(ts: Ts, tree: SyntaxTree): ObjectLiteral[] {
  const found: ObjectLiteral[] = [];
  const visit = (node: TsNode): void => {
    if (ts.isObjectLiteralExpression(node) && findProperty(ts, node, "providers")) found.push(node);
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

/** The object a config expression evaluates to, through local names and lazy config functions. */
function configObject(ts: Ts, tree: SyntaxTree, expression: TsNode, depth = 0): ObjectLiteral | undefined {
  if (depth > 4) return undefined;
  const node = unwrap(ts, expression);
  if (ts.isObjectLiteralExpression(node)) return node;
  if (ts.isIdentifier(node)) {
    const initializer = declarationOf(ts, node, node.text)?.initializer;
    return initializer ? configObject(ts, tree, initializer, depth + 1) : undefined;
  }
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) {
    if (!ts.isBlock(node.body)) return configObject(ts, tree, node.body, depth + 1);
    const returned: TsNode[] = [];
    const visit = (child: TsNode): void => {
      if (ts.isReturnStatement(child) && child.expression) returned.push(child.expression);
      if (!ts.isFunctionLike(child)) ts.forEachChild(child, visit);
    };
    ts.forEachChild(node.body, visit);
    return returned.length === 1 ? configObject(ts, tree, returned[0]!, depth + 1) : undefined;
  }
  return undefined;
}

/** Config objects without `providers`: the factories' arguments, `export default {…}`, `…Config`-typed objects. */
function configsWithoutProviders(ts: Ts, tree: SyntaxTree): ObjectLiteral[] {
  const found = new Set<ObjectLiteral>();
  const add = (object: ObjectLiteral | undefined) => object && found.add(object);
  const typedAsConfig = (type: TsNode | undefined) => !!type && /Config\b/.test(type.getText(tree));
  const visit = (node: TsNode): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && FACTORIES.has(node.expression.text)) {
      const [argument] = node.arguments;
      if (argument) add(configObject(ts, tree, argument));
    } else if (ts.isExportAssignment(node)) {
      add(configObject(ts, tree, node.expression));
    } else if (ts.isVariableDeclaration(node) && node.initializer) {
      const initializer = node.initializer;
      const satisfies = ts.isSatisfiesExpression(initializer) ? initializer.type : undefined;
      if (typedAsConfig(node.type) || typedAsConfig(satisfies)) add(configObject(ts, tree, initializer));
    } else if (ts.isSatisfiesExpression(node) && typedAsConfig(node.type)) {
      add(configObject(ts, tree, node.expression));
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return [...found];
}

/** The nearest function the config object is returned from (directly or through a `return`). */
function enclosingFunction(ts: Ts, node: TsNode): FunctionLike | undefined {
  for (let current = node.parent; current; current = current.parent) {
    if (ts.isArrowFunction(current) || ts.isFunctionExpression(current)) return current;
    if (ts.isFunctionLike(current) || ts.isSourceFile(current)) return undefined;
  }
  return undefined;
}

type Resolved = { array: ArrayLiteral } | { problem: string; listModule?: string };

/** The array a providers value is: a literal, or a local variable holding one. */
function resolveArray(ts: Ts, tree: SyntaxTree, value: TsNode, imports: ImportBinding[]): Resolved {
  const node = unwrap(ts, value);
  if (ts.isArrayLiteralExpression(node)) return { array: node };
  const at = `line ${lineOf(tree, node.getStart(tree))}`;
  if (ts.isIdentifier(node)) {
    const imported = imports.find((binding) => binding.local === node.text);
    if (imported) {
      return {
        problem: `its providers list (${node.text}) is imported from "${imported.specifier}", where the provider belongs`,
        listModule: imported.specifier,
      };
    }
    const declaration = declarationOf(ts, node, node.text);
    if (!declaration?.initializer) {
      return { problem: `its providers list (${node.text}, ${at}) is not an array declared in this module` };
    }
    const initializer = unwrap(ts, declaration.initializer);
    if (ts.isArrayLiteralExpression(initializer)) return { array: initializer };
    return { problem: `its providers list (${node.text}) is computed at run time (${at}), not written as an array` };
  }
  return {
    problem: `its providers list is computed at run time (${at}: ${node.getText(tree).split("\n")[0]}), not written as an array`,
  };
}

/** The target array and every local array it spreads (`[...base, GitHub()]`), each once. */
function arraysOf(ts: Ts, target: ArrayLiteral): ArrayLiteral[] {
  const arrays = [target];
  for (let i = 0; i < arrays.length; i++) {
    for (const element of arrays[i]!.elements) {
      const spread = ts.isSpreadElement(element) ? unwrap(ts, element.expression) : undefined;
      if (!spread || !ts.isIdentifier(spread)) continue;
      const declaration = declarationOf(ts, spread, spread.text);
      const initializer = declaration?.initializer && unwrap(ts, declaration.initializer);
      if (initializer && ts.isArrayLiteralExpression(initializer) && !arrays.includes(initializer)) {
        arrays.push(initializer);
      }
    }
  }
  return arrays;
}

export function readAuthModule(source: string, fileName: string): AuthModuleShape {
  const ts = typescript();
  const tree = parseSyntax(source, fileName);
  const { statements, bindings } = readImports(ts, tree);
  const firstEsm = statements.find((s) => ts.isImportDeclaration(s));
  // Without imports to go by: `module.exports` / `exports.x` make it CommonJS, as a .cjs/.cts name does.
  const exportsCommonJs = /\.c[jt]s$/.test(fileName) || /^\s*(module\.)?exports\b/m.test(source);
  const style = firstEsm ? "esm" : statements.length > 0 || exportsCommonJs ? "cjs" : "esm";
  const lastStatement = statements.at(-1) ?? tree.statements[0];
  const code = detectStyle(source, fileName);
  const shape: AuthModuleShape = {
    ts,
    tree,
    source,
    style,
    code,
    quote: code.quote,
    // Import lines follow the imports' own habit, which a file's other statements may not share.
    semicolon: lastStatement ? lastStatement.getText(tree).endsWith(";") : code.semicolons,
    eol: code.eol,
    indentUnit: code.indent,
    importStatements: statements,
    imports: bindings,
  };

  const withProviders = configsWithProviders(ts, tree);
  if (withProviders.length > 1) {
    const lines = withProviders.map((o) => lineOf(tree, o.getStart(tree))).join(" and ");
    shape.problem = `it has more than one auth config with a providers list (lines ${lines})`;
    return shape;
  }
  const config = withProviders[0];
  if (!config) {
    const candidates = configsWithoutProviders(ts, tree);
    const spread = candidates[0]?.properties.find((property) => ts.isSpreadAssignment(property));
    if (candidates.length === 1 && spread) {
      // Auth.js's split config (`NextAuth({ ...authConfig, adapter })`): a providers property here would
      // replace the list the spread object holds.
      const name = (spread as import("ts-morph").ts.SpreadAssignment).expression.getText(tree);
      const imported = bindings.find((binding) => binding.local === name);
      if (imported) shape.listModule = imported.specifier;
      shape.problem = imported
        ? `its config spreads ${name}, imported from "${imported.specifier}", which holds the providers list`
        : `its config spreads ${name} (line ${lineOf(tree, spread.getStart(tree))}), which may hold the providers list`;
    } else if (candidates.length === 1) {
      shape.list = { config: candidates[0]!, arrays: [], configFunction: enclosingFunction(ts, candidates[0]!) };
    } else {
      shape.problem =
        candidates.length === 0
          ? "no auth config object (with a providers list) was found in it"
          : "it has more than one auth config object and none has a providers list";
    }
    return shape;
  }
  const property = findProperty(ts, config, "providers")!;
  const value = ts.isShorthandPropertyAssignment(property)
    ? property.name
    : (property as import("ts-morph").ts.PropertyAssignment).initializer;
  const resolved = resolveArray(ts, tree, value, bindings);
  const configFunction = enclosingFunction(ts, config);
  if ("problem" in resolved) {
    shape.list = { config, property, arrays: [], configFunction };
    shape.problem = resolved.problem;
    if (resolved.listModule) shape.listModule = resolved.listModule;
    return shape;
  }
  shape.list = { config, property, target: resolved.array, arrays: arraysOf(ts, resolved.array), configFunction };
  return shape;
}
