/**
 * Merges `auth` into an existing Next.js `proxy.ts` / `middleware.ts` instead of overwriting it (pure,
 * source → source, through ts-morph): the user's own function keeps running, unchanged, under a local
 * name; the exported `proxy` / `middleware` (or default export) becomes `auth(...)` wrapping it, so every
 * request it handles carries `request.auth` and the `authorized` callback can redirect. Their `config`
 * (matcher, runtime) is kept as it is. A file that already uses `auth` is "unchanged"; one whose function
 * cannot be wrapped safely is `{ unsupported }`, saying why. Our lines follow the file's style (code-style.ts).
 */
import type { ArrowFunction, FunctionDeclaration, FunctionExpression, SourceFile } from "ts-morph";
import { tsMorph } from "../../edit/ast.js";
import { detectStyle, parseStyledModule, renderCode } from "../../edit/code-style.js";
import type { TransformResult } from "../../edit/result.js";

type FunctionLike = FunctionDeclaration | ArrowFunction | FunctionExpression;

export interface ProxyMergeOptions {
  /** The specifier the auth module is imported by (`@/auth`, `./auth`). */
  authImport: string;
  /** `proxy` (Next ≥ 16, `proxy.ts`) or `middleware` (`middleware.ts`). */
  exportName: "proxy" | "middleware";
}

/** True when the module imports `auth` from the auth module already (run twice: nothing to do). */
function usesAuth(file: SourceFile, authImport: string): boolean {
  return (
    file.getImportDeclarations().some((declaration) => {
      if (declaration.getModuleSpecifierValue() !== authImport) return false;
      return declaration.getNamedImports().some((named) => named.getName() === "auth");
    }) || file.getExportDeclarations().some((declaration) => declaration.getModuleSpecifierValue() === authImport)
  );
}

/** The call that hands the user's function exactly the arguments it declares (TS rejects extra ones). */
function wrapperFor(localName: string, parameters: number): { code: string; needsEventType: boolean } {
  if (parameters >= 2)
    return { code: `auth((request, event: NextFetchEvent) => ${localName}(request, event))`, needsEventType: true };
  if (parameters === 1) return { code: `auth((request) => ${localName}(request))`, needsEventType: false };
  return { code: `auth(() => ${localName}())`, needsEventType: false };
}

const COMMENT = [
  "// Signed-in state for every request this file handles (added by create-auth): `request.auth` is the session,",
  "// and `callbacks.authorized` in the auth module can send signed-out visitors to the sign-in page.",
];

export function mergeAuthIntoProxy(source: string, options: ProxyMergeOptions): TransformResult {
  const { SyntaxKind } = tsMorph();
  const style = detectStyle(source, "proxy.tsx");
  const file = parseStyledModule(source, "proxy.tsx", style);
  if (usesAuth(file, options.authImport)) return "unchanged";

  const localName = options.exportName === "proxy" ? "appProxy" : "appMiddleware";
  if (file.getFunction(localName) || file.getVariableDeclaration(localName)) {
    return { unsupported: `it already declares ${localName}` };
  }
  let target: FunctionLike | undefined;
  let exportStatement: "named" | "default" = "named";

  const named = file.getFunction(options.exportName);
  const defaultFunction = file.getFunctions().find((fn) => fn.isDefaultExport());
  const variable = file.getVariableDeclaration(options.exportName);
  if (defaultFunction) {
    defaultFunction.setIsDefaultExport(false);
    const nameNode = defaultFunction.getNameNode();
    if (nameNode) nameNode.replaceWithText(localName);
    else defaultFunction.set({ name: localName });
    target = defaultFunction;
    exportStatement = "default";
  } else if (named?.isExported()) {
    named.setIsExported(false);
    named.getNameNode()!.replaceWithText(localName);
    target = named;
  } else if (variable?.getVariableStatement()?.isExported()) {
    const initializer = variable.getInitializer();
    const fn =
      initializer?.asKind(SyntaxKind.ArrowFunction) ?? initializer?.asKind(SyntaxKind.FunctionExpression) ?? undefined;
    if (!fn) return { unsupported: `its ${options.exportName} is not a function we can wrap` };
    variable.getVariableStatement()!.setIsExported(false);
    variable.getNameNode().replaceWithText(localName);
    target = fn;
  } else {
    return { unsupported: `it has no exported ${options.exportName} function or default function` };
  }

  const wrapper = wrapperFor(localName, target.getParameters().length);
  file.insertStatements(0, renderCode(`import { auth } from "${options.authImport}";`, style));
  if (wrapper.needsEventType) {
    const server = file.getImportDeclaration((d) => d.getModuleSpecifierValue() === "next/server");
    if (!server) file.insertStatements(1, renderCode('import type { NextFetchEvent } from "next/server";', style));
    else if (!server.getNamedImports().some((n) => n.getName() === "NextFetchEvent")) {
      server.addNamedImport(server.isTypeOnly() ? "NextFetchEvent" : { name: "NextFetchEvent", isTypeOnly: true });
    }
  }
  const statement =
    exportStatement === "default"
      ? `export default ${wrapper.code};`
      : `export const ${options.exportName} = ${wrapper.code};`;
  const after = target.isKind(SyntaxKind.FunctionDeclaration)
    ? target
    : target.getFirstAncestorByKind(SyntaxKind.VariableStatement);
  file.insertStatements(
    (after?.getChildIndex() ?? file.getStatements().length - 1) + 1,
    ["", ...COMMENT, renderCode(statement, style)].join("\n"),
  );
  return file.getFullText();
}
