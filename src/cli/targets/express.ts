/**
 * The Express target (Express 4 and 5, TypeScript or JavaScript, ES modules or CommonJS): finds the file
 * that creates the `express()` app (through the AST, starting from the start script, `main` and the usual
 * names), writes the auth module next to it in the same language and module syntax, mounts the auth
 * routes in it right after the instance, makes the env file load at start, and plans the runtime package,
 * dependencies and env files. Every decision about existing files is made here, in one place.
 */
import path from "node:path";
import { planDatabase } from "../database/plan.js";
import type { ProjectReader } from "../plan/reader.js";
import type { Conflict, FileChange, Plan } from "../plan/types.js";
import type { ProviderEntry } from "../providers/catalog.js";
import { passwordlessNextStep, providersTemplateData, readProcessEnv } from "../providers/template-data.js";
import { RUNTIME_PACKAGE_NAME } from "../runtime-package/plan.js";
import { findExpressApp, type MountOptions, moduleReferences, mountExpressAuth } from "../transforms/express-app.js";
import { DEFAULT_ENV_CONVENTION } from "./conventions.js";
import { planEnvAndRuntime } from "./env-and-runtime.js";
import type { FrameworkMatch, PackageJson, PlanContext, ProjectInfo, Target } from "./types.js";

const RUNTIME_EXPRESS = `${RUNTIME_PACKAGE_NAME}/express`;
/** The mount point, which is also the base path of every auth URL. */
const BASE_PATH = "/auth";
/** Where Express apps usually listen in development; the callback URLs printed are for this origin. */
const DEV_ORIGIN = "http://localhost:3000";
const EXTENSIONS = [".ts", ".mts", ".cts", ".js", ".mjs", ".cjs"];
const COMMON_NAMES = ["src/app", "src/server", "src/index", "src/main", "app", "server", "index", "main"];
/** Compiled output directories a start script may point into, mapped back to their sources. */
const BUILD_DIRS = /^(dist|build|out|lib)\//;

type ExpressPackageJson = PackageJson & { main?: string; scripts?: Record<string, string> };

