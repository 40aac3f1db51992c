/**
 * The one contract every command that writes follows, from a plan to its outcome, so `init`, `secret`,
 * `add-provider` and `remove-provider` behave alike under the same flags:
 *
 *   conflicts (ask on a terminal, --force replaces, else refuse) → what was detected → notes →
 *   "nothing to do" → summary → uncommitted edits in the files it touches → diff (on --dry-run, and before
 *   a confirm) → --dry-run stops → confirm (unless --yes) → apply → install → what was done → next steps.
 *
 * With --json, stdout carries exactly one object (ok, command, dryRun, plan, outcome, nextSteps, and the
 * command's own fields); failures become `{ ok: false, error }` in main.ts. Questions are asked only on a
 * terminal without --json: elsewhere a risky step is refused in one line naming the flag that allows it.
 * A command keeps only what is its own: detection, answers, and the pure function that plans.
 */
import { CliError } from "../errors.js";
import type { Output } from "../output.js";
import { planInAppStyle } from "../plan/app-format.js";
import type { Plan } from "../plan/types.js";
import {
  doneLines,
  doneLists,
  groupedPaths,
  listed,
  planDiff,
  planJson,
  summaryLines,
  summaryRows,
} from "../review/summary.js";
import type { Host } from "./host.js";

export interface PlanCommandFlags {
  dryRun?: boolean;
  json?: boolean;
  /** Apply without the final confirmation. */
  yes?: boolean;
  /** Replace conflicting files and write over uncommitted edits without asking. */
  force?: boolean;
  /** false with --no-install: the install step becomes a next step. */
  install?: boolean;
}

export interface RunPlanInput {
  command: string;
  root: string;
  /** Plans the command; called again with the conflicting paths the user allowed to be replaced. */
  plan: (overwrite: ReadonlySet<string>) => Plan;
  flags: PlanCommandFlags;
  out: Output;
  host: Host;
  /** Lines said before the plan: what was detected, what is being done. */
  header: string[];
  /** The command's own fields of the one --json object (project, answers, …). */
  json: Record<string, unknown>;
  /** Said when the plan is empty, e.g. "Nothing to do: authentication is already set up here." */
  nothingToDo: string;
}

type InstallOutcome = "done" | "skipped" | "not-needed";

/** The questions go through clack, loaded only when one is really asked. */
async function confirm(message: string, initialValue: boolean): Promise<boolean> {
  return (await import("./answers/prompt.js")).confirm(message, initialValue);
}

/** Asks (terminal), replaces (--force) or refuses, then re-plans with the user's permission. */
async function resolveConflicts(input: RunPlanInput, interactive: boolean): Promise<Plan> {
  // Every command's new files in the app's own Prettier style, if it has one (plan/app-format.ts).
  const plan = await planInAppStyle(input.root, () => input.plan(new Set()));
  if (plan.conflicts.length === 0) return plan;
  const allowed = new Set<string>();
  for (const conflict of plan.conflicts) {
    if (input.flags.force) {
      allowed.add(conflict.path);
      continue;
    }
    if (!interactive) {
      throw new CliError(
        "ExistingFile",
        `${conflict.path} ${conflict.reason}; create-auth will not overwrite it: move it aside, or pass --force to replace it.`,
      );
    }
    if (!(await confirm(`${conflict.path} ${conflict.reason}. Replace it?`, false))) {
      throw new CliError("ExistingFile", `${conflict.path} kept as it is; nothing was written.`);
    }
    allowed.add(conflict.path);
  }
  const replanned = await planInAppStyle(input.root, () => input.plan(allowed));
  const left = replanned.conflicts[0];
  if (left) throw new CliError("ExistingFile", `${left.path} ${left.reason}; nothing was written.`);
  return replanned;
}

export async function runPlan(input: RunPlanInput): Promise<void> {
  const { command, flags, out, host } = input;
  const interactive = host.terminal && !flags.json;
  const dryRun = Boolean(flags.dryRun);
  const plan = await resolveConflicts(input, interactive);
  const report = (outcome: Record<string, unknown>, nextSteps: string[]) =>
    out.result({ ok: true, command, dryRun, ...input.json, plan: planJson(plan), outcome, nextSteps });

  for (const line of input.header) out.line(line);
  for (const note of plan.notes) out.line(`Note: ${note}`);
  if (plan.changes.length === 0) {
    out.line(input.nothingToDo);
    report({ applied: false, filesWritten: 0, install: "not-needed" }, []);
    return;
  }

  const rows = summaryRows(plan);
  out.line();
  out.line("Plan:");
  for (const line of summaryLines(plan)) out.line(line);

  // Asked of git before anything is written: our edits must not mix with the user's own uncommitted ones.
  const uncommitted =
    host.uncommitted?.(
      input.root,
      plan.changes.map((change) => change.path),
    ) ?? [];
  const uncommittedText = `${listed(groupedPaths(plan, uncommitted))} ${uncommitted.length === 1 ? "has" : "have"} uncommitted changes`;
  if (uncommitted.length > 0) {
    out.line();
    out.line(`Git: ${uncommittedText}; this plan edits ${uncommitted.length === 1 ? "it" : "them"}.`);
  }

  if (dryRun || (interactive && !flags.yes)) {
    out.line();
    out.line(planDiff(plan).trimEnd());
  }
  if (dryRun) {
    out.line();
    out.line("Dry run: nothing was written.");
    report(
      { applied: false, filesWritten: 0, install: plan.install ? "skipped" : "not-needed", uncommitted },
      plan.nextSteps,
    );
    return;
  }

  const count = `${rows.length} change${rows.length === 1 ? "" : "s"}`;
  if (uncommitted.length > 0 && !flags.force) {
    if (!interactive) {
      throw new CliError(
        "UncommittedChanges",
        `${uncommittedText} that ${command}'s edits would mix with; commit or stash them first, or pass --force to write anyway.`,
      );
    }
    // Asked even with --yes: --yes accepts the plan, not writing over work git cannot tell apart from ours.
    if (!(await confirm(`Apply ${count} on top of your uncommitted edits?`, false))) {
      throw new CliError("Cancelled", "Cancelled; nothing was written.");
    }
  } else if (interactive && !flags.yes && !(await confirm(`Apply ${count}?`, true))) {
    throw new CliError("Cancelled", "Cancelled; nothing was written.");
  }

  const { written } = host.apply(plan);
  host.rememberApplied?.(input.root, plan);
  let install: InstallOutcome = "not-needed";
  const nextSteps = [...plan.nextSteps];
  if (plan.install) {
    if (flags.install === false) {
      install = "skipped";
      nextSteps.unshift(`Install dependencies: ${plan.install.command.join(" ")}`);
    } else {
      out.line();
      const progress = out.json ? "json" : interactive ? "spinner" : "lines";
      await host.install(input.root, plan.install, progress, (line) => out.line(line));
      install = "done";
    }
  }

  out.line();
  for (const line of doneLines(rows)) out.line(line);
  if (nextSteps.length > 0) {
    out.line();
    out.line("Next steps:");
    for (const [index, step] of nextSteps.entries()) out.line(`  ${index + 1}. ${step}`);
  }
  report({ applied: true, filesWritten: written, install, ...doneLists(rows), uncommitted }, nextSteps);
}
