/**
 * `auth remove [dir]`: takes create-auth out of an app (remove/plan.ts): the files init wrote go, the app's
 * files it edited get their auth parts taken out (the user's later changes kept), env values the user set
 * and the database stay and are said. Files init wrote that the user edited since are deleted only with
 * consent: asked about one by one on a terminal (default no), deleted with --force, otherwise kept and
 * reported. Review, confirmation, apply and install are the contract every command shares (run-plan.ts).
 */
import path from "node:path";
import { describeProject } from "../detect/describe.js";
import type { Host } from "../host.js";
import type { Output } from "../output.js";
import { planRemove } from "../remove/plan.js";
import { findRemoveSetup } from "../remove/setup.js";
import { loadRenderer } from "../templates/render.js";
import { type PlanCommandFlags, runPlan } from "./run-plan.js";

async function confirm(message: string): Promise<boolean> {
  return (await import("../answers/prompt.js")).confirm(message, false);
}

export async function runRemove(
  dir: string | undefined,
  flags: PlanCommandFlags,
  out: Output,
  host: Host,
): Promise<void> {
  const root = path.resolve(host.cwd, dir ?? ".");
  const setup = await findRemoveSetup({
    reader: host.reader(root),
    userAgent: host.env["npm_config_user_agent"],
    runtime: host.runtime(),
    loadRender: loadRenderer,
  });
  const first = planRemove(setup);
  const allowed = new Set<string>();
  if (flags.force) for (const file of first.edited) allowed.add(file.path);
  else if (host.terminal && !flags.json && !flags.dryRun) {
    for (const file of first.edited) {
      if (await confirm(`${file.path} (${file.reason}) was edited after init. Delete it anyway?`))
        allowed.add(file.path);
    }
  }
  const result = allowed.size === 0 ? first : planRemove(setup, allowed);
  const { info } = setup;
  await runPlan({
    command: "remove",
    root,
    plan: () => result.plan,
    flags,
    out,
    host,
    header: [describeProject(info), `Removing create-auth from this ${setup.target.name} app.`],
    json: {
      project: {
        root: info.root,
        framework: { id: info.framework.id, name: info.framework.name, version: info.framework.version },
        packageManager: info.packageManager.name,
        envFile: info.envFile,
        authModule: setup.authPath,
        runtimeDir: setup.runtimeDir,
      },
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
