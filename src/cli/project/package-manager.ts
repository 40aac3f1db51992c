/**
 * Which package manager installs into this project, and for yarn which generation and linker. The
 * lockfile is the project's own record of it, so it wins over `packageManager` in package.json, which
 * wins over the tool that happens to be running us (`npm_config_user_agent`, set by npx, pnpm dlx, yarn
 * dlx, bunx); npm when nothing says. In a workspace the lockfile sits at the workspace root, so that one
 * counts. Two managers' lockfiles side by side are resolved by a stated rule and reported as a note, never
 * silently. Reads only.
 */
import path from "node:path";
import type { ProjectReader } from "./reader.js";

export type PackageManager = "npm" | "pnpm" | "yarn" | "bun";

/** Yarn 1 ("classic") and Yarn 2+ ("berry") differ in lockfile, config file and, above all, linker. */
export interface YarnFlavour {
  generation: "classic" | "berry";
  /** How berry lays out dependencies (`nodeLinker` in .yarnrc.yml, Plug'n'Play by default); classic: node-modules. */
  linker: "node-modules" | "pnp" | "pnpm";
  /** What said so, in words: `__metadata: in yarn.lock`, `nodeLinker: node-modules in .yarnrc.yml`. */
  evidence: string[];
  /** The directory (relative to the project) holding yarn's config and lockfile: the workspace root or "". */
  dir: string;
}

export interface PackageManagerInfo {
  name: PackageManager;
  source: "lockfile" | "package.json" | "user-agent" | "default";
  /** The directory holding the lockfile (the workspace root in a monorepo), when one was found. */
  lockfileDir: string | null;
  /** The lockfile that decided (`pnpm-lock.yaml`), when one did. */
  lockfile: string | null;
  /** Set when the manager is yarn. */
  yarn: YarnFlavour | null;
  /** Said when more than one manager's lockfile was found: which one won, and why. */
  note: string | null;
}

/** Every lockfile each manager writes (npm-shrinkwrap.json is npm's publishable lockfile; bun.lockb is bun < 1.2). */
const LOCKFILES: readonly [string, PackageManager][] = [
  ["pnpm-lock.yaml", "pnpm"],
  ["bun.lock", "bun"],
  ["bun.lockb", "bun"],
  ["yarn.lock", "yarn"],
  ["npm-shrinkwrap.json", "npm"],
  ["package-lock.json", "npm"],
];

/**
 * When two managers' lockfiles sit side by side and nothing names one: every other manager imports from
 * npm's lockfile (pnpm import, bun's migration) and a stray `npm install` writes one, so package-lock.json
 * is the likely leftover; pnpm and bun both migrate from yarn.lock, so it comes after them.
 */
const PREFERENCE: readonly PackageManager[] = ["pnpm", "bun", "yarn", "npm"];

interface FoundLockfile {
  file: string;
  manager: PackageManager;
}

/** `dir` is relative to the project root (`""`, `../..`). */
function lockfilesIn(reader: ProjectReader, dir: string): FoundLockfile[] {
  return LOCKFILES.filter(([file]) => reader.exists(path.posix.join(dir, file))).map(([file, manager]) => ({
    file,
    manager,
  }));
}

/** `pnpm@9.1.0` → pnpm; `yarn/4.5.0 npm/? node/v20.11.0` → yarn; anything else → null. */
function managerNamed(value: string | undefined): PackageManager | null {
  const name = value?.split(/[@/ ]/)[0];
  return name === "npm" || name === "pnpm" || name === "yarn" || name === "bun" ? name : null;
}

/** The major version in `yarn@4.5.0+sha512…` or `yarn/1.22.22 npm/? …`, or null. */
function majorNamed(value: string | undefined): number | null {
  const match = /^[a-z]+[@/](\d+)/.exec(value ?? "");
  return match ? Number(match[1]) : null;
}

