/**
 * Read-only view of a project's files for planning. Planning takes a reader, never `fs` itself, so it
 * cannot write by construction and can be tested on an in-memory project.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

export interface ProjectReader {
  readonly root: string;
  /** The file's text, or null when it does not exist (or is a directory). */
  read(relativePath: string): string | null;
  exists(relativePath: string): boolean;
  isDirectory(relativePath: string): boolean;
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
