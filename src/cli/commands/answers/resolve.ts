/**
 * Answers for `init`, from flags first. Pure: validates what was given, lists what is missing, and
 * completes missing answers from prompts or (with --yes) safe defaults, failing fast with the flag's name
 * when neither is possible. What the project already uses (Drizzle, Prisma: `ProjectOrm`, found by the
 * caller) only completes answers: the ORM's dialect when --db is missing, the ORM offered first on a terminal.
 */
import { ORM_FLAVOURS, ORM_IDS, type ProjectOrm, SQL_DIALECTS, type SqlDialect } from "../../database/flavours.js";
import { CliError } from "../../errors.js";
import { FRAMEWORK_IDS } from "../../frameworks/index.js";
import type { Answers, FrameworkId } from "../../project/types.js";
import { needsDatabase, type ProviderEntry } from "../../providers/catalog.js";
import { resolveProvider } from "../../providers/resolve-id.js";

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
export type Question = "providers" | "db" | "strategy" | "orm";

export const QUESTION_FLAGS: Record<Question, string> = {
  providers: "--providers",
  db: "--db",
  strategy: "--strategy",
  orm: "--orm",
};

/** What the prompts may answer. */
export type AskedAnswers = Partial<Pick<Answers, "providers" | "db" | "strategy" | "orm">>;

/** An ORM the project already uses, and the SQL dialect its setup names (null when it names none). */

export interface PartialAnswers {
  framework?: FrameworkId;
  providers?: ProviderEntry[];
  strategy?: Answers["strategy"];
  db?: Answers["db"];
  orm?: Answers["orm"];
  runtimeDir: string;
}

export const DEFAULT_RUNTIME_DIR = "vendor/auth-runtime";
/**
 * What --yes picks for missing answers: one OAuth provider, no database, so stateless sessions. With a
 * database and no --strategy, sessions go in it (the reference's default when an adapter is set), unless
 * only credentials sign in: a password-only app keeps its sessions in a cookie unless --strategy database
 * asks for rows (then the user authorize returns is stored too: runtime core/account/credentials-user.ts).
 */
export const DEFAULTS = { providers: ["github"], db: "none", orm: "none" } as const;

function oneOf<T extends string>(flag: string, value: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new CliError("InvalidOption", `Unknown ${flag} value "${value}" (one of: ${allowed.join(", ")}).`);
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
  // The ids as add-provider takes them (`email` for nodemailer, close matches for a typo); one entry each.
  return [...new Set(ids.map((id) => resolveProvider(id, "init --providers")))];
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
  }
  if (flags.providers !== undefined) partial.providers = parseProviders(flags.providers);
  if (flags.strategy !== undefined) {
    partial.strategy = oneOf("--strategy", flags.strategy, ["jwt", "database"] as const);
  }
  if (flags.db !== undefined) partial.db = oneOf("--db", flags.db, ["none", ...SQL_DIALECTS] as const);
  if (partial.strategy === "database" && partial.db === "none") {
    throw new CliError(
      "InvalidOption",
      `--strategy database keeps sessions in a database, but --db is none; pick one with --db ${SQL_DIALECTS.join("|")}, or use --strategy jwt.`,
    );
  }
  if (partial.db === "none" && partial.providers) assertDatabaseFor(partial.providers, "none");
  if (flags.orm !== undefined) {
    partial.orm = oneOf("--orm", flags.orm, ORM_IDS);
    if (partial.orm !== "none" && partial.db === "none") {
      throw new CliError(
        "InvalidOption",
        `--orm ${partial.orm} stores users through ${ORM_FLAVOURS[partial.orm].name}, but --db is none; pick the database with --db ${SQL_DIALECTS.join("|")}.`,
      );
    }
  }
  return partial;
}

/**
 * Email links and passkeys store users, one-time tokens and credentials through the adapter: without a
 * database they cannot work, so init stops here (a terminal asks for the database before this is reached).
 */
