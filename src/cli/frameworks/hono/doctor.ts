/**
 * Hono wiring, judged by what the Hono target writes: the entry module hands the auth module's handler to a
 * route on the app (app.ts `findHonoApp`), or nothing answers under the base path; and no catch-all route
 * added before it answers the auth paths first.
 */
import { type Finding, finding, ok } from "../../checks/finding.js";
import type { WiringSetup } from "../types.js";
import { findHonoApp } from "./app.js";

export function checkHonoMount(setup: WiringSetup): Finding[] {
  const { reader, info, target } = setup;
  const appFile = info.framework.appFile;
  const source = appFile ? reader.read(appFile) : null;
  const app = appFile && source !== null ? findHonoApp(source, appFile) : null;
  if (!appFile || !app) return [];
  if (app.mounted && app.shadowedBy) {
    return [
      finding(
        "warning",
        "wiring.hono-shadowed",
        `${appFile} registers ${app.shadowedBy} before the auth handler: Hono runs routes in the order they are added, so that catch-all answers ${target.basePath}/* first unless it calls next().`,
        `move ${app.instance}.on(["GET", "POST"], "${target.basePath}/*", auth.handler) above it`,
        appFile,
      ),
    ];
  }
  if (app.mounted) return [ok("wiring.hono", `${appFile} mounts auth.handler on ${app.instance}.`, appFile)];
  return [
    finding(
      "error",
      "wiring.hono-not-mounted",
      `${appFile} never hands auth.handler to a route: nothing answers under ${target.basePath}, so sign-in, sign-out and the session endpoint all answer 404.`,
      `mount it after your middleware, before your routes: ${app.instance}.on(["GET", "POST"], "${target.basePath}/*", auth.handler) (import { auth } from the auth module ${setup.authPath})`,
      appFile,
    ),
  ];
}
