// npm installs of e2e apps, shared within one e2e run. The first install of a fixture (under a given Node)
// leaves a copy of its node_modules in the run's seed folder; each later install of the same fixture (another
// file's, before or after init, with other init flags) starts from that copy. `npm install` still runs as the
// person types it: it adds what init added, prunes what it did not, runs the app's own install scripts and
// writes the lockfile; only the packages it would fetch and unpack again are already in place, as they are
// for an owner who installed their app before running init. A Next app's install goes from 15–35 s to a few.
// The e2e global set-up gives each run a fresh seed folder and removes it afterwards (global-setup.ts);
// without one (unit tests, the benchmarks) every install starts from nothing, as before.
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { runCommand } from "./processes.mjs";

/** The variable naming the run's seed folder (set by the e2e global set-up). */
export const INSTALL_SEEDS = "CREATE_AUTH_E2E_INSTALL_SEEDS";

/** Fresh copies of fixtures, by folder: the content hash of what was copied. */
const copiedFrom = new Map();

/** Remembers which fixture the fresh copy in `dir` holds (its files' hash), when installs are seeded. */
export async function rememberCopy(dir) {
  if (!process.env[INSTALL_SEEDS]) return;
  const hash = createHash("sha256");
  const walk = async (sub) => {
    const entries = await fs.readdir(path.join(dir, sub), { withFileTypes: true });
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const rel = path.posix.join(sub, entry.name);
      if (entry.isDirectory()) await walk(rel);
      else
        hash
          .update(`${rel}\0`)
          .update(await fs.readFile(path.join(dir, rel)))
          .update("\0");
    }
  };
  await walk("");
  copiedFrom.set(dir, hash.digest("hex"));
}

const exists = (file) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

/**
 * The Node that runs npm and the app's install scripts under `PATH` (native addons are built for its ABI):
 * Node 24 comes first on it for the fixtures that build on Node 24.
 */
async function nodeOnPath(PATH) {
  for (const dir of PATH.split(path.delimiter).filter(Boolean)) {
    const node = path.join(dir, "node");
    if (await exists(node)) return fs.realpath(node);
  }
  return "";
}

/**
 * Runs `install` (npm install in `dir`, under `env`), first putting the fixture's seed in place when the run
 * has one and `dir` has no node_modules yet; keeps a seed after a fixture's first install. Resolves with the
 * install's output, its milliseconds (the seed's copies in and out included) and `seedMs`, the time the copy
 * from a seed took (0: none, the install started from nothing).
 */
export async function seededInstall(dir, env, install) {
  const seeds = process.env[INSTALL_SEEDS];
  const fixture = copiedFrom.get(dir);
  if (!seeds || !fixture) return { ...(await install()), seedMs: 0 };
  const started = performance.now();
  const key = createHash("sha256")
    .update(`${fixture}\0${await nodeOnPath(env.PATH ?? "")}`)
    .digest("hex")
    .slice(0, 32);
  const seed = path.join(seeds, key);
  const modules = path.join(dir, "node_modules");
  const lockfile = path.join(dir, "package-lock.json");
  // Only a fresh copy is seeded, and only a fresh copy's install is kept: a second install in the same
  // folder (after remove) finds build caches in node_modules that are no part of an install.
  const fresh = !(await exists(modules));
  const seeded = fresh && (await exists(seed));
  let seedMs = 0;
  if (seeded) {
    // cp -a keeps the links (.bin, file: dependencies) and the times npm's hidden lockfile is checked against.
    seedMs = (await runCommand("cp", ["-a", path.join(seed, "node_modules"), modules])).ms;
    // Without a lockfile npm would write one from node_modules alone, without the packages' integrity; with
    // the seed's (as an owner who installed before init has one) it writes the one a first install writes.
    // A fixture's own lockfile stays as it is.
    const seedLockfile = path.join(seed, "package-lock.json");
    if (!(await exists(lockfile)) && (await exists(seedLockfile))) await fs.copyFile(seedLockfile, lockfile);
  }
  const { output } = await install();
  if (fresh && !seeded) await keepSeed(dir, seed);
  return { output, ms: Math.round(performance.now() - started), seedMs };
}

/**
 * Copies a fixture's first installed node_modules, and the lockfile npm wrote, to `seed`; unless an install
 * script wrote the app's own code into node_modules: Prisma's client is generated there from the app's schema
 * (node_modules/.prisma), which another copy of the fixture may have changed. Copied under a temporary name
 * and renamed: a parallel file never seeds from half a copy, and the first rename wins.
 */
async function keepSeed(dir, seed) {
  const modules = path.join(dir, "node_modules");
  if (!(await exists(modules)) || (await exists(path.join(modules, ".prisma")))) return;
  const staging = `${seed}.${process.pid}.tmp`;
  await fs.mkdir(staging, { recursive: true });
  try {
    const lockfile = path.join(dir, "package-lock.json");
    const kept = (await exists(lockfile)) ? [modules, lockfile] : [modules];
    await runCommand("cp", ["-a", ...kept, staging]);
    await fs.rename(staging, seed);
  } catch (error) {
    if (!(await exists(seed))) throw error;
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}
