// What the test suite needs from the machine beyond npm, checked before anything else runs (npm's `pretest`):
// Debian's chromium drives the end-to-end tests, PostgreSQL and MariaDB serve the database adapters' tests,
// redis-server the rate limiter's.
// Whatever is missing is installed with apt-get when this process may (root, apt-get present); otherwise the
// run stops within a second with the one command that installs it, instead of failing minutes later in the
// first test that needs it. A database server already answering on its loopback port counts as present
// (a container, another install): the tests only talk to it over TCP.
//
//   node test/support/system-packages.mjs          check, install what is missing, or exit 1 with the command
import { spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import net from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** Service tools live in sbin, which a non-login PATH may lack; nothing else is searched beyond PATH. */
const SBIN = ["/usr/sbin", "/sbin"];

/** The directories `findCommand` searches: PATH, then sbin. */
export function searchPath(env = process.env) {
  return [...(env.PATH ?? "").split(path.delimiter).filter(Boolean), ...SBIN];
}

/** The absolute path of an executable `command` in `directories`, or undefined. */
export function findCommand(command, directories = searchPath()) {
  for (const directory of directories) {
    const candidate = path.join(directory, command);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** Resolves true when something accepts a TCP connection on 127.0.0.1:`port` within a second. */
export function portAnswers(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port, timeout: 1_000 });
    const done = (answered) => {
      socket.destroy();
      resolve(answered);
    };
    socket.once("connect", () => done(true));
    socket.once("timeout", () => done(false));
    socket.once("error", () => done(false));
  });
}

/**
 * The Debian packages the tests use, each with how its presence is recognised: the commands the test
 * harnesses run (test/support/chromium.mjs, postgres.mjs, mariadb.mjs), or its server on its port.
 */
export const SYSTEM_PACKAGES = Object.freeze([
  { name: "chromium", purpose: "the end-to-end tests' browser", commands: ["chromium"] },
  { name: "postgresql", purpose: "the PostgreSQL adapter's tests", commands: ["pg_ctlcluster"], port: 5432 },
  { name: "mariadb-server", purpose: "the MySQL adapter's tests", commands: ["mariadbd", "mysqld"], port: 3306 },
  // No port: each rate-limit test file starts its own redis-server (test/support/redis.mjs), so the command counts.
  { name: "redis-server", purpose: "the rate limiter's Redis tests", commands: ["redis-server"] },
  { name: "hyperfine", purpose: "the start-up bench (test/runtime/bench.test.ts)", commands: ["hyperfine"] },
]);

/** The packages of SYSTEM_PACKAGES that this machine lacks, as `{ name, purpose }`. */
export async function missingPackages({ find = findCommand, answers = portAnswers } = {}) {
  const missing = [];
  for (const pkg of SYSTEM_PACKAGES) {
    if (pkg.commands.some((command) => find(command) !== undefined)) continue;
    if (pkg.port !== undefined && (await answers(pkg.port))) continue;
    missing.push({ name: pkg.name, purpose: pkg.purpose });
  }
  return missing;
}

/** The one command that installs `names`: as is for root, through sudo for anyone else. */
export function installCommand(names, { root }) {
  return `${root ? "" : "sudo "}apt-get install -y ${names.join(" ")}`;
}

/**
 * What to do about `missing`: nothing, install (root with apt-get), or stop with the command that installs it.
 * Pure: the caller says whether it is root and whether apt-get is there.
 */
export function provisioningPlan(missing, { root, aptGet }) {
  if (missing.length === 0) return { action: "none" };
  const names = missing.map((pkg) => pkg.name);
  if (root && aptGet) return { action: "install", names };
  const needs = missing.map((pkg) => `${pkg.name} (${pkg.purpose})`).join(", ");
  const command = installCommand(names, { root });
  const how = aptGet ? command : `${command} (on Debian or Ubuntu; elsewhere, your system's packages)`;
  return { action: "stop", message: `The tests need ${needs}, which this machine lacks. Install with: ${how}` };
}

/** Runs apt-get with its output on our stderr; throws with the command when it fails. */
function aptGet(aptGetPath, args) {
  const result = spawnSync(aptGetPath, args, {
    stdio: ["ignore", process.stderr, process.stderr],
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (result.status !== 0) throw new Error(`apt-get ${args.join(" ")} failed (exit ${result.status ?? result.signal})`);
}

/**
 * Checks the machine and installs what is missing when it can (one apt-get update, one install); throws an
 * Error whose message names the install command when it cannot, or when the install did not provide it.
 */
export async function provisionSystemPackages({ env = process.env, log = (line) => console.error(line) } = {}) {
  const directories = searchPath(env);
  const find = (command) => findCommand(command, directories);
  const aptGetPath = find("apt-get");
  const root = process.getuid?.() === 0;
  const plan = provisioningPlan(await missingPackages({ find }), { root, aptGet: aptGetPath !== undefined });
  if (plan.action === "none") return;
  if (plan.action === "stop") throw new Error(plan.message);
  log(`tests: installing ${plan.names.join(", ")} with apt-get (once per machine)`);
  // A fresh image has no package lists: install needs them.
  aptGet(aptGetPath, ["update", "-qq"]);
  aptGet(aptGetPath, ["install", "-y", "-qq", ...plan.names]);
  const still = await missingPackages({ find });
  if (still.length > 0) {
    throw new Error(
      `apt-get installed ${plan.names.join(" ")} but ${still.map((pkg) => pkg.name).join(", ")} is still missing`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  try {
    await provisionSystemPackages();
  } catch (error) {
    console.error(`tests: ${error.message}`);
    process.exit(1);
  }
}
