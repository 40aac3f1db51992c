/**
 * The real program (src/cli/main.ts `run`) on a project on the real disk, in this process: the disk's reader
 * and apply, no terminal, and git's uncommitted-edits question only when asked for (`git: true`). For
 * tests that run many commands on disk (hostile paths, secrets in git repositories, the database commands),
 * where a process per run would cost more than the runs themselves. Black-box runs of dist/ are runCli's.
 */
import path from "node:path";
import { applyPlan } from "../../src/cli/apply/apply.js";
import type { Host } from "../../src/cli/commands/host.js";
import { run } from "../../src/cli/main.js";
import type { RuntimeSource } from "../../src/cli/plan/context.js";
import { diskReader } from "../../src/cli/project/reader.js";
import { rememberApplied, uncommittedFiles } from "../../src/cli/review/uncommitted.js";
import { loadRuntimeSource } from "../../src/cli/runtime-package/source.js";
import { repoRoot } from "./support.js";

export interface DiskRun {
  status: number;
  stdout: string;
  stderr: string;
}

export interface DiskOptions {
  /** Where commands without a [dir] work: the app's folder usually. */
  cwd: string;
  /** The environment the commands see (default {}: nothing of this machine's). */
  env?: Readonly<Record<string, string | undefined>>;
  /** The program's name in its messages (`create-auth: …`), as the user typed it. Default create-auth. */
  bin?: "create-auth" | "auth";
  /**
   * An install step: `skip` resolves at once (the plan is applied, nothing is installed), `refuse` fails the
   * run (a test whose commands all pass --no-install). Default skip.
   */
  install?: "skip" | "refuse";
  /** false for commands that must write nothing: applying a plan or loading the runtime fails the run. */
  writes?: boolean;
  /** Ask git about uncommitted edits (and record what each apply wrote), as the real program does. Default false. */
  git?: boolean;
}

let runtimeSource: RuntimeSource | undefined;

/** The built runtime (dist/runtime), read once per test file: every init and update writes it. */
const builtRuntime = () => (runtimeSource ??= loadRuntimeSource(path.join(repoRoot, "dist/runtime/")));

export async function runOnDisk(argv: string[], options: DiskOptions): Promise<DiskRun> {
  const result: DiskRun = { status: 0, stdout: "", stderr: "" };
  const writes = options.writes ?? true;
  const refuse = (what: string) => () => {
    throw new Error(`${argv.join(" ")} must not ${what} here`);
  };
  const host: Host = {
    cwd: options.cwd,
    env: options.env ?? {},
    terminal: false,
    stdout: (text) => {
      result.stdout += text;
    },
    stderr: (text) => {
      result.stderr += text;
    },
    reader: diskReader,
    apply: writes ? applyPlan : refuse("write files"),
    install:
      (options.install ?? "skip") === "skip"
        ? async () => {}
        : () => Promise.reject(new Error(`${argv.join(" ")} must not install here`)),
    runtime: writes ? builtRuntime : refuse("load the runtime"),
    ...(options.git ? { uncommitted: uncommittedFiles, rememberApplied } : {}),
  };
  result.status = await run(argv, options.bin ?? "create-auth", host);
  return result;
}