function assertDatabaseFor(providers: readonly ProviderEntry[], db: Answers["db"] | undefined): void {
  const needing = providers.filter(needsDatabase);
  if (db !== undefined && db !== "none") return;
  if (needing.length === 0) return;
  throw new CliError(
    "MissingAnswer",
    `${needing.map((p) => p.name).join(" and ")} sign-in stores users in a database: pass --db ${SQL_DIALECTS.join("|")} (sqlite is a file in the project, no server).`,
  );
}

/**
 * `strategy` is listed too; the prompt asks it only once a database is chosen (without one, only JWT works).
 * `orm` only when the project uses one (`project`): elsewhere the SQL client is the one choice that matters.
 * A missing --db is no question when --orm names an ORM whose setup here names its dialect.
 */
export function missingQuestions(partial: PartialAnswers, project: readonly ProjectOrm[] = []): Question[] {
  const missing: Question[] = [];
  if (!partial.providers) missing.push("providers");
  if (!partial.db && !ormDialect(partial.orm, project)) missing.push("db");
  if (!partial.strategy) missing.push("strategy");
  if (!partial.orm && project.length > 0) missing.push("orm");
  return missing;
}

/** The dialect of the project's own setup of `orm`, when it names one. */
function ormDialect(orm: Answers["orm"] | undefined, project: readonly ProjectOrm[]): SqlDialect | null {
  return project.find((found) => found.orm === orm)?.dialect ?? null;
}

/** Only password sign-in: its sessions default to JWTs (a database strategy serves it when chosen). */
export function onlyCredentials(providers: readonly ProviderEntry[]): boolean {
  return providers.every((p) => p.kind === "credentials");
}

export function defaultStrategy(db: Answers["db"], providers: readonly ProviderEntry[]): Answers["strategy"] {
  return db !== "none" && !onlyCredentials(providers) ? "database" : "jwt";
}

/**
 * Completes the answers. `asked` holds what prompts returned; anything still missing takes the --yes
 * defaults, or fails naming the first missing flag.
 */
export function completeAnswers(
  partial: PartialAnswers,
  asked: AskedAnswers,
  options: { yes: boolean; framework: FrameworkId; project?: readonly ProjectOrm[] },
): Answers {
  const merged = { ...partial, ...asked };
  // An ORM needs a database; its dialect is the project's when its setup names one, else only --db says it.
  if (merged.orm && merged.orm !== "none" && !merged.db) {
    const dialect = ormDialect(merged.orm, options.project ?? []);
    if (!dialect) {
      throw new CliError(
        "MissingAnswer",
        `--orm ${merged.orm} needs the database's dialect, and no ${ORM_FLAVOURS[merged.orm].name} setup here names one: pass --db ${SQL_DIALECTS.join("|")}.`,
      );
    }
    merged.db = dialect;
  }
  // A database strategy with no database named is a decision --yes should not make for the user.
  if (merged.strategy === "database" && !merged.db) {
    throw new CliError(
      "MissingAnswer",
      `--strategy database needs a database: pass --db ${SQL_DIALECTS.join("|")} (sqlite is a file in the project, no server).`,
    );
  }
  // Before --yes fills in "none", and naming --db rather than suggesting "none": where users live is not
  // a default to pick for them.
  if (merged.providers) assertDatabaseFor(merged.providers, merged.db);
  for (const question of missingQuestions(merged)) {
    // The strategy follows from the database, and the ORM stays none unless it was asked or given.
    if (question === "strategy" || question === "orm") continue;
    if (!options.yes) {
      const example = question === "providers" ? "--providers github,credentials" : "--db none";
      throw new CliError(
        "MissingAnswer",
        `Missing ${QUESTION_FLAGS[question]} and no terminal to ask on: pass ${example}, or --yes for defaults.`,
      );
    }
  }
  const providers = merged.providers ?? parseProviders(DEFAULTS.providers.join(","));
  const db = merged.db ?? DEFAULTS.db;
  const strategy = merged.strategy ?? defaultStrategy(db, providers);
  return {
    framework: options.framework,
    providers,
    db,
    strategy,
    orm: merged.orm ?? DEFAULTS.orm,
    runtimeDir: partial.runtimeDir,
  };
}
