/**
 * Builds an e2e app again after a change to it, the way its framework's first build did (frameworks.ts
 * prepares and builds an app once; a test that edits the installed app afterwards, as `remove-provider` does,
 * needs the same build a second time). Each entry runs under the Node the fixture builds with.
 */
import path from "node:path";
import { appProcessEnv } from "../../support/fixture-app.mjs";
import { buildApp } from "../../support/next-app.mjs";
import { ensureNode24, node24Env } from "../../support/node24.mjs";
import { runCommand } from "../../support/processes.mjs";
import { buildQwikApp } from "../../support/qwik-app.mjs";

/** `vite build` (SvelteKit 3 on Node 24, SvelteKit 2 on ours), as prepareSvelteKitApp runs it. */
async function viteBuild(dir: string, node24: boolean): Promise<void> {
  const node = node24 ? (await ensureNode24()).node : process.execPath;
  const env = node24 ? await node24Env(appProcessEnv()) : appProcessEnv();
  await runCommand(node, [path.join(dir, "node_modules", "vite", "bin", "vite.js"), "build"], { cwd: dir, env });
}

/** The app's own `npm run build`, with Node 24 first on PATH where the fixture builds on it. */
async function npmBuild(dir: string, node24: boolean): Promise<void> {
  const env = node24 ? await node24Env(appProcessEnv()) : appProcessEnv();
  await runCommand("npm", ["run", "build"], { cwd: dir, env });
}

const REBUILDS: Record<string, (dir: string) => Promise<unknown>> = {
  "next-app": buildApp,
  "sveltekit-2": (dir) => viteBuild(dir, false),
  "sveltekit-3": (dir) => viteBuild(dir, true),
  "express-5-ts": (dir) => npmBuild(dir, false),
  "solid-start-1": (dir) => npmBuild(dir, false),
  "solid-start-2": (dir) => npmBuild(dir, true),
  "qwik-city-1": buildQwikApp,
};

/** Builds the installed copy of `fixture` in `dir` again; resolves with the milliseconds it took. */
export async function rebuildApp(fixture: string, dir: string): Promise<number> {
  const rebuild = REBUILDS[fixture];
  if (!rebuild) throw new Error(`no rebuild is known for the fixture ${fixture}`);
  const begun = performance.now();
  await rebuild(dir);
  return Math.round(performance.now() - begun);
}
