/**
 * Which files a plan would write over while they hold uncommitted edits, asked of git before anything is
 * written. Only the files the plan touches count, and only tracked ones: those are where our edits would
 * mix with the user's, so that `git diff` no longer shows what create-auth did and `git checkout <file>`
 * to undo it would also throw away their own work. Uncommitted work elsewhere in the project is not at risk
 * and is not our business; an untracked file has no committed version to mix with or to go back to.
 * A file whose text is still what create-auth itself last wrote there (written.ts) is not the user's work
 * either: `init` then `remove`, or `add-provider` then `remove-provider`, without a commit between, is
 * create-auth changing its own uncommitted edits. Outside a git work tree (or without git) there is nothing
 * to report.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Plan } from "../plan/types.js";
import { readWritten, recordPath, rememberWritten, sha256Hex, workTreePrefix } from "./written.js";

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
  const inRepo = workTreePrefix(top, root);
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
  if (found.length === 0) return [];
  const written = readWritten(recordPath(root));
  return found.filter((file) => !isOwnWrite(root, `${inRepo}${file}`, file, written)).sort();
}

/** Whether `file` holds exactly what create-auth last wrote there. */
function isOwnWrite(root: string, key: string, file: string, written: Record<string, string>): boolean {
  const recorded = written[key];
  if (recorded === undefined) return false;
  try {
    return sha256Hex(readFileSync(path.join(root, file))) === recorded;
  } catch {
    return false;
  }
}

/** After an apply: what it wrote, recorded for the next command's guard (nothing outside a work tree). */
export function rememberApplied(root: string, plan: Plan): void {
  const top = workTreeTop(root);
  if (top === null || plan.changes.length === 0) return;
  const file = recordPath(root);
  if (file !== null) rememberWritten(file, workTreePrefix(top, root), plan);
}
