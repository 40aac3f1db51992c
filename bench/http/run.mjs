#!/usr/bin/env node
/**
 * `npm run bench:http`: a bounded load test through real servers (issue 25, point 5). The same Express app and
 * the same Next app, each booted twice on loopback: once with our runtime as `auth init` writes it, once wired
 * with the peer (@auth/express, next-auth 5). Each side signs in through its own credentials form, then
 * autocannon loads `GET <authBase>/session` and the protected page `/me` with that cookie, the two sides
 * interleaved (alternating which goes first each round), for a fixed duration and connection count. It prints
 * requests/s, mean, p50 and p99 latency per row and ours ÷ theirs, and exits 1 when any request errored, timed
 * out, got a non-2xx answer or went unanswered, or when a checked answer (one after each run) is not the
 * signed-in session.
 *
 * Scale (environment): HTTP_SECONDS per run (8), HTTP_CONNECTIONS (10), HTTP_ROUNDS (3), HTTP_WARMUP seconds
 * per URL before measuring (2), HTTP_FRAMEWORKS (express,next). HTTP_KEEP=1 keeps the app copies.
 * Runs on the existing build (dist/): `npm run build` first after changing src/. Each half measures for
 * 2 URLs × 2 sides × (rounds × seconds + warm-up), about 1.7 minutes at the defaults, after setting up: the
 * Express half in about 10 s (init and two tsc builds), the Next half in about 1 minute (two `next build`s; 1.5
 * minutes at load 10). About 5 minutes in all.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../test/support/ports.mjs";
import { REPO_ROOT, removeApp } from "./app-copy.mjs";
import { prepareExpressApp } from "./express-apps.mjs";
import { checkProtected, checkSignedIn, loadUrl } from "./load.mjs";
import { prepareNextApp } from "./next-apps.mjs";
import { combineRounds, formatRatios, formatRow, HEADER } from "./report.mjs";
import { DEMO_USER, signIn } from "./sign-in.mjs";

const scale = {
  seconds: positive("HTTP_SECONDS", 8),
  connections: positive("HTTP_CONNECTIONS", 10),
  rounds: positive("HTTP_ROUNDS", 3),
  warmup: positive("HTTP_WARMUP", 2),
};
const FRAMEWORKS = {
  express: { prepare: prepareExpressApp, peer: "@auth/express", parallel: true },
  next: { prepare: prepareNextApp, peer: "next-auth 5", parallel: false },
};
const chosen = (process.env.HTTP_FRAMEWORKS ?? "express,next").split(",").map((name) => name.trim());

/** Which build of ours runs: init copies the runtime from dist/, built from the working tree at some commit. */
function ours() {
  const built = fs.statSync(path.join(REPO_ROOT, "dist", "runtime", "index.js")).mtime.toISOString();
  let head = "no git";
  try {
    head = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: REPO_ROOT, encoding: "utf8" }).trim();
  } catch {
    // Not a checkout (a copied tree): the build time alone says which runtime it is.
  }
  return `dist/ built ${built} (HEAD ${head})`;
}

/** `<name> <version>` of a package the apps link from this repository's node_modules. */
function version(name) {
  const manifest = path.join(REPO_ROOT, "node_modules", name, "package.json");
  return `${name} ${JSON.parse(fs.readFileSync(manifest, "utf8")).version}`;
}

/** A whole positive number from the environment, or the default; anything else is refused with its name. */
function positive(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${name} must be a whole number of at least 1, not "${raw}"`);
    process.exit(2);
  }
  return value;
}

const unknown = chosen.filter((name) => !(name in FRAMEWORKS));
if (unknown.length > 0) {
  console.error(`HTTP_FRAMEWORKS: unknown ${unknown.join(", ")} (choose from ${Object.keys(FRAMEWORKS).join(", ")})`);
  process.exit(2);
}

// Servers run in their own process groups: stop them on Ctrl-C too, not only when the run ends.
const running = new Set();
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, async () => {
    await Promise.all([...running].map((server) => server.stop()));
    process.exit(130);
  });
}

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");
const before = loadAverage();
console.log(
  `HTTP load through booted apps: ${scale.seconds} s × ${scale.rounds} rounds per row, ${scale.connections} ` +
    `connections, 127.0.0.1, autocannon; Node ${process.version}, ${os.cpus().length} cores`,
);
console.log(`Ours: ${ours()}`);
console.log(
  `Versions: ${["express", "@auth/express", "@auth/core", "next", "next-auth", "autocannon"].map(version).join(", ")}`,
);
console.log(`Load average before: ${before}`);

const problems = [];
for (const framework of chosen) {
  await measureFramework(framework, FRAMEWORKS[framework]);
}
console.log(`\nLoad average before: ${before}; after: ${loadAverage()}`);
if (problems.length > 0) {
  console.error(`\nFAILED: ${problems.length} problem(s):\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
  process.exit(1);
}