/** `dist/server.js` → [`dist/server.js`, `src/server.ts`, …]: the file and the sources it may be built from. */
function sourceCandidates(file: string): string[] {
  const normalized = path.posix.normalize(file.replace(/^\.\//, ""));
  const stem = normalized.replace(/\.[cm]?[jt]s$/, "");
  const sources = BUILD_DIRS.test(stem) ? [stem.replace(BUILD_DIRS, "src/"), stem.replace(BUILD_DIRS, "")] : [stem];
  return [normalized, ...sources.flatMap((s) => EXTENSIONS.map((ext) => s + ext))];
}

/** Files the start/dev scripts and `main` run, in that order. */
function entryFiles(pkg: ExpressPackageJson): string[] {
  const commands = [pkg.scripts?.["start"], pkg.scripts?.["dev"]].filter((c): c is string => Boolean(c));
  const files = commands.flatMap((command) =>
    command.split(/\s+/).filter((token) => /^[\w./-]+\.[cm]?[jt]s$/.test(token) && !token.startsWith("-")),
  );
  if (pkg.main) files.push(pkg.main);
  return files;
}

/** A relative specifier from `from` resolved to the files it may name (`./app.js` may be `app.ts`). */
function resolveRelative(from: string, specifier: string): string[] {
  const target = path.posix.join(path.posix.dirname(from), specifier);
  const stem = target.replace(/\.[cm]?[jt]s$/, "");
  return [target, ...EXTENSIONS.map((ext) => stem + ext), ...EXTENSIONS.map((ext) => `${target}/index${ext}`)];
}

/**
 * The file creating the Express app: the entry files first, then the common names, each followed through
 * its relative imports (server.ts → app.ts) until a file with an `express()` instance turns up.
 */
function findAppFile(reader: ProjectReader, pkg: ExpressPackageJson): string | undefined {
  const queue = [...entryFiles(pkg).flatMap(sourceCandidates), ...COMMON_NAMES.flatMap((n) => sourceCandidates(n))];
  const seen = new Set<string>();
  while (queue.length > 0 && seen.size < 64) {
    const file = queue.shift()!;
    if (seen.has(file) || file.includes("node_modules/")) continue;
    seen.add(file);
    const source = reader.read(file);
    if (source === null) continue;
    if (findExpressApp(source, file)) return file;
    const references = moduleReferences(source, file).specifiers.filter((s) => s.startsWith("."));
    queue.unshift(...references.flatMap((specifier) => resolveRelative(file, specifier)));
  }
  return undefined;
}

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

export function callbackUrl(providerId: string): string {
  return `${DEV_ORIGIN}${BASE_PATH}/callback/${providerId}`;
}

/** How the env file gets loaded: already by the start command, through dotenv if the app has it, else by Node. */
function envLoader(pkg: ExpressPackageJson, elsewhere: boolean): MountOptions["envLoader"] {
  const start = pkg.scripts?.["start"] ?? "";
  if (elsewhere || /--env-file|dotenv\/config/.test(start)) return "none";
  if (pkg.dependencies?.["dotenv"] !== undefined) return "dotenv";
  return "loadEnvFile";
}

function nextSteps(info: ProjectInfo, providers: ProviderEntry[], auth: AuthModule, appFile: string): string[] {
  const steps: string[] = [];
  for (const provider of providers) {
    const passwordless = passwordlessNextStep(provider, info.envFile, DEV_ORIGIN);
    if (passwordless) {
      steps.push(passwordless);
      continue;
    }
    if (provider.kind === "credentials") {
      steps.push(
        `Credentials: sign-in is denied until you look up the user and verify the password in authorize() in ${auth.file}.`,
      );
      continue;
    }
    steps.push(
      `${provider.name}: register an OAuth app (${provider.registerAt}) with callback URL ${callbackUrl(provider.id)}, then set ${provider.envKeys.join(", ")} in ${info.envFile}.`,
    );
  }
  const importLine = auth.cjs
    ? `const { requireAuth } = require("${auth.specifier}")`
    : `import { requireAuth } from "${auth.specifier}"`;
  steps.push(
    `Protect a route in ${appFile}: app.get("/notes", requireAuth, handler) (${importLine}); the session is in res.locals.session, or anywhere: await getSession(req, authConfig).`,
  );
  const pm = info.packageManager.name;
  steps.push(
    `Start the app (${pm === "npm" ? "npm start" : `${pm} start`}) and sign in at ${DEV_ORIGIN}${BASE_PATH}/signin`,
  );
  steps.push(
    `In production, set AUTH_URL to the public URL; behind a reverse proxy, also app.set("trust proxy", …) so HTTPS is detected.`,
  );
  return steps;
}

export const expressTarget: Target = {
  id: "express",
  name: "Express",
  packages: ["express"],
  envFile: DEFAULT_ENV_CONVENTION.envFile,
  envIgnorePattern: DEFAULT_ENV_CONVENTION.ignorePattern,

  detect(reader: ProjectReader, pkg: PackageJson): FrameworkMatch | null {
    const declared = pkg.dependencies?.["express"] ?? pkg.devDependencies?.["express"];
    if (declared === undefined) return null;
    let version: string | null = declared.replace(/^[\^~>=<v ]+/, "") || null;
    const installed = reader.read("node_modules/express/package.json");
    if (installed) {
      try {
        version = (JSON.parse(installed) as { version: string }).version;
      } catch {
        // A broken install: keep the declared range.
      }
    }
    const appFile = findAppFile(reader, pkg as ExpressPackageJson);
    const routesDir = appFile ? path.posix.dirname(appFile).replace(/^\.$/, "") : "";
    return { version, router: null, routesDir, ...(appFile ? { appFile } : {}) };
  },

  ownedFiles(info) {
    const appFile = info.framework.appFile;
    if (!appFile) return [];
    return [authModuleFor(appFile, info.language === "ts" ? "esm" : "cjs").file];
  },

  plan(context: PlanContext): Plan {
    const { info, answers, reader } = context;
    const pkg = info.packageJson as ExpressPackageJson;
    const changes: FileChange[] = [];
    const conflicts: Conflict[] = [];
    const notes: string[] = [];

    const appFile = info.framework.appFile;
    const appSource = appFile ? reader.read(appFile) : null;
    const app = appFile && appSource !== null ? findExpressApp(appSource, appFile) : null;
    const auth = authModuleFor(
      appFile ?? (reader.isDirectory("src") ? "src/app.js" : "app.js"),
      app?.moduleKind ?? "esm",
    );
    if (!appFile || !app) {
      notes.push(
        `No file creating an Express app (\`const app = express()\`) was found; mount the routes yourself, before your routes: app.use("${BASE_PATH}", ExpressAuth(authConfig)).`,
      );
    }

    const clientFile = path.posix.join(path.posix.dirname(auth.file), `auth-db${path.posix.extname(auth.file)}`);
    const database = planDatabase(context, {
      clientFile,
      clientImport: auth.specifier.replace("./auth", "./auth-db"),
      authFile: auth.file,
      envSource: "process",
      cjs: auth.cjs,
      loadEnv: true,
      typescript: auth.typescript,
    });
    const authSource = context.render("auth", {
      database: database.wiring,
      runtimeDir: answers.runtimeDir,
      envFile: info.envFile,
      appFile: appFile ?? "your app file",
      basePath: BASE_PATH,
      typescript: auth.typescript,
      cjs: auth.cjs,
      ...providersTemplateData(answers.providers, readProcessEnv),
    });
    const existingAuth = reader.read(auth.file);
    if (existingAuth === null) {
      changes.push({
        kind: "create",
        path: auth.file,
        content: authSource,
        reason: "auth module (config, providers, requireAuth)",
      });
    } else if (existingAuth !== authSource) {
      // Already ours (it uses the runtime's Express module): the user's edits stay. Anything else is theirs.
      const ours = moduleReferences(existingAuth, auth.file).specifiers.includes(RUNTIME_EXPRESS);
      if (ours) {
        const missing = answers.providers.filter(
          (p) => !existingAuth.includes(`${RUNTIME_PACKAGE_NAME}/providers/${p.id}`),
        );
        if (missing.length > 0) {
          notes.push(
            `${auth.file} does not use ${missing.map((p) => p.id).join(", ")}; add with: npx create-auth add-provider <id> (init never rewrites an existing auth module).`,
          );
        }
      } else if (context.overwrite.has(auth.file)) {
        changes.push({ kind: "edit", path: auth.file, before: existingAuth, after: authSource, reason: "auth module" });
      } else {
        conflicts.push({ path: auth.file, reason: "exists with other content" });
      }
    }

    changes.push(...database.changes);
    conflicts.push(...database.conflicts);
    notes.push(...database.notes);

    if (appFile && appSource !== null && app) {
      const entries = entryFiles(pkg).flatMap(sourceCandidates);
      const elsewhere = entries.some((file) => {
        const source = file === appFile ? null : reader.read(file);
        return source !== null && moduleReferences(source, file).loadsEnv;
      });
      const mounted = mountExpressAuth(appSource, appFile, {
        runtimeModule: RUNTIME_EXPRESS,
        authModule: auth.specifier,
        basePath: BASE_PATH,
        envLoader: envLoader(pkg, elsewhere),
        typescript: auth.typescript,
        envFile: info.envFile,
      });
      if (mounted !== "unchanged") {
        changes.push({
          kind: "edit",
          path: appFile,
          before: appSource,
          after: mounted,
          reason: `mount ${BASE_PATH} on the ${app.instance} instance, load ${info.envFile} at start`,
        });
      }
    }

    const shared = planEnvAndRuntime(context, this, {
      productionHint:
        "In production also set AUTH_URL to the app's public URL (or AUTH_TRUST_HOST=true behind a proxy you trust).",
    });
    changes.push(...shared.changes);
    conflicts.push(...shared.conflicts);
    notes.push(...shared.notes);

    return {
      command: "init",
      projectDir: info.root,
      changes,
      install: shared.install,
      nextSteps:
        changes.length > 0
          ? [...database.nextSteps, ...nextSteps(info, answers.providers, auth, appFile ?? auth.file)]
          : [],
      notes,
      conflicts,
    };
  },
};
