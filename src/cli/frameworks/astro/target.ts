/**
 * The Astro target (Astro 7 with on-demand rendering, TypeScript or JavaScript): writes the auth module
 * (`AstroAuth(…)`, src/auth.ts, which also loads the env file: neither `astro dev` nor the Node adapter's
 * production server puts it in process.env), the auth routes' file, `src/pages/auth/[...auth].ts`, and
 * `auth.middleware` first in the app's middleware (merged into the user's own `onRequest` through `sequence`,
 * or a `src/middleware.ts` of its own when the app has none), which sets `Astro.locals.session`. Layouts and
 * pages stay as they are. Data and pure functions; commands/init/plan.ts plans it.
 */
import path from "node:path";
import { moduleShape } from "../../edit/ast.js";
import { mergeSequenceFirst } from "../../edit/sequence-first.js";
import { unmergeSequenceFirst } from "../../edit/sequence-first-remove.js";
import { CliError } from "../../errors.js";
import { runScript, startStep } from "../../plan/start-command.js";
import type { ProjectReader } from "../../project/reader.js";
import type { ProjectInfo } from "../../project/types.js";
import { providersTemplateData, readProcessEnv } from "../../providers/template-data.js";
import { RUNTIME_PACKAGE_NAME } from "../../runtime-package/plan.js";
import type { Target } from "../types.js";
import { checkAstroWiring } from "./doctor.js";
import { astroFacts } from "./facts.js";
import { ASTRO_MIDDLEWARE, astroMiddleware } from "./middleware.js";

export const RUNTIME_ASTRO = `${RUNTIME_PACKAGE_NAME}/astro`;
const SUPPORTED_MAJOR = 7;
const PAGES_DIR = "src/pages";
/** The adapter init's wiring is tested on; any other serves on-demand routes too, untested here. */
const NODE_ADAPTER = "@astrojs/node";

/**
 * The auth module (in the source folder) and the auth routes' file (in its pages folder, layout's routesDir), in
 * the project's language.
 */
export function astroFiles(info: Pick<ProjectInfo, "language" | "framework">): { auth: string; route: string } {
  const ext = info.language;
  const pages = info.framework.routesDir;
  const source = path.posix.dirname(pages);
  return {
    auth: `${source === "." ? "" : `${source}/`}auth.${ext}`,
    route: `${pages}${astroFacts.basePath}/[...auth].${ext}`,
  };
}

/** The app's Astro config, if it has one. */
function configFile(reader: ProjectReader): string | null {
  return astroFacts.files[0]!.names.find((name) => reader.exists(name)) ?? null;
}

/**
 * The config's `srcDir` as a folder of the app (`srcDir: "./app"` → `app`, `"."` → ""): undefined when the config
 * sets none, null when it sets one init cannot read without running the config (computed, or outside the app).
 */
function configuredSrcDir(reader: ProjectReader): string | null | undefined {
  const config = configFile(reader);
  const text = config ? (reader.read(config) ?? "") : "";
  if (!/\bsrcDir\s*:/.test(text)) return undefined;
  const literal = /\bsrcDir\s*:\s*["'`]([^"'`$]+)["'`]/.exec(text)?.[1];
  const folder = literal === undefined ? null : path.posix.normalize(literal).replace(/\/+$/, "");
  if (folder === null || folder.startsWith("..") || path.posix.isAbsolute(folder)) return null;
  return folder === "." ? "" : folder;
}

/** The pages folder: `src/pages`, or under the config's `srcDir` when it names one init can read. */
function pagesDir(reader: ProjectReader): string {
  const srcDir = configuredSrcDir(reader);
  if (srcDir === undefined || srcDir === null) return PAGES_DIR;
  return srcDir === "" ? "pages" : `${srcDir}/pages`;
}

/** An adapter package the app declares (`@astrojs/node`, `@astrojs/vercel`, …), or null: no on-demand route then. */
function adapterOf(info: ProjectInfo): string | null {
  const deps = { ...info.packageJson.dependencies, ...info.packageJson.devDependencies };
  const adapters = ["@astrojs/node", "@astrojs/vercel", "@astrojs/netlify", "@astrojs/cloudflare"];
  return adapters.find((name) => deps[name] !== undefined) ?? null;
}

/** What init cannot set up for the app, said before the plan. */
function notesFor(info: ProjectInfo, reader: ProjectReader): string[] {
  const config = configFile(reader);
  const notes: string[] = [];
  if (configuredSrcDir(reader) === null) {
    notes.push(
      `${config} sets srcDir in a way init cannot read (computed, or outside the app): init writes into ${path.posix.dirname(info.framework.routesDir)}/; move its files into your source folder if that is not it.`,
    );
  }
  const adapter = adapterOf(info);
  if (adapter === null) {
    notes.push(
      "No server adapter in package.json: Astro then prerenders every route at build time, and the auth routes need a server. Add the Node adapter (npx astro add node), then build again.",
    );
    return notes;
  }
  if (adapter !== NODE_ADAPTER) {
    notes.push(
      `${adapter} serves the auth routes too, but only ${NODE_ADAPTER} is tested: its host must give the server AUTH_SECRET and the providers' settings in process.env (docs/astro.md, "Edge and serverless adapters").`,
    );
  }
  const server = config ? /\boutput\s*:\s*["']server["']/.test(reader.read(config) ?? "") : false;
  if (!server) {
    notes.push(
      `${config ?? "astro.config.mjs"} does not set output: "server", so pages are prerendered: a page or endpoint that reads the session needs export const prerender = false (the auth routes' file has it).`,
    );
  }
  return notes;
}

