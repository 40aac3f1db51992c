/**
 * `auth add-provider <id> [dir]`: adds a catalog provider to an app set up by init. What is its own: find
 * the setup, render the provider's code from init's template, plan (commands/providers/add-plan.ts), and say the
 * callback URL to register, the env keys it writes (by name, with what goes in each), or the lines to add by hand
 * when the auth module cannot be edited safely (the rest is still applied, and the command exits 0). Review, apply and install are the contract every
 * command shares (run-plan.ts).
 */

import type { Output } from "../output.js";
import { describeProject } from "../project/describe.js";
import type { CommandRun } from "./command.js";
import type { Host } from "./host.js";
import { type ProviderCommandFlags, providerCommandSetup, providerJson } from "./provider-command.js";
import { manualLines, planAddProvider } from "./providers/add-plan.js";
import { type AppleSecretFlags, appleSecretEntries } from "./providers/apple-secret-flags.js";
import { providerCode } from "./providers/code.js";
import { envKeyLines } from "./providers/env-list.js";
import { runPlan } from "./run-plan.js";

export type AddProviderFlags = ProviderCommandFlags & AppleSecretFlags;

export async function runAddProvider(
  id: string,
  dir: string | undefined,
  flags: AddProviderFlags,
  out: Output,
  host: Host,
): Promise<void> {
  const { provider, setup, root } = await providerCommandSetup("add-provider", id, dir, host, out);
  const apple = appleSecretEntries(provider, flags, {
    cwd: host.cwd,
    dir,
    reader: setup.reader,
    envFile: setup.info.envFile,
  });
  const values = apple?.entries ?? [];
  const code = providerCode(setup.target, setup.context, provider);
  const first = planAddProvider(setup, provider, code, host.env, new Set(), values);
  const { manual, callbackUrl, alreadyConfigured, envKeys } = first;
  const header = [describeProject(setup.info)];
  if (!alreadyConfigured) header.push(`Adding ${provider.name} (${provider.id}) to ${setup.authPath}.`);
  if (manual) header.push(...manualLines(manual));
  if (callbackUrl)
    header.push(`Callback URL to register with ${provider.name}: ${callbackUrl}, at ${provider.registerAt}`);
  if (apple) header.push(...apple.lines);
  if (envKeys && first.plan.changes.length > 0) header.push(...envKeyLines(provider, envKeys));
  await runPlan({
    command: "add-provider",
    root,
    // Without permission to replace anything, the plan is the one computed above.
    plan: (overwrite) =>
      overwrite.size === 0 ? first.plan : planAddProvider(setup, provider, code, host.env, overwrite, values).plan,
    flags,
    out,
    host,
    header,
    json: {
      ...providerJson(setup, provider),
      alreadyConfigured,
      callbackUrl,
      manual,
      envKeys,
      ...(apple ? { appleSecret: { expiresAt: apple.expiresAt.toISOString(), renew: apple.renew } } : {}),
    },
    nothingToDo: alreadyConfigured
      ? `${provider.name} is already in ${setup.authPath}: nothing to do.`
      : `Nothing else to do: ${provider.name}'s env keys, runtime module and packages are in place.`,
  });
}

/** The registry's entry point (commands/index.ts): the arguments by name, the flags as parsed. */
export const run: CommandRun<{ id: string; dir: string | undefined }, AddProviderFlags> = (
  { args, options },
  out,
  host,
) => runAddProvider(args.id, args.dir, options, out, host);
