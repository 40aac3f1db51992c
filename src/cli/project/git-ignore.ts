/**
 * Is a file kept out of git? Secrets may only be written to a file that is. Inside a git work tree we
 * ask git itself (`git check-ignore`, which applies every .gitignore, .git/info/exclude and the global
 * excludes file); outside one we read the project's .gitignore with the documented pattern rules.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import type { ProjectReader } from "./reader.js";

export interface IgnoreStatus {
  ignored: boolean;
  /** The file is tracked by git: ignoring it no longer keeps its content out of commits. */
  tracked: boolean;
  /** How the answer was found, for messages. */
  via: "git" | "gitignore";
}

/** Whether the project is inside a git work tree (a `.git` entry in it or a parent), checked without spawning git. */
function insideGitWorkTree(reader: ProjectReader): boolean {
  for (let dir = "."; ; dir = path.posix.join(dir, "..")) {
    if (reader.exists(path.posix.join(dir, ".git"))) return true;
    const absolute = path.resolve(reader.root, dir);
    if (path.dirname(absolute) === absolute) return false;
  }
}

export function ignoreStatus(reader: ProjectReader, relativePath: string): IgnoreStatus {
  const root = reader.root;
  if (insideGitWorkTree(reader)) {
    const git = spawnSync("git", ["check-ignore", "-q", "--", relativePath], { cwd: root, stdio: "ignore" });
    // check-ignore never reports tracked files as ignored, so "ignored" also means "not tracked".
    if (git.status === 0) return { ignored: true, tracked: false, via: "git" };
    if (git.status === 1) {
      const tracked = spawnSync("git", ["ls-files", "--", relativePath], { cwd: root, encoding: "utf8" });
      return { ignored: false, tracked: (tracked.stdout ?? "").trim() !== "", via: "git" };
    }
    // git missing or failing: fall back to reading .gitignore.
  }
  // No .gitignore: nothing is ignored.
  const source = reader.read(".gitignore") ?? "";
  return { ignored: gitignoreMatches(source, relativePath), tracked: false, via: "gitignore" };
}

/** Turns one gitignore glob into a regular expression over a `/`-separated path (gitignore(5)). */
function globToRegExp(glob: string, anchored: boolean): RegExp {
  let re = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === "*" && glob[i + 1] === "*" && glob[i + 2] === "/") {
      re += "(?:.*/)?";
      i += 2;
    } else if (c === "*" && glob[i + 1] === "*") {
      re += ".*";
      i++;
    } else if (c === "*") re += "[^/]*";
    else if (c === "?") re += "[^/]";
    else if (c === "[") {
      const end = glob.indexOf("]", i + 1);
      if (end === -1) re += "\\[";
      else {
        re += `[${glob.slice(i + 1, end).replace(/^!/, "^")}]`;
        i = end;
      }
    } else if (c === "\\" && i + 1 < glob.length) {
      re += glob[++i]!.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
    } else re += c.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  }
  return new RegExp(`${anchored ? "^" : "(^|/)"}${re}$`);
}

/**
 * Whether a root .gitignore's rules ignore `relativePath` (a file). The last matching rule wins;
 * `!` re-includes; a pattern containing a non-trailing `/` is relative to the root, otherwise it matches
 * at any depth; a trailing `/` matches directories only, so it matches the file through a parent.
 */
export function gitignoreMatches(source: string, relativePath: string): boolean {
  const segments = relativePath.split("/");
  let ignored = false;
  for (const rawLine of source.split(/\r\n|\n|\r/)) {
    let line = rawLine.replace(/(?<!\\)\s+$/, "");
    if (line === "" || line.startsWith("#")) continue;
    const negate = line.startsWith("!");
    if (negate) line = line.slice(1);
    const directoryOnly = line.endsWith("/");
    if (directoryOnly) line = line.slice(0, -1);
    const anchored = line.includes("/");
    if (line.startsWith("/")) line = line.slice(1);
    const re = globToRegExp(line, anchored);
    // A file matches a rule directly, or through any of its parent directories.
    const candidates = segments.map((_, i) => segments.slice(0, i + 1).join("/"));
    const matches = candidates.some((candidate, i) => {
      const isFile = i === candidates.length - 1;
      if (directoryOnly && isFile) return false;
      return re.test(candidate);
    });
    if (matches) ignored = !negate;
  }
  return ignored;
}