export const astroTarget: Target = {
  ...astroFacts,
  templates: new URL("./templates/", import.meta.url),
  checks: checkAstroWiring,

  layout(reader, pkg, major) {
    if (major !== null && major !== SUPPORTED_MAJOR) {
      const declared = pkg.dependencies?.["astro"] ?? pkg.devDependencies?.["astro"] ?? String(major);
      throw new CliError(
        "UnsupportedProject",
        `This app runs Astro ${major} (astro ${declared} in package.json); create-auth sets up ${astroFacts.supported}. ${
          major < SUPPORTED_MAJOR
            ? "Upgrade the app to Astro 7 (npx @astrojs/upgrade), then run init again."
            : "Run init again once create-auth supports it."
        }`,
      );
    }
    return { router: null, routesDir: pagesDir(reader) };
  },

  ownedFiles(info) {
    const { auth, route } = astroFiles(info);
    return [auth, route];
  },

  init({ info, answers, reader, render }) {
    const { basePath, devOrigin } = astroTarget;
    const files = astroFiles(info);
    const typescript = info.language === "ts";
    const build = runScript(info, ["build"]) ?? "npx astro build";
    const start = runScript(info, ["start"]);
    const middleware = astroMiddleware(reader, files.auth, info.language);
    return {
      notes: notesFor(info, reader),
      auth: {
        path: files.auth,
        reason: "auth module (AstroAuth: routes, getSession, requireSession, signIn/signOut); loads .env",
        render: (database) =>
          render("auth", {
            database,
            runtimeDir: answers.runtimeDir,
            envFile: info.envFile,
            routeFile: files.route,
            basePath,
            typescript,
            ...providersTemplateData(answers.providers, readProcessEnv),
          }),
        // Already ours (it uses the runtime's Astro module): the user's edits stay. Anything else is theirs.
        done: (shape) => shape.references.includes(RUNTIME_ASTRO),
      },
      database: {
        clientFile: files.auth.replace(/auth\.([jt]s)$/, "auth-db.$1"),
        clientImport: "./auth-db",
        envSource: "process",
        framework: "Astro",
        // The client module reads its setting when imported, before the auth module's own load runs.
        loadEnv: true,
        typescript,
      },
      files: () => [
        {
          kind: "owned",
          path: files.route,
          reason: `the auth routes under ${basePath}`,
          content: render("route", { basePath, authFile: files.auth, authImport: "../../auth" }),
          done: (source) => {
            const shape = moduleShape(source, files.route);
            return shape.exports.includes("GET") && shape.exports.includes("POST");
          },
        },
        {
          kind: "edit",
          path: middleware.path,
          reason: "auth.middleware first in the middleware (sequence): Astro.locals.session on every request",
          transform: (source) => mergeSequenceFirst(source, middleware.authImport, ASTRO_MIDDLEWARE),
          undo: (source) => unmergeSequenceFirst(source, middleware.authImport, ASTRO_MIDDLEWARE),
          create: { content: () => render("middleware", { authImport: middleware.authImport }) },
        },
      ],
      env: {
        productionHint:
          "In production also set AUTH_URL to the app's public URL (or AUTH_TRUST_HOST=true behind a proxy you trust).",
      },
      nextSteps: [
        `Read the session in a page or an endpoint: Astro.locals.session (context.locals.session), set by auth.middleware in ${middleware.path}; guard one with const session = await auth.requireSession(Astro); if (session instanceof Response) return session; (import { auth } from ${files.auth}; signed-out pages go to ${basePath}/signin, API requests get 401).`,
        `Middleware of your own runs after auth's: export const onRequest = sequence(auth.middleware, yours) in ${middleware.path} (sequence from "astro:middleware").`,
        startStep(info, ["dev"], `${devOrigin}${basePath}/signin`),
        `In production: ${build}, then ${start ?? "node ./dist/server/entry.mjs"} (${files.auth} loads ${info.envFile} when it is there; variables set in the environment win), with AUTH_URL set to the public URL (or AUTH_TRUST_HOST=true behind a reverse proxy you trust).`,
      ],
    };
  },
};
