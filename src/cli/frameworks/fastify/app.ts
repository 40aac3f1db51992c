/**
 * Pure transforms on a plain Fastify app's module (the Getting Started shape: `const app = Fastify(…)`, the
 * routes, `app.listen(…)` in one file), through the TypeScript AST (syntax only): find the instance, then
 * register the auth plugin right after it and the app's own set-up (`addHook`, `decorate`, packages'
 * plugins such as @fastify/helmet) and before its first route or plugin of its own, import what that needs,
 * and load the env file at start. Every edit is an insertion at a position the AST gives, in the file's style
 * (code-style.ts); no other byte of the file changes.
 */

import { importLine } from "../../database/orm-shared.js";
import { type SyntaxNode as Node, parseSyntax, requireSpecifier, type Ts, typescript, unwrap } from "../../edit/ast.js";
import { detectStyle, renderCode } from "../../edit/code-style.js";
import { applyInsertions, type Insertion, lineEnd } from "../../edit/insertions.js";
import type { TransformResult } from "../../edit/result.js";
import { envBlock, isLoadEnvFileCall, type ServerEnvLoader } from "../server-env.js";

export interface FastifyInstanceShape {
  /** The variable holding the instance (`app`, `fastify`). */
  instance: string;
  /** How the file itself imports: `import` declarations, or `require` calls. */
  moduleKind: "esm" | "cjs";
  /** The file already awaits at its top level (`await app.listen(…)`), so the registration may too. */
  topLevelAwait: boolean;
  /** The file already loads an env file (dotenv, `process.loadEnvFile`). */
  loadsEnv: boolean;
  /** `FastifyAuth(…)` is already called in the file. */
  mounted: boolean;
  /** Why init cannot register the plugin in this file itself (the instance made inside a function), or null. */
  unsupported: string | null;
}

export interface MountOptions {
  /** The runtime's Fastify module, `@create-auth/runtime/fastify`. */
  runtimeModule: string;
  /** The generated auth module as this file imports it (`./auth.js`, `./auth`). */
  authModule: string;
  /** The prefix, which is the auth base path: `/auth`. */
  basePath: string;
  /** How to load the env file at start; "none" when the start command already does. */
  envLoader: ServerEnvLoader;
  typescript: boolean;
  /** The env file's name, for the comment. */
  envFile: string;
  /** Node runs the file as an ES module as it is (`.mjs`, `.js` under `"type": "module"`): top-level await works. */
  nativeEsm: boolean;
}

/** Calls on the instance that set it up rather than answer requests; `register` only of a package's plugin. */
const SET_UP = new Set(["addHook", "decorate", "decorateRequest", "decorateReply", "setErrorHandler", "addSchema"]);

interface Analysis extends FastifyInstanceShape {
  file: ReturnType<typeof parseSyntax>;
  /** The statement declaring the instance (top level), when it is one. */
  statement: Node | null;
  imports: Set<string>;
  /** Names bound by imports of packages (`import helmet from "@fastify/helmet"`): their plugins are set-up. */
  packageBindings: Set<string>;
}

/** `Fastify(…).withTypeProvider<…>()` → the `Fastify(…)` call at its root. */
function chainRoot(ts: Ts, node: Node): Node {
  let current = unwrap(ts, node);
  while (
    ts.isCallExpression(current) &&
    ts.isPropertyAccessExpression(current.expression) &&
    ts.isCallExpression(unwrap(ts, current.expression.expression))
  ) {
    current = unwrap(ts, current.expression.expression);
  }
  return current;
}

/** The nearest function around a node, or undefined at the top level. */
function enclosingFunction(ts: Ts, node: Node): Node | undefined {
  for (let current = node.parent; current; current = current.parent) {
    if (ts.isFunctionLike(current)) return current;
  }
  return undefined;
}

