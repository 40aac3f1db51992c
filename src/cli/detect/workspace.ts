/**
 * The workspace around a project: in a monorepo (npm/yarn/bun `workspaces`, or `pnpm-workspace.yaml`) the
 * framework is often declared, or only installed, at the workspace root rather than in the app's own
 * package.json. Detection reads both, as one merged view. Reads only.
 */
import path from "node:path";
import type { ProjectReader } from "../plan/reader.js";
import type { PackageJson } from "../targets/types.js";

export interface Workspace {
  /** The workspace root relative to the project root (`../..`), or null when the project stands alone. */
  root: string | null;
  /** The workspace root's package.json, when there is one above the project. */
  rootPackageJson: PackageJson | null;
}

function parse(text: string | null): (PackageJson & { workspaces?: unknown }) | null {
  if (text === null) return null;
  try {
    return JSON.parse(text) as PackageJson & { workspaces?: unknown };
  } catch {
    return null;
  }
}

/** The nearest directory above the project that declares a workspace (at most 4 levels up). */
export function findWorkspace(reader: ProjectReader): Workspace {
  let relative = "";
  for (let depth = 1; depth <= 4; depth++) {
    relative = path.posix.join(relative, "..");
    if (path.resolve(reader.root, relative) === path.resolve(reader.root, relative, "..")) break;
    const pkg = parse(reader.read(`${relative}/package.json`));
    if (reader.exists(`${relative}/pnpm-workspace.yaml`) || pkg?.workspaces !== undefined) {
      return { root: relative, rootPackageJson: pkg };
    }
  }
  return { root: null, rootPackageJson: null };
}

/** The app's package.json with the workspace root's dependencies underneath (the app's own entries win). */
export function mergedPackageJson(own: PackageJson, workspace: Workspace): PackageJson {
  const rootPkg = workspace.rootPackageJson;
  if (!rootPkg) return own;
  return {
    ...own,
    dependencies: { ...rootPkg.dependencies, ...own.dependencies },
    devDependencies: { ...rootPkg.devDependencies, ...own.devDependencies },
    packageManager: own.packageManager ?? rootPkg.packageManager,
  };
}

/**
 * The `packages:` list of a pnpm-workspace.yaml; only that block: pnpm 10 keeps other lists there too
 * (`onlyBuiltDependencies:`, `catalog:`).
 */
export function pnpmWorkspacePackages(yaml: string | null): string[] {
  const block = yaml === null ? null : /^packages:[ \t]*\n((?:[ \t]+.*\n?|[ \t]*\n)*)/m.exec(yaml);
  if (!block) return [];
  return [...block[1]!.matchAll(/^\s*-\s*["']?([^"'\n#]+?)["']?\s*(#.*)?$/gm)].map((match) => match[1]!);
}

/** The workspace's member directories, for a project that is itself a workspace root (globs `dir/*` only). */
export function workspaceMembers(reader: ProjectReader, pkg: PackageJson & { workspaces?: unknown }): string[] {
  const patterns: string[] = [];
  const declared = pkg.workspaces;
  if (Array.isArray(declared)) patterns.push(...declared.filter((p): p is string => typeof p === "string"));
  else if (declared && typeof declared === "object" && Array.isArray((declared as { packages?: unknown }).packages)) {
    patterns.push(...((declared as { packages: unknown[] }).packages.filter((p) => typeof p === "string") as string[]));
  }
  patterns.push(...pnpmWorkspacePackages(reader.read("pnpm-workspace.yaml")));
  const members: string[] = [];
  for (const pattern of patterns) {
    const clean = pattern.replace(/^\.\//, "").replace(/\/$/, "");
    if (clean.startsWith("!")) continue;
    if (!clean.endsWith("/*")) {
      if (reader.exists(`${clean}/package.json`)) members.push(clean);
      continue;
    }
    const parent = clean.slice(0, -2);
    for (const child of reader.directories(parent).filter((name) => name !== "node_modules")) {
      if (reader.exists(`${parent}/${child}/package.json`)) members.push(`${parent}/${child}`);
    }
  }
  return members;
}
