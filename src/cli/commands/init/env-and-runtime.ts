/**
 * The part of `init`'s plan that is the same in every framework: the env file (a fresh AUTH_SECRET, blank
 * provider keys, the database connection, git-ignored), `.env.example`, the runtime package in the project,
 * and the dependencies that link it (and the database driver). Every init plan ends with these steps.
 */
import type { OrmDependencies } from "../../database/orm-shared.js";
import { databaseDriver } from "../../database/sql/plan.js";
import { addIgnorePattern } from "../../edit/gitignore.js";
import { addDependencies } from "../../edit/package-json.js";
import { type IgnoreEntry, ignoreStep, planEnvExample, planSecretsFile } from "../../env/plan.js";
import { secretEnvKeys } from "../../env/secret-keys.js";
import type { EnvAndRuntimeOptions } from "../../frameworks/types.js";
import type { PlanContext } from "../../plan/context.js";
import type { FileStep } from "../../plan/planner.js";
import { toolIgnoreSteps } from "../../plan/tool-ignores.js";
import type { InstallStep } from "../../plan/types.js";
import { envKeyComments } from "../../providers/env-help.js";
import { providersEnvKeys } from "../../providers/kinds.js";
import { type RuntimeEntry, runtimeEntries } from "../../runtime-package/entries.js";
import { planRuntimePackage, RUNTIME_PACKAGE_NAME } from "../../runtime-package/plan.js";
import { RUNTIME_PEERS } from "../../runtime-package/source.js";

export interface EnvAndRuntimePlan {
  steps: FileStep[];
  install: InstallStep | null;
}

/** The SQLite file holds every user and live session token: it stays out of git with its -wal/-shm companions. */
/** The first line of the block init appends to the env file (auth remove finds the block by it). */
export const ENV_HEADER =
  "Auth (added by create-auth): AUTH_SECRET encrypts sessions; keep it secret, one per environment.";

export const SQLITE_IGNORE: IgnoreEntry = {
  pattern: "auth.db*",
  comment: "the SQLite auth database: users and live sessions",
  what: "the SQLite auth database",
};

/** Un-ignores `.env.example` after a pattern that hid it; placed after that pattern, so it wins (gitignore(5)). */
export const EXAMPLE_UNIGNORE: IgnoreEntry = {
  pattern: "!.env.example",
  comment: "the env placeholders (no secrets) are for teammates: commit them",
  what: "commit .env.example",
};

export function installCommand(pm: InstallStep["packageManager"]): string[] {
  return pm === "npm" ? ["npm", "install", "--no-audit", "--no-fund"] : [pm, "install"];
}

