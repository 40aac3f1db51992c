// runCli (test/cli/support.ts) without blocking the test worker: the built CLI as a child process whose end is
// awaited, so that several runs on separate folders overlap (each is mostly Node starting and loading dist/), or
// a run overlaps the worker's own work (a type check).
import { type SpawnOptions, spawn } from "node:child_process";
import { type CliRun, cliBin, cliEnv, repoRoot } from "../cli/support.js";

/** Runs `command args` (no stdin) and resolves with its exit status and what it printed, as spawnSync gives them. */
export function spawnAsync(command: string, args: string[], options: SpawnOptions = {}): Promise<CliRun> {
  const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
  });
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

/** Runs the built CLI with `args` like runCli (same environment, no stdin) and resolves with what it printed. */
export function runCliAsync(
  args: string[],
  options: { cwd?: string; bin?: "create-auth" | "auth" } = {},
): Promise<CliRun> {
  return spawnAsync(process.execPath, [cliBin(options.bin), ...args], { cwd: options.cwd ?? repoRoot, env: cliEnv() });
}
