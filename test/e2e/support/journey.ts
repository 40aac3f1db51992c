/**
 * One person's whole life with create-auth on one app, without a commit between the steps (issue 22, point 8):
 * the shared driver of test/e2e/journey-*.test.ts, which hand it their framework's data (`journey(spec)`).
 *
 * The fixture is copied, installed and committed once (its lockfile with it, as an app has one). Then each step
 * is a test that types the built CLI's command as a person types it, in the app's folder: init (and the values
 * its next steps ask for), add-provider, remove-provider, the database commands, doctor (clean), a breakage
 * doctor must name (its printed fix, typed as printed, must make the next doctor clean), a runtime edit that
 * update keeps and doctor reports alike, and remove. After every command that changed a file of the app, the
 * app's own checks (lint, format check, type check) run; after init and after remove its build too. At the end
 * `git status` against the first commit lists only what remove said it kept. A failed step skips the rest: each
 * later step would only report the first failure again. Every step is timed; the line is printed at the end.
 */
import { execFile, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { appProcessEnv, copyFixture, fixturePath, installApp, REPO_ROOT } from "../../support/fixture-app.mjs";
import { ensureRepositoryBuilt } from "../../support/next-app.mjs";
import { ensureNode24, node24Env } from "../../support/node24.mjs";
import { freePort } from "../../support/ports.mjs";
import { createPostgresDatabase } from "../../support/postgres.mjs";
import { runCommand, startServer } from "../../support/processes.mjs";
import {
  commandsIn,
  type PrintedFinding,
  printedFindings,
  problems,
  removeNotes,
  sameLockedRoot,
  unexplainedDifferences,
} from "./journey-output.js";

/** The app as a step's own actions (the breakage) reach it. */
export interface JourneyApp {
  dir: string;
  /** Types a command in the app's folder as the person would; fails the step unless it exits 0. */
  type(line: string): Promise<string>;
  /** Runs one SQL statement on the app's database (SQLite: the file AUTH_DATABASE_FILE names; PostgreSQL). */
  sql(statement: string): Promise<void>;
}

export interface Journey {
  /** The framework, for the tests' names and the timings line. */
  name: string;
  /** The app under test/fixtures (a scaffolder's output where there is one). */
  fixture: string;
  /** Node 24 first on PATH for everything, the CLI included: node:sqlite, or a framework that needs it. */
  node24?: boolean;
  /** The env file init writes into (Next: .env.local). */
  envFile: string;
  /** What follows `npx create-auth init`. */
  init: string;
  addProvider: string;
  /** One of init's providers. */
  removeProvider: string;
  /** The values the person fills in where a next step asks for a blank key (their OAuth apps' ids and secrets). */
  settings: Record<string, string>;
  /** The database init sets up, and the commands typed once the providers are settled. */
  database?: { kind: "sqlite" | "postgres"; commands: string[] };
  /** The app's own npm scripts that check it without building (lint, format check, type check). */
  checks: string[];
  /** Its build scripts, after init and after remove. */
  build: string[];
  /** The checks its build runs itself (Qwik's `qwik build` lints): not run again beside it. */
  buildRuns?: string[];
  /** For an app without a build: the npm script that serves it (PORT), whose `/` must answer 200 instead. */
  serve?: string;
  /** What the person breaks, and the doctor finding that must name it. */
  breakage: { does: string; finding: string; apply(app: JourneyApp): Promise<unknown> };
  /**
   * The person's own edit of the runtime: in the file holding `module` (a module of src/runtime, as built:
   * `core/pages/signout.js`), `replace` becomes `with`.
   */
  runtimeEdit: { module: string; replace: string; with: string };
}

const RUNTIME_DIR = "vendor/auth-runtime";

/**
 * The file of the runtime package (relative to it) that holds `module`: the build joins modules into one file
 * per entry plus shared chunks, and marks where each module's code begins (scripts/bundle-runtime.mjs).
 */
async function runtimeFileHolding(runtimeDir: string, module: string): Promise<string> {
  if (!module.endsWith(".js")) return module; // Svelte components ship as their source
  const mark = `\n// module: ${module}\n`;
  for (const entry of await fs.readdir(runtimeDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".js")) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (`\n${await fs.readFile(file, "utf8")}`.includes(mark)) return path.relative(runtimeDir, file);
  }
  throw new Error(`no file of ${runtimeDir} holds ${module}`);
}
const CLI = path.join(REPO_ROOT, "bin", "create-auth.js");
const GIT_USER = ["-c", "user.name=Journey", "-c", "user.email=journey@example.test", "-c", "commit.gpgsign=false"];

