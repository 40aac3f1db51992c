/**
 * The Express target (Express 4 and 5, TypeScript or JavaScript, ES modules or CommonJS): finds the file
 * that creates the `express()` app (through the AST, starting from the start script, `main` and the usual
 * names), writes the auth module next to it in the same language and module syntax, mounts the auth
 * routes in it after the app's middleware and before its routes, and makes the env file load at start. Data and pure functions;
 * commands/init/plan.ts plans it.
 */
import path from "node:path";
import type { FileStep } from "../../plan/planner.js";
import { startStep } from "../../plan/start-command.js";
import { providersTemplateData, readProcessEnv } from "../../providers/template-data.js";
import { RUNTIME_PACKAGE_NAME } from "../../runtime-package/plan.js";
import { envLoadedElsewhere, findAppFile, type ServerAppSearch, type ServerPackageJson } from "../server-entry.js";
import type { Target } from "../types.js";
import { findExpressApp, type MountOptions, mountExpressAuth } from "./app.js";
import { unmountExpressAuth } from "./app-remove.js";
import { checkExpressMount } from "./doctor.js";
import { expressFacts } from "./facts.js";

const RUNTIME_EXPRESS = `${RUNTIME_PACKAGE_NAME}/express`;
/** How init finds the module creating the Express app (frameworks/server-entry.ts). */
const APP_SEARCH: ServerAppSearch = {
  commonNames: ["src/app", "src/server", "src/index", "src/main", "app", "server", "index", "main"],
  jsx: false,
  createsApp: (source, file) => findExpressApp(source, file) !== null,
};

interface AuthModule {
  file: string;
  typescript: boolean;
  cjs: boolean;
  /** How the app file imports it. */
  specifier: string;
}

/** The auth module sits next to the app file, in its language and module syntax. */
function authModuleFor(appFile: string, moduleKind: "esm" | "cjs"): AuthModule {
  const ext = path.posix.extname(appFile);
  const typescript = /^\.[cm]?ts$/.test(ext);
  const cjs = ext === ".cjs" || ext === ".cts" || (ext === ".js" && moduleKind === "cjs");
  const file = path.posix.join(path.posix.dirname(appFile), `auth${ext}`);
  const runtimeExt = ext === ".ts" ? ".js" : ext.replace("t", "j");
  const specifier = cjs && ext === ".js" ? "./auth" : `./auth${runtimeExt}`;
  return { file, typescript, cjs, specifier };
}

/** How the env file gets loaded: already by the start command, through dotenv if the app has it, else by Node. */
function envLoader(pkg: ServerPackageJson, elsewhere: boolean): MountOptions["envLoader"] {
  const start = pkg.scripts?.["start"] ?? "";
  if (elsewhere || /--env-file|dotenv\/config/.test(start)) return "none";
  if (pkg.dependencies?.["dotenv"] !== undefined) return "dotenv";
  return "loadEnvFile";
}

export const expressTarget: Target = {
  ...expressFacts,
  templates: new URL("./templates/", import.meta.url),
  checks: checkExpressMount,

  layout(reader, pkg) {
    const appFile = findAppFile(reader, pkg as ServerPackageJson, APP_SEARCH);
    const routesDir = appFile ? path.posix.dirname(appFile).replace(/^\.$/, "") : "";
    return { router: null, routesDir, ...(appFile ? { appFile } : {}) };
  },

  ownedFiles(info) {
    const appFile = info.framework.appFile;
    if (!appFile) return [];
    return [authModuleFor(appFile, info.language === "ts" ? "esm" : "cjs").file];
  },

  init({ info, answers, reader, render }) {
    const pkg = info.packageJson as ServerPackageJson;
    const { basePath, devOrigin } = expressTarget;
    const appFile = info.framework.appFile;
    const appSource = appFile ? reader.read(appFile) : null;
    const app = appFile && appSource !== null ? findExpressApp(appSource, appFile) : null;
    const auth = authModuleFor(
      appFile ?? (reader.isDirectory("src") ? "src/app.js" : "app.js"),
      app?.moduleKind ?? "esm",
    );
    const files: FileStep[] = [];
    if (appFile && app) {
      const elsewhere = envLoadedElsewhere(reader, pkg, APP_SEARCH, appFile);
      const mount = (source: string) =>
        mountExpressAuth(source, appFile, {
          runtimeModule: RUNTIME_EXPRESS,
          authModule: auth.specifier,
          basePath,
          envLoader: envLoader(pkg, elsewhere),
          typescript: auth.typescript,
          envFile: info.envFile,
        });
      files.push({
        kind: "edit",
        path: appFile,
        reason: `mount ${basePath} on the ${app.instance} instance, load ${info.envFile} at start`,
        transform: mount,
        // The mount init made, replayed on each candidate, tells the blank lines it brought from the app's own.
        undo: (source) => unmountExpressAuth(source, mount),
      });
    }
    const importLine = auth.cjs
      ? `const { requireAuth } = require("${auth.specifier}")`
      : `import { requireAuth } from "${auth.specifier}"`;
    return {
      notes:
        appFile && app
          ? []
          : [
              `No file creating an Express app (\`const app = express()\`) was found; mount the routes yourself, before your routes: app.use("${basePath}", ExpressAuth(authConfig)).`,
            ],
      auth: {
        path: auth.file,
        reason: "auth module (config, providers, requireAuth)",
        render: (database) =>
          render("auth", {
            database,
            runtimeDir: answers.runtimeDir,
            envFile: info.envFile,
            appFile: appFile ?? "your app file",
            basePath,
            typescript: auth.typescript,
            cjs: auth.cjs,
            ...providersTemplateData(answers.providers, readProcessEnv),
          }),
        // Already ours (it uses the runtime's Express module): the user's edits stay. Anything else is theirs.
        done: (shape) => shape.references.includes(RUNTIME_EXPRESS),
      },
      database: {
        clientFile: path.posix.join(path.posix.dirname(auth.file), `auth-db${path.posix.extname(auth.file)}`),
        clientImport: auth.specifier.replace("./auth", "./auth-db"),
        envSource: "process",
        cjs: auth.cjs,
        loadEnv: true,
        typescript: auth.typescript,
        nodeResolves: true,
      },
      files: () => files,
      env: {
        productionHint:
          "In production also set AUTH_URL to the app's public URL (or AUTH_TRUST_HOST=true behind a proxy you trust).",
      },
      nextSteps: [
        `Protect a route in ${appFile ?? auth.file}: app.get("/notes", requireAuth, handler) (${importLine}); the session is in res.locals.session, or anywhere: await getSession(req, authConfig).`,
        startStep(info, ["start", "dev"], `${devOrigin}${basePath}/signin`),
        `In production, set AUTH_URL to the public URL; behind a reverse proxy, also app.set("trust proxy", …) so HTTPS is detected.`,
      ],
    };
  },
};
