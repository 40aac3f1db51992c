/**
 * The React Router target (React Router 7.9+ in framework mode, served by react-router-serve; TypeScript or
 * JavaScript): writes the auth module `app/auth.server.ts` (ReactRouterAuth, loading .env, which
 * react-router-serve does not), the splat resource route `app/routes/auth.$.ts` serving /auth/*, lists it in
 * `app/routes.ts`, runs `auth.middleware` first in the root route's middleware (so refreshed session cookies
 * reach every response) and turns on `future.v8_middleware` in `react-router.config.ts`. The user's routes,
 * middleware and layout stay; each edit has its undo. Data and pure functions; commands/init/plan.ts plans it.
 */
import path from "node:path";
import { moduleShape } from "../../edit/ast.js";
import { CliError } from "../../errors.js";
import type { FileStep } from "../../plan/planner.js";
import { runScript, startStep } from "../../plan/start-command.js";
import type { ProjectInfo } from "../../project/types.js";
import { providersTemplateData, readProcessEnv } from "../../providers/template-data.js";
import { RUNTIME_PACKAGE_NAME } from "../../runtime-package/plan.js";
import type { Target } from "../types.js";
import { checkReactRouterWiring } from "./doctor.js";
import { reactRouterFacts } from "./facts.js";
import { appDirectory, reactRouterFiles } from "./files.js";
import { disableMiddlewareFlag, enableMiddlewareFlag } from "./future-flag.js";
import { unwireRootMiddleware, wireRootMiddleware } from "./root-middleware.js";
import { listAuthRoute, routeEntry, unlistAuthRoute } from "./routes-config.js";

export const RUNTIME_REACT_ROUTER = `${RUNTIME_PACKAGE_NAME}/react-router`;
const SUPPORTED_MAJOR = 7;
/** Route middleware (and so `auth.middleware`) came with React Router 7.9, behind `future.v8_middleware`. */
const MIDDLEWARE_MINOR = 9;

/** The refusal of another major, or of a 7 too old for route middleware, with the way forward. */
function refuse(version: string | null, major: number): never {
  const declared = version ?? String(major);
  throw new CliError(
    "UnsupportedProject",
    major < SUPPORTED_MAJOR || major === SUPPORTED_MAJOR
      ? `This app runs React Router ${declared}; create-auth sets up ${reactRouterFacts.supported}, whose route middleware writes refreshed session cookies. Upgrade (npm install react-router@7 @react-router/dev@7 @react-router/node@7 @react-router/serve@7), then run init again.`
      : `This app runs React Router ${declared}; create-auth sets up ${reactRouterFacts.supported}. Set the auth route up by hand (docs/react-router.md) until init supports React Router ${major}.`,
  );
}

/** The React Router minor from a version (`7.18.4` → 18), or null when it names none. */
function minorOf(version: string | null): number | null {
  const minor = /^\d+\.(\d+)/.exec(version ?? "")?.[1];
  return minor === undefined ? null : Number(minor);
}

/**
 * react-router-serve's start runs the build's output (`react-router-serve ./build/server/index.js`): the
 * built server finds .env because the auth module loads it; where the app is deployed the host sets the values.
 */
function productionStep(info: ProjectInfo, authFile: string): string {
  const build = runScript(info, ["build"]);
  const start = runScript(info, ["start"]);
  const local = build && start ? ` (${build}, then ${start})` : "";
  return `In production: on this machine the built server${local} finds AUTH_SECRET in ${info.envFile}, which ${authFile} loads; where you deploy, set AUTH_SECRET and AUTH_URL (the app's public URL) in the server's environment, or AUTH_TRUST_HOST=true behind a reverse proxy you trust.`;
}

