// The initialised Next fixture as a person would run it: copy the fixture app somewhere fresh, run the
// built CLI on it, make the edits the README asks of a user, install, build, start. Shared by the e2e
// test and `npm run demo`, so the demo shows exactly what the test proves.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { runCommand, startServer } from "./processes.mjs";
import { applyUserEdits } from "./user-edits.mjs";

const repoRoot = path.resolve(import.meta.dirname, "..", "..");
export const NEXT_FIXTURE = path.join(repoRoot, "test", "fixtures", "next-app");

/** A fixture under test/fixtures by name (`next-16-src`, …). */
export function nextFixture(name) {
  return path.join(repoRoot, "test", "fixtures", name);
}

/**
 * The environment for the app's own processes: ours minus what would change their behaviour (vitest sets
 * NODE_ENV=test, which Next refuses to build with; stray AUTH_* values would override `.env.local`).
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

/** Copies the fixture (without any local install or build output) into a fresh temp directory. */
export async function copyFixture(fixture = NEXT_FIXTURE) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "create-auth-next-"));
  await fs.cp(fixture, dir, {
    recursive: true,
    filter: (source) => !/[\\/](node_modules|\.next)([\\/]|$)/.test(path.relative(fixture, source)),
  });
  return dir;
}

/** Builds this repository (dist/), so the CLI and the runtime it copies are the current sources. */
export function buildRepository() {
  return runCommand(process.execPath, [path.join(repoRoot, "scripts", "build.mjs")], { cwd: repoRoot });
}

async function newestMtime(dir) {
  let newest = 0;
  for (const entry of await fs.readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, (await fs.stat(path.join(entry.parentPath, entry.name))).mtimeMs);
  }
  return newest;
}

/**
 * Builds the repository only when dist/ is missing or older than a source file (`npm test` has just built
 * it; rebuilding would empty dist/ under anyone else using it). Resolves with the build time, 0 if skipped.
 * `E2E_DIST=prebuilt` takes an existing dist/ as it is, however old: for a checkout whose sources others are
 * editing while one e2e file runs against the dist/ a lead built.
 */
export async function ensureRepositoryBuilt() {
  const outputs = ["cli/main.js", "runtime/index.js"].map((file) => path.join(repoRoot, "dist", file));
  const built = await Promise.all(
    outputs.map((file) =>
      fs.stat(file).then(
        (s) => s.mtimeMs,
        () => 0,
      ),
    ),
  );
  if (process.env.E2E_DIST === "prebuilt" && Math.min(...built) > 0) return 0;
  const sources = Math.max(
    await newestMtime(path.join(repoRoot, "src")),
    await newestMtime(path.join(repoRoot, "templates")),
  );
  if (Math.min(...built) > sources) return 0;
  return (await buildRepository()).ms;
}

/**
 * Runs the built CLI exactly as a user would, without letting it install. `extraArgs` add flags
 * (`--strategy database --db sqlite`).
 */
export function initAuth(dir, providers = ["oidc", "credentials"], extraArgs = []) {
  return runCommand(
    process.execPath,
    [
      path.join(repoRoot, "bin", "create-auth.js"),
      "init",
      dir,
      "--providers",
      providers.join(","),
      "--yes",
      "--no-install",
      ...extraArgs,
    ],
    { cwd: repoRoot, env: appProcessEnv() },
  );
}

export function installApp(dir) {
  return runCommand("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund"], {
    cwd: dir,
    env: appProcessEnv(),
  });
}

function nextBin(dir) {
  return path.join(dir, "node_modules", "next", "dist", "bin", "next");
}

/** `next build` (Turbopack). Its output goes to our buffer, never through a pipe that could close early. */
export function buildApp(dir) {
  return runCommand(process.execPath, [nextBin(dir), "build"], { cwd: dir, env: appProcessEnv() });
}

/**
 * Starts the app on 127.0.0.1:<port>: `next start` after a build, or `next dev` (no build needed).
 * Resolves once it answers HTTP; the caller stops it by its PID through `stop()`. `echo` prints its log live.
 */
export function startApp(dir, port, { mode = "start", echo = false } = {}) {
  return startServer(process.execPath, [nextBin(dir), mode, "-p", String(port), "-H", "127.0.0.1"], {
    cwd: dir,
    env: appProcessEnv(),
    readyUrl: `http://127.0.0.1:${port}/`,
    timeoutMs: 60_000,
    echo,
  });
}

/** Display names by provider id, from the running app's `<basePath>/providers`: what its buttons say. */
export async function providerNames(appUrl, basePath = "/api/auth") {
  const response = await fetch(`${appUrl}${basePath}/providers`);
  if (!response.ok) throw new Error(`GET ${appUrl}${basePath}/providers answered ${response.status}`);
  const providers = await response.json();
  return Object.fromEntries(Object.values(providers).map((provider) => [provider.id, provider.name]));
}

/**
 * Every step before start, timed: fresh copy, init, the user's edits, install, and (for `next start`) build.
 * `oidc` is the local identity provider the app's OIDC provider is pointed at.
 */
export async function prepareNextApp({
  appUrl,
  oidc,
  build = true,
  log = () => {},
  fixture = NEXT_FIXTURE,
  edits = applyUserEdits,
  providers,
  initArgs = [],
}) {
  const timings = {};
  const dir = await copyFixture(fixture);
  log(`app directory: ${dir}`);
  try {
    timings.init = (await initAuth(dir, providers, initArgs)).ms;
    log(`create-auth init: ${timings.init} ms`);
    await edits(dir, { appUrl, oidc });
    timings.install = (await installApp(dir)).ms;
    log(`npm install: ${timings.install} ms`);
    if (build) {
      timings.build = (await buildApp(dir)).ms;
      log(`next build: ${timings.build} ms`);
    }
    return { dir, timings };
  } catch (error) {
    // The error carries the failing step's output; a half-prepared copy (with node_modules) is only litter.
    await fs.rm(dir, { recursive: true, force: true });
    throw error;
  }
}