function analyse(source: string, fileName: string): Analysis | null {
  const ts = typescript();
  const file = parseSyntax(source, fileName);
  const fastifyNames = new Set<string>();
  const imports = new Set<string>();
  const packageBindings = new Set<string>();
  let hasImport = false;
  let hasRequire = false;
  let loadsEnv = false;
  let mounted = false;
  let topLevelAwait = false;
  let created: Node | undefined;

  const creates = (node: Node): boolean => {
    if (!ts.isCallExpression(node)) return false;
    const callee = unwrap(ts, node.expression);
    return (ts.isIdentifier(callee) && fastifyNames.has(callee.text)) || requireSpecifier(ts, callee) === "fastify";
  };

  const visit = (node: Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      hasImport = true;
      const specifier = node.moduleSpecifier.text;
      imports.add(specifier);
      if (specifier === "dotenv" || specifier === "dotenv/config") loadsEnv = true;
      const clause = node.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings : null;
      if (!specifier.startsWith(".") && clause?.name) packageBindings.add(clause.name.text);
      if (specifier === "fastify" && clause?.name && !clause.isTypeOnly) fastifyNames.add(clause.name.text);
      for (const element of named?.elements ?? []) {
        if (!specifier.startsWith(".")) packageBindings.add(element.name.text);
        const imported = (element.propertyName ?? element.name).text;
        if (specifier === "fastify" && !element.isTypeOnly && (imported === "default" || imported === "fastify"))
          fastifyNames.add(element.name.text);
      }
    } else if (requireSpecifier(ts, node) !== undefined) {
      hasRequire = true;
      const specifier = requireSpecifier(ts, node)!;
      imports.add(specifier);
      if (specifier === "dotenv" || specifier === "dotenv/config") loadsEnv = true;
    } else if (ts.isVariableDeclaration(node) && node.initializer) {
      const init = unwrap(ts, node.initializer);
      const required = requireSpecifier(ts, init);
      if (ts.isIdentifier(node.name)) {
        if (required !== undefined && !required.startsWith(".")) packageBindings.add(node.name.text);
        if (required === "fastify") fastifyNames.add(node.name.text);
      } else if (ts.isObjectBindingPattern(node.name) && required === "fastify") {
        // `const { fastify } = require("fastify")`
        for (const element of node.name.elements) {
          const imported = element.propertyName ?? element.name;
          if (ts.isIdentifier(imported) && ts.isIdentifier(element.name) && /^(fastify|default)$/.test(imported.text))
            fastifyNames.add(element.name.text);
        }
      }
    } else if (ts.isAwaitExpression(node) && !enclosingFunction(ts, node)) {
      topLevelAwait = true;
    } else if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      if (isLoadEnvFileCall(ts, node)) loadsEnv = true;
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "FastifyAuth")
      mounted = true;
    if (!created && creates(node)) created = node;
    ts.forEachChild(node, visit);
  };
  visit(file);
  if (!created) return null;

  let instance = "app";
  let statement: Node | null = null;
  let unsupported: string | null = null;
  // The call's place: `const app = Fastify(…)` (or a chain on it) as a statement of the module itself.
  let holder: Node = created;
  while (holder.parent && (ts.isPropertyAccessExpression(holder.parent) || ts.isCallExpression(holder.parent)))
    holder = holder.parent;
  while (holder.parent && unwrap(ts, holder.parent) !== holder.parent) holder = holder.parent;
  const declaration = holder.parent;
  const inFunction = enclosingFunction(ts, created);
  if (
    declaration &&
    ts.isVariableDeclaration(declaration) &&
    ts.isIdentifier(declaration.name) &&
    chainRoot(ts, declaration.initializer!) === created &&
    ts.isVariableDeclarationList(declaration.parent) &&
    ts.isVariableStatement(declaration.parent.parent) &&
    ts.isSourceFile(declaration.parent.parent.parent)
  ) {
    instance = declaration.name.text;
    statement = declaration.parent.parent;
  } else if (inFunction) {
    const name = (inFunction as { name?: Node }).name;
    const called = name && ts.isIdentifier(name) ? ` (${name.text})` : "";
    unsupported = `${fileName} creates the Fastify instance inside a function${called}, which init does not edit`;
  } else {
    unsupported = `${fileName} does not keep the Fastify instance in a variable of its own (const app = Fastify(…))`;
  }
  const esm = hasImport || /^\s*export\s/m.test(source) || (!hasRequire && /\.m[jt]s$/.test(fileName));
  return {
    file,
    statement,
    imports,
    packageBindings,
    instance,
    moduleKind: esm ? "esm" : "cjs",
    topLevelAwait,
    loadsEnv,
    mounted,
    unsupported,
  };
}

