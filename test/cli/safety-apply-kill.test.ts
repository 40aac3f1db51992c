/**
 * Apply is all or nothing even when the process is killed (apply/apply.ts states the guarantee): the
 * built CLI runs each writing command on a real project with a preload (support-kill.mjs) that SIGKILLs it
 * before its Nth disk change of the apply, then the project is recovered as the next command would (the
 * built `recoverApply`, and the built CLI itself for one kill point per command) and must be exactly the
 * state before the command (killed before the commit point) or exactly the state it writes (after it):
 * every file byte for byte, every folder, and not one temp, backup or journal left.
 *
 * A full run first logs every change apply makes; a kill is tried at the first and last call of each kind
 * of step (journal, folders, staging a new file, copying an edit's backup, each kind of rename, the commit,
 * each kind of clean-up) and at evenly spaced calls between, at most KILLS_PER_COMMAND: the points left out
 * repeat a step already killed on another file, and the whole file stays within a minute on 2 cores.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, lstatSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertBuilt, cliBin, repoRoot, runCli } from "./support.js";

const KILLS_PER_COMMAND = 18;
const PRELOAD = path.join(import.meta.dirname, "support-kill.mjs");
/** Process kills are what is tested, not power cuts: tmpfs (when there is one) spares the fsyncs' wait. */
const BASE = mkdtempSync(path.join(readdirSafe("/dev/shm") ? "/dev/shm" : os.tmpdir(), "create-auth-kill-"));
let copies = 0;

function readdirSafe(dir: string): boolean {
  try {
    readdirSync(dir);
    return true;
  } catch {
    return false;
  }
}

beforeAll(assertBuilt);
afterAll(() => rmSync(BASE, { recursive: true, force: true }));

