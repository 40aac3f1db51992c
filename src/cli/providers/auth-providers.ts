/**
 * The pure transforms behind `auth add-provider` / `auth remove-provider`: they edit the user's existing
 * auth module (whatever `init` wrote, or what the user has made of it since) through the syntax tree, as
 * insertions and removals at positions the tree gives, so the user's formatting and comments survive.
 * Adding writes the provider's import after the other provider imports, in the module's style (ESM or
 * CommonJS, quotes, semicolons) and its entry at the end of the providers list, in the list's layout;
 * removing takes the entry out with its comment, then every import that only the entry used. Both are
 * idempotent ("unchanged"), and removing what adding wrote gives the original text back. A module shaped
 * in a way that cannot be edited safely gives `{ unsupported }`, and the command prints `providerLines`.
 * The reading of the module is auth-providers-shape.ts, the list and import edits auth-providers-edit.ts and
 * auth-providers-imports.ts, the removal auth-providers-remove.ts; this file is the API the commands use.
 */
import { parseSyntax, type SyntaxNode, typescript, unwrap } from "../edit/ast.js";
import { renderCode } from "../edit/code-style.js";
import { lineEnd, lineStart } from "../edit/insertions.js";
import type { TransformResult } from "../edit/result.js";
import {
  appendItem,
  applyEdits,
  arrayList,
  type Edit,
  indentCode,
  insertItemBefore,
  objectList,
} from "./auth-providers-edit.js";
import { declaredNames, importLine, namedList, statementSpecifier } from "./auth-providers-imports.js";
import {
  type AuthModuleShape,
  findProperty,
  identifiersIn,
  isProviderSpecifier,
  isReference,
  lineOf,
  type ObjectLiteral,
  readAuthModule,
  referencesTo,
} from "./auth-providers-shape.js";
import { type ProviderEntry, providerOfImport } from "./catalog.js";

export { removeProvider } from "./auth-providers-remove.js";

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

/** The comment `init` writes above the passkeys opt-in (frameworks/<id>/templates/), so add and init write the same lines. */
const WEBAUTHN_COMMENT =
  "Passkeys are experimental in the runtime: this opts in (it warns in the log that they may change).";
const WEBAUTHN_OPTION = "experimental: { enableWebAuthn: true }";

/** Where a piece of code refers to `name` (not a property name, not inside a string). */
function referencesInCode(code: string, name: string): Edit[] {
  const ts = typescript();
  const tree = parseSyntax(code, "entry.tsx");
  const found: Edit[] = [];
  const visit = (node: SyntaxNode): void => {
    if (ts.isIdentifier(node) && node.text === name && isReference(ts, node)) {
      found.push({ start: node.getStart(tree), end: node.end, text: name });
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

function renameInCode(code: string, from: string, to: string): string {
  return applyEdits(
    code,
    referencesInCode(code, from).map((at) => ({ ...at, text: to })),
  );
}

/** The config function's event parameter for a call that reads `event` (Qwik City's `event.env.get(…)`). */
function withEventParameter(
  shape: AuthModuleShape,
  call: string,
): { call: string; edits: Edit[] } | { unsupported: string } {
  const { ts } = shape;
  const fn = shape.list?.configFunction;
  if (!fn || referencesInCode(call, "event").length === 0) return { call, edits: [] };
  // A providers array declared outside the config function (at the module's top) cannot see its event.
  const target = shape.list?.target;
  if (target && !(fn.getStart() <= target.getStart() && target.end <= fn.end)) {
    const line = lineOf(shape.tree, target.getStart());
    return {
      unsupported: `its providers list (line ${line}) is declared outside the config function, and the provider reads the request's event.env`,
    };
  }
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
  // The entry in the module's quotes, semicolons and trailing commas; its indentation is the list's (appendItem).
  const call = renderCode(event.call, { ...shape.code, indent: "  ", eol: "\n" }, "entry.ts");
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
    importLine(shape.style, shape.quote, shape.semicolon, from, `{ ${names.join(", ")} }`, shape.code.declaration),
  );
  const providerImports = shape.importStatements.filter((s) => isProviderSpecifier(statementSpecifier(shape, s) ?? ""));
  const configStart = list.config.getStart();
  const lastImport = providerImports.at(-1) ?? shape.importStatements.filter((s) => s.end <= configStart).at(-1);
  const importLines = existing[0]
    ? []
    : [importLine(shape.style, shape.quote, shape.semicolon, code.specifier, local, shape.code.declaration)];
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

/** Whether the module imports (ESM) or requires (CommonJS): the style its new lines are written in. */
export function moduleStyle(source: string, fileName: string): "esm" | "cjs" {
  return readAuthModule(source, fileName).style;
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

/**
 * The module specifier the providers list is imported from, when this module takes it from another one
 * (Auth.js's split `NextAuth({ ...authConfig, adapter })`, `providers` imported as an array): the file a
 * command can edit instead. Null when the list is here, or nowhere to be found.
 */
export function providersListModule(source: string, fileName: string): string | null {
  return readAuthModule(source, fileName).listModule ?? null;
}

/** The catalog entries of the providers the auth module configures, in its order (throws where its list cannot be read). */
export function configuredCatalogProviders(authSource: string, authPath: string): ProviderEntry[] {
  return configuredProviders(authSource, authPath)
    .map((specifier) => providerOfImport(specifier))
    .filter((provider): provider is ProviderEntry => provider !== undefined);
}

/** configuredCatalogProviders, or none where there is no auth module or its providers list cannot be read. */
export function providersOf(source: string | null, file: string): ProviderEntry[] {
  if (source === null) return [];
  try {
    return configuredCatalogProviders(source, file);
  } catch {
    return [];
  }
}
