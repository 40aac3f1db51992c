/**
 * What add-provider and remove-provider agree on about env files, so removing finds exactly what adding
 * wrote: the comment above a provider's keys (which keys are secrets is env/secret-keys.ts's rule), and the module
 * declaring the variables the app may read, where its framework has one (SvelteKit 3).
 */
import type { ProviderEntry } from "../../providers/catalog.js";
import type { ProviderSetup } from "../app-setup.js";

/** The comment above the keys add-provider appends to the env files; remove-provider takes it back with them. */
export function envHeader(provider: Pick<ProviderEntry, "id" | "name">): string {
  return `${provider.name} sign-in (added by create-auth add-provider ${provider.id})`;
}

/** The app's env declarations module (Target.envDeclarations: SvelteKit 3's), when it has one. */
export function envVarsModule(setup: ProviderSetup): string | null {
  return setup.target.envDeclarations?.(setup.reader, setup.info) ?? null;
}
