/**
 * The runtime package written into the app (`vendor/auth-runtime`, linked from package.json) against its
 * MANIFEST.json, which holds the sha256 of every file create-auth wrote (runtime-package/plan.ts): files
 * gone, files edited since, the version against this CLI's (SemVer precedence, versions.ts), and the peers it
 * imports declared by the app. The manifest is read and checked the way `auth update` reads it.
 */
import { CliError } from "../errors.js";
import { sha256 } from "../runtime-package/plan.js";
import { RUNTIME_PEERS } from "../runtime-package/source.js";
import { readRuntimeManifest } from "../update/manifest.js";
import type { DoctorContext } from "./context.js";
import { type Finding, finding, ok } from "./finding.js";
import { compareVersions, parseVersion } from "./versions.js";

const listed = (files: string[]) =>
  files.length > 5 ? `${files.slice(0, 5).join(", ")} and ${files.length - 5} more` : files.join(", ");

export function checkRuntimePackage(ctx: DoctorContext): Finding[] {
  if ("missing" in ctx.setup) return [];
  const { runtimeDir, reader, info } = ctx.setup;
  if (!reader.isDirectory(runtimeDir)) {
    return [
      finding(
        "error",
        "runtime.missing",
        `package.json links @create-auth/runtime from ${runtimeDir}, which does not exist: the app cannot build.`,
        `restore ${runtimeDir} from git (git checkout -- ${runtimeDir}), or move the auth files aside and run npx create-auth init again`,
        runtimeDir,
      ),
    ];
  }
  // The manifest read as update reads it (update/manifest.ts): one set of rules for a usable manifest, and no
  // file it lists outside the package is ever read.
  let manifest: ReturnType<typeof readRuntimeManifest>;
  try {
    manifest = readRuntimeManifest(reader, runtimeDir);
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    return [
      finding(
        "error",
        "runtime.manifest-missing",
        error.message,
        `restore it from git (git checkout -- ${runtimeDir}/MANIFEST.json)`,
        `${runtimeDir}/MANIFEST.json`,
      ),
    ];
  }
  const findings: Finding[] = [];
  const missing: string[] = [];
  const changed: string[] = [];
  for (const [file, hash] of Object.entries(manifest.files)) {
    const text = reader.read(`${runtimeDir}/${file}`);
    if (text === null) missing.push(file);
    else if (sha256(text) !== hash) changed.push(file);
  }
  if (missing.length > 0) {
    findings.push(
      finding(
        "error",
        "runtime.file-missing",
        `${missing.length} file${missing.length === 1 ? "" : "s"} of the runtime package ${missing.length === 1 ? "is" : "are"} gone from ${runtimeDir}: ${listed(missing)}. Imports of ${missing.length === 1 ? "it" : "them"} fail at build time.`,
        `restore them from git (git checkout -- ${runtimeDir})`,
        runtimeDir,
      ),
    );
  }
  if (changed.length > 0) {
    findings.push(
      finding(
        "warning",
        "runtime.file-changed",
        `${changed.length} file${changed.length === 1 ? "" : "s"} in ${runtimeDir} changed since create-auth wrote ${changed.length === 1 ? "it" : "them"}: ${listed(changed)}. Updates will not overwrite ${changed.length === 1 ? "it" : "them"} without --force.`,
        `if the edit is not deliberate, restore ${changed.length === 1 ? "it" : "them"} (git diff ${runtimeDir} shows what changed)`,
        runtimeDir,
      ),
    );
  }
  // A version that is not SemVer (a hand-edited manifest) is compared with nothing: no claim either way.
  const order =
    parseVersion(manifest.version) && parseVersion(ctx.runtime.version)
      ? Math.sign(compareVersions(manifest.version, ctx.runtime.version))
      : 0;
  if (order < 0) {
    findings.push(
      finding(
        "warning",
        "runtime.outdated",
        `The runtime package is version ${manifest.version}; this CLI ships ${ctx.runtime.version}.`,
        `update it from this CLI with npx create-auth update (it keeps your edits, and asks where they meet its changes)`,
        `${runtimeDir}/MANIFEST.json`,
      ),
    );
  } else if (order > 0) {
    findings.push(
      finding(
        "info",
        "runtime.newer",
        `The runtime package is version ${manifest.version}, newer than this CLI (${ctx.runtime.version}).`,
        "run the CLI it came from: npx create-auth@latest doctor",
        `${runtimeDir}/MANIFEST.json`,
      ),
    );
  }
  const declared = { ...info.packageJson.dependencies, ...info.packageJson.devDependencies };
  const peers = RUNTIME_PEERS.filter((name) => !declared[name]);
  if (peers.length > 0) {
    findings.push(
      finding(
        "error",
        "runtime.peer-missing",
        `The runtime imports ${peers.join(" and ")}, which package.json does not declare: the app fails to build or start.`,
        `npm install ${peers.map((name) => `${name}@${ctx.runtime.peerDependencies[name] ?? "latest"}`).join(" ")}`,
        "package.json",
      ),
    );
  }
  if (findings.length === 0) {
    findings.push(
      ok(
        "runtime.intact",
        `${runtimeDir}: version ${manifest.version}, all ${Object.keys(manifest.files).length} files as create-auth wrote them.`,
        runtimeDir,
      ),
    );
  }
  return findings;
}
