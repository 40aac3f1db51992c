/**
 * The Fastify target (Fastify 5, TypeScript or JavaScript): finds the app file the start script runs (through
 * the build output back to its source), and in the shape fastify-cli generates (@fastify/autoload over
 * `plugins/` and `routes/`) writes the auth module beside it and a plugin of its own into `plugins/`, which
 * the autoloader registers before the user's routes: no file of the user's is edited. In a plain app (a
 * module calling `Fastify()` itself, found by the shared search of server-entry.ts) it registers the plugin
 * in that module, right after the instance and before the routes (app.ts), and remove takes it out again
 * (app-remove.ts). Data and pure functions; commands/init/plan.ts plans it.
 */
import path from "node:path";
import { moduleShape } from "../../edit/ast.js";
import { CliError } from "../../errors.js";
import type { FileStep } from "../../plan/planner.js";
import { startStep } from "../../plan/start-command.js";
import type { ProjectInfo } from "../../project/types.js";
import { providersTemplateData, readProcessEnv } from "../../providers/template-data.js";
import { envLoadedElsewhere, findAppFile, type ServerAppSearch, type ServerPackageJson } from "../server-entry.js";
import type { ServerEnvLoader } from "../server-env.js";
import type { Target } from "../types.js";
import { findFastifyApp, mountFastifyAuth } from "./app.js";
import { unmountFastifyAuth } from "./app-remove.js";
import { RUNTIME_FASTIFY, readFastifyApp } from "./app-shape.js";
import { checkFastifyWiring } from "./doctor.js";
import { fastifyFacts } from "./facts.js";

const SUPPORTED_MAJOR = 5;
const COMMON_NAMES = ["src/app", "app", "src/server", "server", "src/index", "index", "src/main", "main"];

type FastifyPackageJson = ServerPackageJson;

/**
 * How init finds the app's module (frameworks/server-entry.ts): fastify-cli's app file (it autoloads the
 * plugins folder; fastify start makes the instance), or a module calling `Fastify()` itself.
 */
const APP_SEARCH: ServerAppSearch = {
  commonNames: COMMON_NAMES,
  jsx: false,
  createsApp: (source, file) =>
    readFastifyApp(source, file)?.autoloadsPlugins === true || findFastifyApp(source, file) !== null,
};
/** Without either, the first module that reaches Fastify at all: doctor then looks beside it for a registration. */
const REACHES_SEARCH: ServerAppSearch = {
  ...APP_SEARCH,
  createsApp: (source, file) => readFastifyApp(source, file) !== null,
};

/** The refusal of another major than 5, with the way forward. */
function refuseMajor(major: number, pkg: FastifyPackageJson): never {
  const declared = pkg.dependencies?.["fastify"] ?? pkg.devDependencies?.["fastify"] ?? String(major);
  throw new CliError(
    "UnsupportedProject",
    `This app runs Fastify ${major} (fastify ${declared} in package.json); create-auth supports Fastify ${SUPPORTED_MAJOR}, whose plugin API the auth plugin is written for. ${
      major < SUPPORTED_MAJOR
        ? "Upgrade the app to Fastify 5 (https://fastify.dev/docs/latest/Guides/Migration-Guide-V5/), then run init again."
        : "Run init again once create-auth supports it."
    }`,
  );
}

interface Files {
  /** The auth module, beside the app file. */
  auth: string;
  /** The plugin init writes into the autoloaded `plugins/` folder, or null when the app has none. */
  plugin: string | null;
  typescript: boolean;
  cjs: boolean;
}

/**
 * Where init's files go, in the app file's language and module syntax. `routesDir` is the autoloaded plugins
 * folder when layout found one (it is the folder init writes into), else the app file's own folder.
 */
function filesFor(
  info: Pick<ProjectInfo, "framework" | "language" | "packageJson">,
  moduleKind?: "esm" | "cjs",
): Files {
  const appFile = info.framework.appFile ?? (info.framework.routesDir.startsWith("src") ? "src/app" : "app");
  const found = path.posix.extname(appFile);
  const ext = found || (info.language === "ts" ? ".ts" : ".js");
  const typescript = /^\.[cm]?ts$/.test(ext);
  const packageType = (info.packageJson as { type?: string }).type;
  const cjs = ext === ".cjs" || (ext === ".js" && (moduleKind ? moduleKind === "cjs" : packageType !== "module"));
  const dir = path.posix.dirname(appFile);
  const pluginsDir = info.framework.routesDir;
  const plugin = path.posix.basename(pluginsDir) === "plugins" ? path.posix.join(pluginsDir, `auth${ext}`) : null;
  return { auth: path.posix.join(dir, `auth${ext}`), plugin, typescript, cjs };
}

