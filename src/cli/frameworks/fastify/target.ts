/**
 * The Fastify target (Fastify 5, TypeScript or JavaScript): finds the app file the start script runs (through
 * the build output back to its source), and in the shape fastify-cli generates (@fastify/autoload over
 * `plugins/` and `routes/`) writes the auth module beside it and a plugin of its own into `plugins/`, which
 * the autoloader registers before the user's routes: no file of the user's is edited. Data and pure
 * functions; commands/init/plan.ts plans it.
 */
import path from "node:path";
import { moduleShape } from "../../edit/ast.js";
import { CliError } from "../../errors.js";
import type { FileStep } from "../../plan/planner.js";
import { startStep } from "../../plan/start-command.js";
import { importTarget, moduleCandidates } from "../../project/imports.js";
import type { ProjectReader } from "../../project/reader.js";
import type { PackageJson, ProjectInfo } from "../../project/types.js";
import { providersTemplateData, readProcessEnv } from "../../providers/template-data.js";
import type { Target } from "../types.js";
import { RUNTIME_FASTIFY, readFastifyApp } from "./app-shape.js";
import { checkFastifyWiring } from "./doctor.js";
import { fastifyFacts } from "./facts.js";

const SUPPORTED_MAJOR = 5;
const COMMON_NAMES = ["src/app", "app", "src/server", "server", "src/index", "index", "src/main", "main"];
/** Compiled output directories a start script may point into, mapped back to their sources. */
const BUILD_DIRS = /^(dist|build|out|lib)\//;

type FastifyPackageJson = PackageJson & { main?: string; scripts?: Record<string, string> };

/** `dist/app.js` → the sources it may be built from (`src/app.ts`, …), then the file itself. */
function sourceCandidates(file: string): string[] {
  const target = importTarget([], "package.json", file.startsWith("./") ? file : `./${file}`);
  if (target === null) return [];
  const modules = (files: string[]) => files.filter((candidate) => !/\.[jt]sx$/.test(candidate));
  if (!BUILD_DIRS.test(target)) return modules(moduleCandidates(target));
  const sources = [target.replace(BUILD_DIRS, "src/"), target.replace(BUILD_DIRS, "")];
  return [...modules(sources.flatMap(moduleCandidates)), target];
}

/** Files the start and dev scripts run (`fastify start -l info dist/app.js`) and `main`, in that order. */
function entryFiles(pkg: FastifyPackageJson): string[] {
  const commands = [pkg.scripts?.["start"], pkg.scripts?.["dev:start"], pkg.scripts?.["dev"]].filter(
    (command): command is string => Boolean(command),
  );
  const files = commands.flatMap((command) =>
    command.split(/\s+/).filter((token) => /^[\w./-]+\.[cm]?[jt]s$/.test(token) && !token.startsWith("-")),
  );
  if (pkg.main) files.push(pkg.main);
  return files;
}

/** The app file: the first of the entry files, then the common names, that reaches Fastify or its autoloader. */
function findAppFile(reader: ProjectReader, pkg: FastifyPackageJson): string | undefined {
  const candidates = [...entryFiles(pkg), ...COMMON_NAMES].flatMap(sourceCandidates);
  return candidates.find((file) => {
    const source = file.includes("node_modules/") ? null : reader.read(file);
    return source !== null && readFastifyApp(source, file) !== null;
  });
}

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

export const fastifyTarget: Target = {
  ...fastifyFacts,
  templates: new URL("./templates/", import.meta.url),
  checks: checkFastifyWiring,

  layout(reader, pkg, major) {
    if (major !== null && major !== SUPPORTED_MAJOR) refuseMajor(major, pkg as FastifyPackageJson);
    const appFile = findAppFile(reader, pkg as FastifyPackageJson);
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
    const files = filesFor(info, app?.moduleKind);
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
    return {
      notes: files.plugin
        ? []
        : [
            `No fastify-cli app (an app file registering @fastify/autoload over a plugins folder) was found; register the auth plugin yourself where you create the Fastify instance, before your routes: await app.register(FastifyAuth(authConfig), { prefix: "${basePath}" }) (FastifyAuth from "${RUNTIME_FASTIFY}", authConfig from "${authImport}").`,
          ],
      auth: {
        path: files.auth,
        reason: "auth module (config, providers)",
        render: (database) =>
          render("auth", {
            database,
            runtimeDir: answers.runtimeDir,
            envFile: info.envFile,
            pluginFile: files.plugin,
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
        `Protect a route: fastify.get("/notes", { preHandler: fastify.requireAuth }, handler), or every route of a plugin with fastify.addHook("preHandler", fastify.requireAuth); read the session with await request.getSession() (signed-out API requests get 401, pages go to ${basePath}/signin).`,
        startStep(info, ["start", "dev"], `${devOrigin}${basePath}/signin`),
        "In production, set AUTH_URL to the app's public URL (or AUTH_TRUST_HOST=true behind a reverse proxy you trust).",
      ],
    };
  },
};
