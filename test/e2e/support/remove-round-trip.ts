/**
 * Issue 14's round trip for `auth remove`, on a real app, as its owner would take it: a fresh copy of the
 * fixture is installed, built and started (its home page answers), then the built CLI's `init`, the owner's
 * edits (in a file init edited, in a file of the app, and a provider's env value filled), and the built
 * CLI's `remove --yes --no-install --json`, typed in the app's folder. `removeRoundTrip` registers the
 * hooks that do this and hands the tests the trees, the report and the first start's answers;
 * `serveAgain` installs again only when package.json's dependencies or the lockfile differ from what the
 * first install used, then builds, starts and fetches the home page as the first start did.
 */
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll } from "vitest";
import {
  appProcessEnv,
  copyFixture,
  fillEnvFile,
  fixturePath,
  initAuth,
  installApp,
  REPO_ROOT,
} from "../../support/fixture-app.mjs";
import { ensureRepositoryBuilt } from "../../support/next-app.mjs";
import { freePort } from "../../support/ports.mjs";
import type { RunningServer } from "../../support/processes.mjs";
import { type RemoveReport, readTree, type Tree } from "./remove-tree.js";

/** One line the owner adds after `init`: `insert` goes right after the first `after` in `file`. */
export interface OwnerEdit {
  file: string;
  after: string;
  insert: string;
}

export interface RemoveCase {
  fixture: string;
  /** Where init mounts the auth routes (`/api/auth` or `/auth`): `<base>/session` answers only with auth. */
  basePath: string;
  /** The env file init merges its keys into. */
  envFile: string;
  /** Top-level install/build output, left out of the trees (node_modules always is). */
  output: readonly string[];
  /** The environment install and build run in (Node 24 first on PATH for SolidStart 2). */
  env(): Promise<NodeJS.ProcessEnv>;
  /** The app's own build, timed per step; `{}` for an app without one. */
  build(dir: string, env: NodeJS.ProcessEnv): Promise<Record<string, number>>;
  start(dir: string, port: number): Promise<RunningServer>;
  /** Text the home page shows, before and after. */
  marker: string;
  /** The owner's edits after init: one in a file init edited, one in a file of the app. */
  edits: readonly OwnerEdit[];
}

/** How the started app answered: its home page, and the auth routes' session endpoint. */
export interface Served {
  status: number;
  html: string;
  headers: Headers;
  sessionStatus: number;
}

export interface RoundTrip {
  readonly dir: string;
  /** The tree after the first install and build, before init. */
  readonly original: Tree;
  /** The original tree with the owner's edits applied: what remove should leave, but for what it keeps. */
  readonly expected: Tree;
  /** The tree right after remove. */
  readonly after: Tree;
  readonly report: RemoveReport;
  readonly before: Served;
  readonly timings: Record<string, number>;
  /** Installs (only when needed), builds and starts the app after remove, runs `probe` on it; resolves with its answers. */
  serveAgain(probe?: Probe): Promise<Served & { reinstalled: boolean }>;
}

/** The provider init adds besides credentials, and the value the owner fills in for it: remove must keep it. */
export const FILLED_KEY = "AUTH_GITHUB_ID";
export const FILLED_VALUE = "Iv1.acme0123456789";

const run = promisify(execFile);

/** Applies one owner's edit to `source`, failing loudly when the text they would edit is not there. */
export function applyEdit(source: string, edit: OwnerEdit): string {
  const at = source.indexOf(edit.after);
  if (at < 0) throw new Error(`${edit.file} has no \`${edit.after}\` to edit`);
  const end = at + edit.after.length;
  return source.slice(0, end) + edit.insert + source.slice(end);
}

/** What a test checks on the started app beyond its home page (a route the owner added), while it runs. */
export type Probe = (served: Served, url: string) => Promise<void>;

/** Starts the app, fetches its home page and `<base>/session`, runs `probe`, and stops it. */
async function serve(testCase: RemoveCase, dir: string, probe?: Probe): Promise<Served> {
  const port = await freePort();
  const server = await testCase.start(dir, port);
  try {
    const url = `http://127.0.0.1:${port}`;
    const home = await fetch(`${url}/`);
    const session = await fetch(`${url}${testCase.basePath}/session`);
    const served = {
      status: home.status,
      html: await home.text(),
      headers: home.headers,
      sessionStatus: session.status,
    };
    await probe?.(served, url);
    return served;
  } finally {
    await server.stop();
  }
}

