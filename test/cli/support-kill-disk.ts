/**
 * The real program (src/cli/main.ts `run`) on the real disk, in this process: the machine's host with no
 * terminal, no installer and no git questions, and the built runtime (dist/runtime). For the safety tests'
 * many hostile runs on disk, where a process per run would cost more than the runs themselves.
 */
import path from "node:path";
import { type Host, processHost } from "../../src/cli/host.js";
import { run } from "../../src/cli/main.js";
import { loadRuntimeSource, type RuntimeSource } from "../../src/cli/runtime-package/source.js";
import { repoRoot } from "./support.js";

let runtimeSource: RuntimeSource | undefined;

export interface DiskRun {
  status: number;
  stdout: string;
  stderr: string;
}

export async function diskCli(argv: string[], cwd: string): Promise<DiskRun> {
  const result: DiskRun = { status: 0, stdout: "", stderr: "" };
  const host: Host = {
    ...processHost(),
    cwd,
    terminal: false,
    stdout: (text) => {
      result.stdout += text;
    },
    stderr: (text) => {
      result.stderr += text;
    },
    uncommitted: undefined,
    install: async () => {},
    runtime: () => (runtimeSource ??= loadRuntimeSource(path.join(repoRoot, "dist/runtime/"))),
  };
  result.status = await run(argv, "create-auth", host);
  return result;
}
