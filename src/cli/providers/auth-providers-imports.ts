/**
 * The import side of the auth-providers transforms: import lines written in the module's style (ESM
 * `import X from`, CommonJS `require(…).default`), the named-binding list an import can take another name
 * into, and removing bindings nothing uses any more (the whole statement when it is left empty).
 */
import { type SyntaxNode, unwrap } from "../edit/ast.js";
import { lineEnd, lineStart } from "../edit/insertions.js";
import { type Edit, type ListSyntax, removeItem } from "./auth-providers-edit.js";
import type { AuthModuleShape, ImportBinding } from "./auth-providers-shape.js";

/** Names declared in the module (imports, variables, functions, classes, parameters). */
export function declaredNames(shape: AuthModuleShape): Set<string> {
  const { ts, tree } = shape;
  const names = new Set(shape.imports.map((binding) => binding.local));
  const visit = (node: SyntaxNode): void => {
    if (
      (ts.isVariableDeclaration(node) ||
        ts.isBindingElement(node) ||
        ts.isParameter(node) ||
        ts.isFunctionDeclaration(node) ||
        ts.isClassDeclaration(node) ||
        ts.isImportSpecifier(node) ||
        ts.isImportClause(node) ||
        ts.isNamespaceImport(node)) &&
      node.name &&
      ts.isIdentifier(node.name)
    ) {
      names.add(node.name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return names;
}

export function importLine(
  style: "esm" | "cjs",
  quote: string,
  semicolon: boolean,
  specifier: string,
  clause: string,
  declaration: "const" | "var" = "const",
): string {
  const semi = semicolon ? ";" : "";
  const from = `${quote}${specifier}${quote}`;
  if (style === "esm") return `import ${clause} from ${from}${semi}`;
  return clause.startsWith("{")
    ? `${declaration} ${clause} = require(${from})${semi}`
    : `${declaration} ${clause} = require(${from}).default${semi}`;
}

/** The list of names an import (or require) statement binds by name, when it has one to add to. */
export function namedList(shape: AuthModuleShape, statement: SyntaxNode): ListSyntax | undefined {
  const { ts } = shape;
  if (ts.isImportDeclaration(statement)) {
    const named = statement.importClause?.namedBindings;
    if (statement.importClause?.isTypeOnly || !named || !ts.isNamedImports(named)) return undefined;
    return {
      items: named.elements,
      trailingComma: named.elements.hasTrailingComma,
      open: named.getStart(),
      close: named.end - 1,
    };
  }
  if (ts.isVariableStatement(statement) && statement.declarationList.declarations.length === 1) {
    const pattern = statement.declarationList.declarations[0]!.name;
    const initializer = statement.declarationList.declarations[0]!.initializer;
    if (!ts.isObjectBindingPattern(pattern) || !initializer || ts.isPropertyAccessExpression(unwrap(ts, initializer)))
      return undefined;
    return {
      items: pattern.elements,
      trailingComma: pattern.elements.hasTrailingComma,
      open: pattern.getStart(),
      close: pattern.end - 1,
    };
  }
  return undefined;
}

export function statementSpecifier(shape: AuthModuleShape, statement: SyntaxNode): string | undefined {
  const { ts } = shape;
  if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier))
    return statement.moduleSpecifier.text;
  return /require\(\s*["']([^"']+)["']\s*\)/.exec(statement.getText())?.[1];
}

/** True when `going` is every name the statement binds (type-only names included), so the whole statement goes. */
function bindsNothingElse(shape: AuthModuleShape, statement: SyntaxNode, going: ImportBinding[]): boolean {
  const { ts } = shape;
  if (ts.isImportDeclaration(statement)) {
    const clause = statement.importClause;
    if (!clause || clause.isTypeOnly) return false;
    const bindings = clause.namedBindings;
    const count =
      (clause.name ? 1 : 0) +
      (bindings && ts.isNamedImports(bindings) ? bindings.elements.length : 0) +
      (bindings && ts.isNamespaceImport(bindings) ? 1 : 0);
    return going.length === count;
  }
  const all = shape.imports.filter((b) => b.statement === statement);
  return going.length === all.length && going.every((b) => b.node === statement || namedList(shape, statement));
}

/** Removes import bindings: the whole statement when nothing else is left in it. */
export function removeBindings(shape: AuthModuleShape, bindings: ImportBinding[]): Edit[] {
  const { ts, source } = shape;
  const edits: Edit[] = [];
  for (const statement of new Set(bindings.map((b) => b.statement))) {
    const going = bindings.filter((b) => b.statement === statement);
    const named = namedList(shape, statement);
    if (bindsNothingElse(shape, statement, going)) {
      const start = statement.getStart();
      const whole =
        /^[ \t]*$/.test(source.slice(lineStart(source, start), start)) &&
        /^[ \t]*(\/\/.*)?$/.test(source.slice(statement.end, lineEnd(source, statement.end)));
      let end = whole
        ? Math.min(source.length, source.indexOf("\n", statement.end) + 1 || source.length)
        : statement.end;
      // The module's only import, first in the file, as adding writes it: the blank line after it goes too.
      const blank = /^[ \t]*\r?\n/.exec(source.slice(end));
      if (whole && start === 0 && blank && shape.importStatements.length === 1) end += blank[0].length;
      edits.push({ start: whole ? lineStart(source, start) : start, end, text: "" });
      continue;
    }
    if (!named) continue;
    const clause = ts.isImportDeclaration(statement) ? statement.importClause : undefined;
    const namedGoing = going.filter((b) => b.node !== statement);
    if (clause?.name && going.some((b) => b.node === statement)) {
      // `import X, { a } from` keeping a: drop `X, `.
      edits.push({ start: clause.name.getStart(), end: named.open, text: "" });
    } else if (clause?.name && namedGoing.length === named.items.length) {
      // `import X, { a } from` keeping X: drop `, { a }`.
      edits.push({ start: clause.name.end, end: named.close + 1, text: "" });
    } else if (namedGoing[0]) {
      // Neighbouring removals would overlap at their shared comma: one a pass (the caller re-reads and loops).
      edits.push(...removeItem(shape, named, namedGoing[0].node));
    }
  }
  return edits;
}