/** The parts of package.json an install reads: when they and the lockfile are as installed, node_modules is too. */
function installInputs(tree: Tree): string {
  const manifest = JSON.parse(tree.get("package.json")?.toString("utf8") ?? "{}");
  const fields = ["dependencies", "devDependencies", "peerDependencies", "optionalDependencies", "overrides"];
  return JSON.stringify([
    fields.map((field) => manifest[field] ?? null),
    tree.get("package-lock.json")?.toString("utf8") ?? null,
  ]);
}

/** `auth remove --yes --no-install --json` typed in the app's folder, with the built CLI; its JSON report. */
async function removeAuth(dir: string): Promise<RemoveReport> {
  const argv = [path.join(REPO_ROOT, "bin", "create-auth.js"), "remove", "--yes", "--no-install", "--json"];
  try {
    const { stdout } = await run(process.execPath, argv, {
      cwd: dir,
      env: appProcessEnv(),
      maxBuffer: 64 * 1024 * 1024,
    });
    return JSON.parse(stdout);
  } catch (error) {
    // A failed remove says why in its JSON on stdout (`{ ok: false, error }`) or on stderr: show both.
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
    throw new Error(`auth remove failed in ${dir}: ${String(error)}\n${stdout.slice(-4000)}\n${stderr.slice(-4000)}`);
  }
}

function got<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is missing: the round trip's beforeAll failed (see it)`);
  return value;
}

/** Registers the round trip's hooks (install, build, start, init, edits, remove; afterwards the copy goes). */
export function removeRoundTrip(testCase: RemoveCase): RoundTrip {
  const timings: Record<string, number> = {};
  let dir: string | undefined;
  let env: NodeJS.ProcessEnv | undefined;
  let original: Tree | undefined;
  let expected: Tree | undefined;
  let after: Tree | undefined;
  let report: RemoveReport | undefined;
  let before: Served | undefined;
  let begun = 0;

  const timed = async <T>(step: string, work: () => Promise<T>): Promise<T> => {
    const start = performance.now();
    try {
      return await work();
    } finally {
      timings[step] = Math.round(performance.now() - start);
    }
  };

  beforeAll(async () => {
    begun = performance.now();
    timings.repositoryBuild = await ensureRepositoryBuilt();
    env = await testCase.env();
    const appEnv = env;
    dir = await copyFixture(fixturePath(testCase.fixture));
    const app = dir;
    const install = await installApp(app, appEnv);
    timings.install = install.ms;
    if (install.seedMs) timings.installSeed = install.seedMs;
    for (const [step, ms] of Object.entries(await testCase.build(app, appEnv))) timings[`${step}Before`] = ms;
    original = await readTree(app, testCase.output);
    before = await timed("serveBefore", () => serve(testCase, app));

    timings.init = (await initAuth(app, ["credentials", "github"])).ms;
    expected = new Map(original);
    for (const edit of testCase.edits) {
      const file = path.join(app, edit.file);
      await fs.writeFile(file, applyEdit(await fs.readFile(file, "utf8"), edit));
      const originalContent = got(original.get(edit.file), `${edit.file} in the original tree`);
      expected.set(edit.file, Buffer.from(applyEdit(originalContent.toString("utf8"), edit)));
    }
    await fillEnvFile(path.join(app, testCase.envFile), { [FILLED_KEY]: FILLED_VALUE });
    report = await timed("remove", () => removeAuth(app));
    after = await readTree(app, testCase.output);
  });

  afterAll(async () => {
    if (dir) await fs.rm(dir, { recursive: true, force: true });
    timings.total = Math.round(performance.now() - begun);
    console.info(`${testCase.fixture} remove round trip timings (ms): ${JSON.stringify(timings)}`);
  });

  return {
    get dir() {
      return got(dir, "the app");
    },
    get original() {
      return got(original, "the original tree");
    },
    get expected() {
      return got(expected, "the expected tree");
    },
    get after() {
      return got(after, "the tree after remove");
    },
    get report() {
      return got(report, "remove's report");
    },
    get before() {
      return got(before, "the first start");
    },
    timings,
    async serveAgain(probe) {
      const app = got(dir, "the app");
      const appEnv = got(env, "the app's environment");
      const reinstalled = installInputs(await readTree(app, testCase.output)) !== installInputs(this.original);
      if (reinstalled) timings.reinstall = (await installApp(app, appEnv)).ms;
      for (const [step, ms] of Object.entries(await testCase.build(app, appEnv))) timings[`${step}After`] = ms;
      const served = await timed("serveAfter", () => serve(testCase, app, probe));
      return { ...served, reinstalled };
    },
  };
}
