/**
 * Pure transforms on the user's Hono entry module, through the TypeScript AST (syntax only): find the
 * `new Hono()` instance, then mount the auth handler on `<base>/*` after the app's own middleware (the
 * logger and the app's `app.use(…)`s: auth requests show in its log and carry its headers) and before its
 * first route (a catch-all registered earlier would shadow the auth routes), import the auth module, and load
 * the env file at start. Every edit is an insertion at a position the AST gives, written in the file's style
 * (code-style.ts); no other byte of the file changes.
 */

import { type SyntaxNode as Node, parseSyntax, requireSpecifier, type Ts, typescript, unwrap } from "../../edit/ast.js";
import { detectStyle, renderCode } from "../../edit/code-style.js";
import { applyInsertions, type Insertion, lineEnd, lineStart } from "../../edit/insertions.js";
import type { TransformResult } from "../../edit/result.js";
import { envBlock, isLoadEnvFileCall } from "../server-env.js";

/** The modules that export Hono's app class: the default router, and the two presets. */
const HONO_MODULES = new Set(["hono", "hono/tiny", "hono/quick"]);
/** Calls on the instance that register middleware or app-wide handlers rather than routes. */
const MIDDLEWARE = new Set(["use", "onError", "notFound"]);

export interface HonoAppShape {
  /** The variable holding the `new Hono()` instance (`app`). */
  instance: string;
  /** The file imports with `require` (CommonJS), which this transform does not edit. */
  commonJs: boolean;
  /** The file already loads an env file (dotenv, `process.loadEnvFile`). */
  loadsEnv: boolean;
  /** The instance is made with `.basePath(…)`: every route, auth's too, answers under that prefix. */
  basePath: string | null;
  /** A call on the instance already hands the auth module's `handler` to a route (`app.on(…, auth.handler)`). */
  mounted: boolean;
  /** The file already binds the name `auth` to something else than the auth module. */
  authNameTaken: boolean;
  /** A catch-all route registered before the mount (`app.get("*", …)`), which answers the auth paths first. */
  shadowedBy: string | null;
}

export interface MountOptions {
  /** The generated auth module as this file imports it (`./auth.js`). */
  authModule: string;
  /** The mount point, which is the auth base path: `/auth`. */
  basePath: string;
  /** How to load the env file at start; "none" when the start command already does, or the runtime does. */
  envLoader: "loadEnvFile" | "dotenv" | "none";
  typescript: boolean;
  /** The env file's name, for the comment. */
  envFile: string;
}

interface Analysis extends HonoAppShape {
  file: ReturnType<typeof parseSyntax>;
  /** The statement declaring the instance. */
  statement: Node;
  /** Names bound by imports of the auth module (`import { auth } from "./auth.js"`). */
  authImported: boolean;
}

/** `a.b(…).c(…)` → its root expression and the method names, innermost first. */
function chainOf(ts: Ts, node: Node): { root: Node; methods: string[]; args: Node[][] } {
  const methods: string[] = [];
  const args: Node[][] = [];
  let current = unwrap(ts, node);
  while (ts.isCallExpression(current) && ts.isPropertyAccessExpression(current.expression)) {
    methods.unshift(current.expression.name.text);
    args.unshift([...current.arguments]);
    current = unwrap(ts, current.expression.expression);
  }
  return { root: current, methods, args };
}

const isAuthModule = (specifier: string) => /^\.\.?\/(?:.*\/)?auth(?:\.[cm]?[jt]s)?$/.test(specifier);

