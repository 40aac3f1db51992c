/**
 * Apply is all or nothing even when the process is killed (apply/apply.ts states the guarantee): after a
 * kill at any of its disk changes, the next command's recovery leaves the project exactly as it was before
 * the command (killed up to the commit rename) or exactly as the command leaves it (after): every file byte
 * for byte, every folder, and not one temp, backup or journal. For each writing command (init, add-provider,
 * remove-provider, secret, generate, update, remove), from a real fixture, the built CLI runs under a preload
 * (support/kill-preload.mjs) that patches node:fs, nothing in the product:
 * - EVERY kill point: one run copies the project before each of its apply's disk changes, the state a
 *   SIGKILL there leaves (sync calls buffer nothing), and each copy is recovered (the built `recoverApply`);
 * - real kills: the CLI is SIGKILLed before the first call of each kind of step (journal, folders,
 *   staging, backups, each kind of rename, the commit, each kind of clean-up); the killed project must be
 *   that same state, and recovers the same, once by running the built CLI again.
 * It is in the e2e project: a minute of real processes and disk copies of the built CLI, not a unit.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, lstatSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertBuilt, cliBin, repoRoot, runCli } from "../cli/support.js";

const PRELOAD = path.join(import.meta.dirname, "support", "kill-preload.mjs");
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

const TAG = /\.create-auth-\d+-[0-9a-z]+\.(tmp|bak)$/;

/** The AUTH_SECRETs the templates were given (by init in their setup): a secret is masked as one of them or as new. */
const templateSecrets = new Set<string>();

function rememberSecrets(dir: string): void {
  for (const name of readdirSync(dir).filter((file) => file.startsWith(".env")))
    for (const match of readFileSync(path.join(dir, name), "utf8").matchAll(/^AUTH_SECRET=(.+)$/gm))
      templateSecrets.add(match[1]!);
}

