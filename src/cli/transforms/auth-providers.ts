/**
 * The pure transforms behind `auth add-provider` / `auth remove-provider`: they edit the user's existing
 * auth module (whatever `init` wrote, or what the user has made of it since) through the syntax tree, as
 * insertions and removals at positions the tree gives, so the user's formatting and comments survive.
 * Adding writes the provider's import after the other provider imports, in the module's style (ESM or
 * CommonJS, quotes, semicolons) and its entry at the end of the providers list, in the list's layout;
 * removing takes the entry out with its comment, then every import that only the entry used. Both are
 * idempotent ("unchanged"), and removing what adding wrote gives the original text back. A module shaped
 * in a way that cannot be edited safely gives `{ unsupported }`, and the command prints `providerLines`.
 */

import { parseSyntax, type SyntaxNode, typescript } from "./ast.js";
import {
  appendItem,
  applyEdits,
  type Edit,
  indentCode,
  insertItemBefore,
  type ListSyntax,
  lineEnd,
  lineStart,
  removeItem,
  withQuotes,
} from "./auth-providers-edit.js";
import {
  type ArrayLiteral,
  type AuthModuleShape,
  findProperty,
  type ImportBinding,
  identifiersIn,
  isProviderSpecifier,
  isReference,
  lineOf,
  type ObjectLiteral,
  readAuthModule,
  referencesTo,
  unwrap,
} from "./auth-providers-shape.js";
import type { TransformResult } from "./result.js";

export interface ProviderCode {
  /** Module the factory comes from: "@create-auth/runtime/providers/github". */
  specifier: string;
  /** Local name to import it as: "GitHub". If that name is taken by something else in the module, a free one is picked (GitHub2 …). */
  importName: string;
  /** The list entry, written with `importName`, e.g. "GitHub()" or a multi-line call; re-indented to fit where it goes. */
  call: string;
  /** Other named imports the call needs, e.g. [{ name: "normalizeEmailAddress", from: "@create-auth/runtime" }]. */
  namedImports?: { name: string; from: string }[];
  /** Comment lines (without the `//`) to put above the entry, as the templates do. */
  comment?: string[];
  /** The config must hold `experimental: { enableWebAuthn: true }` (passkeys): added, or merged into an existing `experimental` object. */
  enableWebAuthn?: boolean;
}

/** The comment `init` writes above the passkeys opt-in (templates/*), so add and init write the same lines. */
const WEBAUTHN_COMMENT =
  "Passkeys are experimental in the runtime: this opts in (it warns in the log that they may change).";
const WEBAUTHN_OPTION = "experimental: { enableWebAuthn: true }";

function arrayList(array: ArrayLiteral): ListSyntax {
  return {
    items: array.elements,
    trailingComma: array.elements.hasTrailingComma,
    open: array.getStart(),
    close: array.end - 1,
  };
}

function objectList(object: ObjectLiteral): ListSyntax {
  return {
    items: object.properties,
    trailingComma: object.properties.hasTrailingComma,
    open: object.getStart(),
    close: object.end - 1,
  };
}

