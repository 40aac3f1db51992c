/**
 * The module of an app that already exports a PrismaClient instance, for the auth module to import instead of
 * making a second client (and a second connection pool): looked for where apps keep it, and recognised
 * through the AST by what its exports hold, not by their names.
 */

import { parseSyntax, type SyntaxNode, type Ts, typescript } from "../../edit/ast.js";
import type { ProjectReader } from "../../project/reader.js";
import type { ProjectInfo } from "../../project/types.js";

// Where apps keep their client: src/lib/server/db/index.ts (SvelteKit), src/server/db.ts (create-t3-app),
// lib/prisma.ts (Next.js), src/db.ts (Express), …
const clientDirectories = [
  "src/lib/server/db",
  "src/lib/server",
  "src/lib/db",
  "src/lib",
  "src/server/db",
  "src/server",
  "src/db",
  "src",
  "lib/server",
  "lib",
  "server",
  "db",
  "app/lib",
  "src/app/lib",
  "utils",
  "src/utils",
  "",
];

const clientNames = /^(prisma|db|database|client|index)\.(ts|mts|cts|js|mjs|cjs)$/;

/**
 * Whether an expression's value is a client: `new PrismaClient(…)`, or what passes one on (`a ?? new
 * PrismaClient()`, a local variable, `.$extends(…)`, what a local factory returns). Only the value is
 * followed: `prisma.user.count()` uses a client but is none.
 */
function yieldsClient(
  ts: Ts,
  node: SyntaxNode,
  locals: ReadonlyMap<string, SyntaxNode>,
  seen = new Set<string>(),
): boolean {
  const follow = (next: SyntaxNode): boolean => yieldsClient(ts, next, locals, seen);
  const local = (name: string): SyntaxNode | null => {
    if (seen.has(name)) return null;
    seen.add(name);
    return locals.get(name) ?? null;
  };
  if (ts.isNewExpression(node)) {
    const callee = node.expression;
    return (
      (ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : "") ===
      "PrismaClient"
    );
  }
  if (ts.isIdentifier(node)) {
    const target = local(node.text);
    return !!target && !ts.isBlock(target) && follow(target);
  }
  if (
    ts.isParenthesizedExpression(node) ||
    ts.isAsExpression(node) ||
    ts.isSatisfiesExpression(node) ||
    ts.isNonNullExpression(node)
  )
    return follow(node.expression);
  if (ts.isBinaryExpression(node)) {
    const operator = node.operatorToken.kind;
    if (operator === ts.SyntaxKind.QuestionQuestionToken || operator === ts.SyntaxKind.BarBarToken)
      return follow(node.left) || follow(node.right);
    return operator === ts.SyntaxKind.EqualsToken && follow(node.right);
  }
  if (ts.isConditionalExpression(node)) return follow(node.whenTrue) || follow(node.whenFalse);
  if (ts.isCallExpression(node)) {
    const callee = node.expression;
    if (ts.isPropertyAccessExpression(callee) && callee.name.text === "$extends") return follow(callee.expression);
    if (!ts.isIdentifier(callee)) return false;
    const target = local(callee.text);
    if (!target) return false;
    const body = ts.isArrowFunction(target) || ts.isFunctionExpression(target) ? target.body : target;
    return ts.isBlock(body) ? returnsClient(body) : follow(body);
  }
  return false;

  function returnsClient(body: SyntaxNode): boolean {
    let found = false;
    const visit = (child: SyntaxNode): void => {
      if (found || ts.isFunctionLike(child)) return;
      if (ts.isReturnStatement(child) && child.expression && follow(child.expression)) found = true;
      else ts.forEachChild(child, visit);
    };
    ts.forEachChild(body, visit);
    return found;
  }
}

/** The name under which a module exports a PrismaClient instance (`default` for a default export), or null. */
export function prismaClientExport(source: string, fileName: string): string | null {
  if (!source.includes("PrismaClient")) return null;
  const ts = typescript();
  const file = parseSyntax(source, fileName);
  const locals = new Map<string, SyntaxNode>();
  for (const statement of file.statements) {
    if (ts.isVariableStatement(statement))
      for (const declaration of statement.declarationList.declarations)
        if (ts.isIdentifier(declaration.name) && declaration.initializer)
          locals.set(declaration.name.text, declaration.initializer);
    if (ts.isFunctionDeclaration(statement) && statement.name && statement.body)
      locals.set(statement.name.text, statement.body);
  }
  const exported: string[] = [];
  const isExported = (node: SyntaxNode) =>
    ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  const creates = (node: SyntaxNode) => yieldsClient(ts, node, locals);
  for (const statement of file.statements) {
    if (ts.isVariableStatement(statement) && isExported(statement)) {
      for (const declaration of statement.declarationList.declarations)
        if (ts.isIdentifier(declaration.name) && declaration.initializer && creates(declaration.initializer))
          exported.push(declaration.name.text);
    } else if (ts.isExportAssignment(statement) && creates(statement.expression)) {
      exported.push("default");
    } else if (ts.isExportDeclaration(statement) && !statement.moduleSpecifier && statement.exportClause) {
      if (ts.isNamedExports(statement.exportClause))
        for (const element of statement.exportClause.elements) {
          const local = locals.get((element.propertyName ?? element.name).getText(file));
          if (local && creates(local)) exported.push(element.name.getText(file));
        }
    } else if (ts.isExpressionStatement(statement) && ts.isBinaryExpression(statement.expression)) {
      // CommonJS: `module.exports = prisma`, `module.exports = { prisma }`, `exports.db = …`.
      const { left, right, operatorToken } = statement.expression;
      if (operatorToken.kind !== ts.SyntaxKind.EqualsToken) continue;
      const target = left.getText(file);
      const named = /^(?:module\.)?exports\.(\w+)$/.exec(target)?.[1];
      if (named && creates(right)) exported.push(named);
      else if (target === "module.exports" && ts.isObjectLiteralExpression(right)) {
        for (const property of right.properties)
          if (
            (ts.isShorthandPropertyAssignment(property) && creates(property.name)) ||
            (ts.isPropertyAssignment(property) && creates(property.initializer))
          )
            exported.push(property.name.getText(file));
      } else if (target === "module.exports" && creates(right)) exported.push("default");
    }
  }
  // A named export reads best at the import site; the default one otherwise.
  return exported.find((name) => name !== "default") ?? exported[0] ?? null;
}

/** The module that exports the app's PrismaClient, looked for where apps keep it (src/lib/prisma.ts, src/db.ts, …). */
export function findPrismaClientModule(
  reader: ProjectReader,
  info: Pick<ProjectInfo, "srcDir" | "language">,
): { file: string; exportName: string } | null {
  const directories = info.srcDir
    ? clientDirectories
    : [
        ...clientDirectories.filter((dir) => !dir.startsWith("src")),
        ...clientDirectories.filter((dir) => dir.startsWith("src")),
      ];
  for (const dir of directories) {
    const names = reader.files(dir).filter((name) => clientNames.test(name));
    // prisma.* before db.* before the rest, TypeScript first in a TypeScript project.
    const rank = (name: string) =>
      ["prisma", "db", "database", "client", "index"].indexOf(name.split(".")[0] ?? "") * 2 +
      (/\.[mc]?ts$/.test(name) === (info.language === "ts") ? 0 : 1);
    for (const name of names.sort((a, b) => rank(a) - rank(b))) {
      const file = dir ? `${dir}/${name}` : name;
      const source = reader.read(file);
      const exportName = source === null ? null : prismaClientExport(source, file);
      if (exportName) return { file, exportName };
    }
  }
  return null;
}
