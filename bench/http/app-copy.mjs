// The apps the HTTP benchmark loads: a fresh copy of a test fixture in a temp directory, our side set up by the
// built CLI exactly as a person runs it, and node_modules linked from this repository instead of installed (the
// packages are the devDependencies the peers are pinned to, and an install per run would cost minutes offline).
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { appProcessEnv, copyFixture, fixturePath, REPO_ROOT } from "../../test/support/fixture-app.mjs";
import { runCommand } from "../../test/support/processes.mjs";

export { appProcessEnv, REPO_ROOT };

/** A fresh copy of `test/fixtures/<name>` (without install or build output). */
export function copyApp(name) {
  return copyFixture(fixturePath(name));
}

/** `auth init` from the built CLI, as the README tells a person to run it: credentials, JWT sessions, no database. */
export function initOurs(dir) {
  const args = ["init", "--providers", "credentials", "--strategy", "jwt", "--db", "none", "--no-install", "--yes"];
  return runCommand(process.execPath, [path.join(REPO_ROOT, "bin", "auth.js"), ...args], {
    cwd: dir,
    env: appProcessEnv(),
  });
}

/**
 * Gives `dir` a node_modules of links to this repository's packages, plus `@create-auth/runtime` pointing at
 * the runtime init copied into vendor/ (what `npm install` makes of its `file:` dependency). A real directory
 * of links, not one link, so the runtime's entry is added without touching this repository's node_modules.
 */
export async function linkPackages(dir) {
  const source = path.join(REPO_ROOT, "node_modules");
  const target = path.join(dir, "node_modules");
  await fs.mkdir(target);
  for (const entry of await fs.readdir(source)) {
    await fs.symlink(path.join(source, entry), path.join(target, entry), "dir");
  }
  try {
    await fs.access(path.join(dir, "vendor", "auth-runtime"));
  } catch {
    return; // The peer's copy has no vendored runtime.
  }
  await fs.mkdir(path.join(target, "@create-auth"));
  await fs.symlink("../../vendor/auth-runtime", path.join(target, "@create-auth", "runtime"), "dir");
}

/** Applies `[before, after]` replacements to one file, failing loudly when the text to edit is not there. */
export async function editFile(dir, file, pairs) {
  const target = path.join(dir, file);
  let text = await fs.readFile(target, "utf8");
  for (const [before, after] of pairs) {
    if (!text.includes(before)) throw new Error(`${file} in ${dir} has no \`${before}\` to edit`);
    text = text.replace(before, () => after);
  }
  await fs.writeFile(target, text);
}

/** Writes `text` to `file` under `dir`, creating its folders. */
export async function writeFile(dir, file, text) {
  await fs.mkdir(path.dirname(path.join(dir, file)), { recursive: true });
  await fs.writeFile(path.join(dir, file), text);
}

/** A session secret as `auth secret` makes one (32 random bytes, base64url), for the peer's env file. */
export function newSecret() {
  return randomBytes(32).toString("base64url");
}

/** Removes an app copy (the benchmark leaves nothing behind in the temp directory unless asked to). */
export function removeApp(dir) {
  return fs.rm(dir, { recursive: true, force: true });
}
