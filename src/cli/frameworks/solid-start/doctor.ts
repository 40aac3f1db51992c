/**
 * SolidStart wiring, judged by what the SolidStart target writes (frameworks/solid-start/target.ts, read through its
 * `init` so no path is repeated here): the catch-all API route that hands /api/auth/* to SolidAuth (its
 * `done` says whether a file does that job: it exports GET and POST), and the session module pages take
 * `requireUser` and `getUser` from (still exported, still server-only). SolidStart 1 and 2 get the same files; the target wires no middleware,
 * so none is looked for.
 */
import path from "node:path";
import { type Finding, finding, ok } from "../../checks/finding.js";
import { checkImportsOf } from "../../checks/imports-of.js";
import { moduleShape, parseSyntax, type SyntaxNode, typescript } from "../../edit/ast.js";
import type { OwnedFileStep } from "../../plan/planner.js";
import type { ProjectReader } from "../../project/reader.js";
import { gitHas, initAgain } from "../../review/restore.js";
import { catchAllRoute } from "../catch-all-route.js";
import type { WiringSetup } from "../types.js";

/** `[...solidauth].ts`: SolidStart's catch-all file name, whatever the parameter is called. */
const CATCH_ALL = /^\[\.\.\.[^\]]+\]\.[cm]?[jt]sx?$/;

/** The HTTP methods a route file must export for SolidAuth to see requests, and what each carries. */
const METHODS: Record<string, string> = {
  GET: "the sign-in page, OAuth callbacks and the session endpoint",
  POST: "sign-in, sign-out and the credentials form",
};

export function checkSolidStartWiring(setup: WiringSetup): Finding[] {
  const { init, info, reader, target, authSource, authPath } = setup;
  const routesDir = info.framework.routesDir;
  const owned = init.files(null).filter((step): step is OwnedFileStep => step.kind === "owned");
  const route = owned.find((step) => step.path.startsWith(`${routesDir}/`));
  const findings: Finding[] = [];
  if (route) findings.push(...routeFindings(reader, route, target.basePath, { source: authSource, path: authPath }));
  const sourceDir = routesDir.split("/")[0] ?? "src";
  for (const step of owned.filter((candidate) => candidate !== route)) {
    findings.push(...serverOnly(reader, step));
    findings.push(...checkImportsOf(reader, info, sourceDir, { file: step.path, written: step.content }));
  }
  return findings;
}

/** Whether a module has a `"use server"` directive: at its top, or opening a function body. */
function hasServerDirective(source: string, file: string): boolean {
  const ts = typescript();
  let found = false;
  const visit = (node: SyntaxNode): void => {
    if (found) return;
    if (
      ts.isExpressionStatement(node) &&
      ts.isStringLiteral(node.expression) &&
      node.expression.text === "use server" &&
      (ts.isSourceFile(node.parent) || ts.isBlock(node.parent))
    ) {
      found = true;
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(parseSyntax(source, file));
  return found;
}

/**
 * The session queries run on the server because create-auth wrote `"use server"` into them: without it
 * SolidStart bundles them, and the auth config they import, for the browser, where getRequestEvent() has no
 * request: after a client-side navigation getUser says signed out and requireUser throws.
 */
function serverOnly(reader: ProjectReader, step: OwnedFileStep): Finding[] {
  const source = reader.read(step.path);
  if (source === null || !hasServerDirective(step.content, step.path) || hasServerDirective(source, step.path))
    return [];
  return [
    finding(
      "error",
      "wiring.solid-not-server",
      `${step.path} has no "use server" directive: its queries, and the auth config they import, are bundled for the browser, where there is no request to read the session from (getUser answers null and requireUser throws after a client-side navigation).`,
      `put "use server"; back as the first line of each query's function, as create-auth wrote it (git diff ${step.path})`,
      step.path,
    ),
  ];
}

function routeFindings(
  reader: ProjectReader,
  route: OwnedFileStep,
  basePath: string,
  auth: { source: string | null; path: string },
): Finding[] {
  const dir = path.posix.dirname(route.path);
  const file = catchAllRoute(reader, route.path, CATCH_ALL);
  const exportLine = route.content.split("\n").find((line) => line.startsWith("export ")) ?? "";
  if (!file) {
    return [
      finding(
        "error",
        "wiring.solid-route-missing",
        `No route answers under ${basePath}: ${route.path} (or another catch-all route in ${dir}) is gone, so sign-in, callbacks, the session and sign-out all get the app's 404 page.`,
        gitHas(reader.root, route.path)
          ? `restore it from git (git checkout -- ${route.path}), or create it handing the requests to SolidAuth: ${exportLine}`
          : `${route.path} was never committed, so git cannot restore it; write it again: ${initAgain(auth.source, auth.path)} (or create it handing the requests to SolidAuth: ${exportLine})`,
        route.path,
      ),
    ];
  }
  const source = reader.read(file) ?? "";
  if (route.done(source)) return [ok("wiring.solid-route", `${file} hands ${basePath}/* to SolidAuth.`, file)];
  const exports = moduleShape(source, file).exports;
  const missing = Object.keys(METHODS).filter((method) => !exports.includes(method));
  return [
    finding(
      "error",
      "wiring.solid-route-exports",
      `${file} does not export ${missing.join(" or ")}: requests with ${missing.length === 1 ? "that method" : "those methods"} never reach the auth handler, so ${missing.map((method) => METHODS[method]).join(", and ")} fail.`,
      `export both handlers SolidAuth returns: ${exportLine}`,
      file,
    ),
  ];
}
