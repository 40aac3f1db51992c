/**
 * The part of `init`'s plan that is the same in every framework: the env file (a fresh AUTH_SECRET, blank
 * provider keys, the database connection, git-ignored), `.env.example`, the runtime package in the project,
 * and the dependencies that link it (and the database driver). Targets plan their own files first and then
 * this, so every plan ends the same way.
 */
import { databaseDriver } from "../database/plan.js";
import { planEnvExample, planSecretsFile } from "../env/plan.js";
import { type Conflict, contentAfter, type FileChange, type InstallStep } from "../plan/types.js";
import { planRuntimePackage, RUNTIME_PACKAGE_NAME } from "../runtime-package/plan.js";
import { RUNTIME_PEERS } from "../runtime-package/source.js";
import { addIgnorePattern } from "../transforms/gitignore.js";
import { addDependencies } from "../transforms/package-json.js";
import type { PlanContext, Target } from "./types.js";

export interface EnvAndRuntimeOptions {
  /**
   * The dev server's origin, written as AUTH_URL when the framework's production server must not derive the
   * origin from the Host header; omitted where the integration reads the origin from the framework.
   */
  authUrl?: string;
  /** The env file's second header line: what to set in production. */
  productionHint: string;
}

export interface EnvAndRuntimePlan {
  changes: FileChange[];
  conflicts: Conflict[];
  notes: string[];
  install: InstallStep | null;
}

/**
 * The SQLite file holds every user and live session token: keep it (and its -wal/-shm companions) out of
 * git. Builds on the .gitignore change the env file already planned, if any, so there is one edit.
 */
function ignoreSqliteFile(gitignore: string | null, planned: FileChange[]): FileChange[] {
  const earlier = planned.find((change) => change.path === ".gitignore");
  const before = earlier ? contentAfter(earlier) : gitignore;
  const after = addIgnorePattern(before, "auth.db*", "the SQLite auth database: users and live sessions");
  if (after === "unchanged") return [];
  if (earlier) {
    planned.splice(planned.indexOf(earlier), 1);
    return [
      earlier.kind === "create"
        ? { ...earlier, content: after }
        : {
            kind: "edit",
            path: ".gitignore",
            before: gitignore ?? "",
            after,
            reason: `${earlier.reason.replace(/ out of git$/, "")} and the SQLite auth database out of git`,
          },
    ];
  }
  const reason = "keep the SQLite auth database out of git";
  return [
    gitignore === null
      ? { kind: "create", path: ".gitignore", content: after, reason }
      : { kind: "edit", path: ".gitignore", before: gitignore, after, reason },
  ];
}

function installCommand(pm: InstallStep["packageManager"]): string[] {
  return pm === "npm" ? ["npm", "install", "--no-audit", "--no-fund"] : [pm, "install"];
}

export function planEnvAndRuntime(
  context: PlanContext,
  target: Pick<Target, "envIgnorePattern">,
  options: EnvAndRuntimeOptions,
): EnvAndRuntimePlan {
  const { info, answers, reader } = context;
  const changes: FileChange[] = [];
  const notes: string[] = [];

  const providerKeys = answers.providers.flatMap((p) => p.envKeys);
  const driver = databaseDriver(answers);
  const databaseKeys = driver ? [driver.envKey] : [];
  const secrets = planSecretsFile({
    reader,
    envFile: info.envFile,
    envStatus: info.envStatus,
    ignorePattern: target.envIgnorePattern,
    entries: [
      { key: "AUTH_SECRET", value: context.secret, mode: "fill" },
      ...(options.authUrl ? [{ key: "AUTH_URL", value: options.authUrl, mode: "fill" as const }] : []),
      ...providerKeys.map((key) => ({ key, value: "" })),
      ...(driver ? [{ key: driver.envKey, value: driver.envValue }] : []),
    ],
    header: [
      "Auth (added by create-auth): AUTH_SECRET encrypts sessions; keep it secret, one per environment.",
      options.productionHint,
    ],
    // A database URL carries its password.
    secretKeys: [
      "AUTH_SECRET",
      ...providerKeys.filter((key) => key.endsWith("_SECRET")),
      // An SMTP URL carries the relay's password.
      ...providerKeys.filter((key) => key === "EMAIL_SERVER"),
      ...databaseKeys.filter((key) => key.endsWith("_URL")),
    ],
    reason: "session secret and provider settings",
  });
  changes.push(...secrets.changes);
  if (secrets.merge.kept.includes("AUTH_SECRET")) notes.push(`AUTH_SECRET already set in ${info.envFile}; kept.`);
  if (driver?.adapter === "sqlite") changes.push(...ignoreSqliteFile(reader.read(".gitignore"), changes));
  // AUTH_URL is listed even where it is not written: teammates set it in production.
  changes.push(...planEnvExample(reader, ["AUTH_SECRET", "AUTH_URL", ...providerKeys, ...databaseKeys], info.envFile));

  const runtime = planRuntimePackage(reader, answers.runtimeDir, context.runtime);
  changes.push(...runtime.changes);

  const packageJsonText = reader.read("package.json") ?? "{}";
  const wanted: Record<string, string> = { [RUNTIME_PACKAGE_NAME]: `file:./${answers.runtimeDir}` };
  for (const name of RUNTIME_PEERS) wanted[name] = context.runtime.peerDependencies[name] ?? "*";
  Object.assign(wanted, driver?.packages, ...answers.providers.map((p) => p.packages ?? {}));
  const deps = addDependencies(packageJsonText, wanted);
  const afterDeps = deps === "unchanged" ? packageJsonText : deps.content;
  // Type declarations only matter to TypeScript apps, and only while developing.
  const devWanted = info.language === "ts" ? { ...driver?.typePackages } : {};
  const devDeps = addDependencies(afterDeps, devWanted, "devDependencies");
  let install: InstallStep | null = null;
  if (deps !== "unchanged" || devDeps !== "unchanged") {
    const added = [
      ...(deps === "unchanged" ? [] : deps.added),
      ...(devDeps === "unchanged" ? [] : devDeps.added.map((name) => `${name} (dev)`)),
    ];
    changes.push({
      kind: "edit",
      path: "package.json",
      before: packageJsonText,
      after: devDeps === "unchanged" ? afterDeps : devDeps.content,
      reason: `dependencies: ${added.join(", ")}`,
    });
    for (const d of [
      ...(deps === "unchanged" ? [] : deps.differing),
      ...(devDeps === "unchanged" ? [] : devDeps.differing),
    ]) {
      notes.push(`package.json has ${d.name}@${d.existing}; the runtime is built against ${d.wanted}. Kept yours.`);
    }
    install = { packageManager: info.packageManager.name, command: installCommand(info.packageManager.name) };
  }
  return { changes, conflicts: runtime.conflicts, notes, install };
}
