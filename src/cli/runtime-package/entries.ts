/**
 * Which public modules of the runtime an app imports, from what it configures: its framework's integration,
 * the providers and the adapter it uses, and the core. An entry is named the way the package's `exports`
 * names it (`.`, `./next`, `./providers/github`), so the entries are at once what the package exports and
 * the roots of the file closure (closure.ts) that the package holds. Pure: init calls it with its answers;
 * `add-provider` asks for `providerEntries([provider])` and adds them to the entries the manifest lists.
 */
import { ORM_FLAVOURS } from "../database/flavours.js";
import type { Answers } from "../project/types.js";
import type { ProviderEntry } from "../providers/catalog.js";

/** An export path of the runtime package: `.` or `./<module>`. */
export type RuntimeEntry = "." | `./${string}`;

/** The root export (`Auth`, errors, types) and `./jwt` (`getToken`, `encode`, `decode`): every app's core. */
export const CORE_ENTRIES: readonly RuntimeEntry[] = [".", "./jwt"];

/**
 * Each provider's factory; with an OAuth or OIDC provider, also `./refresh` (keeping the provider's access
 * token fresh, docs/refresh-tokens.md), which is nothing without one.
 */
export function providerEntries(providers: readonly Pick<ProviderEntry, "id" | "kind">[]): RuntimeEntry[] {
  const entries: RuntimeEntry[] = providers.map((provider) => `./providers/${provider.id}` as const);
  if (providers.some((provider) => provider.kind === "oauth" || provider.kind === "oidc")) entries.push("./refresh");
  return entries;
}

/** The adapter the auth config hands the database to: the SQL one of `db`, or the ORM's (and Drizzle's tables). */
export function adapterEntries(answers: Pick<Answers, "db" | "orm">): RuntimeEntry[] {
  if (answers.db === "none") return [];
  return answers.orm === "none" ? [`./adapters/${answers.db}`] : ORM_FLAVOURS[answers.orm].runtimeEntries(answers.db);
}

/** `.` first, then by name, each once: the order of `exports` and of the manifest's `entries`. */
export function sortEntries(entries: Iterable<RuntimeEntry>): RuntimeEntry[] {
  return [...new Set(entries)].sort((a, b) => (a === "." ? -1 : b === "." ? 1 : a < b ? -1 : a > b ? 1 : 0));
}

/** Every entry an app with these answers imports: the core's, its framework's (the framework's facts), and its choices'. */
export function runtimeEntries(
  answers: Pick<Answers, "providers" | "db" | "orm">,
  frameworkEntries: readonly RuntimeEntry[],
): RuntimeEntry[] {
  return sortEntries([
    ...CORE_ENTRIES,
    ...frameworkEntries,
    ...providerEntries(answers.providers),
    ...adapterEntries(answers),
  ]);
}
