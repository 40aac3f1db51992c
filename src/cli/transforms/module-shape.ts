/**
 * Reads the import/export shape of an existing JS/TS module (is this already a create-auth auth module?
 * does this route file already export GET and POST?). Uses the TypeScript parser bundled with ts-morph,
 * syntax only: a full ts-morph Project with its type checker costs a second more and answers nothing extra.
 * Loaded lazily: only runs when such a file already exists.
 */
import type { ModuleShape } from "../targets/types.js";

export async function loadModuleInspector(): Promise<(source: string) => ModuleShape> {
  const { ts } = await import("ts-morph");

  const bindingNames = (name: import("ts-morph").ts.BindingName, out: string[]) => {
    if (ts.isIdentifier(name)) out.push(name.text);
    else for (const element of name.elements) if (!ts.isOmittedExpression(element)) bindingNames(element.name, out);
  };
  const isExported = (node: import("ts-morph").ts.Node) =>
    ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

  return (source) => {
    const file = ts.createSourceFile("module.tsx", source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
    const imports: string[] = [];
    const exports: string[] = [];
    for (const statement of file.statements) {
      if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
        imports.push(statement.moduleSpecifier.text);
      } else if (ts.isVariableStatement(statement) && isExported(statement)) {
        for (const declaration of statement.declarationList.declarations) bindingNames(declaration.name, exports);
      } else if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && isExported(statement)) {
        if (statement.name) exports.push(statement.name.text);
      } else if (
        ts.isExportDeclaration(statement) &&
        statement.exportClause &&
        ts.isNamedExports(statement.exportClause)
      ) {
        for (const element of statement.exportClause.elements) exports.push(element.name.text);
      }
    }
    return { imports, exports };
  };
}
