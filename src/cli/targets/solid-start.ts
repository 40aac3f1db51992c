/**
 * The SolidStart target: recognises SolidStart 1 (vinxi, `app.config.ts`) and 2 (the `solidStart()` vite
 * plugin with nitro), and plans the auth config module, the catch-all API route under /api/auth, the
 * session queries pages use to read or require the user, the env file, the runtime package and the
 * dependencies. Both versions get the same files: their routes, `getRequestEvent` and `query` agree.
 */
import path from "node:path";
import { planDatabase } from "../database/plan.js";
import type { ProjectReader } from "../plan/reader.js";
import type { Conflict, FileChange, Plan } from "../plan/types.js";
import type { ProviderEntry } from "../providers/catalog.js";
import { passwordlessNextStep, providersTemplateData, readProcessEnv } from "../providers/template-data.js";
import { RUNTIME_PACKAGE_NAME } from "../runtime-package/plan.js";
import { DEFAULT_ENV_CONVENTION } from "./conventions.js";
import { planEnvAndRuntime } from "./env-and-runtime.js";
import { planOwnedFile } from "./owned-file.js";
import type { FrameworkMatch, PackageJson, PlanContext, ProjectInfo, Target } from "./types.js";

const PACKAGE = "@solidjs/start";
const RUNTIME_SOLID = `${RUNTIME_PACKAGE_NAME}/solid-start`;
/** Where both `vinxi dev` and nitro's vite dev server listen by default; callback URLs are for this origin. */
const DEV_ORIGIN = "http://localhost:3000";
/** SolidAuth's default `prefix`, and where the catch-all route below is mounted. */
const BASE_PATH = "/api/auth";
const ROUTES_DIR = "src/routes";

type Info = Pick<ProjectInfo, "language">;

function authFilePath(info: Info): string {
  return `src/auth.${info.language}`;
}

function routeFilePath(info: Info): string {
  return `${ROUTES_DIR}/api/auth/[...solidauth].${info.language}`;
}

function sessionFilePath(info: Info): string {
  return `src/lib/session.${info.language}`;
}

/** `~/auth` (or whichever alias points at src/), else a relative specifier from `fromFile`. */
function importFrom(info: ProjectInfo, fromFile: string, module: string): string {
  const alias = info.aliases.find((a) => a.directory === "src");
  if (alias) return `${alias.prefix}${module}`;
  const relative = path.posix.relative(path.posix.dirname(fromFile), path.posix.join("src", module));
  return relative.startsWith(".") ? relative : `./${relative}`;
}

export function callbackUrl(providerId: string): string {
  return `${DEV_ORIGIN}${BASE_PATH}/callback/${providerId}`;
}

function runCommand(pm: string, script: string): string {
  return pm === "npm" ? `npm run ${script}` : `${pm} ${script}`;
}

function declaredVersion(reader: ProjectReader, pkg: PackageJson): string | null {
  const declared = pkg.dependencies?.[PACKAGE] ?? pkg.devDependencies?.[PACKAGE];
  if (declared === undefined) return null;
  const installed = reader.read(`node_modules/${PACKAGE}/package.json`);
  if (installed) {
    try {
      return (JSON.parse(installed) as { version: string }).version;
    } catch {
      // A broken install: fall back to the declared range.
    }
  }
  return declared.replace(/^[\^~>=<v ]+/, "") || null;
}

/** vinxi (SolidStart 1) or vite (SolidStart 2), from the project's own files first, its version last. */
function detectBuild(reader: ProjectReader, pkg: PackageJson, version: string | null): "vinxi" | "vite" {
  const hasVinxi = pkg.dependencies?.["vinxi"] !== undefined || pkg.devDependencies?.["vinxi"] !== undefined;
  if (hasVinxi || ["ts", "js", "mjs"].some((ext) => reader.exists(`app.config.${ext}`))) return "vinxi";
  if (["ts", "js", "mts", "mjs"].some((ext) => reader.exists(`vite.config.${ext}`))) return "vite";
  return version?.startsWith("1.") ? "vinxi" : "vite";
}

function nextSteps(info: ProjectInfo, providers: ProviderEntry[], authFile: string): string[] {
  const pm = info.packageManager.name;
  const steps: string[] = [];
  for (const provider of providers) {
    const passwordless = passwordlessNextStep(provider, info.envFile, DEV_ORIGIN);
    if (passwordless) {
      steps.push(passwordless);
      continue;
    }
    if (provider.kind === "credentials") {
      steps.push(
        `Credentials: sign-in is denied until you look up the user and verify the password in authorize() in ${authFile}.`,
      );
      continue;
    }
    steps.push(
      `${provider.name}: register an OAuth app (${provider.registerAt}) with callback URL ${callbackUrl(provider.id)}, then set ${provider.envKeys.join(", ")} in ${info.envFile}.`,
    );
  }
  steps.push(`Start the app (${runCommand(pm, "dev")}) and sign in at ${DEV_ORIGIN}${BASE_PATH}/signin`);
  const session = importFrom(info, `${ROUTES_DIR}/page.tsx`, "lib/session");
  steps.push(
    `Protect a page (e.g. ${ROUTES_DIR}/journal.tsx) with import { requireUser } from "${session}": export const route = { preload: () => requireUser("/journal") }; and in the component const user = createAsync(() => requireUser("/journal"), { deferStream: true }). Signed-out visitors go to the sign-in page. getUser() gives the user or null.`,
  );
  steps.push(
    `In production set AUTH_SECRET and AUTH_URL in the server's environment: the built server (.output/server/index.mjs) does not read ${info.envFile}; locally run it with node --env-file=${info.envFile} .output/server/index.mjs`,
  );
  return steps;
}

