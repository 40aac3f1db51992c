/**
 * Which package manager installs into this project. The lockfile is the project's own record of it, so
 * it wins over `packageManager` in package.json, which wins over the tool that happens to be running us
 * (`npm_config_user_agent`, set by npx/pnpm dlx/yarn dlx/bunx). In a workspace the lockfile sits at the
 * workspace root, so we look upward for one.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
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

function lockfileIn(dir: string): PackageManager | null {
  for (const [file, manager] of LOCKFILES) if (existsSync(path.join(dir, file))) return manager;
  return null;
}

/** A directory is a workspace root when its package.json declares workspaces or pnpm says so. */
function isWorkspaceRoot(dir: string): boolean {
  if (existsSync(path.join(dir, "pnpm-workspace.yaml"))) return true;
  try {
    const pkg = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { workspaces?: unknown };
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
  root: string,
  packageManagerField: string | undefined,
  userAgent: string | undefined,
): PackageManagerInfo {
  const own = lockfileIn(root);
  if (own) return { name: own, source: "lockfile", lockfileDir: root };
  for (let dir = path.dirname(root); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    if (!isWorkspaceRoot(dir)) continue;
    const manager = lockfileIn(dir);
    if (manager) return { name: manager, source: "lockfile", lockfileDir: dir };
  }
  const declared = fromName(packageManagerField);
  if (declared) return { name: declared, source: "package.json", lockfileDir: null };
  const invoking = fromName(userAgent);
  if (invoking) return { name: invoking, source: "user-agent", lockfileDir: null };
  return { name: "npm", source: "default", lockfileDir: null };
}
