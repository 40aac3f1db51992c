/**
 * `auth remove [dir]`: takes create-auth out of an app (remove/plan.ts): the files init wrote go, the app's
 * files it edited get their auth parts taken out (the user's later changes kept), env values the user set
 * and the database stay and are said. Files init wrote that the user edited since are deleted only with
 * consent: asked about one by one on a terminal (default no), deleted with --force, otherwise kept and
 * reported. Review, confirmation, apply and install are the contract every command shares (run-plan.ts).
 */
import { describeProject } from "../detect/describe.js";
import type { Host } from "../host.js";
import type { Output } from "../output.js";
import { planRemove } from "../remove/plan.js";
import { findRemoveSetup } from "../remove/setup.js";
import { loadRenderer } from "../templates/render.js";
import { agreedItems, commandApp, setupProjectJson } from "./lifecycle.js";
import { type PlanCommandFlags, runPlan } from "./run-plan.js";

export async function runRemove(
  dir: string | undefined,
  flags: PlanCommandFlags,
  out: Output,
  host: Host,
): Promise<void> {
  const { root, reader, userAgent } = commandApp(dir, host, out);
  const setup = await findRemoveSetup({ reader, userAgent, runtime: host.runtime(), loadRender: loadRenderer });
  const first = planRemove(setup);
  const agreed = await agreedItems(
    first.edited,
    (file) => `${file.path} (${file.reason}) was edited after init. Delete it anyway?`,
    { flags, host, askDespiteYes: true },
  );
  const result = agreed.length === 0 ? first : planRemove(setup, new Set(agreed.map((file) => file.path)));
  await runPlan({
    command: "remove",
    root,
    plan: () => result.plan,
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