export const solidStartTarget: Target = {
  id: "solid-start",
  name: "SolidStart",
  packages: [PACKAGE],
  // SolidStart's dev servers (vinxi, nitro) load `.env`, and create-solid's .gitignore ignores it.
  envFile: DEFAULT_ENV_CONVENTION.envFile,
  envIgnorePattern: DEFAULT_ENV_CONVENTION.ignorePattern,

  detect(reader: ProjectReader, pkg: PackageJson): FrameworkMatch | null {
    if (pkg.dependencies?.[PACKAGE] === undefined && pkg.devDependencies?.[PACKAGE] === undefined) return null;
    const version = declaredVersion(reader, pkg);
    return { version, router: null, routesDir: ROUTES_DIR, build: detectBuild(reader, pkg, version) };
  },

  ownedFiles(info) {
    return [authFilePath(info), routeFilePath(info), sessionFilePath(info)];
  },

  plan(context: PlanContext): Plan {
    const { info, answers } = context;
    const changes: FileChange[] = [];
    const conflicts: Conflict[] = [];
    const notes: string[] = [];
    const collect = (result: { change?: FileChange; conflict?: Conflict; note?: string }) => {
      if (result.change) changes.push(result.change);
      if (result.conflict) conflicts.push(result.conflict);
      if (result.note) notes.push(result.note);
    };
    const ts = info.language === "ts";
    const exportsOf = (source: string) => context.inspectModule(source).exports;

    const authFile = authFilePath(info);
    const sessionFile = sessionFilePath(info);
    const database = planDatabase(context, {
      clientFile: `src/auth-db.${info.language}`,
      clientImport: "./auth-db",
      authFile,
      envSource: "process",
    });
    const authSource = context.render("auth", {
      database: database.wiring,
      ts,
      runtimeDir: answers.runtimeDir,
      envFile: info.envFile,
      sessionFile,
      ...providersTemplateData(answers.providers, readProcessEnv),
    });
    collect(
      planOwnedFile(
        context,
        authFile,
        authSource,
        (source) => {
          const shape = context.inspectModule(source);
          const done =
            shape.exports.includes("authConfig") && shape.imports.some((i) => i.startsWith(RUNTIME_PACKAGE_NAME));
          const missing = answers.providers.filter(
            (p) => !shape.imports.includes(`${RUNTIME_PACKAGE_NAME}/providers/${p.id}`),
          );
          if (done && missing.length > 0) {
            notes.push(
              `${authFile} does not use ${missing.map((p) => p.id).join(", ")}; add with: npx create-auth add-provider <id> (init never rewrites an existing auth module).`,
            );
          }
          return done;
        },
        "auth config (providers, callbacks)",
      ),
    );
    for (const change of database.changes) collect({ change });
    for (const conflict of database.conflicts) collect({ conflict });
    notes.push(...database.notes);

    const routeFile = routeFilePath(info);
    collect(
      planOwnedFile(
        context,
        routeFile,
        context.render("route", { authImport: importFrom(info, routeFile, "auth") }),
        (source) => exportsOf(source).includes("GET") && exportsOf(source).includes("POST"),
        `${BASE_PATH}/* endpoints`,
      ),
    );

    collect(
      planOwnedFile(
        context,
        sessionFile,
        context.render("session", { ts, basePath: BASE_PATH, authImport: importFrom(info, sessionFile, "auth") }),
        (source) => context.inspectModule(source).imports.includes(RUNTIME_SOLID),
        "getUser / requireUser: the session in pages",
      ),
    );

    const shared = planEnvAndRuntime(context, this, {
      authUrl: DEV_ORIGIN,
      productionHint: "AUTH_URL is this app's public URL: set it to the deployed URL in production.",
    });
    changes.push(...shared.changes);
    conflicts.push(...shared.conflicts);
    notes.push(...shared.notes);

    return {
      command: "init",
      projectDir: info.root,
      changes,
      install: shared.install,
      nextSteps: changes.length > 0 ? [...database.nextSteps, ...nextSteps(info, answers.providers, authFile)] : [],
      notes,
      conflicts,
    };
  },
};