/** How `from` imports `to` (`../auth.js`): Node resolves these modules, with the extension it runs. */
function specifier(from: string, to: string, cjs: boolean): string {
  let relative = path.posix.relative(path.posix.dirname(from), to).replace(/\.([cm]?)ts$/, ".$1js");
  if (!relative.startsWith(".")) relative = `./${relative}`;
  return cjs ? relative.replace(/\.js$/, "") : relative;
}

/** The start script loads .env itself (`fastify start`, `--env-file`, dotenv): the plugin then need not. */
function startLoadsEnv(pkg: FastifyPackageJson): boolean {
  return /\bfastify(-cli)? start\b|--env-file|dotenv\/config/.test(pkg.scripts?.["start"] ?? "");
}

/** How a plain app's module loads the env file: not when something else does, through dotenv if the app has it, else by Node. */
function envLoader(pkg: FastifyPackageJson, elsewhere: boolean): ServerEnvLoader {
  if (elsewhere || startLoadsEnv(pkg)) return "none";
  return pkg.dependencies?.["dotenv"] !== undefined ? "dotenv" : "loadEnvFile";
}

export const fastifyTarget: Target = {
  ...fastifyFacts,
  templates: new URL("./templates/", import.meta.url),
  checks: checkFastifyWiring,

  layout(reader, pkg, major) {
    if (major !== null && major !== SUPPORTED_MAJOR) refuseMajor(major, pkg as FastifyPackageJson);
    const appFile =
      findAppFile(reader, pkg as FastifyPackageJson, APP_SEARCH) ??
      findAppFile(reader, pkg as FastifyPackageJson, REACHES_SEARCH);
    const source = appFile ? reader.read(appFile) : null;
    const app = appFile && source !== null ? readFastifyApp(source, appFile) : null;
    const dir = appFile ? path.posix.dirname(appFile).replace(/^\.$/, "") : reader.isDirectory("src") ? "src" : "";
    const routesDir = app?.autoloadsPlugins ? path.posix.join(dir, "plugins") : dir;
    return { router: null, routesDir, ...(appFile ? { appFile } : {}) };
  },

  ownedFiles(info) {
    const files = filesFor(info);
    return files.plugin ? [files.auth, files.plugin] : [files.auth];
  },

  init({ info, answers, reader, render }) {
    const pkg = info.packageJson as FastifyPackageJson;
    const { basePath, devOrigin } = fastifyTarget;
    const appFile = info.framework.appFile;
    const appSource = appFile ? reader.read(appFile) : null;
    const app = appFile && appSource !== null ? readFastifyApp(appSource, appFile) : null;
    // A plain app (no autoloaded plugins folder) whose module calls Fastify() itself: init registers there.
    const plain = appFile && appSource !== null && !app?.autoloadsPlugins ? findFastifyApp(appSource, appFile) : null;
    const files = filesFor(info, plain?.moduleKind ?? app?.moduleKind);
    const steps: FileStep[] = [];
    if (files.plugin) {
      const plugin = files.plugin;
      steps.push({
        kind: "owned",
        path: plugin,
        reason: `registers the auth plugin under ${basePath}; @fastify/autoload loads it before your routes`,
        content: render("plugin", {
          basePath,
          authFile: files.auth,
          authImport: specifier(plugin, files.auth, files.cjs),
          typescript: files.typescript,
          cjs: files.cjs,
          fastifyPlugin: pkg.dependencies?.["fastify-plugin"] !== undefined,
          loadEnv: !startLoadsEnv(pkg),
          envFile: info.envFile,
        }),
        done: (source) => moduleShape(source, plugin).references.includes(RUNTIME_FASTIFY),
      });
    }
    const authImport = files.plugin ? null : specifier(appFile ?? files.auth, files.auth, files.cjs);
    const yourself = (instance: string) =>
      `register the auth plugin yourself where you create the Fastify instance, before your routes: await ${instance}.register(FastifyAuth(authConfig), { prefix: "${basePath}" }) (FastifyAuth from "${RUNTIME_FASTIFY}", authConfig from "${authImport}").`;
    const mounted = Boolean(!files.plugin && appFile && plain && !plain.unsupported);
    if (!files.plugin && appFile && plain) {
      const ext = path.posix.extname(appFile);
      const packageType = (pkg as { type?: string }).type;
      const mount = (source: string) =>
        mountFastifyAuth(source, appFile, {
          runtimeModule: RUNTIME_FASTIFY,
          authModule: authImport!,
          basePath,
          envLoader: envLoader(pkg, envLoadedElsewhere(reader, pkg, APP_SEARCH, appFile)),
          typescript: files.typescript,
          envFile: info.envFile,
          nativeEsm: ext === ".mjs" || (ext === ".js" && packageType === "module" && plain.moduleKind === "esm"),
        });
      steps.push({
        kind: "edit",
        path: appFile,
        reason: `register the auth plugin under ${basePath} on the ${plain.instance} instance, before your routes`,
        transform: mount,
        // The registration init made, replayed on each candidate, tells the blank lines it brought from the app's own.
        undo: (source) => unmountFastifyAuth(source, mount),
        unsupported: (why) => `${why}: ${yourself(plain.instance)}`,
      });
    }
    const guardIn = plain?.topLevelAwait
      ? `in ${appFile}, below the registration`
      : `in a plugin registered after the auth plugin (app.register(async (app) => { … })), where app.requireAuth exists`;
    return {
      notes:
        files.plugin || plain
          ? []
          : [
              `No fastify-cli app (an app file registering @fastify/autoload over a plugins folder) and no module calling Fastify() was found; ${yourself("app")}`,
            ],
      auth: {
        path: files.auth,
        reason: "auth module (config, providers)",
        render: (database) =>
          render("auth", {
            database,
            runtimeDir: answers.runtimeDir,
            envFile: info.envFile,
            pluginFile: files.plugin ?? (mounted ? appFile : null),
            // The instance the registration names: fastify-cli's plugin gets `fastify`; a plain app's module
            // keeps its own name for it (the same in the next steps).
            instance: files.plugin ? "fastify" : (plain?.instance ?? "app"),
            basePath,
            typescript: files.typescript,
            cjs: files.cjs,
            ...providersTemplateData(answers.providers, readProcessEnv),
          }),
        // Already ours (it uses the runtime's Fastify module): the user's edits stay. Anything else is theirs.
        done: (shape) => shape.references.includes(RUNTIME_FASTIFY),
      },
      database: {
        clientFile: path.posix.join(path.posix.dirname(files.auth), `auth-db${path.posix.extname(files.auth)}`),
        clientImport: files.cjs ? "./auth-db" : `./auth-db${path.posix.extname(files.auth).replace("t", "j")}`,
        envSource: "process",
        cjs: files.cjs,
        // The client module reads its setting when imported; loading the env file itself, it works under a
        // start that loads none (fastify start does, before the app).
        loadEnv: true,
        typescript: files.typescript,
        nodeResolves: true,
      },
      files: () => steps,
      env: {
        productionHint:
          "In production also set AUTH_URL to the app's public URL (or AUTH_TRUST_HOST=true behind a proxy you trust).",
      },
      nextSteps: [
        mounted
          ? `Protect a route ${guardIn}: ${plain!.instance}.get("/notes", { preHandler: ${plain!.instance}.requireAuth }, handler), or every route of a plugin with addHook("preHandler", ${plain!.instance}.requireAuth) in it; read the session with await request.getSession() (signed-out API requests get 401, pages go to ${basePath}/signin).`
          : `Protect a route: fastify.get("/notes", { preHandler: fastify.requireAuth }, handler), or every route of a plugin with fastify.addHook("preHandler", fastify.requireAuth); read the session with await request.getSession() (signed-out API requests get 401, pages go to ${basePath}/signin).`,
        startStep(info, ["start", "dev"], `${devOrigin}${basePath}/signin`),
        "In production, set AUTH_URL to the app's public URL (or AUTH_TRUST_HOST=true behind a reverse proxy you trust).",
      ],
    };
  },
};
