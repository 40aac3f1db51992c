// better-sqlite3 in an app's install: prebuild-install would download the binary from GitHub, which this
// machine cannot reach, so every install compiled it with node-gyp (70–90 s each, ten e2e installs per CI
// run). This repository's own install compiled the same version once; its binary, packed as the release
// tarball prebuild-install expects, is handed to the apps' installs as a local prebuild
// (`npm_config_better_sqlite3_local_prebuilds`). It stands in for the download only: an app that resolves
// another version, or installs under another Node (another ABI), finds no file of its name and compiles as before.
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
  // prebuild-install's name: {name}-v{version}-{runtime}-v{abi}-{platform}{libc}-{arch}.tar.gz (glibc: no libc part).
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  const target = path.join(os.tmpdir(), "create-auth-prebuilds", `${process.versions.modules}-${version}`);
  const tarball = path.join(target, name);
  if (!fs.existsSync(tarball)) {
    fs.mkdirSync(target, { recursive: true });
    // Written under another name and renamed: a parallel worker never unpacks half a tarball.
    const partial = `${tarball}.${process.pid}.tmp`;
    execFileSync("tar", ["-czf", partial, "-C", packageRoot, "build/Release/better_sqlite3.node"]);
    fs.renameSync(partial, tarball);
  }
  return target;
}
