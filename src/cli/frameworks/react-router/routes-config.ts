/**
 * The app's route config (`app/routes.ts`), read and edited through the TypeScript AST (syntax only): React
 * Router serves a route module only when this file lists it, so init lists the auth route first in the array
 * the module exports by default, and imports `route` from @react-router/dev/routes when the file does not
 * yet. An app whose routes come from the file convention (`flatRoutes()` of @react-router/fs-routes) needs no
 * entry: `routes/auth.$.ts` is `/auth/*` by its name. Every edit is an insertion; `unlistAuthRoute` takes
 * them back out, keeping whatever the user changed since.
 */
import { parseSyntax, type SyntaxNode, typescript, unwrap } from "../../edit/ast.js";
import { detectStyle, renderCode } from "../../edit/code-style.js";
import { applyInsertions, type Insertion, lineEnd } from "../../edit/insertions.js";
import { firstEntryInsertion, quotedPattern, withoutFirstEntry } from "../../edit/list-entry.js";
import type { TransformResult } from "../../edit/result.js";

const ROUTES_MODULE = "@react-router/dev/routes";
const FS_ROUTES_MODULE = "@react-router/fs-routes";

export interface AuthRoute {
  /** The URL pattern: `auth/*`. */
  path: string;
  /** The route module as routes.ts names it, relative to the app directory: `routes/auth.$.ts`. */
  module: string;
}

export interface RouteConfigShape {
  /** Some entry already names the auth route's module. */
  listed: boolean;
  /** The routes come from the file convention (`flatRoutes()`), which serves the module by its name. */
  fileRoutes: boolean;
  /** The default export is an array literal init can add to. */
  editable: boolean;
}

interface Analysis extends RouteConfigShape {
  tree: ReturnType<typeof parseSyntax>;
  list: SyntaxNode | null;
  /** The local name of @react-router/dev/routes' `route` helper, when imported. */
  routeName: string | null;
  /** The value import of @react-router/dev/routes with named bindings, to add `route` to. */
  routesImport: SyntaxNode | null;
  lastImport: SyntaxNode | null;
}

function analyse(source: string, fileName: string, route: AuthRoute): Analysis {
  const ts = typescript();
  const tree = parseSyntax(source, fileName);
  let routeName: string | null = null;
  let routesImport: SyntaxNode | null = null;
  let lastImport: SyntaxNode | null = null;
  const flatRoutesNames = new Set<string>();
  let exported: SyntaxNode | null = null;
  for (const statement of tree.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      lastImport = statement;
      const clause = statement.importClause;
      const bindings = clause?.namedBindings;
      if (!clause || clause.isTypeOnly || !bindings || !ts.isNamedImports(bindings)) continue;
      const specifier = statement.moduleSpecifier.text;
      for (const element of bindings.elements) {
        if (element.isTypeOnly) continue;
        const imported = (element.propertyName ?? element.name).text;
        if (specifier === ROUTES_MODULE && imported === "route") routeName = element.name.text;
        if (specifier === FS_ROUTES_MODULE && imported === "flatRoutes") flatRoutesNames.add(element.name.text);
      }
      if (specifier === ROUTES_MODULE) routesImport = statement;
    } else if (ts.isExportAssignment(statement) && !statement.isExportEquals) {
      exported = unwrap(ts, statement.expression);
    }
  }
  const isFlatRoutes = (node: SyntaxNode): boolean => {
    const call = unwrap(ts, ts.isAwaitExpression(node) ? node.expression : node);
    return ts.isCallExpression(call) && ts.isIdentifier(call.expression) && flatRoutesNames.has(call.expression.text);
  };
  const list = exported && ts.isArrayLiteralExpression(exported) ? exported : null;
  const fileRoutes =
    (exported !== null && isFlatRoutes(exported)) ||
    (list?.elements.some((element) => ts.isSpreadElement(element) && isFlatRoutes(element.expression)) ?? false);
  const names = new Set([route.module, `./${route.module}`]);
  let listed = false;
  const visit = (node: SyntaxNode): void => {
    if (ts.isStringLiteralLike(node) && names.has(node.text)) listed = true;
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return { tree, list, listed, fileRoutes, editable: list !== null, routeName, routesImport, lastImport };
}