function analyse(source: string, fileName: string): Analysis | null {
  const ts = typescript();
  const file = parseSyntax(source, fileName);
  const honoNames = new Set<string>();
  let commonJs = false;
  let loadsEnv = false;
  let authImported = false;
  let authNameTaken = false;
  let found: { instance: string; statement: Node; basePath: string | null } | undefined;
  const handlers: Node[] = [];

  const visit = (node: Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const specifier = node.moduleSpecifier.text;
      if (specifier === "dotenv" || specifier === "dotenv/config") loadsEnv = true;
      const bindings = node.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          const imported = (element.propertyName ?? element.name).text;
          if (HONO_MODULES.has(specifier) && imported === "Hono") honoNames.add(element.name.text);
          if (element.name.text === "auth") {
            if (isAuthModule(specifier) && imported === "auth") authImported = true;
            else authNameTaken = true;
          }
        }
      }
      if (node.importClause?.name?.text === "auth") authNameTaken = true;
    } else if (requireSpecifier(ts, node) !== undefined) {
      const specifier = requireSpecifier(ts, node)!;
      if (HONO_MODULES.has(specifier)) commonJs = true;
      if (specifier === "dotenv" || specifier === "dotenv/config") loadsEnv = true;
    } else if (ts.isVariableDeclaration(node) && ts.isObjectBindingPattern(node.name) && node.initializer) {
      // `const { Hono } = require("hono")`: found, so that init can say it leaves CommonJS to the user.
      if (HONO_MODULES.has(requireSpecifier(ts, unwrap(ts, node.initializer)) ?? "")) {
        for (const element of node.name.elements) {
          const imported = element.propertyName ?? element.name;
          if (ts.isIdentifier(imported) && imported.text === "Hono" && ts.isIdentifier(element.name))
            honoNames.add(element.name.text);
        }
      }
    } else if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) {
      if (node.name.text === "auth") authNameTaken = true;
      const init = node.initializer ? chainOf(ts, node.initializer) : undefined;
      if (
        init &&
        !found &&
        ts.isNewExpression(init.root) &&
        ts.isIdentifier(init.root.expression) &&
        honoNames.has(init.root.expression.text) &&
        ts.isVariableDeclarationList(node.parent) &&
        ts.isVariableStatement(node.parent.parent)
      ) {
        const at = init.methods.indexOf("basePath");
        const prefix = at === -1 ? undefined : init.args[at]?.[0];
        found = {
          instance: node.name.text,
          statement: node.parent.parent,
          basePath: at === -1 ? null : prefix && ts.isStringLiteralLike(prefix) ? prefix.text : "(computed)",
        };
      }
    } else if ((ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node)) && node.name?.text === "auth") {
      authNameTaken = true;
    } else if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      if (isLoadEnvFileCall(ts, node)) loadsEnv = true;
      for (const argument of node.arguments) {
        const handler = unwrap(ts, argument);
        if (
          ts.isPropertyAccessExpression(handler) &&
          handler.name.text === "handler" &&
          ts.isIdentifier(handler.expression) &&
          handler.expression.text === "auth"
        )
          handlers.push(node);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  if (!found) return null;
  const instance = found.instance;
  const mounts = handlers.filter((call) => {
    const root = chainOf(ts, call).root;
    return ts.isIdentifier(root) && root.text === instance;
  });
  return {
    ...found,
    file,
    commonJs,
    loadsEnv,
    mounted: mounts.length > 0,
    authImported,
    authNameTaken: authNameTaken && !authImported,
    shadowedBy: mounts[0] ? catchAllBefore(ts, file, found.statement, instance, mounts[0]) : null,
  };
}

/** Route methods whose first argument is the path (`on` takes the methods first). */
const ROUTES = new Set(["get", "post", "all"]);

/** The first catch-all route (`*`, `/*`) on the instance among the statements before the mount's, as written. */
function catchAllBefore(ts: Ts, file: Analysis["file"], statement: Node, instance: string, mount: Node): string | null {
  const siblings: readonly Node[] = (statement.parent as { statements?: readonly Node[] }).statements ?? [];
  for (const sibling of siblings.slice(siblings.indexOf(statement) + 1)) {
    if (sibling.pos <= mount.pos && mount.end <= sibling.end) return null;
    if (!ts.isExpressionStatement(sibling)) continue;
    const chain = chainOf(ts, sibling.expression);
    if (!ts.isIdentifier(chain.root) || chain.root.text !== instance) continue;
    for (const [index, method] of chain.methods.entries()) {
      const path = chain.args[index]?.[method === "on" ? 1 : 0];
      const route = ROUTES.has(method) || method === "on";
      if (route && path && ts.isStringLiteralLike(path) && (path.text === "*" || path.text === "/*"))
        return `${instance}.${method}(${path.getText(file)}, …)`;
    }
  }
  return null;
}

/** The Hono app this file creates, or null when it creates none. */
export function findHonoApp(source: string, fileName: string): HonoAppShape | null {
  const analysis = analyse(source, fileName);
  if (!analysis) return null;
  const { instance, commonJs, loadsEnv, basePath, mounted, authNameTaken, shadowedBy } = analysis;
  return { instance, commonJs, loadsEnv, basePath, mounted, authNameTaken, shadowedBy };
}

/**
 * The statement the mount goes after: the last of the app's middleware (`app.use(logger())`,
 * `app.use("/api/*", cors())`, `app.onError(…)`) that follow the instance in its block before its first
 * route (`app.get`, `app.route`, `app.on`, `app.all`, …). The instance's own statement when none.
 */
function mountAnchor(ts: Ts, analysis: Analysis): Node {
  const { statement, instance } = analysis;
  const siblings: readonly Node[] = (statement.parent as { statements?: readonly Node[] }).statements ?? [];
  let anchor = statement;
  for (const sibling of siblings.slice(siblings.indexOf(statement) + 1)) {
    if (!ts.isExpressionStatement(sibling)) continue;
    const chain = chainOf(ts, sibling.expression);
    if (!ts.isIdentifier(chain.root) || chain.root.text !== instance || chain.methods.length === 0) continue;
    if (!chain.methods.every((method) => MIDDLEWARE.has(method))) break;
    anchor = sibling;
  }
  return anchor;
}

