/**
 * What the commands that change an app's existing create-auth setup (remove, update, add-provider,
 * remove-provider) do alike around their plan: find the app the argument names, ask about the files that
 * need the user's word one at a time, and describe the setup in the one --json object. projectRoot is every
 * command's way to its app folder, but doctor's (it writes nothing: it reports an interrupted apply).
 */
import path from "node:path";
import { recoverApply } from "../apply/journal.js";
import type { Output } from "../output.js";
import type { ProjectReader } from "../project/reader.js";
import type { ProjectInfo } from "../project/types.js";
import type { Host } from "./host.js";
import type { PlanCommandFlags } from "./run-plan.js";

export interface CommandApp {
  /** The app's folder: the `[dir]` argument resolved against the working directory, else the latter. */
  root: string;
  reader: ProjectReader;
  /** The package manager that ran the CLI (npx, pnpm dlx, …), which detection prefers when the app is silent. */
  userAgent: string | undefined;
}

/**
 * The app folder every command works in: the `[dir]` argument resolved against the working directory, else
 * the latter. An apply a kill interrupted there (apply/journal.ts) is rolled back, or finished, first and
 * said in one line, so what the command detects and plans is the project as it was, never half-applied.
 */
export function projectRoot(dir: string | undefined, host: Host, out: Output): string {
  const root = path.resolve(host.cwd, dir ?? ".");
  const recovered = recoverApply(root);
  // With --json, stdout is the one object: the rollback is said where progress goes, never silently.
  if (recovered) out.json ? host.stderr(`${recovered}\n`) : out.line(recovered);
  return root;
}

export function commandApp(dir: string | undefined, host: Host, out: Output): CommandApp {
  const root = projectRoot(dir, host, out);
  return { root, reader: host.reader(root), userAgent: host.env["npm_config_user_agent"] };
}

export interface ConsentInput {
  flags: PlanCommandFlags;
  host: Host;
  /**
   * Whether the questions are still asked under --yes. remove: yes, --yes accepts the plan, not the loss of
   * the user's edits. update: no, --yes leaves a conflicting file alone, which loses nothing.
   */
  askDespiteYes: boolean;
}

/**
 * The items the user agreed to: every one with --force; on a terminal (not --json, not --dry-run), those
 * answered yes to one question each, Enter alone answering no; otherwise none.
 */
export async function agreedItems<T>(
  items: readonly T[],
  question: (item: T) => string,
  { flags, host, askDespiteYes }: ConsentInput,
): Promise<T[]> {
  if (flags.force) return [...items];
  if (!host.terminal || flags.json || flags.dryRun || (flags.yes && !askDespiteYes)) return [];
  const agreed: T[] = [];
  for (const item of items) {
    // clack is loaded only when a question is really asked.
    if (await (await import("./answers/prompt.js")).confirm(question(item), false)) agreed.push(item);
  }
  return agreed;
}

/** The app and its create-auth setup as the --json object's `project` describes them. */
export function setupProjectJson(setup: { info: ProjectInfo; authPath: string; runtimeDir: string }) {
  const { info } = setup;
  return {
    root: info.root,
    framework: { id: info.framework.id, name: info.framework.name, version: info.framework.version },
    packageManager: info.packageManager.name,
    envFile: info.envFile,
    authModule: setup.authPath,
    runtimeDir: setup.runtimeDir,
  };
}
