// The steps every initialised fixture goes through before it starts, whatever its framework, as a person
// would take them: a fresh copy of the fixture (no install or build output), the built CLI run on it, the
// person's edits, install, build; each step timed, and the copy removed when one fails. The
// <framework>-app.mjs modules add their framework's own part: its edits, its build, how its server starts.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { rememberCopy, seededInstall } from "./install-seeds.mjs";
import { runCommand } from "./processes.mjs";
import { keepAppPrebuild, sqlitePrebuildEnv } from "./sqlite-prebuild.mjs";
import { fillEnv } from "./user-edits.mjs";

export const REPO_ROOT = path.resolve(import.meta.dirname, "..", "..");

/** A fixture under test/fixtures by name (`next-16-src`, …). */
export function fixturePath(name) {
  return path.join(REPO_ROOT, "test", "fixtures", name);
}

/**
 * The environment for the app's own processes: ours minus what would change their behaviour (vitest sets
 * NODE_ENV=test, which Next refuses to build with; stray AUTH_* values would override the env file).
 */
export function appProcessEnv(extra = {}) {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (key === "NODE_ENV" || key.startsWith("VITEST") || key.startsWith("AUTH_") || key.startsWith("NEXTAUTH_"))
      continue;
    env[key] = value;
  }
  return { ...env, NEXT_TELEMETRY_DISABLED: "1", ...extra };
}

/** Any framework's install and build output (Next, SvelteKit, tsc, Nitro, vinxi): never part of a fresh copy. */
const OUTPUT = /(^|[\\/])(node_modules|\.next|\.svelte-kit|build|dist|\.output|\.vinxi|\.nitro)([\\/]|$)/;

/** Copies a fixture directory (without install or build output) into a fresh temp directory. */
export async function copyFixture(fixture) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `create-auth-${path.basename(fixture)}-`));
  await fs.cp(fixture, dir, { recursive: true, filter: (source) => !OUTPUT.test(path.relative(fixture, source)) });
  await rememberCopy(dir);
  return dir;
}

/**
 * Runs the built CLI exactly as a user would, without letting it install. `extraArgs` add flags
 * (`--strategy database --db sqlite`); `node` is the Node the person runs it with (ours by default).
 */
export function initAuth(dir, providers = ["oidc", "credentials"], extraArgs = [], node = process.execPath) {
  return runCommand(
    node,
    [
      path.join(REPO_ROOT, "bin", "create-auth.js"),
      "init",
      dir,
      "--providers",
      providers.join(","),
      "--yes",
      "--no-install",
      ...extraArgs,
    ],
    { cwd: REPO_ROOT, env: appProcessEnv() },
  );
}

/**
 * `npm install` from the local cache where it can; `env` puts another Node first on PATH where one is needed.
 * better-sqlite3 unpacks the repository's own binary instead of compiling, or one an earlier install compiled
 * for the same version and Node (sqlite-prebuild.mjs). In an e2e run, a fresh copy of a fixture installed
 * before in the run starts from that install's node_modules (install-seeds.mjs); `seedMs` is that copy's
 * share of `ms`.
 */
export function installApp(dir, env = appProcessEnv()) {
  return seededInstall(dir, env, async () => {
    const install = await runCommand("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund"], {
      cwd: dir,
      env: { ...env, ...sqlitePrebuildEnv() },
    });
    keepAppPrebuild(dir, env);
    return install;
  });
}

/** Fills values into an env file in place (fillEnv: set where the key is, appended where it is not). */
export async function fillEnvFile(file, values) {
  await fs.writeFile(file, fillEnv(await fs.readFile(file, "utf8"), values));
}

/**
 * Every step before start, timed: a fresh copy of `fixture` (a directory), init with `providers` and
 * `initArgs` (run by `initNode`), `edits(dir)`, install, then `build(dir, env)`, which resolves with its own
 * steps' timings. `env` is what install and build run in. Removes the copy when a step fails.
 */
export async function prepareFixtureApp({
  fixture,
  providers,
  initArgs = [],
  initNode,
  edits,
  build,
  env = appProcessEnv(),
  log = () => {},
}) {
  const timings = {};
  const dir = await copyFixture(fixture);
  log(`app directory: ${dir}`);
  try {
    timings.init = (await initAuth(dir, providers, initArgs, initNode)).ms;
    log(`create-auth init: ${timings.init} ms`);
    await edits(dir);
    const install = await installApp(dir, env);
    timings.install = install.ms;
    if (install.seedMs) timings.installSeed = install.seedMs;
    log(`npm install: ${timings.install} ms`);
    Object.assign(timings, await build(dir, env));
    return { dir, timings };
  } catch (error) {
    // The error carries the failing step's output; a half-prepared copy (with node_modules) is only litter.
    await fs.rm(dir, { recursive: true, force: true });
    throw error;
  }
}
