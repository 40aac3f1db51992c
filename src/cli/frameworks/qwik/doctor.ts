/**
 * Qwik City wiring, judged by what the Qwik target writes (frameworks/qwik/target.ts, read through its `init`): the
 * auth plugin (`src/routes/plugin@auth.ts`, the auth module itself) must export `onRequest`, which Qwik City
 * runs before every route: it answers under /auth and puts the session in `sharedMap`. Components import
 * `useSession`, `useSignIn` and `useSignOut` from it: each must still be exported. Those are a routeLoader$
 * and routeActions, which Qwik City runs only when a route module (a plugin, a layout or an index) exports
 * them: a `QwikAuth$` call moved to another module must have them re-exported from one.
 */
import path from "node:path";
import { namedImports, sourceFiles } from "../../checks/app-modules.js";
import { type Finding, finding, ok } from "../../checks/finding.js";
import { checkImportsOf } from "../../checks/imports-of.js";
import { moduleShape } from "../../edit/ast.js";
import { resolveImport } from "../../project/imports.js";
import type { ProjectReader } from "../../project/reader.js";
import type { ProjectInfo } from "../../project/types.js";
import type { WiringSetup } from "../types.js";

/** Qwik City's route modules: plugins at the routes' root, layouts and indexes anywhere under them. */
const ROUTE_MODULE = /^(?:(?:layout|index)(?:[-@!][^.]*)?\.[cm]?[jt]sx?|plugin(?:@[^.]+)?\.[cm]?[jt]s)$/;

export function checkQwikWiring(setup: WiringSetup): Finding[] {
  const { init, info, reader, target, authPath, authSource } = setup;
  const written = init.auth.render(null);
  const sourceDir = info.framework.routesDir.split("/")[0] ?? "src";
  const imports = [
    ...checkImportsOf(reader, info, sourceDir, { file: authPath, written }),
    ...unregisteredHooks(reader, info, sourceDir, authPath, written),
  ];
  const shape = moduleShape(authSource, authPath);
  if (init.auth.done(shape, authSource) || shape.exports.includes("onRequest")) {
    return [
      ok("wiring.qwik-plugin", `${authPath} exports onRequest: Qwik City runs it before every route.`, authPath),
      ...imports,
    ];
  }
  const exportLine = /^export const \{[^}]*\}/m.exec(written)?.[0] ?? "export const { onRequest, … }";
  return [
    finding(
      "error",
      "wiring.qwik-onrequest-missing",
      `${authPath} does not export onRequest, the handler Qwik City runs before every route: nothing answers under ${target.basePath} (sign-in, callbacks, sign-out answer 404) and sharedMap.get("session") is undefined in every route.`,
      `export it with the others: ${exportLine} = QwikAuth$(…)`,
      authPath,
    ),
    ...imports,
  ];
}

/**
 * Components using a hook of a `QwikAuth$` call that lives outside the plugin, which no route module
 * exports: Qwik City never runs that loader or action, so the component fails when it reads it.
 */
function unregisteredHooks(
  reader: ProjectReader,
  info: ProjectInfo,
  sourceDir: string,
  authPath: string,
  written: string,
): Finding[] {
  const hooks = moduleShape(written, authPath).exports.filter((name) => name !== "onRequest");
  const routesDir = info.framework.routesDir;
  const registered = new Set(
    sourceFiles(reader, routesDir)
      .filter((file) => ROUTE_MODULE.test(path.posix.basename(file)))
      .flatMap((file) => moduleShape(reader.read(file) ?? "", file).exports),
  );
  const findings: Finding[] = [];
  for (const file of sourceFiles(reader, sourceDir)) {
    const source = reader.read(file);
    if (source === null || !hooks.some((hook) => source.includes(hook))) continue;
    for (const { specifier, names } of namedImports(source, file)) {
      const unregistered = names.filter((name) => hooks.includes(name) && !registered.has(name));
      const definer = unregistered.length > 0 ? resolveImport(reader, info.aliases, file, specifier) : null;
      if (!definer || definer === authPath || !reader.read(definer)?.includes("QwikAuth$")) continue;
      findings.push(
        finding(
          "error",
          "wiring.qwik-hook-unregistered",
          `${file} uses ${unregistered.join(", ")} from ${definer}, which no plugin, layout or index under ${routesDir} exports: Qwik City runs a routeLoader$ or routeAction$ only when a route module exports it, so ${unregistered.length === 1 ? "it fails" : "they fail"} when the component reads ${unregistered.length === 1 ? "it" : "them"}.`,
          `re-export ${unregistered.length === 1 ? "it" : "them"} from the plugin beside onRequest: export { onRequest, ${unregistered.join(", ")} } from "${specifier}" in ${authPath} (mind the path from there)`,
          file,
        ),
      );
    }
  }
  return findings;
}
