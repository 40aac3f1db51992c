/**
 * `auth remove-provider`'s transform: takes the provider's entries out of the providers list (with their
 * comment lines), then what only they used: the config function's `event` parameter that adding gave it,
 * the passkeys opt-in with the last passkey provider, the provider's import and the named imports only its
 * entries needed (normalizeEmailAddress after credentials). A provider referenced anywhere else is refused.
 */
import { type SyntaxNode, unwrap } from "../edit/ast.js";
import type { TransformResult } from "../edit/result.js";
import { applyEdits, arrayList, objectList, removeItem } from "./auth-providers-edit.js";
import { removeBindings } from "./auth-providers-imports.js";
import {
  type ArrayLiteral,
  type AuthModuleShape,
  findProperty,
  type ImportBinding,
  isReference,
  lineOf,
  readAuthModule,
  referencesTo,
} from "./auth-providers-shape.js";

/** The list entry a reference to a provider's factory is (`GitHub()` or `GitHub` in a providers array), if any. */
function entryOf(
  shape: AuthModuleShape,
  reference: SyntaxNode,
): { entry: SyntaxNode; array: ArrayLiteral } | undefined {
  const { ts } = shape;
  let entry: SyntaxNode = reference;
  if (ts.isCallExpression(entry.parent) && entry.parent.expression === entry) entry = entry.parent;
  // `(GitHub())`, `GitHub() as Provider`, `GitHub() satisfies Provider`: still the entry.
  for (let wrapper = entry.parent; wrapper && unwrap(ts, wrapper) !== wrapper; wrapper = wrapper.parent) {
    if ((wrapper as { expression?: SyntaxNode }).expression !== entry) break;
    entry = wrapper;
  }
  const array = entry.parent;
  if (!array || !ts.isArrayLiteralExpression(array)) return undefined;
  return shape.list?.arrays.includes(array) ? { entry, array } : undefined;
}

function bindingsOf(shape: AuthModuleShape, specifier: string): ImportBinding[] {
  return shape.imports.filter((binding) => binding.specifier === specifier && !binding.named);
}

/** Removes the list entry and what only it used (see auth-providers.ts). */
export function removeProvider(source: string, fileName: string, specifier: string): TransformResult {
  let shape = readAuthModule(source, fileName);
  const { ts } = shape;
  const bindings = bindingsOf(shape, specifier);
  if (bindings.length === 0) return "unchanged";
  for (const binding of bindings) {
    for (const reference of referencesTo(ts, shape.tree, binding.local)) {
      if (shape.problem) return { unsupported: shape.problem };
      if (!entryOf(shape, reference)) {
        const line = lineOf(shape.tree, reference.getStart());
        return {
          unsupported: `${binding.local} is also used outside the providers list (line ${line})`,
        };
      }
    }
  }

  // Entries one at a time (a module may list the same provider twice), re-reading the module after each.
  let text = source;
  const used = new Set<string>();
  for (;;) {
    const reference = bindingsOf(shape, specifier)
      .flatMap((binding) => referencesTo(ts, shape.tree, binding.local))
      .map((node) => entryOf(shape, node))
      .find(Boolean);
    if (!reference) break;
    const visit = (node: SyntaxNode): void => {
      if (ts.isIdentifier(node) && isReference(ts, node)) used.add(node.text);
      ts.forEachChild(node, visit);
    };
    visit(reference.entry);
    text = applyEdits(text, removeItem(shape, arrayList(reference.array), reference.entry));
    shape = readAuthModule(text, fileName);
  }

  // The config function's `event`, as adding gives it, when only the removed entries read it (Qwik City).
  const fn = shape.list?.configFunction;
  const param = fn?.parameters[0];
  const isEvent = !!param && ts.isIdentifier(param.name) && param.name.text === "event";
  if (fn && param && isEvent && used.has("event") && fn.parameters.length === 1 && !param.type && !param.initializer) {
    if (referencesTo(ts, fn.body, "event").length === 0) {
      const parenthesized = text.slice(fn.getStart(), param.getStart()).includes("(");
      text = applyEdits(text, [{ start: param.getStart(), end: param.end, text: parenthesized ? "" : "()" }]);
      shape = readAuthModule(text, fileName);
    }
  }

  // Passkeys: the opt-in goes with the last passkey provider.
  if (/\/providers\/(passkey|webauthn)$/.test(specifier) && shape.list) {
    const stillPasskeys = shape.imports.some(
      (b) => /\/providers\/(passkey|webauthn)$/.test(b.specifier) && referencesTo(ts, shape.tree, b.local).length > 0,
    );
    const experimental = findProperty(ts, shape.list.config, "experimental");
    const value =
      experimental && ts.isPropertyAssignment(experimental) ? unwrap(ts, experimental.initializer) : undefined;
    if (!stillPasskeys && value && ts.isObjectLiteralExpression(value)) {
      const enable = findProperty(ts, value, "enableWebAuthn");
      if (enable) {
        const edits =
          value.properties.length === 1
            ? removeItem(shape, objectList(shape.list.config), experimental!)
            : removeItem(shape, objectList(value), enable);
        text = applyEdits(text, edits);
        shape = readAuthModule(text, fileName);
      }
    }
  }

  // Imports nothing uses any more: the provider's, and those only its entries used (normalizeEmailAddress).
  for (;;) {
    const unused = shape.imports.filter(
      (b) =>
        ((b.specifier === specifier && !b.named) || used.has(b.local)) &&
        referencesTo(ts, shape.tree, b.local).length === 0,
    );
    const edits = removeBindings(shape, unused);
    if (edits.length === 0) break;
    text = applyEdits(text, edits);
    shape = readAuthModule(text, fileName);
  }
  return text === source ? "unchanged" : text;
}
