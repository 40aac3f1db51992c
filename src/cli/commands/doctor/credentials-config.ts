/**
 * What the auth module says about a credentials sign-in, read from its syntax (nothing runs): whether every
 * `authorize` still returns null on every path (the placeholder init writes: nobody signs in with a password
 * yet), which session strategy it names, and whether it hands the runtime an adapter. The doctor's provider
 * check (providers.ts) turns that into what is true of the app's password sign-in.
 */
import { parseSyntax, type SyntaxNode, type Ts, typescript } from "../../edit/ast.js";

export interface CredentialsConfig {
  /** Every `authorize` found returns null (or nothing) on every path; false when one may return a user, or none is found. */
  deniesEveryone: boolean;
  /** The `strategy` the config names as a string literal, or null when it names none (or computes it). */
  strategy: "jwt" | "database" | null;
  /** Whether a `strategy` property is there at all (a computed one is not null-vs-absent: doctor says nothing then). */
  strategyComputed: boolean;
  /** An `adapter` property is in the config. */
  hasAdapter: boolean;
}

function propertyName(ts: Ts, node: SyntaxNode): string | null {
  if (
    !ts.isPropertyAssignment(node) &&
    !ts.isShorthandPropertyAssignment(node) &&
    !ts.isMethodDeclaration(node) &&
    !ts.isPropertyDeclaration(node)
  ) {
    return null;
  }
  const name = node.name;
  return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : null;
}

function isNothing(ts: Ts, expression: SyntaxNode | undefined): boolean {
  if (expression === undefined) return true;
  if (ts.isParenthesizedExpression(expression) || ts.isAwaitExpression(expression)) {
    return isNothing(ts, expression.expression);
  }
  return (
    expression.kind === ts.SyntaxKind.NullKeyword ||
    (ts.isIdentifier(expression) && expression.text === "undefined") ||
    ts.isVoidExpression(expression)
  );
}

/** Whether the function only ever returns null/undefined: every `return` of its own (not a nested function's). */
function returnsOnlyNothing(ts: Ts, fn: SyntaxNode): boolean {
  if (ts.isArrowFunction(fn) && !ts.isBlock(fn.body)) return isNothing(ts, fn.body);
  let onlyNothing = true;
  const visit = (node: SyntaxNode): void => {
    if (!onlyNothing) return;
    if (node !== fn && ts.isFunctionLike(node)) return;
    if (ts.isReturnStatement(node) && !isNothing(ts, node.expression)) onlyNothing = false;
    else ts.forEachChild(node, visit);
  };
  visit(fn);
  return onlyNothing;
}

/** The function an `authorize` property holds: a method, or a function or arrow function as its value. */
function authorizeFunction(ts: Ts, node: SyntaxNode): SyntaxNode | null {
  if (ts.isMethodDeclaration(node)) return node;
  if (ts.isPropertyAssignment(node)) {
    const value = node.initializer;
    if (ts.isFunctionExpression(value) || ts.isArrowFunction(value)) return value;
  }
  return null;
}

export function readCredentialsConfig(source: string, fileName: string): CredentialsConfig {
  const ts = typescript();
  const tree = parseSyntax(source, fileName);
  let authorizeCount = 0;
  let denying = 0;
  let strategy: CredentialsConfig["strategy"] = null;
  let strategyComputed = false;
  let hasAdapter = false;
  const visit = (node: SyntaxNode): void => {
    const name = propertyName(ts, node);
    if (name === "authorize") {
      const fn = authorizeFunction(ts, node);
      authorizeCount += 1;
      if (fn && returnsOnlyNothing(ts, fn)) denying += 1;
    } else if (name === "adapter") {
      hasAdapter = true;
    } else if (name === "strategy" && strategy === null && ts.isPropertyAssignment(node)) {
      const value = node.initializer;
      if (ts.isStringLiteral(value) && (value.text === "jwt" || value.text === "database")) strategy = value.text;
      else strategyComputed = true;
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return { deniesEveryone: authorizeCount > 0 && denying === authorizeCount, strategy, strategyComputed, hasAdapter };
}