/** Every path under `dir` with what it is: a folder, a link, or a file's sha256 (init's random secret masked). */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (sub: string) => {
    for (const entry of readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${entry.name}` : entry.name;
      const abs = path.join(dir, rel);
      if (entry.isSymbolicLink()) out[rel] = `link ${readlinkSync(abs)}`;
      else if (entry.isDirectory()) {
        out[rel] = "folder";
        walk(rel);
      } else {
        const text = readFileSync(abs)
          .toString("latin1")
          .replace(/^(AUTH_SECRET=).+$/gm, "$1<secret>");
        out[rel] = `${createHash("sha256").update(text, "latin1").digest("hex")} ${lstatSync(abs).mode.toString(8)}`;
      }
    }
  };
  walk("");
  return out;
}

function copyOf(template: string): string {
  const dir = path.join(BASE, `run-${++copies}`);
  cpSync(template, dir, { recursive: true });
  return dir;
}

interface Killed {
  signal: NodeJS.Signals | null;
  status: number | null;
  stderr: string;
}

/** The built CLI with the preload, killed at `killAt` (0: never; then the calls are logged to `log`). */
function runKillable(args: string[], killAt: number, log?: string): Promise<Killed> {
  const env: NodeJS.ProcessEnv = { ...process.env, CREATE_AUTH_KILL_AT: String(killAt) };
  delete env["npm_config_user_agent"];
  if (log) env["CREATE_AUTH_KILL_LOG"] = log;
  const child: ChildProcess = spawn(process.execPath, ["--import", PRELOAD, cliBin(), ...args], {
    cwd: repoRoot,
    env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve) => child.on("close", (status, signal) => resolve({ status, signal, stderr })));
}

/** Runs `jobs` two at a time (the machine's cores). */
async function pooled<T>(jobs: (() => Promise<T>)[], width = 2): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const index = next++;
      results[index] = await jobs[index]!();
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return results;
}

/** The kind of step a logged call is: `renameSync tmp`, `unlinkSync bak`, `mkdirSync folder`, … */
function stepKind(call: string): string {
  const [name, file = ""] = call.split(" ");
  const what = /\.create-auth-appl(?:y|ied)\.json$/.test(file)
    ? "journal"
    : /\.create-auth-[\w-]+\.tmp$/.test(file)
      ? "tmp"
      : /\.create-auth-[\w-]+\.bak$/.test(file)
        ? "bak"
        : file === "<fd>"
          ? "fd"
          : "project";
  return `${name} ${what}`;
}

/** The kill points tried, 1-based: first and last of each kind of step, then evenly spaced ones. */
function killPoints(calls: string[]): number[] {
  const points = new Set<number>();
  const seen = new Map<string, number>();
  calls.forEach((call, index) => {
    const kind = stepKind(call);
    if (!seen.has(kind)) points.add(index + 1);
    seen.set(kind, index + 1);
  });
  for (const last of seen.values()) points.add(last);
  const spare = Math.max(0, KILLS_PER_COMMAND - points.size);
  for (let i = 1; i <= spare; i++) points.add(Math.ceil((i * calls.length) / (spare + 1)));
  return [...points].sort((a, b) => a - b);
}

interface Scenario {
  command: string;
  fixture: string;
  /** Runs of the built CLI that make the state the command starts from. */
  setup: (dir: string) => string[][];
  args: (dir: string) => string[];
}

const INIT = (dir: string) => ["init", dir, "--providers", "credentials", "--yes", "--no-install"];
const SCENARIOS: Scenario[] = [
  { command: "init", fixture: "express-5-ts", setup: () => [], args: INIT },
  {
    command: "add-provider",
    fixture: "express-5-ts",
    setup: (dir) => [INIT(dir)],
    args: (dir) => ["add-provider", "github", dir, "--yes", "--no-install"],
  },
  {
    command: "remove-provider",
    fixture: "express-5-ts",
    setup: (dir) => [INIT(dir), ["add-provider", "github", dir, "--yes", "--no-install"]],
    args: (dir) => ["remove-provider", "github", dir, "--yes", "--no-install"],
  },
  { command: "generate", fixture: "orm-prisma-express", setup: () => [], args: (dir) => ["generate", dir, "--yes"] },
  {
    command: "update",
    fixture: "update-older-next",
    setup: () => [],
    args: (dir) => ["update", dir, "--yes", "--no-install"],
  },
  {
    command: "remove",
    fixture: "express-5-ts",
    setup: (dir) => [INIT(dir)],
    args: (dir) => ["remove", dir, "--yes", "--no-install"],
  },
];

describe("a writing command killed at any step of its apply leaves the project before or after, nothing between", () => {
  let recoverApply: (root: string) => string | null;
  beforeAll(async () => {
    ({ recoverApply } = await import(path.join(repoRoot, "dist/cli/apply/journal.js")));
  });

  for (const scenario of SCENARIOS) {
    it(`${scenario.command}: rolled back before the commit point, finished after it`, async () => {
      const template = path.join(BASE, `${scenario.command}-before`);
      cpSync(path.join(repoRoot, "test/fixtures", scenario.fixture), template, { recursive: true });
      for (const args of scenario.setup(template)) expect(runCli(args).status).toBe(0);
      const before = snapshot(template);

      // The whole apply once, logged: its kill points and the state it leaves.
      const full = copyOf(template);
      const log = path.join(BASE, `${scenario.command}.log`);
      const complete = await runKillable(scenario.args(full), 0, log);
      expect(complete.stderr).toBe("");
      expect(complete.status).toBe(0);
      const after = snapshot(full);
      expect(after).not.toEqual(before);
      const calls = readFileSync(log, "utf8").trimEnd().split("\n");
      const commit = calls.findIndex(
        (call) => call.startsWith("renameSync") && call.endsWith(".create-auth-apply.json"),
      );
      expect(commit).toBeGreaterThan(0);
      const points = killPoints(calls);
      // The built CLI itself recovers (and says so) at the first kill among the renames.
      const cliRecovery = points.find((n) => calls[n - 1]!.startsWith("renameSync") && n <= commit);

      const outcomes = await pooled(
        points.map((n) => async () => {
          const dir = copyOf(template);
          const killed = await runKillable(scenario.args(dir), n);
          let said: string | null;
          if (n === cliRecovery) {
            const again = runCli([...scenario.args(dir), "--dry-run"]);
            said = again.stdout.split("\n").find((line) => line.startsWith("An interrupted create-auth")) ?? null;
          } else said = recoverApply(dir);
          const state = snapshot(dir);
          const leftovers = Object.keys(state).filter((file) => file.includes(".create-auth-"));
          return { n, signal: killed.signal, said, state, leftovers };
        }),
      );
      for (const { n, signal, said, state, leftovers } of outcomes) {
        const step = `kill before call ${n} (${calls[n - 1]})`;
        expect(signal, step).toBe("SIGKILL");
        expect(leftovers, step).toEqual([]);
        if (n <= commit + 1) {
          // Killed at or before the journal's rename to "applied": everything undone.
          expect(state, step).toEqual(before);
          if (n > 2) expect(said, step).toMatch(/^An interrupted create-auth \S+ was rolled back/);
        } else {
          expect(state, step).toEqual(after);
          expect(said, step).toMatch(/had written all its changes; its leftover backups were removed\.$/);
        }
      }
      console.info(
        `${scenario.command}: ${points.length} of ${calls.length} kill points, CLI recovery at ${cliRecovery}`,
      );
    }, 120_000);
  }
});