/** The references to `from` in a piece of code, renamed to `to` (not property names, not strings). */
function renameInCode(code: string, from: string, to: string): string {
  const ts = typescript();
  const tree = parseSyntax(code, "entry.tsx");
  const edits: Edit[] = [];
  const visit = (node: SyntaxNode): void => {
    if (ts.isIdentifier(node) && node.text === from && isReference(ts, node)) {
      edits.push({ start: node.getStart(tree), end: node.end, text: to });
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return applyEdits(code, edits);
}

function mentions(code: string, name: string): boolean {
  return renameInCode(code, name, `${name}\u0000`) !== code;
}

/** Names declared in the module (imports, variables, functions, classes, parameters). */
function declaredNames(shape: AuthModuleShape): Set<string> {
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

function importLine(
  style: "esm" | "cjs",
  quote: string,
  semicolon: boolean,
  specifier: string,
  clause: string,
): string {
  const semi = semicolon ? ";" : "";
  const from = `${quote}${specifier}${quote}`;
  if (style === "esm") return `import ${clause} from ${from}${semi}`;
  return clause.startsWith("{")
    ? `const ${clause} = require(${from})${semi}`
    : `const ${clause} = require(${from}).default${semi}`;
}

/** The list of names an import (or require) statement binds by name, when it has one to add to. */
function namedList(shape: AuthModuleShape, statement: SyntaxNode): ListSyntax | undefined {
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

function statementSpecifier(shape: AuthModuleShape, statement: SyntaxNode): string | undefined {
  const { ts } = shape;
  if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier))
    return statement.moduleSpecifier.text;
  return /require\(\s*["']([^"']+)["']\s*\)/.exec(statement.getText())?.[1];
}

/** The config function's event parameter for a call that reads `event` (Qwik City's `event.env.get(…)`). */
function withEventParameter(
  shape: AuthModuleShape,
  call: string,
): { call: string; edits: Edit[] } | { unsupported: string } {
  const { ts } = shape;
  const fn = shape.list?.configFunction;
  if (!fn || !mentions(call, "event")) return { call, edits: [] };
  const [parameter] = fn.parameters;
  if (!parameter) return { call, edits: [{ start: fn.parameters.pos, end: fn.parameters.pos, text: "event" }] };
  if (!ts.isIdentifier(parameter.name)) {
    return {
      unsupported: `its config function takes its event destructured (line ${lineOf(shape.tree, parameter.getStart())}), and the provider reads event.env`,
    };
  }
  return { call: renameInCode(call, "event", parameter.name.text), edits: [] };
}

function webAuthnEdits(shape: AuthModuleShape, config: ObjectLiteral): Edit[] | { unsupported: string } {
  const { ts } = shape;
  const experimental = findProperty(ts, config, "experimental");
  if (!experimental) {
    const providers = shape.list?.property;
    if (providers) return insertItemBefore(shape, providers, { comment: [WEBAUTHN_COMMENT], code: WEBAUTHN_OPTION });
    return appendItem(shape, objectList(config), { comment: [WEBAUTHN_COMMENT], code: WEBAUTHN_OPTION });
  }
  const value = ts.isPropertyAssignment(experimental) ? unwrap(ts, experimental.initializer) : undefined;
  if (!value || !ts.isObjectLiteralExpression(value)) {
    return {
      unsupported: `its experimental option (line ${lineOf(shape.tree, experimental.getStart())}) is not an object literal, and passkeys need experimental.enableWebAuthn`,
    };
  }
  const enable = findProperty(ts, value, "enableWebAuthn");
  if (!enable) return appendItem(shape, objectList(value), { code: "enableWebAuthn: true" });
  if (ts.isPropertyAssignment(enable) && enable.initializer.kind === ts.SyntaxKind.TrueKeyword) return [];
  if (!ts.isPropertyAssignment(enable))
    return { unsupported: "its experimental.enableWebAuthn is not written as a value" };
  return [{ start: enable.initializer.getStart(), end: enable.initializer.end, text: "true" }];
}

/** Adds the import and the list entry (see ProviderCode). */
export function addProvider(source: string, fileName: string, code: ProviderCode): TransformResult {
  const shape = readAuthModule(source, fileName);
  const { ts, tree, eol } = shape;
  const existing = shape.imports.filter((binding) => binding.specifier === code.specifier && !binding.named);
  if (existing.some((binding) => referencesTo(ts, tree, binding.local).length > 0)) return "unchanged";
  const list = shape.list;
  if (shape.problem || !list) return { unsupported: shape.problem ?? "no auth config object was found in it" };

  const declared = declaredNames(shape);
  const taken = identifiersIn(ts, tree);
  let local = existing[0]?.local ?? code.importName;
  for (let n = 2; !existing[0] && taken.has(local); n++) local = `${code.importName}${n}`;
  const event = withEventParameter(
    shape,
    local === code.importName ? code.call : renameInCode(code.call, code.importName, local),
  );
  if ("unsupported" in event) return event;
  const call = withQuotes(event.call, shape.quote);
  const edits: Edit[] = [...event.edits];

  // Named imports the call needs: added to an import of that module, else new lines before the providers'.
  const newNamed = new Map<string, string[]>();
  for (const { name, from } of code.namedImports ?? []) {
    if (shape.imports.some((binding) => binding.local === name && binding.specifier === from)) continue;
    if (declared.has(name))
      return { unsupported: `it already declares ${name}, which the ${code.importName} entry needs from "${from}"` };
    const into = shape.importStatements.find((s) => statementSpecifier(shape, s) === from && namedList(shape, s));
    if (into) edits.push(...appendItem(shape, namedList(shape, into)!, { code: name }));
    else newNamed.set(from, [...(newNamed.get(from) ?? []), name]);
  }
  const namedLines = [...newNamed].map(([from, names]) =>
    importLine(shape.style, shape.quote, shape.semicolon, from, `{ ${names.join(", ")} }`),
  );
  const providerImports = shape.importStatements.filter((s) => isProviderSpecifier(statementSpecifier(shape, s) ?? ""));
  const configStart = list.config.getStart();
  const lastImport = providerImports.at(-1) ?? shape.importStatements.filter((s) => s.end <= configStart).at(-1);
  const importLines = existing[0] ? [] : [importLine(shape.style, shape.quote, shape.semicolon, code.specifier, local)];
  if (providerImports[0] && namedLines.length > 0) {
    const at = lineStart(source, providerImports[0].getStart());
    edits.push({ start: at, end: at, text: namedLines.join(eol) + eol });
  } else {
    importLines.unshift(...namedLines);
  }
  if (importLines.length > 0) {
    if (lastImport) {
      const at = lineEnd(source, lastImport.end);
      edits.push({ start: at, end: at, text: eol + importLines.join(eol) });
    } else {
      // No imports yet: right under the file's header comment when a blank line ends it, else first.
      const header = /^(?:[ \t]*\/\/.*\r?\n)+(?=[ \t]*\r?\n)/.exec(source);
      if (header) {
        const at = lineEnd(source, header[0].length - 1);
        edits.push({ start: at, end: at, text: eol + importLines.join(eol) });
      } else {
        edits.push({ start: 0, end: 0, text: importLines.join(eol) + eol + eol });
      }
    }
  }

  if (list.target) {
    edits.push(...appendItem(shape, arrayList(list.target), { comment: code.comment, code: call }));
    if (code.enableWebAuthn) {
      const webAuthn = webAuthnEdits(shape, list.config);
      if (!Array.isArray(webAuthn)) return webAuthn;
      edits.push(...webAuthn);
    }
  } else {
    // A config object without a providers list: the list is added as its last property.
    const unit = shape.indentUnit;
    const entry = indentCode(call, unit, unit);
    const comment = (code.comment ?? []).map((line) => `${unit}// ${line}`);
    const lines = [`providers: [`, ...comment, ...entry.slice(0, -1), `${entry.at(-1)},`, "]"];
    const experimental = code.enableWebAuthn && !findProperty(ts, list.config, "experimental");
    if (code.enableWebAuthn && !experimental) {
      const webAuthn = webAuthnEdits(shape, list.config);
      if (!Array.isArray(webAuthn)) return webAuthn;
      edits.push(...webAuthn);
    }
    const prefix = experimental ? [`// ${WEBAUTHN_COMMENT}`, `${WEBAUTHN_OPTION},`] : [];
    edits.push(...appendItem(shape, objectList(list.config), { code: [...prefix, ...lines].join("\n") }));
  }
  return applyEdits(source, edits);
}

/** The list entry a reference to a provider's factory is (`GitHub()` or `GitHub` in a providers array), if any. */
function entryOf(
  shape: AuthModuleShape,
  reference: SyntaxNode,
): { entry: SyntaxNode; array: ArrayLiteral } | undefined {
  const { ts } = shape;
  let entry: SyntaxNode = reference;
  if (ts.isCallExpression(entry.parent) && entry.parent.expression === entry) entry = entry.parent;
  const array = entry.parent;
  if (!array || !ts.isArrayLiteralExpression(array)) return undefined;
  return shape.list?.arrays.includes(array) ? { entry, array } : undefined;
}

function bindingsOf(shape: AuthModuleShape, specifier: string): ImportBinding[] {
  return shape.imports.filter((binding) => binding.specifier === specifier && !binding.named);
}

/** Removes an import binding: its whole statement when nothing else is left in it. */
function removeBindings(shape: AuthModuleShape, bindings: ImportBinding[]): Edit[] {
  const { ts, source } = shape;
  const edits: Edit[] = [];
  for (const statement of new Set(bindings.map((b) => b.statement))) {
    const all = shape.imports.filter((b) => b.statement === statement);
    const going = bindings.filter((b) => b.statement === statement);
    const named = namedList(shape, statement);
    if (
      going.length === all.length &&
      (!ts.isVariableStatement(statement) || going.every((b) => b.node === statement || named))
    ) {
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
    const namedGoing = going.filter((b) => b.node !== statement);
    if (namedGoing.length === named.items.length && ts.isImportDeclaration(statement) && statement.importClause?.name) {
      // `import X, { a } from` keeping X: drop `, { a }`.
      edits.push({ start: statement.importClause.name.end, end: named.close + 1, text: "" });
      continue;
    }
    if (namedGoing.length === named.items.length) continue;
    // One edit per removal would overlap at shared commas: remove them one at a time, back to front.
    const items = namedGoing.map((b) => b.node).sort((a, b) => b.getStart() - a.getStart());
    for (const item of items.slice(0, 1)) edits.push(...removeItem(shape, named, item));
  }
  return edits;
}

/** Removes the list entry and what only it used (see ProviderCode). */
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
          unsupported: `${binding.local} is used outside the providers list (line ${line}): remove it there by hand`,
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

/** The provider modules the auth module configures (specifiers under …/providers/), in list order. */
export function configuredProviders(source: string, fileName: string): string[] {
  const shape = readAuthModule(source, fileName);
  const { ts, tree } = shape;
  const providers = new Map(
    shape.imports.filter((b) => !b.named && isProviderSpecifier(b.specifier)).map((b) => [b.local, b.specifier]),
  );
  const found: string[] = [];
  const visit = (node: SyntaxNode): void => {
    if (ts.isIdentifier(node) && isReference(ts, node)) {
      const specifier = providers.get(node.text);
      if (specifier && !found.includes(specifier)) found.push(specifier);
    }
    if (ts.isSpreadElement(node) && ts.isIdentifier(unwrap(ts, node.expression))) {
      const name = unwrap(ts, node.expression).getText();
      const spread = shape.list?.arrays.find(
        (array) => ts.isVariableDeclaration(array.parent) && array.parent.name.getText() === name,
      );
      if (spread) {
        visit(spread);
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  if (shape.list?.target) visit(shape.list.target);
  visit(tree);
  return found;
}

/** The exact text to add by hand when the shape is unsupported: import lines in the module's style, and the entry. */
export function providerLines(
  code: ProviderCode,
  style: "esm" | "cjs",
): { imports: string[]; entry: string; config?: string } {
  const byModule = new Map<string, string[]>();
  for (const { name, from } of code.namedImports ?? []) byModule.set(from, [...(byModule.get(from) ?? []), name]);
  const imports = [...byModule].map(([from, names]) => importLine(style, '"', true, from, `{ ${names.join(", ")} }`));
  imports.push(importLine(style, '"', true, code.specifier, code.importName));
  const comment = (code.comment ?? []).map((line) => `// ${line}`);
  const entry = indentCode(code.call, "", "  ");
  entry[entry.length - 1] += ",";
  return {
    imports,
    entry: [...comment, ...entry].join("\n"),
    ...(code.enableWebAuthn ? { config: `${WEBAUTHN_OPTION},` } : {}),
  };
}

/** For callers that report positions: where the providers list of a module starts, or null. */
export function providersListLine(source: string, fileName: string): number | null {
  const shape = readAuthModule(source, fileName);
  const at = shape.list?.property ?? shape.list?.config;
  return at ? lineOf(shape.tree, at.getStart()) : null;
}
