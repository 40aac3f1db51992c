/**
 * The runtime package written into the app (`vendor/auth-runtime`, linked from package.json) against its
 * MANIFEST.json, which holds the sha256 of every file create-auth wrote (runtime-package/plan.ts): files
 * gone, files edited since, the version against this CLI's (SemVer precedence, versions.ts), and the peers it
 * imports declared by the app. The manifest is read and checked the way `auth update` reads it, and each file
 * is judged by the rule update follows (update/runtime-state.ts), so every fix here is a command that works as
 * printed: update writes a deleted file again, and keeps an edit until the file is deleted; git restores only
 * what was committed, so it is named only then.
 */

import { type Finding, finding, ok } from "../../checks/finding.js";
import { CliError } from "../../errors.js";
import { gitHas, initAgain } from "../../review/restore.js";
import { readRuntimeManifest, restoreManifest } from "../../runtime-package/manifest.js";
import { runtimeFileStates } from "../../runtime-package/runtime-state.js";
import { RUNTIME_PEERS } from "../../runtime-package/source.js";
import type { DoctorContext } from "./context.js";
import { compareVersions, parseVersion } from "./versions.js";

const listed = (files: string[]) =>
  files.length > 5 ? `${files.slice(0, 5).join(", ")} and ${files.length - 5} more` : files.join(", ");

export function checkRuntimePackage(ctx: DoctorContext): Finding[] {
  if ("missing" in ctx.setup) return [];
  const { runtimeDir, reader, info, authSource, authPath } = ctx.setup;
  const restore = (file: string, what: string) =>
    gitHas(ctx.root, file)
      ? `restore ${what} from git: git checkout -- ${file}`
      : `${file} was never committed, so git cannot restore it; write the runtime package again: ${initAgain(authSource, authPath)}`;
  if (!reader.isDirectory(runtimeDir)) {
    return [
      finding(
        "error",
        "runtime.missing",
        `package.json links @create-auth/runtime from ${runtimeDir}, which does not exist: the app cannot build.`,
        restore(runtimeDir, "it"),
        runtimeDir,
      ),
    ];
  }
  // The manifest read as update reads it (update/manifest.ts): one set of rules for a usable manifest, and no
  // file it lists outside the package is ever read.
  let manifest: ReturnType<typeof readRuntimeManifest>;
  try {
    manifest = readRuntimeManifest(reader, info, runtimeDir);
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    return [
      finding(
        "error",
        "runtime.manifest-missing",
        error.message,
        restoreManifest(reader, info, runtimeDir, `${runtimeDir}/MANIFEST.json`),
        `${runtimeDir}/MANIFEST.json`,
      ),
    ];
  }
  const findings: Finding[] = [];
  const { deleted: missing, edited: changed } = runtimeFileStates(reader, runtimeDir, manifest);
  if (missing.length > 0) {
    findings.push(
      finding(
        "error",
        "runtime.file-missing",
        `${missing.length} file${missing.length === 1 ? "" : "s"} of the runtime package ${missing.length === 1 ? "is" : "are"} gone from ${runtimeDir}: ${listed(missing)}. Imports of ${missing.length === 1 ? "it" : "them"} fail at build time.`,
        `npx create-auth update (it writes ${missing.length === 1 ? "it" : "them"} again)`,
        runtimeDir,
      ),
    );
  }
  if (changed.length > 0) {
    findings.push(
      finding(
        "warning",
        "runtime.file-changed",
        `${changed.length} file${changed.length === 1 ? "" : "s"} in ${runtimeDir} changed since create-auth wrote ${changed.length === 1 ? "it" : "them"}: ${listed(changed)}. npx create-auth update keeps ${changed.length === 1 ? "the edit" : "the edits"}, merging its own later changes in.`,
        `if the edit is not deliberate, delete ${changed.length === 1 ? "the file" : "those files"} and run npx create-auth update, which writes create-auth's version again`,
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
