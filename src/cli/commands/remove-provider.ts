/**
 * `auth remove-provider <id> [dir]`: takes a provider out of an app set up by init, reversing
 * add-provider (commands/providers/remove-plan.ts). Removing the last provider, or from an auth module that cannot
 * be edited safely, is refused before anything is written. Review, apply and install are the contract every
 * command shares (run-plan.ts).
 */

import type { Output } from "../output.js";
import { describeProject } from "../project/describe.js";
import type { CommandRun } from "./command.js";
import type { Host } from "./host.js";
import { type ProviderCommandFlags, providerCommandSetup, providerJson } from "./provider-command.js";
import { planRemoveProvider } from "./providers/remove-plan.js";
import { runPlan } from "./run-plan.js";

export async function runRemoveProvider(
  id: string,
  dir: string | undefined,
  flags: ProviderCommandFlags,
  out: Output,
  host: Host,
): Promise<void> {
  const { provider, setup, root } = await providerCommandSetup("remove-provider", id, dir, host, out);
  const first = planRemoveProvider(setup, provider);
  await runPlan({
    command: "remove-provider",
    root,
    plan: (overwrite) => (overwrite.size === 0 ? first.plan : planRemoveProvider(setup, provider, overwrite).plan),
    flags,
    out,
    host,
    header: [
      describeProject(setup.info),
      ...(first.wasConfigured ? [`Removing ${provider.name} (${provider.id}) from ${setup.authPath}.`] : []),
    ],
    json: { ...providerJson(setup, provider), wasConfigured: first.wasConfigured, keptKeys: first.keptKeys },
    nothingToDo: first.wasConfigured
      ? `Nothing to do for ${provider.name}.`
      : `${provider.name} is not in ${setup.authPath}, and it left nothing behind: nothing to do.`,
  });
}

/** The registry's entry point (commands/index.ts): the arguments by name, the flags as parsed. */
export const run: CommandRun<{ id: string; dir: string | undefined }, ProviderCommandFlags> = (
  { args, options },
  out,
  host,
) => runRemoveProvider(args.id, args.dir, options, out, host);