/** The Fastify instance this file creates (`Fastify(…)` called anywhere in it), or null when it creates none. */
export function findFastifyApp(source: string, fileName: string): FastifyInstanceShape | null {
  const analysis = analyse(source, fileName);
  if (!analysis) return null;
  const { instance, moduleKind, topLevelAwait, loadsEnv, mounted, unsupported } = analysis;
  return { instance, moduleKind, topLevelAwait, loadsEnv, mounted, unsupported };
}

/** `app.register(x)`, `await app.register(x)`, `app.addHook(…)` → the call on the instance, else undefined. */
function instanceCall(
  ts: Ts,
  statement: Node,
  instance: string,
): { method: string; args: readonly Node[] } | undefined {
  if (!ts.isExpressionStatement(statement)) return undefined;
  let expression = unwrap(ts, statement.expression);
  if (ts.isAwaitExpression(expression) || ts.isVoidExpression(expression))
    expression = unwrap(ts, expression.expression);
  if (!ts.isCallExpression(expression) || !ts.isPropertyAccessExpression(expression.expression)) return undefined;
  const target = unwrap(ts, expression.expression.expression);
  if (!ts.isIdentifier(target) || target.text !== instance) return undefined;
  return { method: expression.expression.name.text, args: expression.arguments };
}

/**
 * The statement the registration goes after: the last of the app's set-up (`addHook`, `decorate`, a
 * package's plugin: `app.register(helmet)`, `app.register(require("@fastify/cors"))`) that follows the
 * instance before anything else (a route, a plugin of the app's own, `listen`). The instance's own statement
 * when none: the decorators then reach every route and plugin below.
 */
function mountAnchor(ts: Ts, analysis: Analysis, statement: Node): Node {
  const siblings = analysis.file.statements;
  let anchor = statement;
  for (const sibling of siblings.slice(siblings.indexOf(statement as never) + 1)) {
    const call = instanceCall(ts, sibling, analysis.instance);
    if (!call) break;
    if (SET_UP.has(call.method)) {
      anchor = sibling;
      continue;
    }
    if (call.method !== "register") break;
    const plugin = call.args[0] ? unwrap(ts, call.args[0]) : undefined;
    const fromPackage =
      plugin !== undefined &&
      ((ts.isIdentifier(plugin) && analysis.packageBindings.has(plugin.text)) ||
        !(requireSpecifier(ts, plugin)?.startsWith(".") ?? true));
    if (!fromPackage) break;
    anchor = sibling;
  }
  return anchor;
}

/** The comment above the registration; app-remove.ts finds it again. */
export const REGISTER_COMMENT =
  "// Auth routes under {base} (sign-in, callbacks, session, sign-out), and request.getSession() / {app}.requireAuth for the routes below; added by create-auth.";
/** Without top-level await, the plugin loads when the app starts: a guard read before that is undefined. */
export const QUEUED_COMMENT =
  "// Registered when the app starts: use {app}.requireAuth in a plugin registered below ({app}.register(async (scope) => …)).";

/**
 * Registers the auth plugin in the app's module: the imports, env loading at start, and
 * `await app.register(FastifyAuth(authConfig), { prefix: "<basePath>" })` right after the instance and its
 * set-up (without `await` where the file cannot await at its top level). "unchanged" when all are there;
 * `{ unsupported }` when the instance is made where an insertion would not reach it (inside a function).
 * Throws when the file creates no Fastify instance (check with findFastifyApp).
 */
