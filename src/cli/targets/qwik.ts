/**
 * The Qwik City target: recognises a Qwik City project and plans the auth plugin file
 * (`src/routes/plugin@auth.ts`, Qwik City's convention for a request handler that runs before every route),
 * the env file, the runtime package and the dependencies. Qwik City needs no edit to any existing file:
 * a plugin file is picked up by its name.
 */
import path from "node:path";
import { planDatabase } from "../database/plan.js";
import { CliError } from "../errors.js";
import type { ProjectReader } from "../plan/reader.js";
import type { Conflict, FileChange, Plan } from "../plan/types.js";
import type { ProviderEntry } from "../providers/catalog.js";
import { type ProvidersTemplateData, passwordlessNextStep, providersTemplateData } from "../providers/template-data.js";
import { RUNTIME_PACKAGE_NAME } from "../runtime-package/plan.js";
import { DEFAULT_ENV_CONVENTION } from "./conventions.js";
import { planEnvAndRuntime } from "./env-and-runtime.js";
import { planOwnedFile } from "./owned-file.js";
import type { FrameworkMatch, PackageJson, PlanContext, ProjectInfo, Target } from "./types.js";

const RUNTIME_QWIK = `${RUNTIME_PACKAGE_NAME}/qwik`;
const QWIK_CITY = "@builder.io/qwik-city";
/** Qwik 2's router: recognised, so its projects hear why they are refused rather than "no framework found". */
const QWIK_ROUTER_2 = "@qwik.dev/router";
/** Where `vite` serves a Qwik City app in development; the callback URLs printed are for this origin. */
const DEV_ORIGIN = "http://localhost:5173";
const BASE_PATH = "/auth";
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

export function callbackUrl(providerId: string): string {
  return `${DEV_ORIGIN}${BASE_PATH}/callback/${providerId}`;
}

function runCommand(pm: string, script: string): string {
  return pm === "npm" ? `npm run ${script}` : `${pm} ${script}`;
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

function nextSteps(info: ProjectInfo, providers: ProviderEntry[], pluginFile: string): string[] {
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
        `Credentials: sign-in is denied until you look up the user and verify the password in authorize() in ${pluginFile}.`,
      );
      continue;
    }
    steps.push(
      `${provider.name}: register an OAuth app (${provider.registerAt}) with callback URL ${callbackUrl(provider.id)}, then set ${provider.envKeys.join(", ")} in ${info.envFile}.`,
    );
  }
  steps.push(`Start the app (${runCommand(pm, "dev")}) and sign in at ${DEV_ORIGIN}${BASE_PATH}/signin`);
  steps.push(
    `Read the session in a component: const session = useSession() (import { useSession } from "${pluginImport(info)}"); in a request handler: sharedMap.get("session")`,
  );
  steps.push(
    `Protect a page: in its index.tsx, export an onRequest that redirects to ${BASE_PATH}/signin when sharedMap.get("session") is null (example at the top of ${pluginFile}).`,
  );
  steps.push(
    `Production: the Node server reads settings from its environment, not from ${info.envFile}: run it locally with node --env-file=${info.envFile} server/entry.node-server, and set AUTH_SECRET and AUTH_URL where you deploy.`,
  );
  return steps;
}

export const qwikTarget: Target = {
  id: "qwik",
  name: "Qwik City",
  packages: [QWIK_CITY, QWIK_ROUTER_2],
  envFile: DEFAULT_ENV_CONVENTION.envFile,
  envIgnorePattern: DEFAULT_ENV_CONVENTION.ignorePattern,

  detect(reader: ProjectReader, pkg: PackageJson): FrameworkMatch | null {
    const name = QWIK_CITY;
    const declared = pkg.dependencies?.[name] ?? pkg.devDependencies?.[name];
    if (declared === undefined) {
      if (pkg.dependencies?.[QWIK_ROUTER_2] === undefined && pkg.devDependencies?.[QWIK_ROUTER_2] === undefined) {
        return null;
      }
      throw new CliError(
        "UnsupportedProject",
        `This is a Qwik 2 project (${QWIK_ROUTER_2}); create-auth supports Qwik City 1 (${QWIK_CITY}) for now.`,
      );
    }
    let version: string | null = declared.replace(/^[\^~>=<v ]+/, "") || null;
    const installed = reader.read(`node_modules/${name}/package.json`);
    if (installed) {
      try {
        version = (JSON.parse(installed) as { version: string }).version;
      } catch {
        // A broken install: keep the declared range.
      }
    }
    return { version, router: null, routesDir: ROUTES_DIR };
  },

  ownedFiles(info) {
    return [pluginFilePath(info)];
  },

  plan(context: PlanContext): Plan {
    const { info, answers } = context;
    const changes: FileChange[] = [];
    const conflicts: Conflict[] = [];
    const notes: string[] = [];

    const pluginFile = pluginFilePath(info);
    const clientFile = `src/auth-db.${info.language}`;
    const clientImport = path.posix.relative(path.posix.dirname(pluginFile), clientFile.replace(/\.[jt]s$/, ""));
    const database = planDatabase(context, {
      clientFile,
      clientImport: clientImport.startsWith(".") ? clientImport : `./${clientImport}`,
      authFile: pluginFile,
      envSource: "request",
      framework: "Qwik City",
      typescript: info.language === "ts",
    });
    const pluginSource = context.render("plugin", {
      database: database.wiring,
      runtimeDir: answers.runtimeDir,
      envFile: info.envFile,
      ...withEnvOptions(providersTemplateData(answers.providers, (key) => `event.env.get("${key}")`)),
    });
    const owned = planOwnedFile(
      context,
      pluginFile,
      pluginSource,
      (source) => {
        const shape = context.inspectModule(source);
        const done = shape.imports.includes(RUNTIME_QWIK) && shape.exports.includes("onRequest");
        const missing = answers.providers.filter(
          (p) => !shape.imports.includes(`${RUNTIME_PACKAGE_NAME}/providers/${p.id}`),
        );
        if (done && missing.length > 0) {
          notes.push(
            `${pluginFile} does not use ${missing.map((p) => p.id).join(", ")}; add with: npx create-auth add-provider <id> (init never rewrites an existing auth plugin).`,
          );
        }
        return done;
      },
      `auth plugin: QwikAuth$ config, providers, ${BASE_PATH}/* endpoints, session in sharedMap`,
    );
    if (owned.change) changes.push(owned.change);
    if (owned.conflict) conflicts.push(owned.conflict);
    if (owned.note) notes.push(owned.note);
    changes.push(...database.changes);
    conflicts.push(...database.conflicts);
    notes.push(...database.notes);

    const shared = planEnvAndRuntime(context, this, {
      productionHint: "In production also set AUTH_URL to this app's public URL.",
    });
    changes.push(...shared.changes);
    conflicts.push(...shared.conflicts);
    notes.push(...shared.notes);

    return {
      command: "init",
      projectDir: info.root,
      changes,
      install: shared.install,
      nextSteps: changes.length > 0 ? [...database.nextSteps, ...nextSteps(info, answers.providers, pluginFile)] : [],
      notes,
      conflicts,
    };
  },
};
