/**
 * Which files a plan would write over while they hold uncommitted edits, asked of git before anything is
 * written. Only the files the plan touches count, and only tracked ones: those are where our edits would
 * mix with the user's, so that `git diff` no longer shows what create-auth did and `git checkout <file>`
 * to undo it would also throw away their own work. Uncommitted work elsewhere in the project is not at risk
 * and is not our business; an untracked file has no committed version to mix with or to go back to.
 * Outside a git work tree (or without git) there is nothing to report.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

/** The work tree's top folder (the nearest holding `.git`, a folder or a worktree's file), found without spawning git. */
function workTreeTop(root: string): string | null {
  for (let dir = path.resolve(root); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, ".git"))) return dir;
    if (path.dirname(dir) === dir) return null;
  }
}

/** Project-relative paths (as in the plan) among `paths` that differ from HEAD or the index; [] outside git. */
export function uncommittedFiles(root: string, paths: readonly string[]): string[] {
  if (paths.length === 0) return [];
  // Outside a work tree, no git process is started at all (`auth secret` must start fast).
  const top = workTreeTop(root);
  if (top === null) return [];
  // Literal pathspecs: `app/api/auth/[...nextauth]/route.ts` is a file name, not a glob. --porcelain names
  // files from the work tree's top whatever the cwd; -z leaves names unquoted.
  const status = spawnSync(
    "git",
    ["--literal-pathspecs", "status", "--porcelain=v1", "-z", "--untracked-files=no", "--", ...paths],
    { cwd: root, encoding: "utf8", stdio: "pipe" },
  );
  // Not a repository after all, or no git: nothing to report.
  if (status.status !== 0) return [];
  const prefix = path.relative(top, path.resolve(root)).split(path.sep).join("/");
  const inRepo = prefix === "" ? "" : `${prefix}/`;
  const wanted = new Set(paths);
  const found: string[] = [];
  const entries = status.stdout.split("\0");
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!;
    if (entry.length < 4) continue;
    const code = entry.slice(0, 2);
    const file = entry.slice(3);
    // A rename or copy is followed by its source name as its own entry.
    if (code.includes("R") || code.includes("C")) i++;
    const relative = file.startsWith(inRepo) ? file.slice(inRepo.length) : file;
    if (wanted.has(relative)) found.push(relative);
  }
  return found.sort();
}
