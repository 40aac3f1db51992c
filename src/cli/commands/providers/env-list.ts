/**
 * add-provider's list of the provider's env keys, by name and never by value: the ones it writes blank for the
 * user to fill in, each with what goes in it beyond a client's id and secret (the catalog's envHelp, the words
 * of the comment above it in the env file); then the ones it set itself and the ones that were already there.
 */
import type { ProviderEntry } from "../../providers/catalog.js";
import type { EnvKeysWritten } from "./add-plan.js";

export function envKeyLines(provider: Pick<ProviderEntry, "name" | "envHelp">, keys: EnvKeysWritten): string[] {
  const lines: string[] = [];
  if (keys.blank.length > 0) {
    const width = Math.max(...keys.blank.map((key) => key.length));
    lines.push(`Env keys for ${provider.name} in ${keys.file}, blank until you fill them in:`);
    for (const key of keys.blank) {
      const help = provider.envHelp?.[key];
      lines.push(help ? `  ${key.padEnd(width)}  ${help}` : `  ${key}`);
    }
  }
  if (keys.given.length > 0) lines.push(`Set in ${keys.file} by this command: ${keys.given.join(", ")}.`);
  if (keys.kept.length > 0) lines.push(`Already in ${keys.file}, kept as they are: ${keys.kept.join(", ")}.`);
  return lines;
}
