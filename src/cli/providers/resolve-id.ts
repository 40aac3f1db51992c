/**
 * The provider ids as users type them, for every command that takes one (init's --providers, add-provider,
 * remove-provider): the catalog's ids, their aliases (`email` for nodemailer), and for a mistyped one the
 * close matches, in one refusal. Pure.
 */
import { CliError } from "../errors.js";
import { findProvider, MODULE_ALIASES, PROVIDERS, type ProviderEntry } from "./catalog.js";

/**
 * Runtime provider modules kept under an old id (catalog.ts): the CLI sets up the current provider, but an auth
 * module may still import the old one, and removing the provider must find that import too.
 */
const OLD_MODULE_IDS: Record<string, string> = Object.fromEntries(
  MODULE_ALIASES.map((alias) => [alias.entry.id, alias.of]),
);

/** Names users type for a catalog provider: the old module ids, and `email` for nodemailer (no module of its own). */
const ALIASES: Record<string, string> = { email: "nodemailer", ...OLD_MODULE_IDS };

/** The runtime modules that are this provider: its own, then those kept under an old id (`azure-ad`). */
export function providerModuleIds(provider: Pick<ProviderEntry, "id">): string[] {
  return [provider.id, ...Object.keys(OLD_MODULE_IDS).filter((alias) => OLD_MODULE_IDS[alias] === provider.id)];
}

/** The edit distance of two ids: insertions, deletions, substitutions and swaps of neighbours (`gihtub`). */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
      }
    }
  }
  return d[a.length]![b.length]!;
}

/** Catalog ids close to a mistyped one: a small edit away, or containing it (`entra` → microsoft-entra-id). */
export function closeProviderIds(id: string): string[] {
  const ids = [...PROVIDERS.map((provider) => provider.id), ...Object.keys(ALIASES)];
  const wanted = id.toLowerCase();
  return ids.filter(
    (candidate) =>
      distance(wanted, candidate) <= Math.max(1, Math.floor(candidate.length / 4)) ||
      (wanted.length >= 3 && candidate.includes(wanted)),
  );
}

/** The catalog provider an id names (`email` is nodemailer); unknown ids are refused with the close matches. */
export function resolveProvider(id: string, command: string): ProviderEntry {
  const provider = findProvider(ALIASES[id] ?? id);
  if (provider) return provider;
  const close = closeProviderIds(id);
  const hint =
    close.length > 0
      ? `did you mean ${close.join(" or ")}?`
      : `the providers are ${PROVIDERS.map((p) => p.id).join(", ")} (email for nodemailer, azure-ad for microsoft-entra-id).`;
  throw new CliError("InvalidOption", `Unknown provider "${id}" for ${command}: ${hint}`);
}
