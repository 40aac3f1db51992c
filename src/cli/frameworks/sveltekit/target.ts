/**
 * The SvelteKit target (SvelteKit 2 and 3): the auth module, the sign-in and sign-out form actions, the
 * auth handle first in the app's hooks and the session in every page's data (both merged into the app's own
 * files), the env module SvelteKit 3 needs, and the next steps. Data and pure functions; commands/init/plan.ts plans it.
 */
import { databaseDriver } from "../../database/sql/plan.js";
import { moduleShape } from "../../edit/ast.js";
import type { FileStep } from "../../plan/planner.js";
import { runScript, startStep } from "../../plan/start-command.js";
import type { ProjectReader } from "../../project/reader.js";
import type { ProjectInfo } from "../../project/types.js";
import { providersEnvKeys } from "../../providers/kinds.js";
import { providersTemplateData } from "../../providers/template-data.js";
import { RUNTIME_PACKAGE_NAME } from "../../runtime-package/plan.js";
import type { Target } from "../types.js";
import { sveltekitBasePath } from "./base-path.js";
import { checkSvelteKitHooks } from "./doctor.js";
import { sveltekitFacts } from "./facts.js";
import { mergeAuthHandle } from "./hooks.js";
import { unmergeAuthHandle } from "./hooks-remove.js";
import { mergeSessionLoad } from "./layout.js";
import { unmergeSessionLoad } from "./layout-remove.js";

const RUNTIME_SVELTEKIT = `${RUNTIME_PACKAGE_NAME}/sveltekit`;

/** SvelteKit 3's env declarations module, in the project's language. */
function envModuleOf(info: Pick<ProjectInfo, "language">): string {
  return `src/env.${info.language}`;
}

/** The app's own file in JavaScript when only that exists, else the project's language. */
function appFile(reader: ProjectReader, stem: string, ext: string): string {
  return reader.exists(`${stem}.js`) && !reader.exists(`${stem}.ts`) ? `${stem}.js` : `${stem}.${ext}`;
}

/**
 * adapter-node's server runs where it was built (`node build`, after the app's build script), and reads no
 * env file; any other adapter deploys to a host that holds the settings.
 */
function productionStep(info: ProjectInfo): string {
  const deps = { ...info.packageJson.dependencies, ...info.packageJson.devDependencies };
  if (deps["@sveltejs/adapter-node"] === undefined) {
    return `In production: set AUTH_SECRET and AUTH_URL (the app's public URL) in the host's environment; the built app does not read ${info.envFile}.`;
  }
  const build = runScript(info, ["build"]) ?? "npx vite build";
  return `In production (adapter-node): ${build}, then start with node --env-file=${info.envFile} build (the built server does not read ${info.envFile} itself), and set the public URL in ORIGIN (SvelteKit 2) or paths.origin in the SvelteKit config (SvelteKit 3: adapter-node assumes https otherwise), and in AUTH_URL.`;
}