interface Typed {
  status: number;
  output: string;
}

/** Runs `line` as the person types it in `cwd` (`npx create-auth` is the built CLI); never throws on its exit code. */
function typed(line: string, cwd: string, env: NodeJS.ProcessEnv, node: string): Promise<Typed> {
  const words = line.split(/\s+/);
  const [program, ...args] =
    words[0] === "npx" && words[1] === "create-auth" ? [node, CLI, ...words.slice(2)] : (words as [string]);
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), 300_000);
    child.once("error", reject);
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ status: code ?? (signal ? 128 : 1), output });
    });
  });
}

/** git's whole output in `dir` (runCommand keeps only its tail). */
async function git(dir: string, ...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)("git", args, { cwd: dir, maxBuffer: 256 * 1024 * 1024 });
  return stdout;
}

/** A hash of every file of the app git would see (tracked or not, ignored ones left out): did a command change any? */
async function appFingerprint(dir: string): Promise<string> {
  const output = await git(dir, "ls-files", "-z", "--cached", "--others", "--exclude-standard");
  const hash = createHash("sha256");
  for (const file of output.split("\0").filter(Boolean).sort()) {
    hash.update(file);
    hash.update(await fs.readFile(path.join(dir, file)).catch(() => Buffer.from("(gone)")));
  }
  return hash.digest("hex");
}

/** The blank keys of an env file. */
function blankKeys(text: string): string[] {
  return [...text.matchAll(/^([A-Z][A-Z0-9_]*)=\s*$/gm)].map((match) => match[1]!);
}

function describeTyped(line: string, result: Typed): string {
  return `$ ${line}\n(exit ${result.status})\n${result.output}`;
}

