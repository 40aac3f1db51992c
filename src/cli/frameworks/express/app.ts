/**
 * Pure transforms on the user's Express app file, through the TypeScript AST (the parser bundled with
 * ts-morph, syntax only): find the `express()` instance, then mount the auth routes after the app's own
 * settings and middleware (loggers, request ids, body parsers: auth requests show in the app's log) and
 * before its first route, import what the mount needs, and load the env file at start. Every edit is an
 * insertion at a position the AST gives, written in the file's style (code-style.ts: quotes, semicolons,
 * indentation, `var` in express-generator's app.js); no other byte of the file changes.
 */

import { importLine } from "../../database/orm-shared.js";
import { type SyntaxNode as Node, parseSyntax, requireSpecifier, type Ts, typescript, unwrap } from "../../edit/ast.js";
import { detectStyle, renderCode } from "../../edit/code-style.js";
import { applyInsertions, type Insertion, lineEnd, lineStart } from "../../edit/insertions.js";
import type { TransformResult } from "../../edit/result.js";
import { envBlock, isLoadEnvFileCall } from "../server-env.js";

export type ModuleKind = "esm" | "cjs";

export interface ExpressAppShape {
  /** The variable holding the `express()` instance (`app`). */
  instance: string;
  /** How the file itself imports: `import` declarations, or `require` calls. */
  moduleKind: ModuleKind;
  /** The file already loads an env file (dotenv, `process.loadEnvFile`). */
  loadsEnv: boolean;
  /** `ExpressAuth(…)` is already called in the file. */
  mounted: boolean;
}

export interface MountOptions {
  /** The runtime's Express module, `@create-auth/runtime/express`. */
  runtimeModule: string;
  /** The generated auth module as this file imports it (`./auth.js`, `./auth`). */
  authModule: string;
  /** The mount point, which is the auth base path: `/auth`. */
  basePath: string;
  /** How to load the env file at start; "none" when the start command already does (`--env-file`). */
  envLoader: "loadEnvFile" | "dotenv" | "none";
  typescript: boolean;
  /** The env file's name, for the comment. */
  envFile: string;
}

function isRequireOf(ts: Ts, node: Node, specifier?: string): boolean {
  const required = requireSpecifier(ts, node);
  return required !== undefined && (specifier === undefined || required === specifier);
}

interface Analysis extends ExpressAppShape {
  file: ReturnType<typeof parseSyntax>;
  /** The statement declaring the instance. */
  statement: Node;
  imports: Set<string>;
  /** Names bound by imports of the app's own modules (`./routes/index`): routers, not middleware. */
  localBindings: Set<string>;
}

/** The names a binding pattern or an import clause declares: `x`, `{ a, b: c }` → a, c. */
function boundNames(ts: Ts, name: Node): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  if (ts.isObjectBindingPattern(name) || ts.isArrayBindingPattern(name)) {
    return name.elements.flatMap((element: Node) => (ts.isBindingElement(element) ? boundNames(ts, element.name) : []));
  }
  return [];
}