export function mountFastifyAuth(source: string, fileName: string, options: MountOptions): TransformResult {
  const ts = typescript();
  const analysis = analyse(source, fileName);
  if (!analysis) throw new Error(`${fileName} creates no Fastify instance (no \`Fastify()\` call).`);
  if (analysis.mounted) return "unchanged";
  const { file, moduleKind: kind, instance, statement } = analysis;
  if (!statement) return { unsupported: analysis.unsupported ?? `${fileName}: no Fastify instance to register on` };
  const style = detectStyle(source, fileName);
  const eol = style.eol;
  const inserts: Insertion[] = [];
  const lines = (list: string[], indent = "") =>
    renderCode(list.join("\n"), style, fileName)
      .split(eol)
      .map((line) => (line ? indent + line : line))
      .join(eol);

  const topLevel = file.statements;
  const isImportLike = (node: Node) =>
    ts.isImportDeclaration(node) ||
    (ts.isVariableStatement(node) &&
      node.declarationList.declarations.some(
        (d) => d.initializer && requireSpecifier(ts, unwrap(ts, d.initializer)) !== undefined,
      ));
  let lastImport: Node | undefined;
  for (const node of topLevel.slice(0, topLevel.indexOf(statement as never))) if (isImportLike(node)) lastImport = node;
  const firstStatement = topLevel.find((s) => !(ts.isExpressionStatement(s) && ts.isStringLiteral(s.expression)));
  const afterImports = lastImport ? lineEnd(source, lastImport.end) : null;

  const wanted: string[] = [];
  if (!analysis.imports.has(options.runtimeModule)) {
    wanted.push(importLine(["FastifyAuth"], options.runtimeModule, kind === "cjs"));
  }
  if (!analysis.imports.has(options.authModule)) {
    wanted.push(importLine(["authConfig"], options.authModule, kind === "cjs"));
  }
  // What goes before the file's first statement, in this order, each followed by a blank line.
  const top: string[] = [];
  if (!analysis.loadsEnv && options.envLoader !== "none") {
    const block = lines(envBlock(options.envLoader, kind, options.envFile, options.typescript));
    // CommonJS runs top to bottom: load first, so every module required below sees the values. ESM hoists
    // imports (the auth module reads process.env when requests arrive), so the block goes right after them,
    // except dotenv's side-effect import, which is itself an import and goes first.
    if (kind === "cjs" || options.envLoader === "dotenv" || afterImports === null) top.push(block);
    else inserts.push({ at: afterImports, text: eol + eol + block });
  }
  if (wanted.length > 0) {
    // At the end of the imports, before the env loading inserted at the same place.
    if (afterImports !== null) inserts.unshift({ at: afterImports, text: eol + lines(wanted) });
    else top.push(lines(wanted));
  }
  if (top.length > 0) {
    // Right before the statement, under any comment on it: adding a blank line only where there is none
    // would make two originals give one text, and remove could not tell which to give back.
    const first = firstStatement ? firstStatement.getStart(file) : source.length;
    inserts.push({ at: first, text: top.join(eol + eol) + eol + eol });
  }

  const anchor = mountAnchor(ts, analysis, statement);
  const at = lineEnd(source, anchor.end);
  const next = source.slice(at).replace(/^\r?\n/, "");
  const blankAfter = next === "" || /^[ \t]*\r?\n/.test(next) ? "" : eol;
  // `await` makes the decorators exist on the next line (a route reading `app.requireAuth` gets the guard);
  // where the file cannot await, Fastify still queues the registration until ready/listen.
  const awaits = analysis.topLevelAwait || options.nativeEsm;
  const fill = (text: string) => text.replaceAll("{base}", options.basePath).replaceAll("{app}", instance);
  const register = `${awaits ? "await " : ""}${instance}.register(FastifyAuth(authConfig), { prefix: "${options.basePath}" });`;
  const mount = [fill(REGISTER_COMMENT), ...(awaits ? [] : [fill(QUEUED_COMMENT)]), register];
  inserts.push({ at, text: eol + eol + lines(mount) + blankAfter });

  return applyInsertions(source, inserts);
}
