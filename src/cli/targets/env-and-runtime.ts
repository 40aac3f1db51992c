/**
 * The part of `init`'s plan that is the same in every framework: the env file (a fresh AUTH_SECRET, blank
 * provider keys, git-ignored), `.env.example`, the runtime package in the project, and the dependencies that
 * link it. Targets plan their own files first and then this, so every plan ends the same way.
 */
import { planEnvExample, planSecretsFile } from "../env/plan.js";
import type { Conflict, FileChange, InstallStep } from "../plan/types.js";
import { planRuntimePackage, RUNTIME_PACKAGE_NAME } from "../runtime-package/plan.js";
import { RUNTIME_PEERS } from "../runtime-package/source.js";
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
  const secrets = planSecretsFile({
    reader,
    envFile: info.envFile,
    envStatus: info.envStatus,
    ignorePattern: target.envIgnorePattern,
    entries: [
      { key: "AUTH_SECRET", value: context.secret, mode: "fill" },
      ...(options.authUrl ? [{ key: "AUTH_URL", value: options.authUrl, mode: "fill" as const }] : []),
      ...providerKeys.map((key) => ({ key, value: "" })),
    ],
    header: [
      "Auth (added by create-auth): AUTH_SECRET encrypts sessions; keep it secret, one per environment.",
      options.productionHint,
    ],
    secretKeys: ["AUTH_SECRET", ...providerKeys.filter((key) => key.endsWith("_SECRET"))],
    reason: "session secret and provider settings",
  });
  changes.push(...secrets.changes);
  if (secrets.merge.kept.includes("AUTH_SECRET")) notes.push(`AUTH_SECRET already set in ${info.envFile}; kept.`);
  // AUTH_URL is listed even where it is not written: teammates set it in production.
  changes.push(...planEnvExample(reader, ["AUTH_SECRET", "AUTH_URL", ...providerKeys], info.envFile));

  const runtime = planRuntimePackage(reader, answers.runtimeDir, context.runtime);
  changes.push(...runtime.changes);

  const packageJsonText = reader.read("package.json") ?? "{}";
  const wanted: Record<string, string> = { [RUNTIME_PACKAGE_NAME]: `file:./${answers.runtimeDir}` };
  for (const name of RUNTIME_PEERS) wanted[name] = context.runtime.peerDependencies[name] ?? "*";
  const deps = addDependencies(packageJsonText, wanted);
  let install: InstallStep | null = null;
  if (deps !== "unchanged") {
    changes.push({
      kind: "edit",
      path: "package.json",
      before: packageJsonText,
      after: deps.content,
      reason: `dependencies: ${deps.added.join(", ")}`,
    });
    for (const d of deps.differing) {
      notes.push(`package.json has ${d.name}@${d.existing}; the runtime is built against ${d.wanted}. Kept yours.`);
    }
    install = { packageManager: info.packageManager.name, command: installCommand(info.packageManager.name) };
  }
  return { changes, conflicts: runtime.conflicts, notes, install };
}
