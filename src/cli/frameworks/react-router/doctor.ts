/**
 * React Router wiring, judged by what the React Router target writes (its files from `reactRouterFiles`, so
 * no path is repeated here): the resource route serving /auth/* is there and routes.ts lists it (or the file
 * convention serves it), and the root route runs `auth.middleware` with route middleware on. Without the
 * route nothing answers under the base path; without the middleware a refreshed session cookie never reaches
 * the browser, and an active user is signed out at the session's first expiry.
 */
import { type Finding, finding, ok } from "../../checks/finding.js";
import { gitHas, initAgain } from "../../review/restore.js";
import type { WiringSetup } from "../types.js";
import { reactRouterFiles } from "./files.js";
import { FLAG, readConfig } from "./future-flag.js";
import { readRoot } from "./root-middleware.js";
import { readRouteConfig, routeEntry } from "./routes-config.js";

export function checkReactRouterWiring(setup: WiringSetup): Finding[] {
  const { reader, info, init, target, authPath, authSource } = setup;
  const files = reactRouterFiles(reader, info);
  const findings: Finding[] = [];
  const route = init.files(null).find((step) => step.kind === "owned" && step.path === files.route);
  const routeSource = reader.read(files.route);
  if (routeSource === null) {
    findings.push(
      finding(
        "error",
        "wiring.react-router-route-missing",
        `${files.route} is gone: nothing answers under ${target.basePath}, so sign-in, callbacks, the session and sign-out all get the app's 404 page.`,
        gitHas(reader.root, files.route)
          ? `restore it from git (git checkout -- ${files.route})`
          : `${files.route} was never committed, so git cannot restore it; write it again: ${initAgain(authSource, authPath)}`,
        files.route,
      ),
    );
  } else if (route?.kind === "owned" && !route.done(routeSource)) {
    findings.push(
      finding(
        "error",
        "wiring.react-router-route-exports",
        `${files.route} no longer hands its requests to the auth module: it must export the auth module's loader (GET) and action (POST).`,
        `export them again, one per line: export const loader = auth.loader; export const action = auth.action; (import { auth } from "${files.routeImport}")`,
        files.route,
      ),
    );
  }
  const routes = reader.read(files.routes);
  const listed = routes === null ? null : readRouteConfig(routes, files.routes, files.authRoute);
  if (listed && !listed.listed && !listed.fileRoutes) {
    findings.push(
      finding(
        "error",
        "wiring.react-router-route-unlisted",
        `${files.routes} does not list ${files.authRoute.module}: React Router serves only the routes listed there, so ${target.basePath}/* gets the app's 404 page.`,
        `add ${routeEntry(files.authRoute)} to the routes exported by ${files.routes} (route from "@react-router/dev/routes")`,
        files.routes,
      ),
    );
  }
  const root = reader.read(files.root);
  if (root !== null && !readRoot(root, files.root).wired) {
    findings.push(
      finding(
        "warning",
        "wiring.react-router-middleware",
        `${files.root} does not run auth.middleware: a session cookie a loader's read refreshed never reaches the browser, so a signed-in user is signed out when the session first expires (the log warns react-router-session-cookie).`,
        `export const middleware = [auth.middleware]; in ${files.root} (import { auth } from "${files.rootImport}"), first among your own middleware`,
        files.root,
      ),
    );
  }
  const configSource = reader.read(files.config);
  const flag = configSource === null ? null : readConfig(configSource, files.config).flag;
  if (info.framework.major === 7 && flag !== true) {
    findings.push(
      finding(
        "warning",
        "wiring.react-router-middleware-off",
        `${configSource === null ? `There is no ${files.config}` : `${files.config} does not set future.${FLAG}`}: React Router 7 runs no route middleware without it, so auth.middleware never writes refreshed session cookies.`,
        `set future: { ${FLAG}: true } in the default export of ${files.config}`,
        files.config,
      ),
    );
  }
  if (findings.length > 0) return findings;
  return [
    ok(
      "wiring.react-router",
      `${files.routes} lists ${files.route} for ${target.basePath}/*, and ${files.root} runs auth.middleware.`,
      files.route,
    ),
  ];
}