/** What routes.ts says about the auth route, for doctor and the target. */
export function readRouteConfig(source: string, fileName: string, route: AuthRoute): RouteConfigShape {
  const { listed, fileRoutes, editable } = analyse(source, fileName, route);
  return { listed, fileRoutes, editable };
}

/** The comment above the entry in a multi-line list; routes-config's undo finds it again. */
export const ROUTE_COMMENT = "// The auth routes (sign-in, callbacks, session, sign-out); added by create-auth.";

/** The entry as written in house style, with the `route` helper's local name. */
export function routeEntry(route: AuthRoute, name = "route"): string {
  return `${name}(${JSON.stringify(route.path)}, ${JSON.stringify(route.module)})`;
}

/**
 * Lists the auth route first in the exported array, importing `route` where the file has not. "unchanged"
 * when an entry names its module already, or when the file convention serves it; `{ unsupported }` for a
 * config that is not an array literal (built by a function, spread from elsewhere).
 */
export function listAuthRoute(source: string, fileName: string, route: AuthRoute): TransformResult {
  const analysis = analyse(source, fileName, route);
  if (analysis.listed || analysis.fileRoutes) return "unchanged";
  if (!analysis.list) {
    return {
      unsupported: `${fileName} does not export an array literal of routes; add ${routeEntry(route)} to your routes (route from "${ROUTES_MODULE}").`,
    };
  }
  const style = detectStyle(source, fileName);
  const render = (code: string) => renderCode(code, style, fileName);
  const inserts: Insertion[] = [];
  const name = analysis.routeName ?? "route";
  if (!analysis.routeName) {
    const bindings = analysis.routesImport
      ? (analysis.routesImport as SyntaxNode & { importClause: { namedBindings: { elements: SyntaxNode[] } } })
          .importClause.namedBindings.elements
      : null;
    const last = bindings?.[bindings.length - 1];
    if (last) inserts.push({ at: last.end, text: ", route" });
    else {
      const line = render(`import { route } from "${ROUTES_MODULE}";`);
      inserts.push(
        analysis.lastImport
          ? { at: lineEnd(source, analysis.lastImport.end), text: style.eol + line }
          : { at: 0, text: line + style.eol + style.eol },
      );
    }
  }
  const entry = { entry: render(routeEntry(route, name)).replace(/;$/, ""), comment: ROUTE_COMMENT };
  inserts.push(firstEntryInsertion(source, analysis.tree, analysis.list, entry, style));
  return applyInsertions(source, inserts);
}

/**
 * The inverse of listAuthRoute: the entry out of the list and, when init added it, `route` out of the
 * import. Of the texts the removals can leave, the one listAuthRoute maps back onto the file as it is wins;
 * when the user has since changed the lines around it, an entry under init's comment goes and the import
 * stays; an entry the user wrote (init then listed nothing) stays.
 */
export function unlistAuthRoute(source: string, fileName: string, route: AuthRoute): TransformResult {
  const name = `(?:route|[\\w$]+)`;
  const entry = `${name}\\(${quotedPattern(JSON.stringify(route.path))}, ${quotedPattern(JSON.stringify(route.module))}\\)`;
  const withoutEntry = withoutFirstEntry(source, entry, ROUTE_COMMENT);
  if (withoutEntry.length === 0) return "unchanged";
  const from = `from ${quotedPattern(JSON.stringify(ROUTES_MODULE))}`;
  const candidates = withoutEntry.flatMap((text) => {
    // `route` added to the app's own import, its own import line after the others, or the file's first line.
    const withoutImport = [
      text.replace(new RegExp(`, route(?=\\s*,?\\s*\\}\\s*${from})`), ""),
      text.replace(new RegExp(`\\r?\\nimport \\{ route \\} ${from};?(?=\\r?\\n|$)`), ""),
      text.replace(new RegExp(`^import \\{ route \\} ${from};?\\r?\\n\\r?\\n`), ""),
    ].filter((variant) => variant !== text);
    // Both map back onto the file when the app imported `route` already: keep it while a route still uses it.
    return /\broute\(/.test(text) ? [text, ...withoutImport] : [...withoutImport, text];
  });
  const exact = candidates.find((candidate) => listAuthRoute(candidate, fileName, route) === source);
  if (exact !== undefined) return exact;
  // Our comment says the entry is init's even after the user's changes around it; without it, it is theirs.
  return source.includes(ROUTE_COMMENT.slice(3)) ? withoutEntry[0]! : "unchanged";
}
