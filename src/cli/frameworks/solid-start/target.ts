/**
 * The SolidStart target: recognises SolidStart 1 (vinxi, `app.config.ts`) and 2 (the `solidStart()` vite
 * plugin with nitro), and writes the auth config module, the catch-all API route under /api/auth, the
 * session queries pages use to read or require the user, and the next steps. Both versions get the same
 * files: their routes, `getRequestEvent` and `query` agree. Data and pure functions; commands/init/plan.ts plans it.
 */
import path from "node:path";
import { moduleShape } from "../../edit/ast.js";
import { runScript, startStep } from "../../plan/start-command.js";
import type { ProjectReader } from "../../project/reader.js";
import type { PackageJson, ProjectInfo } from "../../project/types.js";
import { providersTemplateData, readProcessEnv } from "../../providers/template-data.js";
import { RUNTIME_PACKAGE_NAME } from "../../runtime-package/plan.js";
import type { Target } from "../types.js";
import { checkSolidStartWiring } from "./doctor.js";
import { solidStartFacts } from "./facts.js";

const RUNTIME_SOLID = `${RUNTIME_PACKAGE_NAME}/solid-start`;
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

/** vinxi (SolidStart 1) or vite (SolidStart 2), from the project's own files first, its major version last. */
function detectBuild(reader: ProjectReader, pkg: PackageJson, major: number | null): "vinxi" | "vite" {
  const hasVinxi = pkg.dependencies?.["vinxi"] !== undefined || pkg.devDependencies?.["vinxi"] !== undefined;
  if (hasVinxi || ["ts", "js", "mjs"].some((ext) => reader.exists(`app.config.${ext}`))) return "vinxi";
  if (["ts", "js", "mts", "mjs"].some((ext) => reader.exists(`vite.config.${ext}`))) return "vite";
  return major === 1 ? "vinxi" : "vite";
}

/**
 * How the built server gets its settings: the auth module loads the env file itself (the built server reads
 * none), so the app's own build and start scripts work on this machine; where it is deployed, the platform
 * sets them.
 */
function productionStep(info: ProjectInfo): string {
  const build = runScript(info, ["build"]);
  const start = runScript(info, ["start"]);
  const local = build && start ? ` (${build}, then ${start})` : "";
  return `In production: on this machine the built server${local} finds AUTH_SECRET in ${info.envFile}, which ${authFilePath(info)} loads; where you deploy, set AUTH_SECRET and AUTH_URL (the public URL) in the server's environment.`;
}

export const solidStartTarget: Target = {
  ...solidStartFacts,
  templates: new URL("./templates/", import.meta.url),
  checks: checkSolidStartWiring,

  layout: (reader, pkg, major) => ({
    router: null,
    routesDir: ROUTES_DIR,
    build: detectBuild(reader, pkg, major),
  }),

  ownedFiles(info) {
    return [authFilePath(info), routeFilePath(info), sessionFilePath(info)];
  },

  init({ info, answers, render }) {
    const ts = info.language === "ts";
    const { basePath, devOrigin } = solidStartTarget;
    const sessionFile = sessionFilePath(info);
    const routeFile = routeFilePath(info);
    const exportsOf = (source: string, file: string) => moduleShape(source, file).exports;
    const session = importFrom(info, `${ROUTES_DIR}/page.tsx`, "lib/session");
    return {
      auth: {
        path: authFilePath(info),
        reason: "auth config (providers, callbacks)",
        render: (database) =>
          render("auth", {
            database,
            ts,
            runtimeDir: answers.runtimeDir,
            envFile: info.envFile,
            sessionFile,
            ...providersTemplateData(answers.providers, readProcessEnv),
          }),
        done: (shape) =>
          shape.exports.includes("authConfig") && shape.imports.some((i) => i.startsWith(RUNTIME_PACKAGE_NAME)),
      },
      // The auth module loads the env file for the production server, but its imports (this module among them)
      // run first: the client module loads it itself before reading its connection setting.
      database: {
        clientFile: `src/auth-db.${info.language}`,
        clientImport: "./auth-db",
        envSource: "process",
        loadEnv: true,
        typescript: ts,
      },
      files: () => [
        {
          kind: "owned",
          path: routeFile,
          content: render("route", { authImport: importFrom(info, routeFile, "auth") }),
          done: (source) =>
            exportsOf(source, routeFile).includes("GET") && exportsOf(source, routeFile).includes("POST"),
          reason: `${basePath}/* endpoints`,
        },
        {
          kind: "owned",
          path: sessionFile,
          content: render("session", { ts, basePath, authImport: importFrom(info, sessionFile, "auth") }),
          done: (source) => moduleShape(source, sessionFile).imports.includes(RUNTIME_SOLID),
          reason: "getUser / requireUser: the session in pages",
        },
      ],
      env: {
        productionHint:
          "AUTH_URL: leave unset on this machine (dev, build + start on localhost, any port); where the app is deployed, set it to its public URL.",
      },
      nextSteps: [
        startStep(info, ["dev"], `${devOrigin}${basePath}/signin`),
        `Protect a page (e.g. ${ROUTES_DIR}/journal.${ts ? "tsx" : "jsx"}) with import { requireUser } from "${session}": export const route = { preload: () => requireUser("/journal") }; and in the component const user = createAsync(() => requireUser("/journal"), { deferStream: true }). Signed-out visitors go to the sign-in page. getUser() gives the user or null.`,
        productionStep(info),
      ],
    };
  },
};
