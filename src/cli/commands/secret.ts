/**
 * `auth secret [--raw]`: a fresh AUTH_SECRET. With --raw it only prints one (nothing written). Otherwise
 * it goes through the same plan → apply path as init: into the project's git-ignored env file, replacing
 * the existing AUTH_SECRET line (the command's explicit purpose), fixing .gitignore first if needed.
 * Kept light: no templates, prompts or installers are loaded, so it starts as fast as node itself.
 */
import { ignoreStatus } from "../detect/git-ignore.js";
import { ignoreStep, planSecretsFile } from "../env/plan.js";
import { generateSecret } from "../env/secret.js";
import type { Host } from "../host.js";
import type { Output } from "../output.js";
import { planFiles } from "../plan/planner.js";
import type { ProjectReader } from "../plan/reader.js";
import type { Plan } from "../plan/types.js";
import { summaryLines } from "../review/summary.js";
import { DEFAULT_ENV_CONVENTION, ENV_CONVENTIONS } from "../targets/conventions.js";
import type { PackageJson } from "../targets/types.js";

/** The env file convention of the project's framework; `.env` when none is recognised. */
function envConvention(reader: ProjectReader): { envFile: string; ignorePattern: string } {
  const text = reader.read("package.json");
  let pkg: PackageJson = {};
  try {
    if (text) pkg = JSON.parse(text) as PackageJson;
  } catch {
    // Not our business here: any project may hold a secret.
  }
  const deps = { ...pkg.devDependencies, ...pkg.dependencies };
  const convention = ENV_CONVENTIONS.find((c) => c.packages.some((name) => deps[name] !== undefined));
  return convention ?? DEFAULT_ENV_CONVENTION;
}

export function runSecret(out: Output, host: Host): void {
  const secret = generateSecret();
  const root = host.cwd;
  const reader = host.reader(root);
  const { envFile, ignorePattern } = envConvention(reader);
  const { steps, merge, ignore } = planSecretsFile({
    reader,
    envFile,
    envStatus: ignoreStatus(reader, envFile),
    ignorePattern,
    entries: [{ key: "AUTH_SECRET", value: secret, mode: "replace" }],
    header: ["Auth: AUTH_SECRET encrypts sessions; keep it secret, one per environment."],
    secretKeys: ["AUTH_SECRET"],
    reason: "new session secret",
  });
  const { changes } = planFiles(reader, ignore ? [...steps, ignoreStep([ignore])] : steps);
  const plan: Plan = {
    command: "secret",
    projectDir: root,
    changes,
    install: null,
    nextSteps: [],
    notes: [],
    conflicts: [],
  };
  for (const line of summaryLines(plan)) out.line(line);
  host.apply(plan);
  out.line(
    merge.replaced.length > 0
      ? `Replaced AUTH_SECRET in ${envFile} with a new one (that is what \`auth secret\` does): existing sessions end; restart the app.`
      : `Added a new AUTH_SECRET to ${envFile}.`,
  );
}
