/**
 * What `add-provider` and `remove-provider` share before they plan: the provider the id names, the app and
 * its create-auth setup (commands/app-setup.ts), the runtime this CLI ships checked for the provider's
 * module, and the project as the one --json object describes it.
 */

import { loadRenderer } from "../edit/templates.js";
import { detectProject } from "../frameworks/detect-project.js";
import type { Output } from "../output.js";
import type { ProviderEntry } from "../providers/catalog.js";
import { resolveProvider } from "../providers/resolve-id.js";
import { assertRuntimeHolds } from "../runtime-package/source.js";
import { findProviderSetup, type ProviderSetup } from "./app-setup.js";
import type { Host } from "./host.js";
import { commandApp, setupProjectJson } from "./lifecycle.js";
import type { PlanCommandFlags } from "./run-plan.js";

export type ProviderCommandFlags = PlanCommandFlags;

export async function providerCommandSetup(
  command: "add-provider" | "remove-provider",
  id: string,
  dir: string | undefined,
  host: Host,
  out: Output,
): Promise<{ provider: ProviderEntry; setup: ProviderSetup; root: string }> {
  const provider = resolveProvider(id, command);
  const { root, reader, userAgent } = commandApp(dir, host, out);
  const runtime = host.runtime();
  const setup = await findProviderSetup({
    reader,
    command: `${command} ${provider.id}`,
    detect: () => detectProject(reader, { userAgent }),
    runtime,
    loadRender: loadRenderer,
  });
  if (command === "add-provider") assertRuntimeHolds(runtime, [`providers/${provider.id}.js`]);
  return { provider, setup, root };
}

export function providerJson(setup: ProviderSetup, provider: ProviderEntry): Record<string, unknown> {
  return {
    project: setupProjectJson(setup),
    provider: { id: provider.id, name: provider.name, kind: provider.kind },
  };
}