export const sveltekitTarget: Target = {
  ...sveltekitFacts,
  templates: new URL("./templates/", import.meta.url),
  checks: checkSvelteKitHooks,
  appBasePath: sveltekitBasePath,
  envDeclarations(reader, info) {
    const file = envModuleOf(info);
    return reader.read(file)?.includes("defineEnvVars") ? file : null;
  },

  layout: () => ({ router: null, routesDir: "src/routes" }),

  ownedFiles(info) {
    const ext = info.language;
    return [`src/auth.${ext}`, `src/routes/signin/+page.server.${ext}`, `src/routes/signout/+page.server.${ext}`];
  },

  init({ info, answers, reader, render }) {
    const ext = info.language;
    const ts = ext === "ts";
    const { basePath, devOrigin } = sveltekitTarget;
    const actionRoutes: FileStep[] = (
      [
        ["signin", "signIn", "signin-server"],
        ["signout", "signOut", "signout-server"],
      ] as const
    ).map(([route, action, template]) => {
      const file = `src/routes/${route}/+page.server.${ext}`;
      return {
        kind: "owned",
        path: file,
        content: render(template, { authImport: "../../auth", ts }),
        done: (source) => moduleShape(source, file).exports.includes("actions") && source.includes(action),
        reason: `/${route} form action (${action})`,
      };
    });
    const layoutFile = appFile(reader, "src/routes/+layout.server", ext);
    const layoutName = layoutFile.split("/").pop();
    /** How the hooks import the auth module, beside them in src/. */
    const hooksAuthImport = "./auth";
    const databaseKey = databaseDriver(answers)?.envKey;
    const oauthKeys = [...providersEnvKeys(answers.providers), ...(databaseKey ? [databaseKey] : [])];
    // SvelteKit 3 gives the app (and so the runtime) only the environment variables declared in src/env.ts.
    const major = info.framework.major ?? 0;
    const envModule = envModuleOf(info);
    const envModuleStep: FileStep[] =
      major >= 3 && ts
        ? [
            {
              kind: "edit",
              path: envModule,
              reason: "auth environment variables declared for SvelteKit 3",
              transform: (source) => (source.includes("AUTH_SECRET") ? "unchanged" : { unsupported: "" }),
              // An existing env module is never edited (the note says what to declare): only the one init
              // creates is init's, and remove deletes it while it is as created.
              undo: null,
              create: { content: () => render("env-vars", { envFile: info.envFile, keys: oauthKeys }) },
              unsupported: () =>
                `${envModule} exists: declare AUTH_SECRET, AUTH_URL and ${oauthKeys.join(", ") || "your provider keys"} in it.`,
            },
          ]
        : [];
    return {
      auth: {
        path: `src/auth.${ext}`,
        reason: "auth module (SvelteKitAuth config, providers)",
        render: (database) =>
          render("auth", {
            runtimeDir: answers.runtimeDir,
            envFile: info.envFile,
            database,
            ...providersTemplateData(answers.providers, (key) => `env.${key}`),
          }),
        done: (shape) => shape.imports.includes(RUNTIME_SVELTEKIT) && shape.exports.includes("handle"),
      },
      // lib/server: SvelteKit refuses to let browser code import it. SvelteKit 3 has no $lib alias (an app
      // maps #lib in package.json imports, or not): a relative import works in every app.
      database: {
        clientFile: `src/lib/server/auth-db.${ext}`,
        clientImport: major >= 3 ? "./lib/server/auth-db" : "$lib/server/auth-db",
        envSource: { module: "$env/dynamic/private" },
      },
      files: () => [
        ...actionRoutes,
        {
          kind: "edit",
          path: "src/routes/signin/+page.svelte",
          reason: "sign-in errors from the /signin action",
          transform: () => "unchanged",
          // An existing sign-in page is the app's and stays as it is: only the one init creates is init's.
          undo: null,
          create: { content: () => render("signin-page", { basePath }) },
        },
        {
          kind: "edit",
          path: appFile(reader, "src/hooks.server", ext),
          reason: "auth handle first in the hooks (sequence)",
          transform: (source) => mergeAuthHandle(source, hooksAuthImport),
          undo: (source) => unmergeAuthHandle(source, hooksAuthImport),
          create: { content: () => render("hooks", { authImport: hooksAuthImport }) },
        },
        {
          kind: "edit",
          path: layoutFile,
          reason: "session in every page's data",
          transform: (source) => mergeSessionLoad(source, layoutName),
          undo: (source) => unmergeSessionLoad(source, layoutName),
          create: { content: () => render("layout-server", { ts }) },
        },
        ...envModuleStep,
      ],
      env: { productionHint: "In production also set AUTH_URL to this app's public URL." },
      callbackHint: "(vite preview: port 4173; node build: port 3000 or your deployed URL)",
      nextSteps: [
        startStep(info, ["dev"], `${devOrigin}${basePath}/signin`),
        `Protect a page in its +page.server.${info.language} load: if (!(await event.locals.auth())) redirect(303, "${basePath}/signin?callbackUrl=" + event.url.pathname);`,
        'Forms: import { SignIn, SignOut } from "@create-auth/runtime/sveltekit/components"; the session is data.session in every page.',
        productionStep(info),
      ],
    };
  },
};
