// better-sqlite3 in an app's install: prebuild-install would download the binary from GitHub, which this
// machine cannot reach, so every install compiled it with node-gyp (70–90 s each, ten e2e installs per CI
// run). This repository's own install compiled the same version once; its binary, packed as the release
// tarball prebuild-install expects, is handed to the apps' installs as a local prebuild
// (`npm_config_better_sqlite3_local_prebuilds`). It stands in for the download only: an app that resolves
// another version, or installs under another Node (another ABI), finds no file of its name and compiles as
// before; the binary that compile made is then packed beside the repository's (keepAppPrebuild), so the
// next install of that version under that Node unpacks it (SvelteKit 3's install under Node 24 compiled for
// 70–130 s of every CI run).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";

const require = createRequire(import.meta.url);

/** The variable prebuild-install reads for better-sqlite3's local prebuilds folder. */
const LOCAL_PREBUILDS = "npm_config_better_sqlite3_local_prebuilds";

let folder;

/** `{ [LOCAL_PREBUILDS]: folder }` holding the repository's binary as its release tarball, or `{}` when it has none. */
export function sqlitePrebuildEnv() {
  folder ??= packRepositoryBinary();
  return folder ? { [LOCAL_PREBUILDS]: folder } : {};
}

/**
 * After an app's install in `dir` under `env`: when it compiled better-sqlite3 for a version and Node that
 * have no tarball yet, packs its binary as the one prebuild-install would have downloaded.
 */
export function keepAppPrebuild(dir, env) {
  const folder = sqlitePrebuildEnv()[LOCAL_PREBUILDS];
  const packageRoot = path.join(dir, "node_modules", "better-sqlite3");
  if (!folder || !fs.existsSync(path.join(packageRoot, "build", "Release", "better_sqlite3.node"))) return;
  const { version } = JSON.parse(fs.readFileSync(path.join(packageRoot, "package.json"), "utf8"));
  // The Node the install ran (the first on the app's PATH) built it for its own ABI.
  const abi = execFileSync("node", ["-p", "process.versions.modules"], { env, encoding: "utf8" }).trim();
  packBinary(packageRoot, version, abi, folder);
}

function packRepositoryBinary() {
  let packageRoot;
  try {
    packageRoot = path.dirname(require.resolve("better-sqlite3/package.json"));
  } catch {
    return null;
  }
  const binary = path.join(packageRoot, "build", "Release", "better_sqlite3.node");
  if (!fs.existsSync(binary)) return null;
  const { version } = JSON.parse(fs.readFileSync(path.join(packageRoot, "package.json"), "utf8"));
  const target = path.join(os.tmpdir(), "create-auth-prebuilds", `${process.versions.modules}-${version}`);
  packBinary(packageRoot, version, process.versions.modules, target);
  return target;
}

/** Packs `packageRoot`'s binary into `folder` as prebuild-install's release tarball, unless one is there. */
function packBinary(packageRoot, version, abi, folder) {
  // prebuild-install's name: {name}-v{version}-{runtime}-v{abi}-{platform}{libc}-{arch}.tar.gz (glibc: no libc part).
  const name = `better-sqlite3-v${version}-node-v${abi}-${process.platform}-${process.arch}.tar.gz`;
  const tarball = path.join(folder, name);
  if (fs.existsSync(tarball)) return;
  fs.mkdirSync(folder, { recursive: true });
  // Written under another name and renamed: a parallel worker never unpacks half a tarball.
  const partial = `${tarball}.${process.pid}.tmp`;
  execFileSync("tar", ["-czf", partial, "-C", packageRoot, "build/Release/better_sqlite3.node"]);
  fs.renameSync(partial, tarball);
}
