/**
 * Test harness for the CLI: fresh copies of fixture projects in temp dirs, the built CLI run as a child
 * process exactly as users run it (`node bin/create-auth.js …`), and tree hashes to prove "nothing written".
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { listFilesRecursive } from "../../src/cli/plan/reader.js";

export const repoRoot = path.resolve(import.meta.dirname, "../..");
const temps: string[] = [];

/** The CLI under test is the build output; refuse to test a stale one (run `npm run build`). */
export function assertBuilt(): void {
  const built = path.join(repoRoot, "dist/cli/main.js");
  const builtAt = statSync(built, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const sources = listFilesRecursive(path.join(repoRoot, "src/cli")).map((f) => path.join(repoRoot, "src/cli", f));
  const newest = Math.max(...sources.map((f) => statSync(f).mtimeMs));
  if (builtAt < newest) throw new Error("dist/cli is older than src/cli: run `npm run build` before the CLI tests.");
}

export function copyFixture(name: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `create-auth-${name}-`));
  temps.push(dir);
  cpSync(path.join(repoRoot, "test/fixtures", name), dir, { recursive: true });
  return dir;
}

export function removeTemps(): void {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], options: { cwd?: string; bin?: "create-auth" | "auth" } = {}): CliRun {
  const bin = path.join(repoRoot, "bin", `${options.bin ?? "create-auth"}.js`);
  const env = { ...process.env };
  delete env["npm_config_user_agent"];
  const result = spawnSync(process.execPath, [bin, ...args], {
    cwd: options.cwd ?? repoRoot,
    encoding: "utf8",
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** sha256 of every file path + content under dir: equal hashes mean nothing was written. */
export function hashTree(dir: string): string {
  const hash = createHash("sha256");
  for (const file of listFilesRecursive(dir)) {
    hash
      .update(file)
      .update("\0")
      .update(readFileSync(path.join(dir, file)))
      .update("\0");
  }
  return hash.digest("hex");
}

export function read(dir: string, file: string): string {
  return readFileSync(path.join(dir, file), "utf8");
}