export const reactRouterTarget: Target = {
  ...reactRouterFacts,
  templates: new URL("./templates/", import.meta.url),
  checks: checkReactRouterWiring,

  layout(reader, pkg, major) {
    const version = pkg.devDependencies?.["@react-router/dev"] ?? pkg.dependencies?.["@react-router/dev"] ?? null;
    if (major !== null && major !== SUPPORTED_MAJOR) refuse(version, major);
    const minor = minorOf(version?.replace(/^[\^~>=<v\s]*/, "") ?? null);
    if (major === SUPPORTED_MAJOR && minor !== null && minor < MIDDLEWARE_MINOR) refuse(version, major);
    return { router: null, routesDir: `${appDirectory(reader)}/routes` };
  },

  ownedFiles(info) {
    const appDir = info.framework.routesDir.replace(/\/routes$/, "") || "app";
    const ext = info.language;
    return [`${appDir}/auth.server.${ext}`, `${appDir}/routes/auth.$.${ext}`];
  },

  init({ info, answers, reader, render }) {
    const { basePath, devOrigin } = reactRouterTarget;
    const files = reactRouterFiles(reader, info);
    const authModule = (source: string, file: string) =>
      moduleShape(source, file).imports.some((specifier) => /(^|\/)auth\.server(\.[cm]?[jt]s)?$/.test(specifier));
    const steps: FileStep[] = [
      {
        kind: "owned",
        path: files.route,
        reason: `${basePath}/* resource route (the auth module's loader and action)`,
        content: render("route", {
          basePath,
          routesFile: files.routes,
          routePath: files.authRoute.path,
          routeModule: files.authRoute.module,
          authImport: files.routeImport,
        }),
        done: (source) => {
          const shape = moduleShape(source, files.route);
          return (
            shape.exports.includes("loader") && shape.exports.includes("action") && authModule(source, files.route)
          );
        },
      },
      {
        kind: "edit",
        path: files.routes,
        reason: `list the auth route (${routeEntry(files.authRoute)})`,
        transform: (source) => listAuthRoute(source, files.routes, files.authRoute),
        undo: (source) => unlistAuthRoute(source, files.routes, files.authRoute),
        unsupported: (why) => why,
      },
      {
        kind: "edit",
        path: files.root,
        reason: "auth.middleware first in the root's middleware (refreshed session cookies on every response)",
        transform: (source) => wireRootMiddleware(source, files.root, files.rootImport),
        undo: (source) => unwireRootMiddleware(source, files.root, files.rootImport),
        unsupported: (why) => why,
      },
      {
        kind: "edit",
        path: files.config,
        reason: "future.v8_middleware: route middleware on",
        transform: (source) => enableMiddlewareFlag(source, files.config),
        undo: (source) => disableMiddlewareFlag(source, files.config),
        create: {
          content: () => render("config", { typescript: files.typescript, rootFile: files.root }),
          reason: "React Router config with route middleware on",
        },
        unsupported: (why) => why,
      },
    ];
    const alias = info.aliases.find((candidate) => candidate.directory === files.appDir);
    const authImport = alias
      ? `"${alias.prefix}auth.server"`
      : `"../auth.server" (from a module in ${files.appDir}/routes/)`;
    return {
      auth: {
        path: files.auth,
        reason: "auth module (ReactRouterAuth: route loader/action, getSession, requireSession, signIn/signOut)",
        render: (database) =>
          render("auth", {
            database,
            runtimeDir: answers.runtimeDir,
            envFile: info.envFile,
            routeFile: files.route,
            rootFile: files.root,
            basePath,
            typescript: files.typescript,
            ...providersTemplateData(answers.providers, readProcessEnv),
          }),
        // Already ours (it uses the runtime's React Router module): the user's edits stay. Anything else is theirs.
        done: (shape) => shape.references.includes(RUNTIME_REACT_ROUTER),
      },
      database: {
        // Imported by the auth module alone, so never bundled for the browser; named auth-db as on every host
        // (the ORMs' schema modules go beside it: auth-schema).
        clientFile: path.posix.join(files.appDir, `auth-db.${info.language}`),
        clientImport: "./auth-db",
        envSource: "process",
        framework: "React Router",
        // The client module reads its setting when imported, before the auth module's own loading runs.
        loadEnv: true,
        typescript: files.typescript,
      },
      files: () => steps,
      env: {
        productionHint:
          "In production also set AUTH_URL to the app's public URL (or AUTH_TRUST_HOST=true behind a proxy you trust).",
      },
      callbackHint: "(react-router-serve, npm start: port 3000 or your deployed URL)",
      nextSteps: [
        `Protect a route in its loader: const session = await auth.requireSession(request), with import { auth } from ${authImport} (pages go to ${basePath}/signin, data and API requests get 401); await auth.getSession(request) gives the session or null. Link to the auth pages with <a href="${basePath}/signin"> (or <Link reloadDocument>), not a plain <Link>: they are resource routes.`,
        startStep(info, ["dev"], `${devOrigin}${basePath}/signin`),
        productionStep(info, files.auth),
      ],
    };
  },
};
