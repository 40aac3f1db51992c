/**
 * Read-only view of a project's files for planning. Planning and detection take a reader, never `fs`
 * itself, so they cannot write by construction and run the same on an in-memory project (the tests do).
 * Paths are relative to the root and `/`-separated; `../x` reaches above it (workspace roots, lockfiles).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

export interface ProjectReader {
  readonly root: string;
  /** The file's text, or null when it does not exist (or is a directory). */
  read(relativePath: string): string | null;
  exists(relativePath: string): boolean;
  isDirectory(relativePath: string): boolean;
  /** The names of the directories directly inside one, sorted; [] when it is not a directory. */
  directories(relativePath: string): string[];
  /** The names of the files directly inside a directory, sorted; [] when it is not a directory. */
  files(relativePath: string): string[];
}

export function diskReader(root: string): ProjectReader {
  const abs = (p: string) => path.join(root, p);
  return {
    root,
    read(relativePath) {
      try {
        return readFileSync(abs(relativePath), "utf8");
      } catch {
        return null;
      }
    },
    exists(relativePath) {
      try {
        statSync(abs(relativePath));
        return true;
      } catch {
        return false;
      }
    },
    isDirectory(relativePath) {
      try {
        return statSync(abs(relativePath)).isDirectory();
      } catch {
        return false;
      }
    },
    directories(relativePath) {
      try {
        return readdirSync(abs(relativePath), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => entry.name)
          .sort();
      } catch {
        return [];
      }
    },
    files(relativePath) {
      try {
        return readdirSync(abs(relativePath), { withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => entry.name)
          .sort();
      } catch {
        return [];
      }
    },
  };
}

/** `./a/../b/` → `b`; `..` segments that climb above the root stay (`../package.json`). */
function normalize(relativePath: string): string {
  const normalized = path.posix.normalize(relativePath.replaceAll("\\", "/")).replace(/\/+$/, "");
  return normalized === "." ? "" : normalized;
}

/**
 * A project held in memory: `files` maps root-relative paths (`app/page.tsx`, or `../package.json` for a
 * workspace root above) to their text. Directories are implied by the paths. The map is read live, so a
 * caller that applies a plan to it sees the result on the next read.
 */
export function memoryReader(root: string, files: ReadonlyMap<string, string>): ProjectReader {
  const isDirectory = (relativePath: string) => {
    const prefix = normalize(relativePath);
    if (prefix === "") return true;
    for (const file of files.keys()) if (file.startsWith(`${prefix}/`)) return true;
    return false;
  };
  return {
    root,
    read: (relativePath) => files.get(normalize(relativePath)) ?? null,
    exists: (relativePath) => files.has(normalize(relativePath)) || isDirectory(relativePath),
    isDirectory,
    directories(relativePath) {
      const prefix = normalize(relativePath);
      const names = new Set<string>();
      for (const file of files.keys()) {
        const rest = prefix === "" ? file : file.startsWith(`${prefix}/`) ? file.slice(prefix.length + 1) : null;
        if (rest === null || rest.startsWith("../")) continue;
        const slash = rest.indexOf("/");
        if (slash > 0) names.add(rest.slice(0, slash));
      }
      return [...names].sort();
    },
    files(relativePath) {
      const prefix = normalize(relativePath);
      const names: string[] = [];
      for (const file of files.keys()) {
        const rest = prefix === "" ? file : file.startsWith(`${prefix}/`) ? file.slice(prefix.length + 1) : null;
        if (rest !== null && !rest.startsWith("../") && !rest.includes("/")) names.push(rest);
      }
      return names.sort();
    },
  };
}

/** A reader of a directory inside another reader's project (a workspace member). */
export function subReader(reader: ProjectReader, directory: string): ProjectReader {
  const inside = (relativePath: string) => path.posix.join(directory, relativePath);
  return {
    root: path.join(reader.root, directory),
    read: (relativePath) => reader.read(inside(relativePath)),
    exists: (relativePath) => reader.exists(inside(relativePath)),
    isDirectory: (relativePath) => reader.isDirectory(inside(relativePath)),
    directories: (relativePath) => reader.directories(inside(relativePath)),
    files: (relativePath) => reader.files(inside(relativePath)),
  };
}

/** Every file under a directory, as `/`-separated paths relative to it, sorted for stable plans. */
export function listFilesRecursive(dir: string): string[] {
  const out: string[] = [];
  const walk = (sub: string) => {
    for (const entry of readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(rel);
      else if (entry.isFile()) out.push(rel);
    }
  };
  walk("");
  return out.sort();
}
