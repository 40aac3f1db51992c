/**
 * Drizzle's `casing` option, as the doctor's database check needs it: with `casing: "snake_case"` on the
 * app's `drizzle(…)` instance (or `"camelCase"`), a column declared by its key alone (`emailVerified: text()`)
 * is queried as `email_verified`. A column given its own SQL name, and every table name, is not cased.
 * The instance the auth module hands the drizzle adapter says how the runtime queries; drizzle.config's
 * `casing` (how drizzle-kit wrote the tables) stands in only when that instance's module cannot be followed.
 */

import { parseSyntax, type SyntaxNode, type SyntaxTree, typescript } from "../../edit/ast.js";
import type { ProjectReader } from "../../project/reader.js";
import { readDrizzleConfig } from "./config.js";

export type DrizzleCasing = "snake_case" | "camelCase";

/**
 * drizzle-orm's word split (casing.ts): runs of lower case or digits, a run of capitals not followed by a lower
 * case letter (an acronym), a capital with the lower case after it; apostrophes dropped.
 */
function words(key: string): string[] {
  return key.replace(/['\u2019]/g, "").match(/[\da-z]+|[A-Z]+(?![a-z])|[A-Z][\da-z]+/g) ?? [];
}

/** The SQL name Drizzle queries for a column declared by its key alone. */
export function casedColumn(key: string, casing: DrizzleCasing | null): string {
  if (casing === "snake_case")
    return words(key)
      .map((word) => word.toLowerCase())
      .join("_");
  if (casing === "camelCase")
    return words(key)
      .map((word, index) => (index === 0 ? word.toLowerCase() : `${word[0]!.toUpperCase()}${word.slice(1)}`))
      .join("");
  return key;
}

const CASINGS = new Set<string>(["snake_case", "camelCase"]);

/** A `casing: "…"` property of an object literal directly under `node` (an argument, a config object). */
function casingProperty(node: SyntaxNode, tree: SyntaxTree): DrizzleCasing | null {
  const ts = typescript();
  if (!ts.isObjectLiteralExpression(node)) return null;
  for (const property of node.properties) {
    if (!ts.isPropertyAssignment(property) || property.name.getText(tree) !== "casing") continue;
    const value = property.initializer;
    if ((ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value)) && CASINGS.has(value.text))
      return value.text as DrizzleCasing;
  }
  return null;
}

/**
 * The casing of the `drizzle(…)` calls in a module (`drizzle(client, { casing })` or `drizzle({ client,
 * casing })`): undefined when the module makes no such call, null when it makes one without a casing.
 */
export function instanceCasing(source: string, file: string): DrizzleCasing | null | undefined {
  if (!source.includes("drizzle-orm/")) return undefined;
  const ts = typescript();
  const tree = parseSyntax(source, file);
  const names = new Set<string>();
  for (const statement of tree.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!statement.moduleSpecifier.text.startsWith("drizzle-orm/")) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings))
      for (const element of bindings.elements)
        if ((element.propertyName ?? element.name).text === "drizzle") names.add(element.name.text);
  }
  let found: DrizzleCasing | null | undefined;
  const visit = (node: SyntaxNode): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && names.has(node.expression.text)) {
      const casing = node.arguments.map((argument) => casingProperty(argument, tree)).find(Boolean) ?? null;
      found = found ?? casing;
    }
    ts.forEachChild(node, visit);
  };
  if (names.size > 0) visit(tree);
  return found;
}

/** drizzle.config's `casing` (its exported object's property, wherever the object is written), or null. */
export function configCasing(reader: ProjectReader): DrizzleCasing | null {
  const file = readDrizzleConfig(reader)?.file;
  const source = file ? reader.read(file) : null;
  if (!file || source === null) return null;
  const ts = typescript();
  const tree = parseSyntax(source, file);
  let found: DrizzleCasing | null = null;
  const visit = (node: SyntaxNode): void => {
    found ??= casingProperty(node, tree);
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}
