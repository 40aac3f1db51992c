/**
 * Express wiring, judged by what the Express target writes: the app file mounts `ExpressAuth(…)` (app.ts
 * `findExpressApp`), or nothing answers under the base path.
 */
import { type Finding, finding, ok } from "../../checks/finding.js";
import type { WiringSetup } from "../types.js";
import { findExpressApp } from "./app.js";

export function checkExpressMount(setup: WiringSetup): Finding[] {
  const { reader, info, target } = setup;
  const appFile = info.framework.appFile;
  const source = appFile ? reader.read(appFile) : null;
  const app = appFile && source !== null ? findExpressApp(source, appFile) : null;
  if (!appFile || !app) return [];
  if (app.mounted) return [ok("wiring.express", `${appFile} mounts ExpressAuth on ${app.instance}.`, appFile)];
  return [
    finding(
      "error",
      "wiring.express-not-mounted",
      `${appFile} never calls ExpressAuth: nothing answers under ${target.basePath}, so sign-in, sign-out and the session endpoint all answer 404.`,
      `mount it before your routes: ${app.instance}.use("${target.basePath}", ExpressAuth(authConfig)) (see the auth module ${setup.authPath})`,
      appFile,
    ),
  ];
}
