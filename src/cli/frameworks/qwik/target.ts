/**
 * The Qwik City target: the auth plugin file (`src/routes/plugin@auth.ts`, Qwik City's convention for a
 * request handler that runs before every route, so no existing file needs an edit) and the next steps.
 * Qwik 2 (`@qwik.dev/router`) is recognised and refused with the reason. Data and pure functions;
 * commands/init/plan.ts plans it.
 */
import path from "node:path";
import { runScript, startStep } from "../../plan/start-command.js";
import type { ProjectReader } from "../../project/reader.js";
import type { ProjectInfo } from "../../project/types.js";
import type { ProviderEntry } from "../../providers/catalog.js";
import { type ProvidersTemplateData, providersTemplateData } from "../../providers/template-data.js";
import { RUNTIME_PACKAGE_NAME } from "../../runtime-package/plan.js";
import type { Target } from "../types.js";
import { checkQwikWiring } from "./doctor.js";
import { qwikFacts } from "./facts.js";

const RUNTIME_QWIK = `${RUNTIME_PACKAGE_NAME}/qwik`;
const ROUTES_DIR = "src/routes";

/** Provider options read from the environment, by the suffix of the env variable (`AUTH_OIDC_ISSUER` → issuer). */
const ENV_OPTION_BY_SUFFIX: Record<string, string> = { ID: "clientId", SECRET: "clientSecret", ISSUER: "issuer" };

function pluginFilePath(info: Pick<ProjectInfo, "framework" | "language">): string {
  return `${info.framework.routesDir}/plugin@auth.${info.language}`;
}

/** `~/routes/plugin@auth` when an alias points at src/, else a path relative to the project root. */
function pluginImport(info: ProjectInfo): string {
  const routesDir = info.framework.routesDir;
  const alias = info.aliases
    .filter((a) => a.directory === "" || routesDir === a.directory || routesDir.startsWith(`${a.directory}/`))
    .sort((a, b) => b.directory.length - a.directory.length)[0];
  if (!alias) return `./${routesDir}/plugin@auth`;
  return `${alias.prefix}${path.posix.relative(alias.directory, routesDir)}/plugin@auth`.replace(/\/\//g, "/");
}

/** Qwik City's Node adapter (`npx qwik add node-server`): its entry, which builds to server/entry.node-server. */
function nodeServer(reader: ProjectReader): boolean {
  return ["tsx", "ts", "jsx", "js"].some((ext) => reader.exists(`src/entry.node-server.${ext}`));
}

function envOptions(provider: ProviderEntry): { option: string; key: string }[] {
  return provider.envKeys.flatMap((key) => {
    const option = ENV_OPTION_BY_SUFFIX[key.slice(key.lastIndexOf("_") + 1)];
    return option ? [{ option, key }] : [];
  });
}

/** The OAuth/OIDC providers' client settings, read in the plugin from `event.env`, where Qwik City puts them. */
function withEnvOptions(data: ProvidersTemplateData) {
  return { ...data, providers: data.providers.map((p) => ({ ...p, envOptions: envOptions(p) })) };
}

export const qwikTarget: Target = {
  ...qwikFacts,
  templates: new URL("./templates/", import.meta.url),
  checks: checkQwikWiring,

  layout: () => ({ router: null, routesDir: ROUTES_DIR }),

  ownedFiles(info) {
    return [pluginFilePath(info)];
  },

  init({ info, answers, reader, render }) {
    const { basePath, devOrigin } = qwikTarget;
    const pluginFile = pluginFilePath(info);
    const clientFile = `src/auth-db.${info.language}`;
    const clientImport = path.posix.relative(path.posix.dirname(pluginFile), clientFile.replace(/\.[jt]s$/, ""));
    return {
      auth: {
        path: pluginFile,
        noun: "plugin",
        reason: `auth plugin: QwikAuth$ config, providers, ${basePath}/* endpoints, session in sharedMap`,
        render: (database) => {
          const data = {
            database,
            runtimeDir: answers.runtimeDir,
            envFile: info.envFile,
            ...withEnvOptions(providersTemplateData(answers.providers, (key) => `event.env.get("${key}")`)),
          };
          // The config function takes `event` only when something reads it (a provider's settings, an option
          // such as the email server): the starter's lint refuses an unused parameter.
          const readsEvent =
            data.providers.some((provider) => provider.envOptions.length > 0) ||
            JSON.stringify(data).includes("event.");
          return render("plugin", { ...data, readsEvent });
        },
        done: (shape) => shape.imports.includes(RUNTIME_QWIK) && shape.exports.includes("onRequest"),
      },
      database: {
        clientFile,
        clientImport: clientImport.startsWith(".") ? clientImport : `./${clientImport}`,
        envSource: "request",
        framework: "Qwik City",
        typescript: info.language === "ts",
      },
      files: () => [],
      env: { productionHint: "In production also set AUTH_URL to this app's public URL." },
      nextSteps: [
        startStep(info, ["dev"], `${devOrigin}${basePath}/signin`),
        `Read the session in a component: const session = useSession() (import { useSession } from "${pluginImport(info)}"); in a request handler: sharedMap.get("session")`,
        `Protect a page: in its index.tsx, export an onRequest that redirects to ${basePath}/signin when sharedMap.get("session") is null (example at the top of ${pluginFile}).`,
        nodeServer(reader)
          ? `Production: the Node server reads settings from its environment, not from ${info.envFile}: build it (${runScript(info, ["build"]) ?? "npx qwik build"}), then run it locally with node --env-file=${info.envFile} server/entry.node-server, and set AUTH_SECRET and AUTH_URL where you deploy.`
          : `Production: add a server adapter (npx qwik add, e.g. Node or a host's), then set AUTH_SECRET and AUTH_URL in the production server's environment: it does not read ${info.envFile}.`,
      ],
    };
  },
};
