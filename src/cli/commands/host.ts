/**
 * What a command touches beyond pure planning: where its words go, the project's files (read through a
 * ProjectReader, written only by applying a Plan), git's view of them, the installer, the terminal, the
 * environment and the runtime this CLI ships. `processHost()` is the real machine; the tests run the very
 * same commands on a project held in memory through another Host, so planning is tested without a process
 * or a disk copy.
 */
import { applyPlan } from "../apply/apply.js";
import type { InstallProgress } from "../apply/install.js";
import { pipeWriter } from "../pipe-writer.js";
import type { RuntimeSource } from "../plan/context.js";
import type { InstallStep, Plan } from "../plan/types.js";
import { diskReader, type ProjectReader } from "../project/reader.js";
import { rememberApplied, uncommittedFiles } from "../review/uncommitted.js";
import { loadRuntimeSource } from "../runtime-package/source.js";

export interface Host {
  /** The directory commands without a [dir] argument work in. */
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** stdin and stdout are a terminal: questions may be asked. */
  readonly terminal: boolean;
  stdout(text: string): void;
  stderr(text: string): void;
  /** The project at `root` (absolute), read-only. */
  reader(root: string): ProjectReader;
  /**
   * Which of `paths` (relative to `root`) hold uncommitted edits to tracked files (review/uncommitted.ts).
   * Absent where there is no git at all (a project held in memory): nothing to report.
   */
  uncommitted?(root: string, paths: readonly string[]): string[];
  /** After an apply, records what it wrote, so `uncommitted` can tell create-auth's own edits (review/written.ts). */
  rememberApplied?(root: string, plan: Plan): void;
  /** Writes a plan's changes, all or nothing. */
  apply(plan: Plan): { written: number };
  /** Runs the plan's install step; `say` prints a line for people (progress "lines"). */
  install(root: string, step: InstallStep, progress: InstallProgress, say: (line: string) => void): Promise<void>;
  runtime(): RuntimeSource;
}

export function processHost(): Host {
  return {
    cwd: process.cwd(),
    env: process.env,
    terminal: Boolean(process.stdin.isTTY && process.stdout.isTTY),
    stdout: pipeWriter(process.stdout),
    stderr: pipeWriter(process.stderr),
    reader: diskReader,
    uncommitted: uncommittedFiles,
    rememberApplied,
    apply: applyPlan,
    async install(root, step, progress, say) {
      await (await import("../apply/install.js")).runInstall(root, step, progress, say);
    },
    runtime: () => loadRuntimeSource(),
  };
}