/**
 * Every path under `dir` with what it is: a folder, a link, or a file's sha256 and mode. What differs from
 * run to run is masked: the apply's tag in temp names, the pid, start time and hashes in its journal, and a
 * secret a run generated (`<new secret>`; the template's stays `<template secret>`, so `secret` changes state).
 */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (sub: string) => {
    for (const entry of readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${entry.name}` : entry.name;
      const abs = path.join(dir, rel);
      const name = rel.replace(TAG, ".create-auth-<tag>.$1");
      if (entry.isSymbolicLink()) out[name] = `link ${readlinkSync(abs)}`;
      else if (entry.isDirectory()) {
        out[name] = "folder";
        walk(rel);
      } else {
        let text = readFileSync(abs)
          .toString("latin1")
          .replace(/^(AUTH_SECRET=)(.+)$/gm, (_, key: string, value: string) =>
            templateSecrets.has(value) ? `${key}<template secret>` : `${key}<new secret>`,
          );
        if (entry.name.startsWith(".create-auth-appl"))
          text = text.replace(/\d+-[0-9a-z]+(?=\.(?:tmp|bak))|"(?:pid|startedAt)": \d+|[0-9a-f]{64}/g, "<run>");
        out[name] = `${createHash("sha256").update(text, "latin1").digest("hex")} ${lstatSync(abs).mode.toString(8)}`;
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

/** The built CLI under the preload, killed before call `killAt` (0: never: its calls logged, its states imaged). */
function runKillable(
  args: string[],
  killAt: number,
  options: { log?: string; images?: string; root?: string } = {},
): Promise<Killed> {
  const env: NodeJS.ProcessEnv = { ...process.env, CREATE_AUTH_KILL_AT: String(killAt) };
  delete env["npm_config_user_agent"];
  if (options.log) env["CREATE_AUTH_KILL_LOG"] = options.log;
  if (options.images && options.root) {
    env["CREATE_AUTH_KILL_IMAGES"] = options.images;
    env["CREATE_AUTH_KILL_ROOT"] = options.root;
  }
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

/** The real kills, 1-based: the first call of each kind of step (every state is checked through the images). */
function killPoints(calls: string[]): number[] {
  const first = new Map<string, number>();
  calls.forEach((call, index) => {
    if (!first.has(stepKind(call))) first.set(stepKind(call), index + 1);
  });
  return [...first.values()];
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
  {
    command: "secret",
    fixture: "express-5-ts",
    setup: (dir) => [INIT(dir)],
    args: (dir) => ["secret", dir, "--yes"],
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

interface Outcome {
  n: number;
  signal: NodeJS.Signals | null;
  said: string | null;
  state: Record<string, string>;
}

/** A complete run of the command: its calls, the state before each (IMAGES/<n>), the commit's index, the end state. */
async function completeRun(scenario: Scenario, template: string) {
  const full = copyOf(template);
  const log = path.join(BASE, `${scenario.command}.log`);
  const images = path.join(BASE, `${scenario.command}-images`);
  const complete = await runKillable(scenario.args(full), 0, { log, images, root: full });
  expect(complete.stderr).toBe("");
  expect(complete.status).toBe(0);
  const calls = readFileSync(log, "utf8").trimEnd().split("\n");
  const commit = calls.findIndex((call) => call.startsWith("renameSync") && call.endsWith(".create-auth-apply.json"));
  expect(commit).toBeGreaterThan(0);
  return { calls, commit, images, after: snapshot(full) };
}

/** Each outcome is the state before (killed up to the commit rename, call commit + 1) or after, and says so. */
function judge(outcomes: Outcome[], calls: string[], commit: number, before: object, after: object): void {
  expect(after).not.toEqual(before);
  for (const { n, signal, said, state } of outcomes) {
    const step = `kill before call ${n} (${calls[n - 1]})`;
    expect(signal, step).toBe("SIGKILL");
    expect(
      Object.keys(state).filter((file) => file.includes(".create-auth-")),
      step,
    ).toEqual([]);
    if (n <= commit + 1) {
      expect(state, step).toEqual(before);
      if (n > 2) expect(said, step).toMatch(/^An interrupted create-auth \S+ was rolled back/);
    } else {
      expect(state, step).toEqual(after);
      expect(said, step).toMatch(/had written all its changes; its leftover backups were removed\.$/);
    }
  }
}

describe("a writing command killed at any step of its apply leaves the project before or after, nothing between", () => {
  let recoverApply: (root: string) => string | null;
  beforeAll(async () => {
    ({ recoverApply } = await import(path.join(repoRoot, "dist/cli/apply/journal.js")));
  });
  const templates = new Map<string, { dir: string; before: Record<string, string> }>();
  /** The state the command starts from, made once by the built CLI. */
  function template(scenario: Scenario) {
    let made = templates.get(scenario.command);
    if (!made) {
      const dir = path.join(BASE, `${scenario.command}-before`);
      cpSync(path.join(repoRoot, "test/fixtures", scenario.fixture), dir, { recursive: true });
      for (const args of scenario.setup(dir)) expect(runCli(args).status).toBe(0);
      rememberSecrets(dir);
      made = { dir, before: snapshot(dir) };
      templates.set(scenario.command, made);
    }
    return made;
  }

  for (const scenario of SCENARIOS) {
    it(`${scenario.command}: killed before any step of its apply, recovered to before or after`, async () => {
      const { dir: start, before } = template(scenario);
      const { calls, commit, images, after } = await completeRun(scenario, start);

      // Every kill point: the state a kill before call n leaves, recovered.
      const imaged: Record<string, string>[] = [];
      const every: Outcome[] = calls.map((_, index) => {
        const dir = path.join(images, String(index + 1));
        imaged[index + 1] = snapshot(dir);
        return { n: index + 1, signal: "SIGKILL", said: recoverApply(dir), state: snapshot(dir) };
      });
      judge(every, calls, commit, before, after);

      // Real kills of the built CLI land on those states; one is recovered by the CLI run again.
      const points = killPoints(calls);
      const cliRecovery = points.find((n) => calls[n - 1]!.startsWith("renameSync") && n <= commit);
      expect(cliRecovery).toBeDefined();
      const killed = await pooled(
        points.map((n) => async (): Promise<Outcome> => {
          const dir = copyOf(start);
          const { signal } = await runKillable(scenario.args(dir), n);
          expect(snapshot(dir), `killed before call ${n}`).toEqual(imaged[n]);
          let said: string | null;
          if (n === cliRecovery) {
            const again = runCli([...scenario.args(dir), "--dry-run"]);
            said = again.stdout.split("\n").find((line) => line.startsWith("An interrupted create-auth")) ?? null;
          } else said = recoverApply(dir);
          return { n, signal, said, state: snapshot(dir) };
        }),
      );
      judge(killed, calls, commit, before, after);
      console.info(
        `${scenario.command}: all ${calls.length} kill points recovered; the CLI SIGKILLed at ${points.length} of them (recovered by the CLI at ${cliRecovery})`,
      );
    }, 120_000);
  }
});
