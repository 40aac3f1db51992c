/**
 * The workspace around a project: in a monorepo (npm/yarn/bun `workspaces`, or `pnpm-workspace.yaml`) the
 * framework is often declared, or only installed, at the workspace root rather than in the app's own
 * package.json. Detection reads both, as one merged view. Reads only.
 */
import path from "node:path";
import type { ProjectReader } from "./reader.js";
import type { PackageJson } from "./types.js";

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

/**
 * The nearest directory above the project (at most 4 levels up) that declares a workspace the project
 * belongs to: a folder its globs take in. An app inside a repository's workspace root that the globs leave
 * out (an `examples/` app) stands alone: its own lockfile and plain scripts, not the workspace's.
 */
export function findWorkspace(reader: ProjectReader): Workspace {
  let relative = "";
  for (let depth = 1; depth <= 4; depth++) {
    relative = path.posix.join(relative, "..");
    const absolute = path.resolve(reader.root, relative);
    if (absolute === path.dirname(absolute)) break;
    const pkg = parse(reader.read(`${relative}/package.json`));
    const pnpm = reader.read(`${relative}/pnpm-workspace.yaml`);
    if (pnpm === null && pkg?.workspaces === undefined) continue;
    const member = path.relative(absolute, reader.root).split(path.sep).join("/");
    if (includes(workspacePatterns(pkg ?? {}, pnpm), member)) return { root: relative, rootPackageJson: pkg };
  }
  return { root: null, rootPackageJson: null };
}

/** `apps/*` → /^apps\/[^/]*$/, `packages/**` → any depth below packages/. */
function globPattern(glob: string): RegExp {
  const source = glob
    .replace(/^\.\//, "")
    .replace(/\/+$/, "")
    .split("/")
    .map((segment) =>
      segment === "**"
        ? ".*"
        : segment
            .replace(/[.+^${}()|[\]\\]/g, "\\$&")
            .replace(/\*/g, "[^/]*")
            .replace(/\?/g, "[^/]"),
    )
    .join("/");
  return new RegExp(`^${source.replace(/\/\.\*$/, "(/.*)?")}$`);
}

/** Whether the workspace's globs take in `member` (a folder relative to the root); no globs at all take in everything. */
function includes(patterns: string[], member: string): boolean {
  const positive = patterns.filter((p) => !p.startsWith("!"));
  if (positive.length === 0) return true;
  const excluded = patterns.filter((p) => p.startsWith("!")).some((p) => globPattern(p.slice(1)).test(member));
  return !excluded && positive.some((p) => globPattern(p).test(member));
}

/** The member globs a workspace root declares: package.json `workspaces` (array or `{ packages }`) and pnpm's. */
export function workspacePatterns(pkg: { workspaces?: unknown }, pnpmYaml: string | null): string[] {
  const patterns: string[] = [];
  const declared = pkg.workspaces;
  if (Array.isArray(declared)) patterns.push(...declared.filter((p): p is string => typeof p === "string"));
  else if (declared && typeof declared === "object" && Array.isArray((declared as { packages?: unknown }).packages)) {
    patterns.push(...((declared as { packages: unknown[] }).packages.filter((p) => typeof p === "string") as string[]));
  }
  patterns.push(...pnpmWorkspacePackages(pnpmYaml));
  return patterns;
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

/**
 * The workspace's member directories, for a project that is itself a workspace root: every folder (up to
 * 3 levels down, outside node_modules and dot-folders) holding a package.json that the globs take in.
 */
export function workspaceMembers(reader: ProjectReader, pkg: PackageJson & { workspaces?: unknown }): string[] {
  const patterns = workspacePatterns(pkg, reader.read("pnpm-workspace.yaml"));
  if (patterns.filter((p) => !p.startsWith("!")).length === 0) return [];
  const members: string[] = [];
  const walk = (dir: string, depth: number) => {
    for (const child of reader.directories(dir)) {
      if (child === "node_modules" || child.startsWith(".")) continue;
      const folder = dir ? `${dir}/${child}` : child;
      if (reader.exists(`${folder}/package.json`) && includes(patterns, folder)) members.push(folder);
      if (depth < 3) walk(folder, depth + 1);
    }
  };
  walk("", 1);
  return members;
}
