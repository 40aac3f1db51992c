/**
 * Next.js wiring, judged by what the Next target writes: the proxy (middleware.ts before Next 16) runs the
 * auth module's `auth` on the paths of its `config.matcher` (frameworks/next/templates/proxy.hbs, proxy.ts);
 * `callbacks.authorized` in the auth module is an error when no proxy runs it.
 */

import { type Finding, finding, ok } from "../../checks/finding.js";
import { parseSyntax, type SyntaxNode, typescript } from "../../edit/ast.js";
import type { WiringSetup } from "../types.js";

const PROXY_FILES = ["proxy", "middleware"].flatMap((name) =>
  ["", "src/"].flatMap((dir) => ["ts", "js", "mjs", "tsx"].map((ext) => `${dir}${name}.${ext}`)),
);

/** The proxy's `config.matcher`: "empty" (`[]`, `""`), "paths" (anything else), or "absent" (every path). */
export function proxyMatcher(source: string, file: string): "empty" | "paths" | "absent" {
  const ts = typescript();
  let result: "empty" | "paths" | "absent" = "absent";
  const visit = (node: SyntaxNode): void => {
    if (
      ts.isVariableDeclaration(node) &&
      node.name.getText() === "config" &&
      node.initializer &&
      ts.isObjectLiteralExpression(node.initializer)
    ) {
      for (const property of node.initializer.properties) {
        if (!ts.isPropertyAssignment(property) || property.name.getText() !== "matcher") continue;
        const value = property.initializer;
        const empty =
          (ts.isArrayLiteralExpression(value) && value.elements.length === 0) ||
          (ts.isStringLiteralLike(value) && value.text === "");
        result = empty ? "empty" : "paths";
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(parseSyntax(source, file));
  return result;
}

/** Whether a proxy module runs the auth module's `auth` (imports or re-exports it). */
export function proxyRunsAuth(source: string): boolean {
  return /\b(?:import|export)\s*(?:type\s+)?\{[^}]*\bauth\b[^}]*\}\s*from\s*["'][^"']+["']/.test(source);
}

export function checkNextProxy(setup: WiringSetup): Finding[] {
  const { reader, authPath, authSource } = setup;
  const hasAuthorized = /\bauthorized\s*[:(]/.test(authSource);
  const proxyFile = PROXY_FILES.find((file) => reader.read(file) !== null);
  const proxy = proxyFile ? reader.read(proxyFile)! : null;
  if (!proxyFile || proxy === null || !proxyRunsAuth(proxy)) {
    if (!hasAuthorized) return [];
    return [
      finding(
        "error",
        "wiring.authorized-unused",
        `${authPath} defines callbacks.authorized, but ${proxyFile ? `${proxyFile} does not run auth` : "there is no proxy.ts (middleware.ts) running auth"}: the callback never runs and no page is guarded by it.`,
        `export auth as the proxy: export { auth as proxy } from the auth module in proxy.ts (middleware.ts before Next 16), with the paths to guard in config.matcher`,
        proxyFile ?? authPath,
      ),
    ];
  }
  const matcher = proxyMatcher(proxy, proxyFile);
  if (matcher === "empty") {
    return [
      finding(
        hasAuthorized ? "error" : "info",
        "wiring.matcher-empty",
        hasAuthorized
          ? `${proxyFile}'s config.matcher is empty, so it runs on no request: the callbacks.authorized in ${authPath} guards nothing.`
          : `${proxyFile}'s config.matcher is empty: the proxy protects no page (pages may still check auth() themselves).`,
        `list the paths that need a signed-in user in config.matcher, for example ["/dashboard/:path*"]`,
        proxyFile,
      ),
    ];
  }
  return [
    ok(
      "wiring.proxy",
      `${proxyFile} runs auth on ${matcher === "absent" ? "every request" : "the paths its matcher lists"}.`,
      proxyFile,
    ),
  ];
}