function analyse(source: string, fileName: string): Analysis | null {
  const ts = typescript();
  const file = parseSyntax(source, fileName);
  const expressNames = new Set<string>();
  const imports = new Set<string>();
  const localBindings = new Set<string>();
  let hasImport = false;
  let hasRequire = false;
  let loadsEnv = false;
  let mounted = false;
  let found: { instance: string; statement: Node } | undefined;

  const visit = (node: Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      hasImport = true;
      const specifier = node.moduleSpecifier.text;
      imports.add(specifier);
      if (specifier === "dotenv" || specifier === "dotenv/config") loadsEnv = true;
      const clause = node.importClause;
      if (specifier.startsWith(".") && clause) {
        if (clause.name) localBindings.add(clause.name.text);
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamedImports(bindings)) for (const e of bindings.elements) localBindings.add(e.name.text);
        if (bindings && ts.isNamespaceImport(bindings)) localBindings.add(bindings.name.text);
      }
      if (specifier === "express" && clause?.name) expressNames.add(clause.name.text);
      if (specifier === "express" && clause?.namedBindings && ts.isNamedImports(clause.namedBindings)) {
        for (const element of clause.namedBindings.elements) {
          if ((element.propertyName ?? element.name).text === "default") expressNames.add(element.name.text);
        }
      }
    } else if (requireSpecifier(ts, node) !== undefined) {
      hasRequire = true;
      const specifier = requireSpecifier(ts, node)!;
      imports.add(specifier);
      if (specifier === "dotenv" || specifier === "dotenv/config") loadsEnv = true;
    } else if (ts.isVariableDeclaration(node) && node.initializer && !ts.isIdentifier(node.name)) {
      const required = requireSpecifier(ts, unwrap(ts, node.initializer));
      if (required?.startsWith(".")) for (const name of boundNames(ts, node.name)) localBindings.add(name);
      ts.forEachChild(node, visit);
      return;
    } else if (ts.isVariableDeclaration(node) && node.initializer && ts.isIdentifier(node.name)) {
      const init = unwrap(ts, node.initializer);
      if (requireSpecifier(ts, init)?.startsWith(".")) localBindings.add(node.name.text);
      if (isRequireOf(ts, init, "express")) expressNames.add(node.name.text);
      const creates =
        ts.isCallExpression(init) &&
        ((ts.isIdentifier(init.expression) && expressNames.has(init.expression.text)) ||
          isRequireOf(ts, unwrap(ts, init.expression), "express"));
      if (
        creates &&
        !found &&
        ts.isVariableDeclarationList(node.parent) &&
        ts.isVariableStatement(node.parent.parent)
      ) {
        found = { instance: node.name.text, statement: node.parent.parent };
      }
    } else if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      if (isLoadEnvFileCall(ts, node)) loadsEnv = true;
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "ExpressAuth") {
      mounted = true;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  if (!found) return null;
  return {
    ...found,
    file,
    imports,
    localBindings,
    moduleKind: hasImport || !hasRequire ? (hasImport ? "esm" : guessKind(fileName)) : "cjs",
    loadsEnv,
    mounted,
  };
}

function guessKind(fileName: string): ModuleKind {
  return /\.c[jt]s$/.test(fileName) ? "cjs" : "esm";
}

/** The Express app this file creates, or null when it creates none. */
export function findExpressApp(source: string, fileName: string): ExpressAppShape | null {
  const analysis = analyse(source, fileName);
  if (!analysis) return null;
  const { instance, moduleKind, loadsEnv, mounted } = analysis;
  return { instance, moduleKind, loadsEnv, mounted };
}

/** Calls on the instance that configure it rather than answer requests. */
const SETTINGS = new Set(["set", "enable", "disable", "engine"]);

/**
 * The statement the mount goes after: the last of the app's settings and middleware (`app.set(…)`,
 * `app.use(logger("dev"))`, `app.use(express.json())`, `app.use(requestId)`) that follow the instance in
 * its block before anything answers requests: a route (`app.get`, `app.route`), a `use` with a path, an
 * inline handler or one of the app's own routers, or `listen`. The instance's own statement when none.
 */
function mountAnchor(ts: Ts, analysis: Analysis): Node {
  const { statement, instance, localBindings } = analysis;
  const siblings: readonly Node[] = (statement.parent as { statements?: readonly Node[] }).statements ?? [];
  let anchor = statement;
  for (const sibling of siblings.slice(siblings.indexOf(statement) + 1)) {
    if (!ts.isExpressionStatement(sibling)) continue;
    const call = sibling.expression;
    if (!ts.isCallExpression(call) || !ts.isPropertyAccessExpression(call.expression)) continue;
    const target = call.expression.expression;
    if (!ts.isIdentifier(target) || target.text !== instance) continue;
    const method = call.expression.name.text;
    if (SETTINGS.has(method)) {
      anchor = sibling;
      continue;
    }
    if (method !== "use") break;
    const answers = call.arguments.some(
      (arg: Node) =>
        ts.isStringLiteralLike(arg) ||
        ts.isTemplateExpression(arg) ||
        ts.isRegularExpressionLiteral(arg) ||
        ts.isArrayLiteralExpression(arg) ||
        ts.isFunctionExpression(arg) ||
        ts.isArrowFunction(arg) ||
        (ts.isIdentifier(arg) && (localBindings.has(arg.text) || /router|routes/i.test(arg.text))),
    );
    if (answers) break;
    anchor = sibling;
  }
  return anchor;
}

