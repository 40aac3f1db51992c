/**
 * `create-auth init [dir]`: detect → answers → plan → review → apply → install → next steps.
 * Every step before apply is read-only; --dry-run stops after review.
 */
import path from "node:path";
import { completeAnswers, type InitFlags, missingQuestions, parseInitFlags } from "../answers/resolve.js";
import { describeProject } from "../detect/describe.js";
import { detectProject } from "../detect/project.js";
import { generateSecret } from "../env/secret.js";
import { CliError } from "../errors.js";
import type { Host } from "../host.js";
import type { Output } from "../output.js";
import { planInit } from "../plan/init.js";
import type { Plan } from "../plan/types.js";
import { planDiff, planJson, summaryLines } from "../review/summary.js";
import type { RuntimeSource } from "../runtime-package/source.js";
import type { Answers, ProjectInfo } from "../targets/types.js";
import { loadRenderer } from "../templates/render.js";

/** The generated code imports these runtime modules: refuse to write imports that would not resolve. */
function assertRuntimeHas(runtime: RuntimeSource, answers: Answers): void {
  const have = new Set(runtime.files.map((f) => f.path));
  const needed = [
    `${answers.framework}.js`,
    ...answers.providers.map((p) => `providers/${p.id}.js`),
    ...(answers.db === "none" ? [] : [`adapters/${answers.db}.js`]),
  ];
  const absent = needed.filter((file) => !have.has(file));
  if (absent.length > 0) {
    throw new CliError("RuntimeNotBuilt", `This CLI's runtime lacks ${absent.join(", ")}; rebuild it (npm run build).`);
  }
}

function projectJson(info: ProjectInfo): object {
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

export async function runInit(dir: string | undefined, flags: InitFlags, out: Output, host: Host): Promise<void> {
  const root = path.resolve(host.cwd, dir ?? ".");
  const partial = parseInitFlags(flags);
  const reader = host.reader(root);
  const { info, target } = detectProject(reader, {
    framework: partial.framework,
    userAgent: host.env["npm_config_user_agent"],
  });
  const interactive = !flags.json && host.terminal;

  const missing = missingQuestions(partial);
  const asked =
    interactive && missing.length > 0 ? await (await import("../answers/prompt.js")).askMissing(missing, partial) : {};
  const answers = completeAnswers(partial, asked, { yes: Boolean(flags.yes), framework: target.id });

  const runtime = host.runtime();
  assertRuntimeHas(runtime, answers);
  const render = await loadRenderer(target.id);
  const secret = generateSecret();
  const planWith = (overwrite: ReadonlySet<string>): Plan =>
    planInit(target, { info, answers, reader, secret, runtime, render, overwrite });

  let plan = planWith(new Set());
  if (plan.conflicts.length > 0) {
    const first = plan.conflicts[0]!;
    if (!interactive) {
      throw new CliError(
        "ExistingFile",
        `${first.path} already exists with other content; create-auth will not overwrite it. Move it aside or run in a terminal to confirm replacing it.`,
      );
    }
    const { confirm } = await import("../answers/prompt.js");
    const allowed = new Set<string>();
    for (const conflict of plan.conflicts) {
      if (!(await confirm(`${conflict.path} ${conflict.reason}. Replace it?`, false))) {
        throw new CliError("ExistingFile", `${conflict.path} kept as it is; nothing was written.`);
      }
      allowed.add(conflict.path);
    }
    plan = planWith(allowed);
  }

  const summary = summaryLines(plan);
  const report = (outcome: object) =>
    out.result({
      ok: true,
      command: "init",
      dryRun: Boolean(flags.dryRun),
      project: projectJson(info),
      answers: {
        providers: answers.providers.map((p) => p.id),
        strategy: answers.strategy,
        db: answers.db,
        orm: answers.orm,
        runtimeDir: answers.runtimeDir,
      },
      plan: planJson(plan),
      outcome,
    });

  out.line(describeProject(info));
  out.line(
    `Providers: ${answers.providers.map((p) => p.id).join(", ")} · sessions: ${answers.strategy} · database: ${answers.db}`,
  );
  for (const note of plan.notes) out.line(`Note: ${note}`);
  if (plan.changes.length === 0) {
    out.line("Nothing to do: authentication is already set up here.");
    report({ applied: false, filesWritten: 0, install: "not-needed" });
    return;
  }
  out.line();
  out.line("Plan:");
  for (const line of summary) out.line(line);
  if (flags.dryRun || (interactive && !flags.yes)) {
    out.line();
    out.line(planDiff(plan).trimEnd());
  }
  if (flags.dryRun) {
    out.line();
    out.line("Dry run: nothing was written.");
    report({ applied: false, filesWritten: 0, install: plan.install ? "skipped" : "not-needed" });
    return;
  }
  if (interactive && !flags.yes) {
    const { confirm } = await import("../answers/prompt.js");
    if (!(await confirm(`Apply ${plan.changes.length} changes?`, true)))
      throw new CliError("Cancelled", "Cancelled; nothing was written.");
  }

  const { written } = host.apply(plan);
  out.line();
  out.line(`Wrote ${written} file${written === 1 ? "" : "s"}.`);
  let install = "not-needed";
  const steps = [...plan.nextSteps];
  if (plan.install) {
    if (flags.install === false) {
      install = "skipped";
      steps.unshift(`Install dependencies: ${plan.install.command.join(" ")}`);
    } else {
      out.line(`Installing with ${plan.install.command.join(" ")} …`);
      await host.install(root, plan.install, out.json);
      install = "done";
    }
  }
  out.line();
  out.line("Next steps:");
  for (const [index, step] of steps.entries()) out.line(`  ${index + 1}. ${step}`);
  report({ applied: true, filesWritten: written, install, nextSteps: steps });
}
