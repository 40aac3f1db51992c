/**
 * `auth migrate` as typed, in this process, on an app folder on the real disk (main.ts's run on a Host of
 * that folder, `env` as the process environment): for the tests of migrate and of an app's own users table.
 * A failure must be exactly one line on stderr, a success none. Also the app folder those tests start from:
 * a package.json and this repository's node_modules (the database drivers, as an app's own).
 */
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "vitest";
import type { Host } from "../../src/cli/commands/host.js";
import { run } from "../../src/cli/main.js";
import { diskReader } from "../../src/cli/project/reader.js";
import { repoRoot, tempDir } from "./support.js";

export interface MigrateRun {
  status: number;
  stdout: string;
  /** The one line a failure printed on stderr (without `auth: `), or null after a success. */
  error: { message: string } | null;
  json: Record<string, unknown> | null;
}

export interface MigrateFlags {
  migrations?: string;
  dryRun?: boolean;
  json?: boolean;
  repair?: boolean;
}

/** `auth migrate <root> [flags]` as typed; the run fails the test unless stderr is one line or nothing. */
export async function migrateIn(
  root: string,
  env: Record<string, string>,
  flags: MigrateFlags = {},
): Promise<MigrateRun> {
  let stdout = "";
  let stderr = "";
  const unused = () => {
    throw new Error("auth migrate writes no files");
  };
  const host: Host = {
    cwd: os.tmpdir(),
    env,
    terminal: false,
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    reader: diskReader,
    apply: unused,
    install: unused,
    runtime: unused,
  };
  const argv = ["migrate", root];
  if (flags.migrations !== undefined) argv.push("--migrations", flags.migrations);
  if (flags.dryRun) argv.push("--dry-run");
  if (flags.json) argv.push("--json");
  if (flags.repair) argv.push("--repair");
  const status = await run(argv, "auth", host);
  if (status !== 0) expect(stderr).toMatch(/^auth: [^\n]+\n$/);
  else expect(stderr).toBe("");
  return {
    status,
    stdout,
    error: status === 0 ? null : { message: stderr.slice("auth: ".length, -1) },
    json: flags.json ? JSON.parse(stdout) : null,
  };
}

/** Writes `text` to `file` under `root`, making its folders. */
export function write(root: string, file: string, text: string): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

/** An app folder on disk: package.json, this repository's node_modules (the drivers), and `files`. */
export function migrateApp(prefix: string, files: Record<string, string> = {}): string {
  const root = tempDir(prefix);
  writeFileSync(path.join(root, "package.json"), JSON.stringify({ name: "app", private: true }));
  symlinkSync(path.join(repoRoot, "node_modules"), path.join(root, "node_modules"), "dir");
  for (const [file, text] of Object.entries(files)) write(root, file, text);
  return root;
}
