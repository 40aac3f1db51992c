/**
 * The init plan of any target: the setup's steps (plan/setup-steps.ts: the auth module, the database files,
 * the target's own files and edits), then the steps every framework shares (env file, .env.example, runtime package, dependencies), and the next
 * steps. Targets describe; this turns their description and the answers into a Plan, through the planner.
 */
import path from "node:path";
import type { ProviderEntry } from "../providers/catalog.js";
import { passwordlessNextStep } from "../providers/template-data.js";
import type { Answers, PlanContext, ProjectInfo, Target, TargetInit } from "../targets/types.js";
import { planEnvAndRuntime } from "./env-and-runtime.js";
import { type FileStep, planFiles } from "./planner.js";
import { setupSteps } from "./setup-steps.js";
import type { Plan } from "./types.js";

/** Where a provider sends users back after signing in, on the dev server. */
export function callbackUrl(target: Pick<Target, "devOrigin" | "basePath">, providerId: string): string {
  return `${target.devOrigin}${target.basePath}/callback/${providerId}`;
}

type ScriptInfo = Pick<ProjectInfo, "packageManager" | "packageJson" | "workspaceRoot" | "root">;

/**
 * How to run the first of `scripts` the app's package.json has (`npm run dev`, `pnpm dev`, `npm start`), or
 * null when it has none of them. In a monorepo, as a workspace command (`npm run dev -w web`,
 * `pnpm --filter web dev`, `yarn workspace web dev`), which works from the workspace root where the user
 * pointed init at the app, and from the app's own folder alike.
 */
export function runScript(info: ScriptInfo, scripts: readonly string[]): string | null {
  const script = scripts.find((name) => info.packageJson.scripts?.[name] !== undefined);
  if (!script) return null;
  return scriptCommand(info, script);
}

function scriptCommand(info: ScriptInfo, script: string): string {
  const pm = info.packageManager.name;
  const run = pm === "npm" ? (script === "start" ? "npm start" : `npm run ${script}`) : `${pm} run ${script}`;
  if (!info.workspaceRoot) return pm === "pnpm" || pm === "yarn" ? `${pm} ${script}` : run;
  const member = path.relative(path.resolve(info.root, info.workspaceRoot), info.root).split(path.sep).join("/");
  const name = info.packageJson.name ?? member;
  switch (pm) {
    case "npm":
      return `${run} -w ${name}`;
    case "pnpm":
      return `pnpm --filter ${name} ${script}`;
    case "yarn":
      return info.packageJson.name ? `yarn workspace ${name} ${script}` : `cd ${member} && yarn ${script}`;
    case "bun":
      return `bun run --filter ${name} ${script}`;
  }
}

/** A command running a build's output: `node dist/server.js`, `node --env-file=.env build`, `node .output/server/index.mjs`. */
const RUNS_BUILD_OUTPUT = /(^|\s)(\.\/)?(dist|build|out|lib|\.output)(\/|\s|$)/;

/**
 * How to start the app with the first of `scripts` it has. A `start` that runs the build's output
 * (`node dist/server.js`) comes after the app's own build (`npm run build && npm start`): before it, the
 * output is missing, and after init it would still be the one built without auth.
 */
export function startCommand(info: ScriptInfo, scripts: readonly string[]): string | null {
  const script = scripts.find((name) => info.packageJson.scripts?.[name] !== undefined);
  if (!script) return null;
  const start = scriptCommand(info, script);
  const built = script === "start" && RUNS_BUILD_OUTPUT.test(info.packageJson.scripts?.[script] ?? "");
  const build = built ? runScript(info, ["build"]) : null;
  if (!build) return start;
  // `cd apps/api && yarn build` has already moved into the app: the start runs from there.
  const into = /^cd \S+ && /.exec(build)?.[0];
  return `${build} && ${into && start.startsWith(into) ? start.slice(into.length) : start}`;
}

/** "Start the app (npm run dev) and sign in at …", or without the command when the app has none of the scripts. */
export function startStep(info: ScriptInfo, scripts: readonly string[], signInUrl: string): string {
  const command = startCommand(info, scripts);
  return `Start the app${command ? ` (${command})` : ""} and sign in at ${signInUrl}`;
}

/**
 * A provider's next step: where to register it and with which callback URL (OAuth), what to fill in
 * (credentials), or what email/passkeys need. init and add-provider say the same; add-provider passes the
 * callback URL it computed from the app's dev port and base path. `strategy` is init's, when known: with
 * database sessions the id authorize returns names the stored user (runtime core/account/credentials-user.ts).
 */
export function providerNextStep(
  target: Target,
  init: TargetInit,
  info: ProjectInfo,
  provider: ProviderEntry,
  callback: string | null = callbackUrl(target, provider.id),
  strategy?: Answers["strategy"],
): string {
  const passwordless = passwordlessNextStep(provider, info.envFile, target.devOrigin);
  if (passwordless) return passwordless;
  if (provider.kind === "credentials") {
    const stored =
      strategy === "database"
        ? "; with database sessions, return the id your users table has for that person (an id not there yet creates that user at its first sign-in, its address unverified)"
        : "";
    return `Credentials: sign-in is denied until you look up the user and verify the password in authorize() in ${init.auth.path}${stored}.`;
  }
  const hint = init.callbackHint ? ` ${init.callbackHint}` : "";
  return `${provider.name}: register an OAuth app (${provider.registerAt}) with callback URL ${callback}${hint}, then set ${provider.envKeys.join(", ")} in ${info.envFile}.`;
}

export function planInit(target: Target, context: PlanContext): Plan {
  const { info, answers, reader } = context;
  const init = target.init(context);
  const { database, orm, steps: setup } = setupSteps(context, init);
  const shared = planEnvAndRuntime(context, target, init.env, orm?.dependencies ?? null);
  const steps: FileStep[] = [
    ...(info.frameworkNote ? [{ kind: "note" as const, text: info.frameworkNote }] : []),
    ...(info.packageManager.note ? [{ kind: "note" as const, text: info.packageManager.note }] : []),
    ...(init.notes ?? []).map((text) => ({ kind: "note" as const, text })),
    ...setup,
    ...shared.steps,
  ];
  const { changes, conflicts, notes } = planFiles(reader, steps, context.overwrite);
  return {
    command: "init",
    projectDir: info.root,
    changes,
    install: shared.install,
    nextSteps:
      changes.length > 0
        ? [
            ...database.nextSteps,
            ...answers.providers.map((provider) =>
              providerNextStep(target, init, info, provider, undefined, answers.strategy),
            ),
            ...init.nextSteps,
          ]
        : [],
    notes,
    conflicts,
  };
}
