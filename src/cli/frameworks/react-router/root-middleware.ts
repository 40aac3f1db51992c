/**
 * The app's root route (`app/root.tsx`), read and edited through the TypeScript AST (syntax only): the auth
 * module's middleware runs first in the root's `middleware` export, so the session cookies a loader's read
 * refreshed reach every response (documents, data requests, resource routes, redirects). The user's own
 * middleware stays, after it; a root without any gets `export const middleware = [auth.middleware]` after its
 * imports. Every edit is an insertion of whole lines (or of the entry inside a one-line array);
 * `unwireRootMiddleware` takes them back out, keeping whatever the user changed since.
 */
import { parseSyntax, type SyntaxNode, typescript, unwrap } from "../../edit/ast.js";
import { detectStyle, renderCode, styledLine } from "../../edit/code-style.js";
import { applyInsertions, type Insertion, lineEnd } from "../../edit/insertions.js";
import { firstEntryInsertion, withoutFirstEntry } from "../../edit/list-entry.js";
import { type BlankSide, removeLineRun } from "../../edit/remove-lines.js";
import type { TransformResult } from "../../edit/result.js";

export interface RootShape {
  /** The root exports `middleware` with `auth.middleware` in it. */
  wired: boolean;
  /** The root exports `middleware`, but not as an array literal init can add to. */
  opaque: boolean;
  /** The file binds the name `auth` to something else than the auth module. */
  authNameTaken: boolean;
}

interface Analysis extends RootShape {
  tree: ReturnType<typeof parseSyntax>;
  list: SyntaxNode | null;
  authImported: boolean;
  lastImport: SyntaxNode | null;
}

/** `./auth.server`, `~/auth.server`, `../app/auth.server.ts`: the auth module, however the root names it. */
const isAuthModule = (specifier: string) => /(^|\/)auth\.server(\.[cm]?[jt]sx?)?$/.test(specifier);

function analyse(source: string, fileName: string): Analysis {
  const ts = typescript();
  const tree = parseSyntax(source, fileName);
  let authImported = false;
  let authNameTaken = false;
  let lastImport: SyntaxNode | null = null;
  let middleware: SyntaxNode | null | undefined;
  for (const statement of tree.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      lastImport = statement;
      const clause = statement.importClause;
      if (clause?.name?.text === "auth") authNameTaken = true;
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          if (element.name.text !== "auth") continue;
          const imported = (element.propertyName ?? element.name).text;
          if (imported === "auth" && isAuthModule(statement.moduleSpecifier.text)) authImported = true;
          else authNameTaken = true;
        }
      }
    } else if (ts.isVariableStatement(statement)) {
      const exported = (ts.getModifiers(statement) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
      for (const declaration of statement.declarationList.declarations) {
        if (!ts.isIdentifier(declaration.name)) continue;
        if (declaration.name.text === "auth") authNameTaken = true;
        if (exported && declaration.name.text === "middleware")
          middleware = declaration.initializer ? unwrap(ts, declaration.initializer) : null;
      }
    } else if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name) {
      if (statement.name.text === "auth") authNameTaken = true;
      if (statement.name.text === "middleware") middleware = null;
    }
  }
  const list = middleware && ts.isArrayLiteralExpression(middleware) ? middleware : null;
  const wired =
    list?.elements.some((element) => {
      const node = unwrap(ts, element);
      return (
        ts.isPropertyAccessExpression(node) &&
        node.name.text === "middleware" &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === "auth"
      );
    }) ?? false;
  return {
    tree,
    list,
    wired,
    opaque: middleware !== undefined && list === null,
    authImported,
    authNameTaken: authNameTaken && !authImported,
    lastImport,
  };
}

/** What the root says about the auth middleware, for doctor and the target. */
export function readRoot(source: string, fileName: string): RootShape {
  const { wired, opaque, authNameTaken } = analyse(source, fileName);
  return { wired, opaque, authNameTaken };
}

export const MIDDLEWARE_COMMENT =
  "// Writes the session cookies the loaders' reads refreshed onto every response; added by create-auth.";