/** The `nodeLinker` setting of a .yarnrc.yml (YAML scalar, maybe quoted), or null when it has none. */
function nodeLinkerSetting(yarnrc: string): string | null {
  const match = /^nodeLinker:\s*["']?([\w-]+)["']?\s*(#.*)?$/m.exec(yarnrc);
  return match ? match[1]! : null;
}

/**
 * Classic or berry, and berry's linker, from the files in `dir`: a yarn.lock with `__metadata:` is berry's
 * (classic's starts `# yarn lockfile v1`), a .yarnrc.yml is berry's config (classic reads .yarnrc), and
 * failing both, the yarn version packageManager or the invoking yarn names.
 */
export function yarnFlavour(reader: ProjectReader, dir: string, versionHints: (string | undefined)[]): YarnFlavour {
  const at = (file: string) => path.posix.join(dir, file);
  const lockfile = reader.read(at("yarn.lock"));
  const yarnrc = reader.read(at(".yarnrc.yml"));
  const evidence: string[] = [];
  let generation: YarnFlavour["generation"] | null = null;
  if (lockfile !== null && /^__metadata:/m.test(lockfile)) {
    generation = "berry";
    evidence.push("__metadata: in yarn.lock");
  } else if (lockfile !== null && /^# yarn lockfile v1/m.test(lockfile)) {
    generation = "classic";
    evidence.push("yarn lockfile v1");
  } else if (yarnrc !== null) {
    // Named below with its nodeLinker (or the lack of one).
    generation = "berry";
  }
  if (generation === null) {
    const hint = versionHints.find((value) => managerNamed(value) === "yarn" && majorNamed(value) !== null);
    const major = majorNamed(hint);
    generation = major !== null && major >= 2 ? "berry" : "classic";
    evidence.push(hint ?? "no yarn.lock or .yarnrc.yml: yarn 1 assumed");
  }
  if (generation === "classic") return { generation, linker: "node-modules", evidence, dir };
  const setting = yarnrc === null ? null : nodeLinkerSetting(yarnrc);
  if (setting === "node-modules" || setting === "pnpm") {
    evidence.push(`nodeLinker: ${setting} in .yarnrc.yml`);
    return { generation, linker: setting, evidence, dir };
  }
  // Plug'n'Play: said so, or berry's default when .yarnrc.yml (or the file itself) names no linker.
  evidence.push(
    setting === "pnp"
      ? "nodeLinker: pnp in .yarnrc.yml"
      : yarnrc === null
        ? "no .yarnrc.yml"
        : ".yarnrc.yml without nodeLinker",
  );
  if (setting !== "pnp" && reader.exists(at(".pnp.cjs"))) evidence.push(".pnp.cjs");
  return { generation, linker: "pnp", evidence, dir };
}

/** Two managers' lockfiles in one place: the one named by packageManager or by the invoking tool, else PREFERENCE. */
function chooseLockfile(
  found: FoundLockfile[],
  where: string,
  packageManagerField: string | undefined,
  userAgent: string | undefined,
): { chosen: FoundLockfile; note: string | null } {
  const managers = [...new Set(found.map((lock) => lock.manager))];
  const first = (manager: PackageManager) => found.find((lock) => lock.manager === manager)!;
  if (managers.length === 1) return { chosen: found[0]!, note: null };
  const declared = managerNamed(packageManagerField);
  const invoking = managerNamed(userAgent);
  let chosen: FoundLockfile;
  let why: string;
  if (declared && managers.includes(declared)) {
    chosen = first(declared);
    why = `package.json says "packageManager": "${packageManagerField}"`;
  } else if (invoking && managers.includes(invoking)) {
    chosen = first(invoking);
    why = `you ran create-auth through ${invoking}`;
  } else {
    chosen = first(PREFERENCE.find((manager) => managers.includes(manager))!);
    why = managers.includes("npm")
      ? "the other managers import package-lock.json and a stray npm install leaves one behind, so it is the likely leftover"
      : "neither packageManager in package.json nor the tool running create-auth names one of them";
  }
  const others = found.filter((lock) => lock.manager !== chosen.manager).map((lock) => lock.file);
  const place = where ? ` in ${where}` : "";
  return {
    chosen,
    note: `Two package managers' lockfiles${place}: ${chosen.file} and ${others.join(", ")}. Using ${chosen.manager}, because ${why}; delete the lockfile of the manager you no longer use, so every install resolves the same tree.`,
  };
}

/**
 * `workspaceRoot`: the workspace root relative to the project (`../..`), when it sits in one; its lockfile
 * is the one every install in the workspace writes, so it is read before the project's own.
 */
export function detectPackageManager(
  reader: ProjectReader,
  packageManagerField: string | undefined,
  userAgent: string | undefined,
  workspaceRoot: string | null = null,
): PackageManagerInfo {
  const found = chooseManager(reader, packageManagerField, userAgent, workspaceRoot);
  const trap = workspaceRoot ? classicMemberWithoutVersion(reader, found) : null;
  return trap ? { ...found, note: [found.note, trap].filter(Boolean).join(" ") } : found;
}

/**
 * Yarn 1 leaves a workspace member whose package.json has no `version` out of the workspace ("Missing
 * version in workspace, ignoring"): its dependencies are not installed and `yarn workspace <name>` answers
 * "Unknown workspace". Said, since the next steps rely on both.
 */
function classicMemberWithoutVersion(reader: ProjectReader, found: PackageManagerInfo): string | null {
  if (found.yarn?.generation !== "classic") return null;
  let pkg: { name?: unknown; version?: unknown };
  try {
    pkg = JSON.parse(reader.read("package.json") ?? "") as typeof pkg;
  } catch {
    return null;
  }
  if (typeof pkg.version === "string") return null;
  const name = typeof pkg.name === "string" ? pkg.name : path.basename(reader.root);
  return `Yarn 1 leaves ${name} out of the workspace while its package.json has no "version" (yarn install skips its dependencies, yarn workspace ${name} answers Unknown workspace): add "version": "0.1.0" to it.`;
}

function chooseManager(
  reader: ProjectReader,
  packageManagerField: string | undefined,
  userAgent: string | undefined,
  workspaceRoot: string | null,
): PackageManagerInfo {
  const flavour = (name: PackageManager, dir: string) =>
    name === "yarn" ? yarnFlavour(reader, dir, [packageManagerField, userAgent]) : null;
  for (const dir of workspaceRoot ? [workspaceRoot, ""] : [""]) {
    const found = lockfilesIn(reader, dir);
    if (found.length === 0) continue;
    const { chosen, note } = chooseLockfile(found, dir ? "the workspace root" : "", packageManagerField, userAgent);
    return {
      name: chosen.manager,
      source: "lockfile",
      lockfileDir: path.resolve(reader.root, dir),
      lockfile: chosen.file,
      yarn: flavour(chosen.manager, dir),
      note,
    };
  }
  const configDir = workspaceRoot ?? "";
  const declared = managerNamed(packageManagerField);
  if (declared) {
    return {
      name: declared,
      source: "package.json",
      lockfileDir: null,
      lockfile: null,
      yarn: flavour(declared, configDir),
      note: null,
    };
  }
  const invoking = managerNamed(userAgent);
  if (invoking) {
    return {
      name: invoking,
      source: "user-agent",
      lockfileDir: null,
      lockfile: null,
      yarn: flavour(invoking, configDir),
      note: null,
    };
  }
  return { name: "npm", source: "default", lockfileDir: null, lockfile: null, yarn: null, note: null };
}

/** `npm`, `pnpm`, `bun`, `yarn classic`, `yarn berry (node-modules)`: the manager as the detection line names it. */
export function packageManagerLabel(info: PackageManagerInfo): string {
  if (!info.yarn) return info.name;
  return info.yarn.generation === "classic" ? "yarn classic" : `yarn berry (${info.yarn.linker})`;
}
