/**
 * Answers for `init`, from flags first. Pure: validates what was given, lists what is missing, and
 * completes missing answers from prompts or (with --yes) safe defaults, failing fast with the flag's name
 * when neither is possible. Values that belong to later versions are refused here, before any work.
 */
import { CliError } from "../errors.js";
import { findProvider, PROVIDERS, type ProviderEntry } from "../providers/catalog.js";
import { FRAMEWORK_NAMES } from "../targets/index.js";
import { type Answers, FRAMEWORK_IDS, type FrameworkId } from "../targets/types.js";

export interface InitFlags {
  framework?: string;
  providers?: string;
  strategy?: string;
  db?: string;
  orm?: string;
  runtimeDir?: string;
  yes?: boolean;
  install?: boolean;
  dryRun?: boolean;
  json?: boolean;
}

/** Questions asked when their flag is missing; each names its flag in messages. */
export type Question = "providers" | "db";

export const QUESTION_FLAGS: Record<Question, string> = { providers: "--providers", db: "--db" };

export interface PartialAnswers {
  framework?: FrameworkId;
  providers?: ProviderEntry[];
  strategy?: Answers["strategy"];
  db?: Answers["db"];
  orm?: Answers["orm"];
  runtimeDir: string;
}

export const DEFAULT_RUNTIME_DIR = "vendor/auth-runtime";
/** What --yes picks for missing answers: one OAuth provider, stateless sessions, no database. */
export const DEFAULTS = { providers: ["github"], strategy: "jwt", db: "none", orm: "none" } as const;

function oneOf<T extends string>(flag: string, value: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new CliError("InvalidOption", `Unknown ${flag} value "${value}" (one of: ${allowed.join(", ")}).`);
}

function later(what: string, instead: string): never {
  throw new CliError("NotYetAvailable", `${what} arrives in a later version of create-auth; use ${instead} for now.`);
}

export function parseProviders(list: string): ProviderEntry[] {
  const ids = [
    ...new Set(
      list
        .split(",")
        .map((id) => id.trim().toLowerCase())
        .filter((id) => id !== ""),
    ),
  ];
  if (ids.length === 0)
    throw new CliError("InvalidOption", "--providers is empty; name at least one, e.g. --providers github.");
  return ids.map((id) => {
    const provider = findProvider(id);
    if (!provider) {
      throw new CliError(
        "InvalidOption",
        `Unknown provider "${id}" (available: ${PROVIDERS.map((p) => p.id).join(", ")}).`,
      );
    }
    return provider;
  });
}

/** A project-relative folder: `/`-separated, no leading `./`, no trailing `/`, never outside the project. */
export function normalizeRuntimeDir(value: string): string {
  const dir = value
    .replace(/\\/g, "/")
    .replace(/^\.\/+/, "")
    .replace(/\/+$/, "");
  if (dir === "" || dir.startsWith("/") || /^[A-Za-z]:/.test(dir) || dir.split("/").includes("..")) {
    throw new CliError("InvalidOption", `--runtime-dir must be a folder inside the project, got "${value}".`);
  }
  return dir;
}

export function parseInitFlags(flags: InitFlags): PartialAnswers {
  const partial: PartialAnswers = { runtimeDir: normalizeRuntimeDir(flags.runtimeDir ?? DEFAULT_RUNTIME_DIR) };
  if (flags.framework !== undefined) {
    partial.framework = oneOf("--framework", flags.framework, FRAMEWORK_IDS);
    if (partial.framework !== "next") later(`${FRAMEWORK_NAMES[partial.framework]} support`, "--framework next");
  }
  if (flags.providers !== undefined) partial.providers = parseProviders(flags.providers);
  if (flags.strategy !== undefined) {
    partial.strategy = oneOf("--strategy", flags.strategy, ["jwt", "database"] as const);
    if (partial.strategy === "database") later("--strategy database (sessions stored in a database)", "--strategy jwt");
  }
  if (flags.db !== undefined) {
    partial.db = oneOf("--db", flags.db, ["none", "sqlite", "postgres", "mysql"] as const);
    if (partial.db !== "none") later(`--db ${partial.db}`, "--db none");
  }
  if (flags.orm !== undefined) {
    partial.orm = oneOf("--orm", flags.orm, ["none", "drizzle", "prisma"] as const);
    if (partial.orm !== "none") later(`--orm ${partial.orm}`, "--orm none");
  }
  return partial;
}

export function missingQuestions(partial: PartialAnswers): Question[] {
  const missing: Question[] = [];
  if (!partial.providers) missing.push("providers");
  if (!partial.db) missing.push("db");
  return missing;
}

/**
 * Completes the answers. `asked` holds what prompts returned; anything still missing takes the --yes
 * defaults, or fails naming the first missing flag.
 */
export function completeAnswers(
  partial: PartialAnswers,
  asked: Partial<Pick<Answers, "providers" | "db">>,
  options: { yes: boolean; framework: FrameworkId },
): Answers {
  const merged = { ...partial, ...asked };
  for (const question of missingQuestions(merged)) {
    if (!options.yes) {
      const example = question === "providers" ? "--providers github,credentials" : "--db none";
      throw new CliError(
        "MissingAnswer",
        `Missing ${QUESTION_FLAGS[question]} and no terminal to ask on: pass ${example}, or --yes for defaults.`,
      );
    }
  }
  return {
    framework: options.framework,
    providers: merged.providers ?? parseProviders(DEFAULTS.providers.join(",")),
    db: merged.db ?? DEFAULTS.db,
    // Without a database the only possible session store is the cookie itself.
    strategy: merged.strategy ?? DEFAULTS.strategy,
    orm: merged.orm ?? DEFAULTS.orm,
    runtimeDir: partial.runtimeDir,
  };
}
