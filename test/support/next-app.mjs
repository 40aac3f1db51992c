// The initialised Next fixture as a person would run it: copy the fixture app somewhere fresh, run the
// built CLI on it, make the edits the README asks of a user, install, build, start. Shared by the e2e
// test and `npm run demo`, so the demo shows exactly what the test proves.
import fs from "node:fs/promises";
import path from "node:path";
import {
  appProcessEnv,
  copyFixture as copyAnyFixture,
  fixturePath,
  prepareFixtureApp,
  REPO_ROOT,
} from "./fixture-app.mjs";
import { runCommand, startServer } from "./processes.mjs";
import { applyUserEdits } from "./user-edits.mjs";

export { appProcessEnv, fixturePath as nextFixture, initAuth, installApp } from "./fixture-app.mjs";

export const NEXT_FIXTURE = fixturePath("next-app");

/** Copies the fixture (default: next-app), without install or build output, into a fresh temp directory. */
export function copyFixture(fixture = NEXT_FIXTURE) {
  return copyAnyFixture(fixture);
}

/** Builds this repository (dist/), so the CLI and the runtime it copies are the current sources. */
export function buildRepository() {
  return runCommand(process.execPath, [path.join(REPO_ROOT, "scripts", "build.mjs")], { cwd: REPO_ROOT });
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
 * `E2E_DIST=prebuilt` never builds: dist/ is taken as it is, however old, and a missing one is an error (for
 * a checkout whose sources others edit while one e2e file runs against the dist/ someone else builds).
 */
export async function ensureRepositoryBuilt() {
  const outputs = ["cli/main.js", "runtime/index.js"].map((file) => path.join(REPO_ROOT, "dist", file));
  const built = await Promise.all(
    outputs.map((file) =>
      fs.stat(file).then(
        (s) => s.mtimeMs,
        () => 0,
      ),
    ),
  );
  if (process.env.E2E_DIST === "prebuilt") {
    if (Math.min(...built) === 0) throw new Error(`E2E_DIST=prebuilt, but ${outputs.join(" or ")} is missing`);
    return 0;
  }
  // The CLI's templates live beside its modules under src/cli, so src covers them.
  const sources = await newestMtime(path.join(REPO_ROOT, "src"));
  if (Math.min(...built) > sources) return 0;
  return (await buildRepository()).ms;
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
export function prepareNextApp({
  appUrl,
  oidc,
  build = true,
  log = () => {},
  fixture = NEXT_FIXTURE,
  edits = applyUserEdits,
  providers,
  initArgs = [],
}) {
  return prepareFixtureApp({
    fixture,
    providers,
    initArgs,
    log,
    edits: (dir) => edits(dir, { appUrl, oidc }),
    async build(dir) {
      if (!build) return {};
      const ms = (await buildApp(dir)).ms;
      log(`next build: ${ms} ms`);
      return { build: ms };
    },
  });
}
