/**
 * What `auth update` reads before planning: the runtime package's folder (package.json's
 * `"@create-auth/runtime": "file:…"`), and its MANIFEST.json checked entry by entry. The manifest is the
 * project's own file, so it is input like any other: a file path that is absolute, climbs out with `..` or
 * is otherwise not a plain relative path is refused before anything is read or planned through it, and a
 * manifest that is missing or not one is a one-line error saying how to get a good one back.
 */

import { CliError } from "../errors.js";
import type { ProjectReader } from "../project/reader.js";
import type { PackageJson, ProjectInfo } from "../project/types.js";
import { gitHas, initAgainIn } from "../review/restore.js";
import type { RuntimeEntry } from "./entries.js";
import { linkedRuntime } from "./link.js";
import { isPlainPath } from "./paths.js";
import { type Manifest, RUNTIME_PACKAGE_NAME } from "./plan.js";

/** The runtime folder package.json links (`file:./vendor/auth-runtime` → `vendor/auth-runtime`); refuses one outside the app. */
export function linkedRuntimeDir(reader: ProjectReader): string {
  const text = reader.read("package.json");
  let pkg: PackageJson = {};
  try {
    pkg = text === null ? {} : (JSON.parse(text) as PackageJson);
  } catch {
    throw new CliError("UnsupportedProject", `${reader.root}/package.json is not valid JSON; fix it, then run update.`);
  }
  const link = linkedRuntime(pkg);
  if (link === null) {
    throw new CliError(
      "NotSetUp",
      `${reader.root} has no create-auth setup (its package.json does not link ${RUNTIME_PACKAGE_NAME} from a folder): run npx create-auth init there first.`,
    );
  }
  if ("outside" in link) {
    throw new CliError(
      "UnsupportedProject",
      `package.json links ${RUNTIME_PACKAGE_NAME} from ${link.outside}, outside the app: update only writes inside ${reader.root}.`,
    );
  }
  return link.dir;
}

/**
 * How to get a usable manifest back, as commands that work as printed: git only where it has the file; init
 * with the auth module's providers (without a terminal it needs them) once the old folder is out of its way
 * (init refuses to write over runtime files an older CLI wrote). doctor's fix says the same.
 */
export function restoreManifest(reader: ProjectReader, info: AppFacts, dir: string, file: string): string {
  const afresh = `move ${dir} out of the app (your edits in it are yours to carry over), then run ${initAgainIn(reader, info)}, which writes the runtime afresh`;
  return gitHas(reader.root, file)
    ? `restore it from git (git checkout -- ${file}), or ${afresh}`
    : `${file} was never committed, so git cannot restore it: ${afresh}`;
}

/** The project as detect read it (its auth files name the providers to init again with), or null. */
type AppFacts = Pick<ProjectInfo, "existingAuthFiles"> | null;

const HASH = /^[0-9a-f]{64}$/;
const ENTRY = /^\.(\/[\w@.-]+)*$/;

/** The manifest of the runtime package in `dir`, checked; every way it can be wrong is one line saying what to do. */
export function readRuntimeManifest(
  reader: ProjectReader,
  info: AppFacts,
  dir: string,
): Manifest & { entries: RuntimeEntry[] } {
  const file = `${dir}/MANIFEST.json`;
  // Asked of git and of the auth module only when the manifest is refused.
  const restore = () => restoreManifest(reader, info, dir, file);
  const text = reader.read(file);
  if (text === null) {
    throw new CliError(
      "NotSetUp",
      `${file} is missing, so update cannot tell your edits from create-auth's files: ${restore()}.`,
    );
  }
  let manifest: Partial<Manifest>;
  try {
    manifest = JSON.parse(text) as Partial<Manifest>;
  } catch {
    throw new CliError("UnsupportedProject", `${file} is not valid JSON: ${restore()}.`);
  }
  const files = manifest?.files;
  if (
    typeof manifest !== "object" ||
    manifest === null ||
    typeof files !== "object" ||
    files === null ||
    Array.isArray(files)
  ) {
    throw new CliError("UnsupportedProject", `${file} has no "files" object of paths and hashes: ${restore()}.`);
  }
  for (const [name, hash] of Object.entries(files)) {
    if (!isPlainPath(name) || name === "MANIFEST.json") {
      throw new CliError(
        "UnsupportedProject",
        `${file} lists ${JSON.stringify(name)}, which is not a file inside ${dir}; update refuses to write through it: ${restore()}.`,
      );
    }
    if (typeof hash !== "string" || !HASH.test(hash)) {
      throw new CliError("UnsupportedProject", `${file} records no sha256 for ${name}: ${restore()}.`);
    }
  }
  const entries = manifest.entries ?? exportedEntries(reader, dir);
  if (
    !Array.isArray(entries) ||
    entries.some((entry) => typeof entry !== "string" || !ENTRY.test(entry) || !isEntryPath(entry))
  ) {
    throw new CliError(
      "UnsupportedProject",
      `${file} has an "entries" list that is not the package's exports: ${restore()}.`,
    );
  }
  return {
    name: String(manifest.name ?? RUNTIME_PACKAGE_NAME),
    version: String(manifest.version ?? "unknown"),
    entries: entries as RuntimeEntry[],
    files: files as Record<string, string>,
  };
}

const isEntryPath = (entry: string) => entry === "." || isPlainPath(entry.slice(2));

/** A manifest from before `entries` existed: the package's exports say what the app may import. */
function exportedEntries(reader: ProjectReader, dir: string): unknown {
  try {
    const pkg = JSON.parse(reader.read(`${dir}/package.json`) ?? "") as { exports?: Record<string, unknown> };
    return pkg.exports ? Object.keys(pkg.exports) : null;
  } catch {
    return null;
  }
}
