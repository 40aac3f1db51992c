/**
 * SvelteKit 3 gives an app only the environment variables its `src/env.ts` declares (`defineEnvVars({ … })`,
 * which init writes): a provider's keys must be declared there too, or the runtime never sees them. Pure
 * transforms of that module: declare keys as optional (the blank placeholders must not stop the app), and
 * take back exactly the declarations added that way. Idempotent ("unchanged" when there is nothing to do).
 */

import { parseSyntax, typescript } from "../../edit/ast.js";
import { detectStyle } from "../../edit/code-style.js";
import type { TransformResult } from "../../edit/result.js";

type ObjectLiteral = import("ts-morph").ts.ObjectLiteralExpression;

/** The object literal passed to `defineEnvVars(…)`, or undefined. */
function declarations(source: string, fileName: string): ObjectLiteral | undefined {
  const ts = typescript();
  let found: ObjectLiteral | undefined;
  const visit = (node: import("ts-morph").ts.Node): void => {
    if (found) return;
    const [argument] = ts.isCallExpression(node) ? node.arguments : [];
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === "defineEnvVars" &&
      argument &&
      ts.isObjectLiteralExpression(argument)
    ) {
      found = argument;
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(parseSyntax(source, fileName));
  return found;
}

function declaredKeys(object: ObjectLiteral): string[] {
  const ts = typescript();
  return object.properties.flatMap((property) =>
    property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) ? [property.name.text] : [],
  );
}

/**
 * A key's declaration as this module writes it: through the file's own `optional` schema when it has one,
 * indented and ended as the file's lines are (code-style.ts).
 */
function declarationLine(source: string, key: string): string {
  const schema = /\bconst optional\b/.test(source) ? "optional" : "(value: string | undefined) => value";
  const style = detectStyle(source, "env.ts");
  return `${style.indent}${key}: { schema: ${schema} },${style.eol}`;
}

export function declareEnvVars(source: string, fileName: string, keys: readonly string[]): TransformResult {
  const object = declarations(source, fileName);
  if (!object) return { unsupported: `it has no defineEnvVars({ … }) call` };
  const missing = keys.filter((key) => !declaredKeys(object).includes(key));
  if (missing.length === 0) return "unchanged";
  const close = object.getEnd() - 1;
  const lineStart = source.lastIndexOf("\n", close) + 1;
  const last = object.properties.at(-1);
  const needsComma = last !== undefined && !source.slice(last.getEnd(), close).includes(",");
  if (source.slice(lineStart, close).trim() !== "" || (last && needsComma)) {
    return { unsupported: "its defineEnvVars object does not end on a line of its own after a trailing comma" };
  }
  const lines = missing.map((key) => declarationLine(source, key)).join("");
  return source.slice(0, lineStart) + lines + source.slice(lineStart);
}

/** Removes the declarations `declareEnvVars` wrote for `keys` (a declaration the user changed stays). */
export function undeclareEnvVars(source: string, keys: readonly string[]): TransformResult {
  let text = source;
  for (const key of keys) text = text.replace(declarationLine(source, key), "");
  return text === source ? "unchanged" : text;
}
