/**
 * The runtime package written into the app (`vendor/auth-runtime`, linked from package.json) against its
 * MANIFEST.json, which holds the sha256 of every file create-auth wrote (runtime-package/plan.ts): files
 * gone, files edited since, the version against this CLI's, and the peers it imports declared by the app.
 */
import { readManifest, sha256 } from "../runtime-package/plan.js";
import { RUNTIME_PEERS } from "../runtime-package/source.js";
import type { DoctorContext } from "./context.js";
import { type Finding, finding, ok } from "./finding.js";

/** -1, 0 or 1: `a` older, equal or newer than `b` (dotted numbers; a pre-release sorts before its release). */
function compareVersions(a: string, b: string): number {
  const parse = (v: string) => {
    const [core = "", pre] = v.split("-", 2);
    return { numbers: core.split(".").map(Number), pre };
  };
  const x = parse(a);
  const y = parse(b);
  for (let i = 0; i < 3; i++) {
    const d = (x.numbers[i] ?? 0) - (y.numbers[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  if (x.pre === y.pre) return 0;
  if (x.pre === undefined) return 1;
  if (y.pre === undefined) return -1;
  return x.pre < y.pre ? -1 : 1;
}

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
  const manifest = readManifest(reader, runtimeDir);
  if (!manifest) {
    return [
      finding(
        "error",
        "runtime.manifest-missing",
        `${runtimeDir}/MANIFEST.json is missing or not JSON: create-auth can no longer tell its files from your edits, so no update or add-provider can change them safely.`,
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
  const order = compareVersions(manifest.version, ctx.runtime.version);
  if (order < 0) {
    findings.push(
      finding(
        "warning",
        "runtime.outdated",
        `The runtime package is version ${manifest.version}; this CLI ships ${ctx.runtime.version}.`,
        `update it from this CLI with npx create-auth update (arriving in a later version); the package keeps working as it is until then`,
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
