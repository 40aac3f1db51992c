/**
 * `auth remove [dir]`: takes create-auth out of an app (remove/plan.ts): the files init wrote go, the app's
 * files it edited get their auth parts taken out (the user's later changes kept), env values the user set
 * and the database stay and are said. Files init wrote that the user edited since are deleted only with
 * consent: asked about one by one on a terminal (default no), deleted with --force, otherwise kept and
 * reported; but never kept while what they import goes (nor a file of the user's that imports it): then
 * remove refuses, so the app it leaves always builds. --dry-run shows the plan even then, with why it
 * would be refused, and writes nothing. Review, confirmation, apply and install are the
 * contract every command shares (run-plan.ts).
 */

import { loadRenderer } from "../edit/templates.js";
import { CliError } from "../errors.js";
import { detectProject } from "../frameworks/detect-project.js";
import type { Output } from "../output.js";
import { planInAppStyle } from "../plan/app-format.js";
import { describeProject } from "../project/describe.js";
import { listed } from "../review/summary.js";
import type { CommandRun } from "./command.js";
import type { Host } from "./host.js";
import { agreedItems, commandApp, setupProjectJson } from "./lifecycle.js";
import { planRemove, type RemovePlan } from "./remove/plan.js";
import { findRemoveSetup } from "./remove/setup.js";
import { type PlanCommandFlags, runPlan } from "./run-plan.js";

/**
 * Remove keeps nothing half-way: a file that stays while what it imports goes would leave an app that does not
 * build. An edited file of init's can go too (--force, or yes on a terminal); the user's own use must go first.
 * Why, and the ways on, in one sentence: the refusal's message, and a dry run's note.
 */
function brokenApp(result: RemovePlan): string {
  const uses = result.broken.map(({ file, imports }) => `${file} imports ${imports.join(" and ")}`).join("; ");
  const kept = result.broken.filter(({ file }) => result.keptEdited.includes(file)).map(({ file }) => file);
  const own = result.broken.filter(({ file }) => !result.keptEdited.includes(file)).map(({ file }) => file);
  const ways = [
    ...(kept.length > 0
      ? [
          `delete ${listed(kept)} too (you edited ${kept.length === 1 ? "it" : "them"} after init: pass --force, or answer yes on a terminal), or move ${kept.length === 1 ? "it" : "them"} out of the app`,
        ]
      : []),
    ...(own.length > 0 ? [`take those imports out of ${listed(own)}`] : []),
  ];
  return `${uses}, which remove takes out, so the app would no longer build. To go on, ${ways.join("; and ")}, then run remove again.`;
}

export async function runRemove(
  dir: string | undefined,
  flags: PlanCommandFlags,
  out: Output,
  host: Host,
): Promise<void> {
  const { root, reader, userAgent } = commandApp(dir, host, out);
  const setup = await findRemoveSetup({
    reader,
    detect: () => detectProject(reader, { userAgent }),
    runtime: host.runtime(),
    loadRender: loadRenderer,
  });
  // What init wrote is compared in the app's Prettier style, as init wrote it (plan/app-format.ts).
  const inAppStyle = (overwrite?: Set<string>) =>
    planInAppStyle(
      root,
      () => planRemove(setup, overwrite),
      (removal) => removal.plan.notes,
    );
  const first = await inAppStyle();
  const agreed = await agreedItems(
    first.edited,
    (file) => `${file.path} (${file.reason}) was edited after init. Delete it anyway?`,
    { flags, host, askDespiteYes: true },
  );
  const result = agreed.length === 0 ? first : await inAppStyle(new Set(agreed.map((file) => file.path)));
  if (result.broken.length > 0 && !flags.dryRun) {
    throw new CliError("ExistingFile", `${brokenApp(result)} Nothing was written.`);
  }
  // A dry run shows the plan all the same, and says why applying it would be refused.
  const refusal = result.broken.length > 0 ? [`Without --dry-run, remove refuses this plan: ${brokenApp(result)}`] : [];
  await runPlan({
    command: "remove",
    root,
    plan: () => ({ ...result.plan, notes: [...result.plan.notes, ...refusal] }),
    flags,
    out,
    host,
    header: [describeProject(setup.info), `Removing create-auth from this ${setup.target.name} app.`],
    json: {
      project: setupProjectJson(setup),
      kept: {
        editedFiles: result.keptEdited,
        envKeys: result.keptKeys,
        data: result.keptData,
        notOurs: result.foreign,
      },
    },
    nothingToDo: "Nothing to remove: nothing create-auth wrote is left here (what stays is listed above).",
  });
}

/** The registry's entry point (commands/index.ts): the arguments by name, the flags as parsed. */
export const run: CommandRun<{ dir: string | undefined }, PlanCommandFlags> = ({ args, options }, out, host) =>
  runRemove(args.dir, options, out, host);
