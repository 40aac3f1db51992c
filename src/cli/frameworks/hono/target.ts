/**
 * The Hono target (Hono 4 on Node with @hono/node-server, TypeScript or JavaScript ES modules): finds the
 * entry module that creates the `new Hono()` app (through the AST, starting from the start and dev scripts,
 * `main` and the usual names), writes the auth module (`HonoAuth(…)`) next to it, mounts its handler on
 * `/auth/*` after the app's middleware and before its routes, and makes the env file load at start (the
 * production start, `node dist/index.js`, reads only the real environment). Data and pure functions;
 * commands/init/plan.ts plans it.
 */
import path from "node:path";
import { CliError } from "../../errors.js";
import type { FileStep } from "../../plan/planner.js";
import { startStep } from "../../plan/start-command.js";
import { providersTemplateData, readProcessEnv } from "../../providers/template-data.js";
import { RUNTIME_PACKAGE_NAME } from "../../runtime-package/plan.js";
import { envLoadedElsewhere, findAppFile, type ServerAppSearch, type ServerPackageJson } from "../server-entry.js";
import type { Target } from "../types.js";
import { findHonoApp, type MountOptions, mountHonoAuth } from "./app.js";
import { unmountHonoAuth } from "./app-remove.js";
import { checkHonoMount } from "./doctor.js";
import { honoFacts } from "./facts.js";

const RUNTIME_HONO = `${RUNTIME_PACKAGE_NAME}/hono`;

/** How init finds the module creating the Hono app (frameworks/server-entry.ts). */
const APP_SEARCH: ServerAppSearch = {
  commonNames: ["src/index", "src/app", "src/server", "src/main", "index", "app", "server", "main"],
  jsx: true,
  createsApp: (source, file) => findHonoApp(source, file) !== null,
};
/** The Node server adapter: without it the app runs elsewhere (Bun, Deno, Workers), which load env files themselves. */
const NODE_SERVER = "@hono/node-server";

/** The auth module beside the entry module, in its language (`.tsx` → `.ts`: the module has no JSX). */
function authModuleFor(appFile: string): { file: string; typescript: boolean; specifier: string } {
  const ext = path.posix.extname(appFile).replace(/x$/, "");
  const typescript = /^\.[cm]?ts$/.test(ext);
  const file = path.posix.join(path.posix.dirname(appFile), `auth${ext}`);
  // Node's ES modules (and TypeScript's NodeNext) need the extension Node runs.
  const specifier = `./auth${ext.replace("t", "j")}`;
  return { file, typescript, specifier };
}

/** How the env file gets loaded: by the start command or the app already, through dotenv if the app has it, else by Node. */
function envLoader(pkg: ServerPackageJson, elsewhere: boolean): MountOptions["envLoader"] {
  const start = pkg.scripts?.["start"] ?? "";
  if (elsewhere || pkg.dependencies?.[NODE_SERVER] === undefined || /--env-file|dotenv\/config/.test(start))
    return "none";
  if (pkg.dependencies?.["dotenv"] !== undefined) return "dotenv";
  return "loadEnvFile";
}

export const honoTarget: Target = {
  ...honoFacts,
  templates: new URL("./templates/", import.meta.url),
  checks: checkHonoMount,

  layout(reader, pkg, major) {
    // One package for every major: the refusal of another one is the version's, not the package's.
    if (major !== null && major !== 4) {
      throw new CliError(
        "UnsupportedProject",
        `Hono ${major} is not supported: create-auth sets up ${honoFacts.supported}. Upgrade to Hono 4 (npm install hono@4), then run init again.`,
      );
    }
    const appFile = findAppFile(reader, pkg as ServerPackageJson, APP_SEARCH);
    const routesDir = appFile ? path.posix.dirname(appFile).replace(/^\.$/, "") : "";
    return { router: null, routesDir, ...(appFile ? { appFile } : {}) };
  },

  ownedFiles(info) {
    const appFile = info.framework.appFile;
    return appFile ? [authModuleFor(appFile).file] : [];
  },

  init({ info, answers, reader, render }) {
    const pkg = info.packageJson as ServerPackageJson;
    const { basePath, devOrigin } = honoTarget;
    const appFile = info.framework.appFile;
    const appSource = appFile ? reader.read(appFile) : null;
    const app = appFile && appSource !== null ? findHonoApp(appSource, appFile) : null;
    const auth = authModuleFor(appFile ?? (reader.isDirectory("src") ? "src/index.ts" : "index.ts"));
    const nodeServer = pkg.dependencies?.[NODE_SERVER] !== undefined;
    const files: FileStep[] = [];
    if (appFile && app) {
      const elsewhere = envLoadedElsewhere(reader, pkg, APP_SEARCH, appFile);
      const loader = envLoader(pkg, elsewhere);
      const mount = (source: string) =>
        mountHonoAuth(source, appFile, {
          authModule: auth.specifier,
          basePath,
          envLoader: loader,
          typescript: auth.typescript,
          envFile: info.envFile,
        });
      files.push({
        kind: "edit",
        path: appFile,
        reason: `mount ${basePath}/* on the ${app.instance} instance${loader === "none" ? "" : `, load ${info.envFile} at start`}`,
        transform: mount,
        // The mount init made, replayed on each candidate, tells the blank lines it brought from the app's own.
        undo: (source) => unmountHonoAuth(source, mount),
        unsupported: (why) => why,
      });
    }
    const where = appFile ?? "your entry module";
    const notes = [
      ...(appFile && app
        ? []
        : [
            `No module creating a Hono app (\`const app = new Hono()\`) was found; mount the handler yourself, after your middleware and before your routes: app.on(["GET", "POST"], "${basePath}/*", auth.handler).`,
          ]),
      ...(nodeServer
        ? []
        : [
            `${NODE_SERVER} is not in package.json: init does not load ${info.envFile} at start. Bun loads it by itself; on Cloudflare Workers put the values in .dev.vars and \`wrangler secret put\` (the handler reads c.env).`,
          ]),
    ];
    return {
      notes,
      auth: {
        path: auth.file,
        reason: "auth module (HonoAuth: handler, session, requireAuth, signIn/signOut)",
        render: (database) =>
          render("auth", {
            database,
            runtimeDir: answers.runtimeDir,
            envFile: info.envFile,
            appFile: where,
            basePath,
            typescript: auth.typescript,
            ...providersTemplateData(answers.providers, readProcessEnv),
          }),
        // Already ours (it uses the runtime's Hono module): the user's edits stay. Anything else is theirs.
        done: (shape) => shape.references.includes(RUNTIME_HONO),
      },
      database: {
        clientFile: path.posix.join(path.posix.dirname(auth.file), `auth-db${path.posix.extname(auth.file)}`),
        clientImport: auth.specifier.replace("./auth", "./auth-db"),
        envSource: "process",
        framework: "Hono",
        loadEnv: nodeServer,
        typescript: auth.typescript,
        nodeResolves: true,
      },
      files: () => files,
      env: {
        productionHint:
          "In production also set AUTH_URL to the app's public URL (or AUTH_TRUST_HOST=true behind a proxy you trust).",
      },
      nextSteps: [
        `Protect routes in ${where}, after the ${basePath}/* mount: app.use("/notes/*", auth.requireAuth()) (401 for API requests, the sign-in page for pages); read the session in a route with await auth.getSession(c).`,
        startStep(info, ["start", "dev"], `${devOrigin}${basePath}/signin`),
        "In production, set AUTH_URL to the public URL (or AUTH_TRUST_HOST=true behind a reverse proxy you trust, which then supplies the host and HTTPS).",
      ],
    };
  },
};
