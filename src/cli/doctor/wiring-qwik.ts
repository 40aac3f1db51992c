/**
 * Qwik City wiring, judged by what the Qwik target writes (targets/qwik.ts, read through its `init`): the
 * auth plugin (`src/routes/plugin@auth.ts`, the auth module itself) must export `onRequest`, which Qwik City
 * runs before every route: it answers under /auth and puts the session in `sharedMap`. Components import
 * `useSession`, `useSignIn` and `useSignOut` from it: each must still be exported.
 */
import { moduleShape } from "../transforms/ast.js";
import type { DoctorContext } from "./context.js";
import { type Finding, finding, ok } from "./finding.js";
import { checkImportsOf } from "./wiring-imports.js";

export function checkQwikWiring(ctx: DoctorContext): Finding[] {
  if ("missing" in ctx.setup || ctx.setup.target.id !== "qwik") return [];
  const { init, info, reader, target, authPath, authSource } = ctx.setup;
  const written = init.auth.render(null);
  const sourceDir = info.framework.routesDir.split("/")[0] ?? "src";
  const imports = checkImportsOf(reader, info, sourceDir, { file: authPath, written });
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
