/**
 * `auth secret [dir]`: a fresh AUTH_SECRET in the project's git-ignored env file, replacing the existing
 * AUTH_SECRET line (the command's explicit purpose) and fixing .gitignore first if needed; `--raw` only
 * prints one. Review, apply and the flags are the contract every command shares (run-plan.ts).
 * Kept light: no templates, targets or installers are loaded, and prompts only when one is really asked,
 * so it starts about as fast as node itself.
 */

import { DEFAULT_ENV_CONVENTION } from "../env/default-file.js";
import { ignoreStep, planSecretsFile } from "../env/plan.js";
import { generateSecret, SECRET_HEADER } from "../env/secret.js";
import { frameworkOf } from "../frameworks/index.js";
import type { Output } from "../output.js";
import { planFiles } from "../plan/planner.js";
import type { Plan } from "../plan/types.js";
import { ignoreStatus } from "../project/git-ignore.js";
import type { ProjectReader } from "../project/reader.js";
import type { PackageJson } from "../project/types.js";
import type { CommandRun } from "./command.js";
import type { Host } from "./host.js";
import { projectRoot } from "./lifecycle.js";
import { type PlanCommandFlags, runPlan } from "./run-plan.js";

export interface SecretFlags extends Omit<PlanCommandFlags, "install"> {
  raw?: boolean;
}

/**
 * What the project's framework (recognised from package.json, as init does) decides here: the env file and
 * its ignore pattern, and what a .gitignore created from nothing starts with. A project of no known
 * framework gets `.env` and only that pattern.
 */
async function conventionsOf(
  reader: ProjectReader,
): Promise<{ envFile: string; ignorePattern: string; starter: readonly string[] }> {
  const text = reader.read("package.json");
  let pkg: PackageJson = {};
  try {
    if (text) pkg = JSON.parse(text) as PackageJson;
  } catch {
    // Not our business here: any project may hold a secret.
  }
  const framework = await frameworkOf({ ...pkg.devDependencies, ...pkg.dependencies });
  if (!framework) return { ...DEFAULT_ENV_CONVENTION, starter: [] };
  return { envFile: framework.envFile, ignorePattern: framework.envIgnorePattern, starter: framework.starterIgnores };
}

export async function runSecret(dir: string | undefined, flags: SecretFlags, out: Output, host: Host): Promise<void> {
  if (flags.raw) {
    const secret = generateSecret();
    if (out.json) out.result({ ok: true, command: "secret", raw: true, secret });
    else host.stdout(`${secret}\n`);
    return;
  }
  const root = projectRoot(dir, host, out);
  const reader = host.reader(root);
  const { envFile, ignorePattern, starter } = await conventionsOf(reader);
  const secret = generateSecret();
  const { steps, merge, ignore } = planSecretsFile({
    reader,
    envFile,
    envStatus: ignoreStatus(reader, envFile),
    ignorePattern,
    entries: [{ key: "AUTH_SECRET", value: secret, mode: "replace" }],
    header: [SECRET_HEADER],
    secretKeys: ["AUTH_SECRET"],
    reason: "new session secret",
  });
  const plan = (): Plan => ({
    command: "secret",
    projectDir: root,
    changes: planFiles(reader, ignore ? [...steps, ignoreStep([ignore], starter)] : steps).changes,
    install: null,
    nextSteps: [
      merge.replaced.length > 0
        ? `Restart the app: existing sessions end, since they were encrypted with the old AUTH_SECRET (that is what \`auth secret\` does).`
        : `Restart the app so it reads the new AUTH_SECRET from ${envFile}.`,
    ],
    notes: [],
    conflicts: [],
  });
  await runPlan({
    command: "secret",
    root,
    plan,
    flags,
    out,
    host,
    header: [
      merge.replaced.length > 0
        ? `Replacing AUTH_SECRET in ${envFile} with a new one.`
        : `Adding a new AUTH_SECRET to ${envFile}.`,
    ],
    json: { envFile, replaced: merge.replaced.length > 0 },
    nothingToDo: `Nothing to do: ${envFile} already holds this AUTH_SECRET.`,
  });
}

/** The registry's entry point (commands/index.ts): the arguments by name, the flags as parsed. */
export const run: CommandRun<{ dir: string | undefined }, SecretFlags> = ({ args, options }, out, host) =>
  runSecret(args.dir, options, out, host);
