/**
 * React Router 7's config (`react-router.config.ts`), read and edited through the TypeScript AST (syntax
 * only): route middleware, which carries refreshed session cookies onto every response, runs only under
 * `future.v8_middleware` (React Router 8 always runs it). Init turns the flag on: a `v8_middleware: true`
 * entry first in the config's `future`, or a `future` entry first in the config. Every edit is an insertion;
 * `disableMiddlewareFlag` takes it back out.
 */
import { parseSyntax, type SyntaxNode, typescript, unwrap } from "../../edit/ast.js";
import { detectStyle } from "../../edit/code-style.js";
import { applyInsertions } from "../../edit/insertions.js";
import { firstEntryInsertion, withoutFirstEntry } from "../../edit/list-entry.js";
import type { TransformResult } from "../../edit/result.js";

export const FLAG = "v8_middleware";

export interface ConfigShape {
  /** `future.v8_middleware` is `true`, `false`, absent (`null`), or something init cannot read ("computed"). */
  flag: boolean | null | "computed";
  /** The default export is an object literal init can add to. */
  editable: boolean;
}

interface Analysis extends ConfigShape {
  tree: ReturnType<typeof parseSyntax>;
  config: SyntaxNode | null;
  future: SyntaxNode | null;
}

function propertyNamed(ts: ReturnType<typeof typescript>, object: SyntaxNode, name: string): SyntaxNode | undefined {
  if (!ts.isObjectLiteralExpression(object)) return undefined;
  return object.properties.find(
    (property) =>
      property.name !== undefined &&
      (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) &&
      property.name.text === name,
  );
}

function analyse(source: string, fileName: string): Analysis {
  const ts = typescript();
  const tree = parseSyntax(source, fileName);
  let exported: SyntaxNode | null = null;
  for (const statement of tree.statements) {
    if (ts.isExportAssignment(statement) && !statement.isExportEquals) exported = unwrap(ts, statement.expression);
  }
  const config = exported && ts.isObjectLiteralExpression(exported) ? exported : null;
  const futureProperty = config ? propertyNamed(ts, config, "future") : undefined;
  const futureValue =
    futureProperty && ts.isPropertyAssignment(futureProperty) ? unwrap(ts, futureProperty.initializer) : null;
  const future = futureValue && ts.isObjectLiteralExpression(futureValue) ? futureValue : null;
  const flagProperty = future ? propertyNamed(ts, future, FLAG) : undefined;
  let flag: ConfigShape["flag"] = null;
  if (futureProperty && !future) flag = "computed";
  else if (flagProperty) {
    const value = ts.isPropertyAssignment(flagProperty) ? flagProperty.initializer : null;
    flag =
      value?.kind === ts.SyntaxKind.TrueKeyword
        ? true
        : value?.kind === ts.SyntaxKind.FalseKeyword
          ? false
          : "computed";
  }
  return { tree, config, future, flag, editable: config !== null };
}

/** What the config says about route middleware, for doctor and the target. */
export function readConfig(source: string, fileName: string): ConfigShape {
  const { flag, editable } = analyse(source, fileName);
  return { flag, editable };
}

export const FLAG_COMMENT = "// Route middleware, for auth.middleware in the root route; added by create-auth.";
const FUTURE_ENTRY = `future: { ${FLAG}: true }`;

/**
 * Turns `future.v8_middleware` on. "unchanged" when it is on; `{ unsupported }` when the app turned it off
 * or builds its config in a way init cannot read.
 */
export function enableMiddlewareFlag(source: string, fileName: string): TransformResult {
  const analysis = analyse(source, fileName);
  if (analysis.flag === true) return "unchanged";
  if (analysis.flag === false || analysis.flag === "computed" || !analysis.config) {
    return {
      unsupported: `${fileName}: set future: { ${FLAG}: true } in your config (route middleware writes refreshed session cookies).`,
    };
  }
  const style = detectStyle(source, fileName);
  const insertion = analysis.future
    ? firstEntryInsertion(
        source,
        analysis.tree,
        analysis.future,
        { entry: `${FLAG}: true`, comment: FLAG_COMMENT },
        style,
      )
    : firstEntryInsertion(
        source,
        analysis.tree,
        analysis.config,
        { entry: FUTURE_ENTRY, comment: FLAG_COMMENT },
        style,
      );
  return applyInsertions(source, [insertion]);
}

/** The inverse of enableMiddlewareFlag: the entry it added, the one it maps back onto the file as it is. */
export function disableMiddlewareFlag(source: string, fileName: string): TransformResult {
  // The whole `future` entry first: `future: {}` left under our comment would map back onto the file too.
  const texts = [
    ...withoutFirstEntry(source, `future: \\{ ${FLAG}: true \\}`, FLAG_COMMENT),
    ...withoutFirstEntry(source, `${FLAG}: true`, FLAG_COMMENT),
  ];
  if (texts.length === 0) return "unchanged";
  return texts.find((text) => enableMiddlewareFlag(text, fileName) === source) ?? "unchanged";
}