/**
 * Mounts the auth routes in the app file: imports, env loading at start, and
 * `app.use("<basePath>", ExpressAuth(authConfig))` right after the instance is created. "unchanged" when
 * all three are already there. Throws when the file creates no Express app (check with findExpressApp).
 */
export function mountExpressAuth(source: string, fileName: string, options: MountOptions): TransformResult {
  const ts = typescript();
  const analysis = analyse(source, fileName);
  if (!analysis) throw new Error(`${fileName} creates no Express app (no \`express()\` call assigned to a variable).`);
  const style = detectStyle(source, fileName);
  const eol = style.eol;
  const { file, moduleKind: kind } = analysis;
  const inserts: Insertion[] = [];
  const lines = (list: string[], indent = "") =>
    renderCode(list.join("\n"), style, fileName)
      .split(eol)
      .map((line) => (line ? indent + line : line))
      .join(eol);

  const topLevel = file.statements;
  const isImportLike = (statement: Node) =>
    ts.isImportDeclaration(statement) ||
    (ts.isVariableStatement(statement) &&
      statement.declarationList.declarations.some((d) => d.initializer && isRequireOf(ts, unwrap(ts, d.initializer))));
  const instanceIndex = topLevel.findIndex((s) => s.pos <= analysis.statement.pos && analysis.statement.end <= s.end);
  let lastImport: Node | undefined;
  for (const statement of topLevel.slice(0, instanceIndex + 1)) if (isImportLike(statement)) lastImport = statement;
  const firstStatement = topLevel.find((s) => !(ts.isExpressionStatement(s) && ts.isStringLiteral(s.expression)));
  const afterImports = lastImport ? lineEnd(source, lastImport.end) : null;

  const wanted: string[] = [];
  if (!analysis.mounted) {
    if (!analysis.imports.has(options.runtimeModule)) {
      wanted.push(importLine(["ExpressAuth"], options.runtimeModule, kind === "cjs"));
    }
    if (!analysis.imports.has(options.authModule)) {
      wanted.push(importLine(["authConfig"], options.authModule, kind === "cjs"));
    }
  }
  if (wanted.length > 0) {
    if (afterImports !== null) inserts.push({ at: afterImports, text: eol + lines(wanted) });
    else inserts.push({ at: firstStatement ? firstStatement.getStart(file) : 0, text: lines(wanted) + eol + eol });
  }

  if (!analysis.loadsEnv && options.envLoader !== "none") {
    const block = envBlock(options.envLoader, kind, options.envFile, options.typescript);
    // CommonJS runs top to bottom: load first, so every module required below sees the values. ESM hoists
    // imports (and they read process.env only when requests arrive), so the block goes right after them —
    // except dotenv's side-effect import, which is itself an import and goes first.
    const first = firstStatement ? firstStatement.getStart(file) : source.length;
    if (kind === "cjs" || (options.envLoader === "dotenv" && kind === "esm")) {
      // A blank line after a file's header comment, so the comment keeps describing the file.
      const afterComment = first > 0 && /\S/.test(source.slice(lineStart(source, first - 1), first - 1)) ? eol : "";
      inserts.push({ at: first, text: afterComment + lines(block) + eol + eol });
    } else if (afterImports !== null) {
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
      `// Behind a reverse proxy that terminates HTTPS, also call ${analysis.instance}.set(${style.quote}trust proxy${style.quote}, 1) (or your proxy's address)`,
      "// first: Express then reports https, and the session cookie gets the Secure flag.",
      `${analysis.instance}.use("${options.basePath}", ExpressAuth(authConfig));`,
    ];
    inserts.push({ at, text: eol + eol + lines(mount, indent) + blankAfter });
  }

  return inserts.length === 0 ? "unchanged" : applyInsertions(source, inserts);
}