const EXPORT_LINE = "export const middleware = [auth.middleware];";

/**
 * Runs `auth.middleware` first in the root's middleware, importing `auth` from `authModule` (as this file
 * names it: `./auth.server`). "unchanged" when it is there; `{ unsupported }` for a `middleware` export that
 * is not an array literal, or a name `auth` already taken.
 */
export function wireRootMiddleware(source: string, fileName: string, authModule: string): TransformResult {
  const analysis = analyse(source, fileName);
  if (analysis.wired && analysis.authImported) return "unchanged";
  if (analysis.authNameTaken) {
    return {
      unsupported: `${fileName} already names something \`auth\`; import the auth module under another name and put its middleware first in your root's middleware export.`,
    };
  }
  if (analysis.opaque) {
    return {
      unsupported: `${fileName} exports \`middleware\` that is not an array literal; put auth.middleware (import { auth } from "${authModule}") first in it.`,
    };
  }
  const style = detectStyle(source, fileName);
  const render = (code: string) => renderCode(code, style, fileName);
  const inserts: Insertion[] = [];
  const afterImports = analysis.lastImport ? lineEnd(source, analysis.lastImport.end) : null;
  if (!analysis.authImported) {
    const line = render(`import { auth } from "${authModule}";`);
    inserts.push(
      afterImports !== null ? { at: afterImports, text: style.eol + line } : { at: 0, text: line + style.eol },
    );
  }
  if (!analysis.wired) {
    if (analysis.list) {
      const entry = { entry: "auth.middleware", comment: MIDDLEWARE_COMMENT };
      inserts.push(firstEntryInsertion(source, analysis.tree, analysis.list, entry, style));
    } else {
      const block = [MIDDLEWARE_COMMENT, render(EXPORT_LINE)].join(style.eol);
      inserts.push(
        afterImports !== null
          ? { at: afterImports, text: style.eol + style.eol + block }
          : { at: 0, text: block + style.eol + style.eol },
      );
    }
  }
  return inserts.length === 0 ? "unchanged" : applyInsertions(source, inserts);
}

const IMPORT = /^import \{ auth \} from ["'][^"']*auth\.server(?:\.[cm]?[jt]sx?)?["'];?$/;
const BLOCK = [/^\/\/ Writes the session cookies .*added by create-auth\.$/, styledLine(EXPORT_LINE)];

/** Each text a removal of `patterns` leaves, for each side its blank line may be on; the text itself without one. */
function removals(texts: string[], patterns: RegExp[], sides: BlankSide[]): string[] {
  return texts.flatMap((text) => {
    const found = sides
      .map((side) => removeLineRun(text, patterns, side))
      .filter((variant): variant is string => variant !== null);
    return found.length > 0 ? [...new Set(found)] : [text];
  });
}

/**
 * The inverse of wireRootMiddleware: its middleware entry or export, and the auth module's import. Of the
 * texts the removals can leave, the one wireRootMiddleware maps back onto the file as it is wins; else,
 * wiring under init's comment goes, and wiring the user wrote (init then added nothing) stays.
 */
export function unwireRootMiddleware(source: string, fileName: string, authModule: string): TransformResult {
  const entries = withoutFirstEntry(source, "auth\\.middleware", MIDDLEWARE_COMMENT);
  // The whole export first: `[]` left under our comment would map back onto the file too.
  let texts = [...removals([source], BLOCK, ["before", "both", "none"]), ...entries].filter((text) => text !== source);
  if (texts.length === 0) texts = [source];
  texts = removals(texts, [IMPORT], ["none"]);
  if (texts[0] === source) return "unchanged";
  const exact = texts.find((text) => wireRootMiddleware(text, fileName, authModule) === source);
  if (exact !== undefined) return exact;
  // Our comment says the wiring is init's even after the user's changes around it; without it, it is theirs.
  return source.includes(MIDDLEWARE_COMMENT.slice(3)) ? texts[0]! : "unchanged";
}
