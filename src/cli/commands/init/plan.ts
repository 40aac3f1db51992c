/**
 * The init plan of any target: the setup's steps (commands/init/setup-steps.ts: the auth module, the database files,
 * the target's own files and edits), then the steps every framework shares (env file, .env.example, runtime package, dependencies), and the next
 * steps. Targets describe; this turns their description and the answers into a Plan, through the planner.
 */

import type { Target, TargetInit } from "../../frameworks/types.js";
import type { PlanContext } from "../../plan/context.js";
import { type FileStep, planFiles } from "../../plan/planner.js";
import type { Plan } from "../../plan/types.js";
import type { Answers, ProjectInfo } from "../../project/types.js";
import type { ProviderEntry } from "../../providers/catalog.js";
import { databaseProviderNextStep } from "../../providers/template-data.js";
import { providerCallbackUrl } from "../providers/callback-url.js";
import { planEnvAndRuntime } from "./env-and-runtime.js";
import { setupSteps } from "./setup-steps.js";

/**
 * A provider's next step: where to register it and with which callback URL (OAuth), what to fill in
 * (credentials), or what a provider that needs a database needs (mail settings, its pages, the browser).
 * init and add-provider say the same; add-provider passes where the auth endpoints answer, computed from the
 * app's dev port and base path. `strategy` is init's, when known: with database sessions the id authorize
 * returns names the stored user (runtime core/account/credentials-user.ts).
 */
export function providerNextStep(
  target: Target,
  init: TargetInit,
  info: ProjectInfo,
  provider: ProviderEntry,
  authBase = `${target.devOrigin}${target.basePath}`,
  strategy?: Answers["strategy"],
): string {
  const needsDatabase = databaseProviderNextStep(provider, info.envFile, target.devOrigin, authBase);
  if (needsDatabase) return needsDatabase;
  if (provider.kind === "credentials") {
    const stored =
      strategy === "database"
        ? "; with database sessions, return the id your users table has for that person (an id not there yet creates that user at its first sign-in, its address unverified)"
        : "";
    return `Credentials: sign-in is denied until you look up the user and verify the password in authorize() in ${init.auth.path}${stored}.`;
  }
  const hint = init.callbackHint ? ` ${init.callbackHint}` : "";
  const toSet = provider.envKeys.length > 0 ? `, then set ${provider.envKeys.join(", ")} in ${info.envFile}` : "";
  return `${provider.name}: register an OAuth app at ${provider.registerAt} with callback URL ${providerCallbackUrl(authBase, provider.id)}${hint}${toSet}.`;
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
