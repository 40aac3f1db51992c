/**
 * The Nuxt target (Nuxt 4 on Nitro 2): writes the five files of docs/nuxt.md's "Set up", each in the folder
 * Nuxt scans for it, so no file of the user's is edited. On the server (`server/`): the auth module in
 * `utils/` (Nitro auto-imports `auth`, `requireSession`, `signIn`, `signOut` everywhere on the server; not a
 * bare `getSession`, which is h3's own), the catch-all route whose place is the base path, and the Nitro plugin through which pages read the
 * session while they render. In the Vue app (Nuxt's srcDir, `app/`): the `useSession()` composable and the
 * `auth` route middleware. Nuxt 3 and 5 are refused. Data and pure functions; commands/init/plan.ts plans it.
 */
import { moduleShape } from "../../edit/ast.js";
import { CliError } from "../../errors.js";
import { runScript, startStep } from "../../plan/start-command.js";
import { configNames, declared } from "../../project/framework.js";
import type { ProjectReader } from "../../project/reader.js";
import type { PackageJson, ProjectInfo } from "../../project/types.js";
import { providersTemplateData, readProcessEnv } from "../../providers/template-data.js";
import { RUNTIME_PACKAGE_NAME } from "../../runtime-package/plan.js";
import type { Target } from "../types.js";
import { nuxtAppDir } from "./app-dir.js";
import { checkNuxtWiring } from "./doctor.js";
import { nuxtFacts } from "./facts.js";

const SUPPORTED_MAJOR = 4;
export const RUNTIME_NUXT = `${RUNTIME_PACKAGE_NAME}/nuxt`;
export const RUNTIME_NUXT_SESSION = `${RUNTIME_PACKAGE_NAME}/nuxt/session`;
/** Nitro's server folder: its `routes/`, `plugins/` and auto-imported `utils/`. */
const SERVER_DIR = "server";

type Info = Pick<ProjectInfo, "language" | "framework">;

/** The files init writes, in the app's language (Nuxt compiles either). */
export function nuxtFiles(info: Info) {
  const ext = info.language;
  const appDir = info.framework.appDir ?? "app";
  const inApp = (file: string) => (appDir ? `${appDir}/${file}` : file);
  return {
    auth: `${SERVER_DIR}/utils/auth.${ext}`,
    route: `${SERVER_DIR}/routes/auth/[...].${ext}`,
    plugin: `${SERVER_DIR}/plugins/auth.${ext}`,
    composable: inApp(`composables/useSession.${ext}`),
    middleware: inApp(`middleware/auth.${ext}`),
    // Beside utils/, not in it: Nitro would auto-import its `db` or `pool` into every server file.
    databaseClient: `${SERVER_DIR}/auth-db.${ext}`,
  };
}

/** The refusal of another major than 4, with the way forward. */
function refuseMajor(major: number, pkg: PackageJson): never {
  const range = declared(pkg, "nuxt") ?? String(major);
  throw new CliError(
    "UnsupportedProject",
    `This app runs Nuxt ${major} (nuxt ${range} in package.json); create-auth supports Nuxt ${SUPPORTED_MAJOR} (Nitro 2), whose layout and server the auth files are written for. ${
      major < SUPPORTED_MAJOR
        ? "Upgrade the app to Nuxt 4 (https://nuxt.com/docs/getting-started/upgrade), then run init again."
        : "Run init again once create-auth supports it."
    }`,
  );
}

function nuxtConfig(reader: ProjectReader): string | null {
  for (const name of configNames("nuxt.config")) {
    const source = reader.read(name);
    if (source !== null) return source;
  }
  return null;
}

/** The built server's start on this machine: the build, then Nitro's output with Node. */
function productionStep(info: ProjectInfo, authFile: string): string {
  const build = runScript(info, ["build"]);
  const local = build
    ? `${build}, then node .output/server/index.mjs`
    : "node .output/server/index.mjs after nuxt build";
  return `In production (${local}; PORT sets the port): on this machine the built server finds AUTH_SECRET in ${info.envFile}, which ${authFile} loads; where you deploy, set AUTH_SECRET and AUTH_URL (the public URL) in the server's environment.`;
}

export const nuxtTarget: Target = {
  ...nuxtFacts,
  templates: new URL("./templates/", import.meta.url),
  checks: checkNuxtWiring,

  layout(reader, pkg, major) {
    if (major !== null && major !== SUPPORTED_MAJOR) refuseMajor(major, pkg);
    return { router: null, routesDir: `${SERVER_DIR}/routes`, appDir: nuxtAppDir(reader, nuxtConfig(reader)) };
  },

  ownedFiles(info) {
    const files = nuxtFiles(info);
    return [files.auth, files.route, files.plugin, files.composable, files.middleware];
  },

  init({ info, answers, render }) {
    const ts = info.language === "ts";
    const { basePath, devOrigin } = nuxtTarget;
    const files = nuxtFiles(info);
    const references = (source: string, file: string, specifier: string) =>
      moduleShape(source, file).references.includes(specifier);
    return {
      auth: {
        path: files.auth,
        reason: "auth module (config, providers); Nitro auto-imports its verbs in server code",
        render: (database) =>
          render("auth", {
            database,
            ts,
            runtimeDir: answers.runtimeDir,
            envFile: info.envFile,
            routeFile: files.route,
            pluginFile: files.plugin,
            basePath,
            ...providersTemplateData(answers.providers, readProcessEnv),
          }),
        // Already ours (it makes NuxtAuth): the user's edits stay. Anything else is theirs.
        done: (shape) => shape.references.includes(RUNTIME_NUXT),
      },
      // The auth module loads the env file for the built server, but its imports (this module among them)
      // run first: the client module loads it itself before reading its connection setting.
      database: {
        clientFile: files.databaseClient,
        clientImport: "../auth-db",
        envSource: "process",
        loadEnv: true,
        typescript: ts,
      },
      files: () => [
        {
          kind: "owned",
          path: files.route,
          content: render("route", { basePath, authFile: files.auth }),
          done: (source) => /\bauth\.handler\b/.test(source),
          reason: `${basePath}/** endpoints (this file's place is the base path)`,
        },
        {
          kind: "owned",
          path: files.plugin,
          content: render("plugin", { authFile: files.auth }),
          done: (source) => /\bauth\.plugin\b/.test(source),
          reason: "lets useSession() read the session while a page renders on the server",
        },
        {
          kind: "owned",
          path: files.composable,
          content: render("use-session", { basePath, pluginFile: files.plugin, routeFile: files.route }),
          done: (source) => references(source, files.composable, RUNTIME_NUXT_SESSION),
          reason: "useSession(): the session in pages and components",
        },
        {
          kind: "owned",
          path: files.middleware,
          content: render("middleware", {}),
          done: (source) => references(source, files.middleware, RUNTIME_NUXT_SESSION),
          reason: 'the "auth" route middleware: signed-out visitors go to sign-in',
        },
      ],
      env: {
        productionHint:
          "AUTH_URL: leave unset on this machine (dev, build + start on localhost, any port); where the app is deployed, set it to its public URL.",
      },
      nextSteps: [
        `Protect a page with definePageMeta({ middleware: "auth" }) in its <script setup>, and read the session there with const { data, signOut } = await useSession(). Guard a server route with const session = await requireSession(event) (a signed-out API request gets 401); await auth.getSession(event) gives the session or null.`,
        startStep(info, ["dev"], `${devOrigin}${basePath}/signin`),
        productionStep(info, files.auth),
      ],
    };
  },
};
