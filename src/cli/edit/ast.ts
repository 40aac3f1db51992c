/**
 * The one door to the TypeScript AST for every transform and inspection. ts-morph is loaded synchronously
 * on first use (planning is synchronous), so merely loading the CLI, or planning a project whose files need
 * no AST, never pays for it. Two views of a module:
 * - `parseSyntax`: the TypeScript parser bundled with ts-morph, syntax only, positions exact (analyses and
 *   insert-only edits: a full ts-morph Project with its type checker costs a second more and answers nothing
 *   extra);
 * - `parseModule`: a ts-morph SourceFile in an in-memory project, for structural edits (rename, wrap).
 * And the one reading of a module's shape (`moduleShape`) that targets use to recognise their own files.
 */
import { createRequire } from "node:module";
import type { ManipulationSettings, SourceFile } from "ts-morph";

type TsMorph = typeof import("ts-morph");
export type Ts = TsMorph["ts"];
export type SyntaxNode = import("ts-morph").ts.Node;
export type SyntaxTree = import("ts-morph").ts.SourceFile;

let loaded: TsMorph | undefined;

/** ts-morph itself (its `Node` type guards, `SyntaxKind`), loaded on first use. */
export function tsMorph(): TsMorph {
  loaded ??= createRequire(import.meta.url)("ts-morph") as TsMorph;
  return loaded;
}

/** The TypeScript compiler API bundled with ts-morph. */
export function typescript(): Ts {
  return tsMorph().ts;
}

/** The syntax tree of a module, parsed as TypeScript or JavaScript by its file name. */
export function parseSyntax(source: string, fileName: string): SyntaxTree {
  const ts = typescript();
  const kind = /\.[cm]?tsx$/.test(fileName)
    ? ts.ScriptKind.TSX
    : /\.[cm]?ts$/.test(fileName)
      ? ts.ScriptKind.TS
      : /\.jsx$/.test(fileName)
        ? ts.ScriptKind.JSX
        : ts.ScriptKind.JS;
  return ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind);
}

/** A ts-morph source file in a project of its own; `style` is how inserted code is formatted. */
export function parseModule(source: string, fileName: string, style: Partial<ManipulationSettings> = {}): SourceFile {
  const morph = tsMorph();
  const project = new morph.Project({
    useInMemoryFileSystem: true,
    // Renames ask the language service, which would otherwise parse every lib.d.ts first: a local rename
    // needs none of them.
    compilerOptions: { allowJs: true, noLib: true },
    // Inserted code takes the file's line endings: a CRLF file must not gain bare LF lines.
    manipulationSettings: {
      newLineKind: source.includes("\r\n") ? morph.NewLineKind.CarriageReturnLineFeed : morph.NewLineKind.LineFeed,
      ...style,
    },
  });
  return project.createSourceFile(fileName, source);
}

/** A name not yet declared or imported in the file: `wanted`, else `wanted2`, `wanted3`, … */
export function freeName(file: SourceFile, wanted: string): string {
  const taken = new Set<string>();
  file.forEachDescendant((node) => {
    if (node.getKindName() === "Identifier") taken.add(node.getText());
  });
  let name = wanted;
  for (let n = 2; taken.has(name); n++) name = `${wanted}${n}`;
  return name;
}

/** The module a `require("…")` call names, or undefined for any other node. */
export function requireSpecifier(ts: Ts, node: SyntaxNode): string | undefined {
  if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression) || node.expression.text !== "require") return;
  const [argument] = node.arguments;
  return node.arguments.length === 1 && argument && ts.isStringLiteral(argument) ? argument.text : undefined;
}

/** `(x)`, `x as T`, `x satisfies T`, `x!`, `<T>x` → `x`: the expression a wrapper only annotates. */
export function unwrap(ts: Ts, node: SyntaxNode): SyntaxNode {
  let current = node;
  while (
    ts.isParenthesizedExpression(current) ||
    ts.isAsExpression(current) ||
    ts.isSatisfiesExpression(current) ||
    ts.isNonNullExpression(current) ||
    ts.isTypeAssertionExpression(current)
  ) {
    current = current.expression;
  }
  return current;
}

function isLoadEnvFileCall(ts: Ts, node: SyntaxNode): boolean {
  if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return false;
  const callee = node.expression;
  return (
    callee.name.text === "loadEnvFile" && ts.isIdentifier(callee.expression) && callee.expression.text === "process"
  );
}

export interface ModuleShape {
  /** Module specifiers the file imports: `import … from` declarations, in order. */
  imports: string[];
  /** Every module the file reaches: imports and `require("…")` calls anywhere, in order. */
  references: string[];
  /** Names exported (including destructured `export const { a, b } = …`). */
  exports: string[];
  /** The file loads an env file (dotenv, `process.loadEnvFile`). */
  loadsEnv: boolean;
}

/** What a module imports, requires and exports: how targets recognise a file that already does the job. */
export function moduleShape(source: string, fileName: string): ModuleShape {
  const ts = typescript();
  const file = parseSyntax(source, fileName);
  const shape: ModuleShape = { imports: [], references: [], exports: [], loadsEnv: false };
  const bindingNames = (name: import("ts-morph").ts.BindingName) => {
    if (ts.isIdentifier(name)) shape.exports.push(name.text);
    else for (const element of name.elements) if (!ts.isOmittedExpression(element)) bindingNames(element.name);
  };
  const isExported = (node: SyntaxNode) =>
    ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const statement of file.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      shape.imports.push(statement.moduleSpecifier.text);
    } else if (ts.isVariableStatement(statement) && isExported(statement)) {
      for (const declaration of statement.declarationList.declarations) bindingNames(declaration.name);
    } else if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && isExported(statement)) {
      if (statement.name) shape.exports.push(statement.name.text);
    } else if (
      ts.isExportDeclaration(statement) &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause)
    ) {
      for (const element of statement.exportClause.elements) shape.exports.push(element.name.text);
    }
  }
  const visit = (node: SyntaxNode): void => {
    const specifier =
      ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)
        ? node.moduleSpecifier.text
        : requireSpecifier(ts, node);
    if (specifier !== undefined) shape.references.push(specifier);
    if (specifier === "dotenv" || specifier === "dotenv/config" || isLoadEnvFileCall(ts, node)) shape.loadsEnv = true;
    ts.forEachChild(node, visit);
  };
  visit(file);
  return shape;
}