/**
 * Mounts the auth handler in the entry module: the auth module's import, env loading at start, and
 * `app.on(["GET", "POST"], "<basePath>/*", auth.handler)` after the app's middleware. "unchanged" when all
 * three are there; `{ unsupported }` for a shape the mount would get wrong (a `basePath` app, CommonJS, a
 * name `auth` already taken). Throws when the file creates no Hono app (check with findHonoApp).
 */
export function mountHonoAuth(source: string, fileName: string, options: MountOptions): TransformResult {
  const ts = typescript();
  const analysis = analyse(source, fileName);
  if (!analysis) throw new Error(`${fileName} creates no Hono app (no \`new Hono()\` assigned to a variable).`);
  const { file, instance } = analysis;
  const mountLine = `${instance}.on(["GET", "POST"], "${options.basePath}/*", auth.handler);`;
  if (analysis.basePath !== null && !analysis.mounted) {
    return {
      unsupported: `${fileName} serves ${instance} under basePath(${JSON.stringify(analysis.basePath)}): set \`basePath: "${analysis.basePath}${options.basePath}"\` in the auth config, then mount it with ${mountLine}`,
    };
  }
  if (analysis.commonJs && !analysis.mounted) {
    return {
      unsupported: `${fileName} loads Hono with require(): mount it yourself, after your middleware: ${mountLine}`,
    };
  }
  if (analysis.authNameTaken && !analysis.mounted) {
    return {
      unsupported: `${fileName} already names something \`auth\`: import the auth module under another name and mount its handler: ${mountLine.replace("auth.handler", "<name>.handler")}`,
    };
  }
  const style = detectStyle(source, fileName);
  const eol = style.eol;
  const inserts: Insertion[] = [];
  const lines = (list: string[], indent = "") =>
    renderCode(list.join("\n"), style, fileName)
      .split(eol)
      .map((line) => (line ? indent + line : line))
      .join(eol);

  const topLevel = [...file.statements];
  const instanceIndex = topLevel.findIndex((s) => s.pos <= analysis.statement.pos && analysis.statement.end <= s.end);
  let lastImport: Node | undefined;
  for (const statement of topLevel.slice(0, instanceIndex + 1))
    if (ts.isImportDeclaration(statement)) lastImport = statement;
  const firstStatement = topLevel[0];
  const afterImports = lastImport ? lineEnd(source, lastImport.end) : null;

  if (!analysis.mounted && !analysis.authImported) {
    const line = `import { auth } from "${options.authModule}";`;
    if (afterImports !== null) inserts.push({ at: afterImports, text: eol + lines([line]) });
    else inserts.push({ at: firstStatement ? firstStatement.getStart(file) : 0, text: lines([line]) + eol + eol });
  }

  if (!analysis.loadsEnv && options.envLoader !== "none") {
    const block = envBlock(options.envLoader, "esm", options.envFile, options.typescript);
    const first = firstStatement ? firstStatement.getStart(file) : source.length;
    if (options.envLoader === "dotenv") {
      // dotenv's side-effect import is itself an import, and goes first so the modules after it see the values.
      const afterComment = first > 0 && /\S/.test(source.slice(lineStart(source, first - 1), first - 1)) ? eol : "";
      inserts.push({ at: first, text: afterComment + lines(block) + eol + eol });
    } else if (afterImports !== null) {
      // ES imports run first whatever their place; they read process.env only when requests arrive (the auth
      // module reads it on the first request), so loading right after them is in time.
      inserts.push({ at: afterImports, text: eol + eol + lines(block) });
    } else {
      inserts.push({ at: first, text: lines(block) + eol + eol });
    }
  }

  if (!analysis.mounted) {
    const anchor = mountAnchor(ts, analysis);
    const statementStart = anchor.getStart(file);
    const indent = /^[ \t]*/.exec(source.slice(lineStart(source, statementStart), statementStart))?.[0] ?? "";
    const at = lineEnd(source, anchor.end);
    const next = source.slice(at).replace(/^\r?\n/, "");
    const blankAfter = next === "" || /^[ \t]*\r?\n/.test(next) ? "" : eol;
    const mount = [
      `// Auth routes under ${options.basePath} (sign-in, callbacks, session, sign-out): after the app's middleware, before its routes; added by create-auth.`,
      mountLine,
    ];
    inserts.push({ at, text: eol + eol + lines(mount, indent) + blankAfter });
  }

  return inserts.length === 0 ? "unchanged" : applyInsertions(source, inserts);
}