export function planEnvAndRuntime(
  context: PlanContext,
  /** The framework's env ignore pattern, starter ignores and runtime entries (its facts), handed in as data. */
  target: { envIgnorePattern: string; starterIgnores: readonly string[]; runtimeEntries: readonly RuntimeEntry[] },
  options: EnvAndRuntimeOptions,
  /** With an ORM (init --orm): its packages and connection setting instead of the SQL driver's. */
  orm: OrmDependencies | null = null,
): EnvAndRuntimePlan {
  const { info, answers, reader } = context;
  const steps: FileStep[] = [];

  const providerKeys = providersEnvKeys(answers.providers);
  // What goes in a provider's keys beyond its client id and secret, said above each in both env files.
  const comments = envKeyComments(answers.providers);
  const driver = orm ? null : databaseDriver(answers, context);
  const databaseKeys = driver ? [driver.envKey] : (orm?.env.map((entry) => entry.key) ?? []);
  const secrets = planSecretsFile({
    reader,
    envFile: info.envFile,
    envStatus: info.envStatus,
    ignorePattern: target.envIgnorePattern,
    entries: [
      { key: "AUTH_SECRET", value: context.secret, mode: "fill" },
      ...providerKeys.map((key) => ({ key, value: "", comment: comments.get(key) })),
      ...(driver ? [{ key: driver.envKey, value: driver.envValue }] : []),
      ...(orm?.env ?? []),
    ],
    header: [ENV_HEADER, options.productionHint],
    // The providers' credentials (env/secret-keys.ts), and a database URL, which carries its password.
    secretKeys: ["AUTH_SECRET", ...secretEnvKeys(providerKeys), ...databaseKeys.filter((key) => key.endsWith("_URL"))],
    reason: "session secret and provider settings",
  });
  steps.push(...secrets.steps);
  if (secrets.merge.kept.includes("AUTH_SECRET")) {
    steps.push({ kind: "note", text: `AUTH_SECRET already set in ${info.envFile}; kept.` });
  }
  const gitignore = reader.read(".gitignore");
  // .env.example is for teammates: a broad pattern (create-next-app's `.env*`) must not hide it.
  const exampleHidden = info.exampleStatus?.ignored === true;
  const ignores = [
    secrets.ignore,
    driver?.adapter === "sqlite" || orm?.sqliteFile ? SQLITE_IGNORE : null,
    exampleHidden ? EXAMPLE_UNIGNORE : null,
  ].filter(
    (entry): entry is IgnoreEntry =>
      entry !== null && addIgnorePattern(gitignore, entry.pattern, entry.comment) !== "unchanged",
  );
  if (ignores.length > 0) steps.push(ignoreStep(ignores, target.starterIgnores));
  if (exampleHidden) {
    const fixed = ignores.includes(EXAMPLE_UNIGNORE);
    steps.push({
      kind: "note",
      text: fixed
        ? ".gitignore hid .env.example (a broad pattern such as .env*); init adds !.env.example after it, so teammates get the placeholders when you commit it."
        : ".gitignore still hides .env.example although it un-ignores it: move its !.env.example line below the pattern that matches, so the placeholders get committed.",
    });
  }
  // AUTH_URL is listed even where it is not written: teammates set it in production.
  steps.push(
    ...planEnvExample(
      reader,
      ["AUTH_SECRET", "AUTH_URL", ...providerKeys, ...databaseKeys],
      info.envFile,
      undefined,
      comments,
    ),
  );

  steps.push(...toolIgnoreSteps(reader, answers.runtimeDir));

  const runtime = planRuntimePackage(
    reader,
    answers.runtimeDir,
    context.runtime,
    runtimeEntries(answers, target.runtimeEntries),
  );
  for (const change of runtime.changes) steps.push({ kind: "change", change });
  for (const conflict of runtime.conflicts) steps.push({ kind: "conflict", conflict });

  const wanted: Record<string, string> = { [RUNTIME_PACKAGE_NAME]: `file:./${answers.runtimeDir}` };
  for (const name of RUNTIME_PEERS) wanted[name] = context.runtime.peerDependencies[name] ?? "*";
  Object.assign(wanted, driver?.packages, ...answers.providers.map((p) => p.packages ?? {}));
  Object.assign(wanted, orm?.packages);
  // Type declarations only matter to TypeScript apps, and only while developing.
  const devWanted = info.language === "ts" ? { ...driver?.typePackages } : {};
  Object.assign(devWanted, orm?.devPackages, info.language === "ts" ? orm?.typePackages : {});
  const addAll = (source: string) => {
    const deps = addDependencies(source, wanted);
    const afterDeps = deps === "unchanged" ? source : deps.content;
    const devDeps = addDependencies(afterDeps, devWanted, "devDependencies");
    return { deps, devDeps, content: devDeps === "unchanged" ? afterDeps : devDeps.content };
  };
  const { deps, devDeps } = addAll(reader.read("package.json") ?? "{}");
  let install: InstallStep | null = null;
  if (deps !== "unchanged" || devDeps !== "unchanged") {
    const added = [
      ...(deps === "unchanged" ? [] : deps.added),
      ...(devDeps === "unchanged" ? [] : devDeps.added.map((name) => `${name} (dev)`)),
    ];
    steps.push({
      kind: "edit",
      path: "package.json",
      reason: `dependencies: ${added.join(", ")}`,
      transform: (source) => {
        const edit = addAll(source);
        return edit.content === source ? "unchanged" : edit.content;
      },
      create: { content: () => addAll("{}").content },
    });
    for (const d of [
      ...(deps === "unchanged" ? [] : deps.differing),
      ...(devDeps === "unchanged" ? [] : devDeps.differing),
    ]) {
      steps.push({
        kind: "note",
        text: `package.json has ${d.name}@${d.existing}; the runtime is built against ${d.wanted}. Kept yours.`,
      });
    }
    install = { packageManager: info.packageManager.name, command: installCommand(info.packageManager.name) };
  }
  return { steps, install };
}