/** Registers the journey's hooks and steps. */
export function journey(spec: Journey): void {
  const timings: Record<string, number> = {};
  let dir = "";
  let env: NodeJS.ProcessEnv = {};
  let node = process.execPath;
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  let fingerprint = "";
  let failed: string | undefined;
  let begun = 0;
  const settings = { ...spec.settings };

  const app: JourneyApp = {
    get dir() {
      return dir;
    },
    type: (line) => type(line),
    async sql(statement) {
      if (databaseUrl) {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        try {
          await client.query(statement);
        } finally {
          await client.end();
        }
        return;
      }
      const envText = await fs.readFile(path.join(dir, spec.envFile), "utf8");
      const file = /^AUTH_DATABASE_FILE=(.+)$/m.exec(envText)?.[1]?.trim() ?? "auth.db";
      const db = new Database(path.join(dir, file), { fileMustExist: true });
      try {
        db.exec(statement);
      } finally {
        db.close();
      }
    },
  };

  /**
   * A step: named as what the person does, timed under `key`, and skipped once an earlier one failed
   * (JOURNEY_KEEP_GOING=1 runs it anyway, to see every failure of a journey in one run).
   */
  function step(key: string, name: string, body: () => Promise<void>): void {
    test(name, async (context) => {
      if (failed && process.env.JOURNEY_KEEP_GOING !== "1") context.skip(`an earlier step failed: ${failed}`);
      const start = performance.now();
      try {
        await body();
      } catch (error) {
        failed = name;
        throw error;
      } finally {
        timings[key] = Math.round(performance.now() - start);
      }
    });
  }

  /** Types `line`; expects the exit code; returns the output. */
  async function type(line: string, status = 0): Promise<string> {
    const result = await typed(line, dir, env, node);
    expect(result.status, describeTyped(line, result)).toBe(status);
    return result.output;
  }

  /** The app's own checks when a command changed one of its files (and its build when `build`), each timed. */
  async function appStillPasses(after: string, { build = false } = {}): Promise<void> {
    const label = after.replace(/^after (npx create-auth )?/, "");
    const now = await appFingerprint(dir);
    const checks = build ? spec.checks.filter((script) => !spec.buildRuns?.includes(script)) : spec.checks;
    const scripts = [...(now === fingerprint && !build ? [] : checks), ...(build ? spec.build : [])];
    fingerprint = now;
    for (const script of scripts) {
      const start = performance.now();
      try {
        await runCommand("npm", ["run", script], { cwd: dir, env, timeoutMs: 300_000 });
      } catch (error) {
        throw new Error(`after ${after}, the app's own \`npm run ${script}\` fails:\n${(error as Error).message}`);
      }
      timings[`${label}: npm run ${script}`] = Math.round(performance.now() - start);
    }
    if (build && spec.serve) {
      const start = performance.now();
      await servesHome(after);
      timings[`${label}: npm run ${spec.serve}`] = Math.round(performance.now() - start);
    }
  }

  /** `PORT=<port> npm run <serve>`: the app starts and answers `/` with 200. */
  async function servesHome(after: string): Promise<void> {
    const port = await freePort();
    const server = await startServer("npm", ["run", spec.serve!], {
      cwd: dir,
      env: { ...env, PORT: String(port) },
      readyUrl: `http://127.0.0.1:${port}/`,
    });
    try {
      const home = await fetch(`http://127.0.0.1:${port}/`);
      expect(home.status, `after ${after}, GET / answers ${home.status}:\n${server.output()}`).toBe(200);
    } finally {
      await server.stop();
    }
  }

  /** Fills the keys a next step left blank with the person's values (the OAuth apps they registered). */
  async function fillBlankSettings(): Promise<void> {
    const file = path.join(dir, spec.envFile);
    let text = await fs.readFile(file, "utf8");
    for (const key of blankKeys(text)) {
      const value = settings[key];
      if (value !== undefined) text = text.replace(new RegExp(`^${key}=\\s*$`, "m"), `${key}=${value}`);
    }
    await fs.writeFile(file, text);
  }

  /** `npx create-auth doctor`, its findings; `clean` expects exit 0 and neither errors nor warnings. */
  async function doctor({ clean }: { clean: boolean }): Promise<PrintedFinding[]> {
    const result = await typed("npx create-auth doctor", dir, env, node);
    const findings = printedFindings(result.output);
    if (clean) {
      expect(
        problems(findings).map((finding) => `[${finding.id}] ${finding.message}`),
        describeTyped("npx create-auth doctor", result),
      ).toEqual([]);
      expect(result.status, describeTyped("npx create-auth doctor", result)).toBe(0);
    }
    return findings;
  }

  describe(`${spec.name} (${spec.fixture}): a person's whole journey, no commit between the steps`, () => {
    beforeAll(async () => {
      begun = performance.now();
      timings.repositoryBuild = await ensureRepositoryBuilt();
      env = spec.node24 ? await node24Env(appProcessEnv()) : appProcessEnv();
      if (spec.node24) node = (await ensureNode24()).node;
      if (spec.database?.kind === "postgres") {
        const database = await createPostgresDatabase();
        const { user, password, host, port, database: name } = database.connection;
        databaseUrl = `postgres://${user}:${password}@${host}:${port}/${name}`;
        settings.DATABASE_URL = databaseUrl;
        dropDatabase = database.drop;
      }
      dir = await copyFixture(fixturePath(spec.fixture));
      timings.install = (await installApp(dir, env)).ms;
      await runCommand("git", ["init", "-q"], { cwd: dir });
      // The person's own global ignore keeps node_modules out of an app whose .gitignore does not
      // (express-generator writes none); it is no file of the app.
      await fs.appendFile(path.join(dir, ".git", "info", "exclude"), "node_modules/\n");
      await runCommand("git", ["add", "-A"], { cwd: dir });
      await runCommand("git", [...GIT_USER, "commit", "-qm", "The app before auth"], { cwd: dir });
      fingerprint = await appFingerprint(dir);
    });

    afterAll(async () => {
      if (dir) await fs.rm(dir, { recursive: true, force: true });
      await dropDatabase?.();
      timings.total = Math.round(performance.now() - begun);
      const seconds = Object.fromEntries(Object.entries(timings).map(([key, ms]) => [key, ms / 1000]));
      console.info(`${spec.name} journey (s): ${JSON.stringify(seconds)}`);
    });

    step("init", `npx create-auth init ${spec.init}, then the values its next steps ask for`, async () => {
      const init = await type(`npx create-auth init ${spec.init}`);
      // The create-auth commands init's next steps print are the ones this journey types once the providers
      // are settled (the database step), so the person does what they were told.
      const nextSteps = init.slice(init.indexOf("Next steps:"));
      const told = nextSteps
        .split("\n")
        .flatMap((line) => commandsIn(line))
        .filter((command) => command.startsWith("npx create-auth "));
      expect(spec.database?.commands ?? [], `init's next steps:\n${nextSteps}`).toEqual(expect.arrayContaining(told));
      await fillBlankSettings();
      await appStillPasses("after npx create-auth init", { build: true });
    });

    step("add-provider", `npx create-auth add-provider ${spec.addProvider} --yes, then its settings`, async () => {
      await type(`npx create-auth add-provider ${spec.addProvider} --yes`);
      await fillBlankSettings();
      await appStillPasses("after npx create-auth add-provider");
    });

    step("remove-provider", `npx create-auth remove-provider ${spec.removeProvider} --yes`, async () => {
      await type(`npx create-auth remove-provider ${spec.removeProvider} --yes`);
      await appStillPasses("after npx create-auth remove-provider");
    });

    for (const line of spec.database?.commands ?? []) {
      step(line.replace(/^npx create-auth /, ""), line, async () => {
        await type(line);
        await appStillPasses(`after ${line}`);
      });
    }

    step("doctor", "npx create-auth doctor finds nothing wrong", async () => {
      await doctor({ clean: true });
    });

    step(
      "breakage",
      `${spec.breakage.does}: doctor reports ${spec.breakage.finding}, and its fix typed as printed makes it clean`,
      async () => {
        await spec.breakage.apply(app);
        const findings = await doctor({ clean: false });
        const found = findings.find((finding) => finding.id === spec.breakage.finding);
        expect(found, `doctor after "${spec.breakage.does}":\n${JSON.stringify(findings, null, 2)}`).toBeDefined();
        expect(found!.level === "error" || found!.level === "warning", `${found!.id} is only ${found!.level}`).toBe(
          true,
        );
        const commands = commandsIn(found!.fix ?? "");
        expect(commands, `the fix of ${found!.id} names no command to type: ${found!.fix}`).not.toEqual([]);
        for (const command of commands) {
          await type(command);
          await appStillPasses(`after ${command}`);
        }
        await doctor({ clean: true });
      },
    );

    step(
      "update",
      `an edit of the runtime's ${spec.runtimeEdit.module}, then npx create-auth update --yes keeps it, and doctor and update say so alike`,
      async () => {
        const held = await runtimeFileHolding(path.join(dir, RUNTIME_DIR), spec.runtimeEdit.module);
        const file = path.join(dir, RUNTIME_DIR, held);
        const original = await fs.readFile(file, "utf8");
        expect(original, `${held} has no \`${spec.runtimeEdit.replace}\` to edit`).toContain(spec.runtimeEdit.replace);
        const edited = original.replace(spec.runtimeEdit.replace, spec.runtimeEdit.with);
        await fs.writeFile(file, edited);
        // The edit is the person's own, in a folder every check of the app ignores: the checks that follow are
        // for what update then changes (journey.ts runs them only when a command changed a file).
        fingerprint = await appFingerprint(dir);
        const before = await doctor({ clean: false });
        const update = await type("npx create-auth update --yes");
        // update leaves the edit alone and says which file it left alone; doctor reports the same file, as a
        // warning, before and after, and nothing else.
        expect(await fs.readFile(file, "utf8")).toBe(edited);
        expect(update, "update does not name the edited file it keeps").toContain(held);
        const after = await doctor({ clean: false });
        for (const findings of [before, after]) {
          const report = JSON.stringify(findings, null, 2);
          expect(
            problems(findings).map((finding) => finding.id),
            report,
          ).toEqual(["runtime.file-changed"]);
          expect(problems(findings)[0]!.message, report).toContain(held);
        }
        await appStillPasses("after npx create-auth update");
      },
    );

    step(
      "remove",
      "npx create-auth remove --yes: the app's own checks and build pass, and git status shows only what remove says it kept",
      async () => {
        const removed = await type("npx create-auth remove --yes");
        await appStillPasses("after npx create-auth remove", { build: true });
        const status = await git(dir, "status", "--porcelain=v1", "--untracked-files=all");
        const diffs = new Map<string, string>();
        for (const line of status.split("\n").filter((candidate) => candidate.startsWith(" M"))) {
          diffs.set(line.slice(3), await git(dir, "diff", "--unified=0", "HEAD", "--", line.slice(3)));
        }
        // Against the first commit, only what remove's notes account for may differ (journey-output.ts).
        // npm's own lockfile churn is no difference of the app's while package.json is as it was (journey-output.ts).
        const lockfile = " M package-lock.json";
        const lockChurn =
          status.split("\n").includes(lockfile) &&
          !diffs.has("package.json") &&
          sameLockedRoot(
            await git(dir, "show", "HEAD:package-lock.json"),
            await fs.readFile(path.join(dir, "package-lock.json"), "utf8"),
          );
        const unexplained = unexplainedDifferences(
          status,
          removeNotes(removed),
          (file) => diffs.get(file) ?? "",
        ).filter((line) => !(lockChurn && line === lockfile));
        const shown = `git status after remove:\n${status}\n${[...diffs.values()].join("")}\nremove printed:\n${removed}`;
        expect(unexplained, shown).toEqual([]);
      },
    );
  });
}
