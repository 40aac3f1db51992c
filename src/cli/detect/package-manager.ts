/**
 * Which package manager installs into this project. The lockfile is the project's own record of it, so
 * it wins over `packageManager` in package.json, which wins over the tool that happens to be running us
 * (`npm_config_user_agent`, set by npx/pnpm dlx/yarn dlx/bunx). In a workspace the lockfile sits at the
 * workspace root, so we look upward for one.
 */
import path from "node:path";
import type { ProjectReader } from "../plan/reader.js";
import type { PackageManager } from "../plan/types.js";

export interface PackageManagerInfo {
  name: PackageManager;
  source: "lockfile" | "package.json" | "user-agent" | "default";
  /** The directory holding the lockfile (the workspace root in a monorepo), when one was found. */
  lockfileDir: string | null;
}

const LOCKFILES: [string, PackageManager][] = [
  ["pnpm-lock.yaml", "pnpm"],
  ["yarn.lock", "yarn"],
  ["bun.lock", "bun"],
  ["bun.lockb", "bun"],
  ["package-lock.json", "npm"],
  ["npm-shrinkwrap.json", "npm"],
];

/** `dir` is relative to the project root (`""`, `..`, `../..`). */
function lockfileIn(reader: ProjectReader, dir: string): PackageManager | null {
  for (const [file, manager] of LOCKFILES) if (reader.exists(path.posix.join(dir, file))) return manager;
  return null;
}

/** A directory is a workspace root when its package.json declares workspaces or pnpm says so. */
function isWorkspaceRoot(reader: ProjectReader, dir: string): boolean {
  if (reader.exists(path.posix.join(dir, "pnpm-workspace.yaml"))) return true;
  try {
    const pkg = JSON.parse(reader.read(path.posix.join(dir, "package.json")) ?? "") as { workspaces?: unknown };
    return pkg.workspaces !== undefined;
  } catch {
    return false;
  }
}

function fromName(value: string | undefined): PackageManager | null {
  const name = value?.split(/[@/ ]/)[0];
  return name === "npm" || name === "pnpm" || name === "yarn" || name === "bun" ? name : null;
}

export function detectPackageManager(
  reader: ProjectReader,
  packageManagerField: string | undefined,
  userAgent: string | undefined,
): PackageManagerInfo {
  const own = lockfileIn(reader, "");
  if (own) return { name: own, source: "lockfile", lockfileDir: reader.root };
  // Every directory above the project, short of the file system's root.
  for (let dir = ".."; ; dir = `${dir}/..`) {
    const absolute = path.resolve(reader.root, dir);
    if (absolute === path.dirname(absolute)) break;
    if (!isWorkspaceRoot(reader, dir)) continue;
    const manager = lockfileIn(reader, dir);
    if (manager) return { name: manager, source: "lockfile", lockfileDir: absolute };
  }
  const declared = fromName(packageManagerField);
  if (declared) return { name: declared, source: "package.json", lockfileDir: null };
  const invoking = fromName(userAgent);
  if (invoking) return { name: invoking, source: "user-agent", lockfileDir: null };
  return { name: "npm", source: "default", lockfileDir: null };
}
