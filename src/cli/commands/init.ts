/**
 * `create-auth init [dir]`: what is init's own (detect the project, resolve the answers from flags and
 * prompts, plan with the framework's target); review, apply, install and next steps are the contract
 * every command shares (run-plan.ts).
 */

import { projectOrms } from "../database/orm-plan.js";
import { assertNoSharedAddresses, assertOrmSchemaFits } from "../database/orm-users.js";
import { loadRenderer } from "../edit/templates.js";
import { generateSecret } from "../env/secret.js";
import { detectProject } from "../frameworks/detect-project.js";
import type { Output } from "../output.js";
import { describeProject } from "../project/describe.js";
import type { Answers, ProjectInfo } from "../project/types.js";
import { assertRuntimeHolds } from "../runtime-package/source.js";
import { completeAnswers, type InitFlags, missingQuestions, parseInitFlags } from "./answers/resolve.js";
import type { CommandRun } from "./command.js";
import type { Host } from "./host.js";
import { planInit } from "./init/plan.js";
import { projectRoot } from "./lifecycle.js";
import { type PlanCommandFlags, runPlan } from "./run-plan.js";

/** The runtime modules the files init writes import: the framework's entries (`./next` → next.js), and its choices'. */
function neededModules(answers: Answers, frameworkEntries: readonly string[]): string[] {
  return [
    ...frameworkEntries.map((entry) => `${entry.slice("./".length)}.js`),
    ...answers.providers.map((p) => `providers/${p.id}.js`),
    ...(answers.db === "none" ? [] : [`adapters/${answers.db}.js`]),
  ];
}

function projectJson(info: ProjectInfo): Record<string, unknown> {
  return {
    root: info.root,
    framework: {
      id: info.framework.id,
      name: info.framework.name,
      version: info.framework.version,
      router: info.framework.router,
    },
    packageManager: info.packageManager.name,
    language: info.language,
    srcDir: info.srcDir,
    envFile: info.envFile,
  };
}

/** init's own flags and the contract's (--force among them). */
export type InitCommandFlags = InitFlags & PlanCommandFlags;

export async function runInit(
  dir: string | undefined,
  flags: InitCommandFlags,
  out: Output,
  host: Host,
): Promise<void> {
  const root = projectRoot(dir, host, out);
  const partial = parseInitFlags(flags);
  const reader = host.reader(root);
  const { info, target } = await detectProject(reader, {
    framework: partial.framework,
    userAgent: host.env["npm_config_user_agent"],
  });
  const interactive = !flags.json && host.terminal;

  // The app's own Drizzle or Prisma setup: offered first on a terminal, and its dialect stands in for --db.
  const orms = projectOrms(reader, info);
  // A schema init must refuse is said before the first question, not after the last.
  assertOrmSchemaFits(reader, info, partial, orms);
  await assertNoSharedAddresses(root, reader, info, partial, orms, host.env);
  const missing = missingQuestions(partial, orms);
  const asked =
    interactive && missing.length > 0
      ? await (await import("./answers/prompt.js")).askMissing(missing, partial, orms)
      : {};
  const answers = completeAnswers(partial, asked, { yes: Boolean(flags.yes), framework: target.id, project: orms });

  const runtime = host.runtime();
  assertRuntimeHolds(runtime, neededModules(answers, target.runtimeEntries));
  const render = await loadRenderer(target.templates);
  const secret = generateSecret();
  await runPlan({
    command: "init",
    root,
    plan: (overwrite) => planInit(target, { info, answers, reader, secret, runtime, render, overwrite }),
    flags,
    out,
    host,
    header: [
      describeProject(info),
      `Providers: ${answers.providers.map((p) => p.id).join(", ")} · sessions: ${answers.strategy} · database: ${answers.db}${answers.orm !== "none" ? ` through ${answers.orm}` : ""}`,
    ],
    json: {
      project: projectJson(info),
      answers: {
        providers: answers.providers.map((p) => p.id),
        strategy: answers.strategy,
        db: answers.db,
        orm: answers.orm,
        runtimeDir: answers.runtimeDir,
      },
    },
    nothingToDo: "Nothing to do: authentication is already set up here.",
  });
}

/** The registry's entry point (commands/index.ts): the arguments by name, the flags as parsed. */
export const run: CommandRun<{ dir: string | undefined }, InitCommandFlags> = ({ args, options }, out, host) =>
  runInit(args.dir, options, out, host);