/** Sets up, boots, signs into and loads both sides of one framework, then prints its rows and ratios. */
async function measureFramework(framework, { prepare, peer, parallel }) {
  const started = performance.now();
  const apps = await prepareBoth(prepare, parallel);
  const setUp = Math.round((performance.now() - started) / 1000);
  const label = (app) => (app.side === "ours" ? "ours" : peer);
  try {
    for (const app of apps) {
      const port = await freePort();
      app.origin = `http://127.0.0.1:${port}`;
      app.server = await app.start(port);
      running.add(app.server);
      app.cookie = await signIn(app.origin, app.authBase);
      const problem = await checkProtected(`${app.origin}${app.page}`);
      if (problem) problems.push(`${framework}, ${label(app)}: ${problem}`);
    }
    const targets = [
      { path: (app) => `${app.authBase}/session`, kind: "session" },
      { path: (app) => app.page, kind: "page" },
    ];
    const rows = new Map(apps.flatMap((app) => targets.map((target) => [key(app, target), []])));
    // Warm-up: JIT, Next's first render of the page, connection set-up; its figures are not kept.
    for (const target of targets) {
      for (const app of apps) await measure(app, target, scale.warmup);
    }
    for (let round = 0; round < scale.rounds; round += 1) {
      for (const target of targets) {
        const order = round % 2 === 0 ? apps : [...apps].reverse();
        for (const app of order) rows.get(key(app, target)).push(await measure(app, target, scale.seconds));
      }
    }
    console.log(`\n${framework === "next" ? "Next" : "Express"} (set up and built in ${setUp} s)`);
    console.log(HEADER);
    const combined = new Map([...rows].map(([name, rounds]) => [name, combineRounds(rounds)]));
    for (const target of targets) {
      for (const app of apps) {
        console.log(
          formatRow(`${app.framework} GET ${target.path(app)}, ${label(app)}`, combined.get(key(app, target))),
        );
      }
    }
    for (const target of targets) {
      const [ours, theirs] = apps.map((app) => combined.get(key(app, target)));
      console.log(formatRatios(`${apps[0].framework} GET ${target.path(apps[0])}, ours ÷ ${peer}`, ours, theirs));
    }
  } finally {
    for (const app of apps) {
      if (app.server) {
        await app.server.stop();
        running.delete(app.server);
      }
      if (process.env.HTTP_KEEP === "1") console.log(`kept ${app.side}: ${app.dir}`);
      else await removeApp(app.dir);
    }
  }

  /** One autocannon run on one URL of one app, then its answer checked; anything wrong goes to `problems`. */
  async function measure(app, target, seconds) {
    const url = `${app.origin}${target.path(app)}`;
    const result = await loadUrl(url, app.cookie, { seconds, connections: scale.connections });
    const where = `${app.framework} GET ${target.path(app)}, ${label(app)}`;
    for (const count of ["errors", "timeouts", "non2xx"]) {
      if (result[count] > 0) problems.push(`${where}: ${result[count]} ${count} of ${result.requests} requests`);
    }
    if (result.requests === 0) problems.push(`${where}: no request was answered`);
    if (result.unanswered > scale.connections) {
      problems.push(`${where}: ${result.unanswered} requests lost (sent, never answered, never failed)`);
    }
    const problem = await checkSignedIn(url, app.cookie, { name: DEMO_USER.name, kind: target.kind });
    if (problem) problems.push(`${where}: ${problem}\n${app.server.output().slice(-2000)}`);
    return result;
  }
}

/**
 * Both sides set up (at once where the builds are light); when one fails, the other's copy is removed too, and
 * the failure is thrown (each prepare removes its own copy when it fails).
 */
async function prepareBoth(prepare, parallel) {
  const settled = parallel
    ? await Promise.allSettled([prepare("ours"), prepare("theirs")])
    : [await settle(prepare("ours"))];
  if (!parallel && settled[0].status === "fulfilled") settled.push(await settle(prepare("theirs")));
  const failed = settled.find((outcome) => outcome.status === "rejected");
  if (!failed) return settled.map((outcome) => outcome.value);
  for (const outcome of settled) if (outcome.status === "fulfilled") await removeApp(outcome.value.dir);
  throw failed.reason;
}

function settle(promise) {
  return promise.then(
    (value) => ({ status: "fulfilled", value }),
    (reason) => ({ status: "rejected", reason }),
  );
}

function key(app, target) {
  return `${app.side} ${target.kind}`;
}
