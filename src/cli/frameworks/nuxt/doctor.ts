/**
 * Nuxt wiring, judged by what the Nuxt target writes (read through its `init`, so no path is repeated here):
 * the catch-all route under server/routes/auth/ that hands every auth request to `auth.handler`, the Nitro
 * plugin through which pages read the session while they render, and the Vue app's `useSession()` composable
 * and `auth` route middleware. Nuxt scans these folders itself: a file there is the whole wiring, and a file
 * gone is a route gone, a page that renders signed out, or a build that fails on an unknown middleware.
 */
import path from "node:path";
import { type Finding, finding, ok } from "../../checks/finding.js";
import type { OwnedFileStep } from "../../plan/planner.js";
import type { ProjectReader } from "../../project/reader.js";
import { gitHas, initAgain } from "../../review/restore.js";
import { catchAllRoute } from "../catch-all-route.js";
import type { WiringSetup } from "../types.js";

/** A catch-all route file of Nitro's (`[...].ts`, `[...slug].ts`), whatever its parameter is called. */
const CATCH_ALL = /^\[\.\.\.[^\]]*\]\.[cm]?[jt]s$/;

/** A path quoted for the shell: `[...]` is a glob pattern (zsh refuses an unmatched one). */
const quoted = (file: string) => (/[[\]*?\s]/.test(file) ? `'${file}'` : file);

/** How to get a file init wrote back: from git when it has it, else init again (it plans only what is missing). */
function restore(reader: ProjectReader, file: string, auth: { source: string | null; path: string }): string {
  return gitHas(reader.root, file)
    ? `restore it from git (git checkout -- ${quoted(file)})`
    : `${file} was never committed, so git cannot restore it; write it again: ${initAgain(auth.source, auth.path)}`;
}

/** The one code line of an owned file (`export default defineEventHandler(auth.handler);`), for a fix. */
function codeLine(step: OwnedFileStep): string {
  return step.content.split("\n").find((line) => line.startsWith("export default ")) ?? "";
}

export function checkNuxtWiring(setup: WiringSetup): Finding[] {
  const { reader, init, target, authSource, authPath } = setup;
  const auth = { source: authSource, path: authPath };
  const owned = init.files(null).filter((step): step is OwnedFileStep => step.kind === "owned");
  const [route, plugin, ...appFiles] = owned;
  if (!route || !plugin) return [];
  return [
    ...routeFindings(reader, route, target.basePath, auth),
    ...pluginFindings(reader, plugin, auth),
    ...appFiles.flatMap((step) => appFileFindings(reader, step, auth)),
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
  if (!file) {
    return [
      finding(
        "error",
        "wiring.nuxt-route-missing",
        `No route answers under ${basePath}: ${route.path} (or another catch-all route in ${dir}) is gone, so sign-in, callbacks, the session and sign-out all get Nuxt's 404 page.`,
        restore(reader, route.path, auth),
        route.path,
      ),
    ];
  }
  if (route.done(reader.read(file) ?? "")) {
    return [ok("wiring.nuxt-route", `${file} hands ${basePath}/** to the auth handler.`, file)];
  }
  return [
    finding(
      "error",
      "wiring.nuxt-route-handler",
      `${file} does not hand its requests to auth.handler, so nothing under ${basePath} reaches the auth routes.`,
      `make it the auth handler again: ${codeLine(route)}`,
      file,
    ),
  ];
}

function pluginFindings(
  reader: ProjectReader,
  plugin: OwnedFileStep,
  auth: { source: string | null; path: string },
): Finding[] {
  const source = reader.read(plugin.path);
  const consequence =
    "useSession() finds no session while a page renders on the server: signed-in visitors see the page signed out until the browser reads it again";
  if (source === null) {
    return [
      finding(
        "error",
        "wiring.nuxt-plugin-missing",
        `${plugin.path} is gone: ${consequence}.`,
        restore(reader, plugin.path, auth),
        plugin.path,
      ),
    ];
  }
  if (!plugin.done(source)) {
    return [
      finding(
        "error",
        "wiring.nuxt-plugin-not-installed",
        `${plugin.path} no longer installs auth.plugin: ${consequence}.`,
        `install it there again: ${codeLine(plugin)}`,
        plugin.path,
      ),
    ];
  }
  return [ok("wiring.nuxt-plugin", `${plugin.path} installs the auth plugin.`, plugin.path)];
}

function appFileFindings(
  reader: ProjectReader,
  step: OwnedFileStep,
  auth: { source: string | null; path: string },
): Finding[] {
  if (reader.exists(step.path)) return [];
  return [
    finding(
      "error",
      "wiring.nuxt-app-file-missing",
      `${step.path} is gone (${step.reason}): a page that calls useSession() or asks for the "auth" middleware fails to build.`,
      restore(reader, step.path, auth),
      step.path,
    ),
  ];
}
