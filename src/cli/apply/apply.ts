/**
 * Apply: all or nothing. Every new content is first written to a temp file beside its target, then
 * each target is swapped in with rename (atomic per file on POSIX), keeping the previous file as a backup
 * until the whole plan is in. Any failure restores every file already swapped and removes the temp files
 * and folders we created, so the project is left exactly as it was.
 */
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { CliError } from "../errors.js";
import { contentAfter, contentBefore, type Plan } from "../plan/types.js";

function readOrNull(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

/** Creates missing parent folders, returning the ones it created (outermost first). */
function ensureDir(dir: string, created: string[]): void {
  if (existsSync(dir)) return;
  ensureDir(path.dirname(dir), created);
  mkdirSync(dir);
  created.push(dir);
}

function describe(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  return e.code ? `${e.code}: ${e.message}` : String(error);
}

export function applyPlan(plan: Plan): { written: number } {
  const root = plan.projectDir;
  const tag = `.create-auth-${process.pid}-${Date.now().toString(36)}`;

  // Preflight: the disk must still be what we planned against (nothing changed under us).
  for (const change of plan.changes) {
    if (readOrNull(path.join(root, change.path)) !== contentBefore(change)) {
      throw new CliError("ChangedSincePlan", `${change.path} changed while create-auth was planning; run again.`);
    }
  }

  const createdDirs: string[] = [];
  const staged: { target: string; temp: string | null; backup: string | null }[] = [];
  const swapped: { target: string; backup: string | null }[] = [];
  let current = "";
  try {
    plan.changes.forEach((change, index) => {
      current = change.path;
      const target = path.join(root, change.path);
      const after = contentAfter(change);
      const exists = contentBefore(change) !== null;
      let temp: string | null = null;
      if (after !== null) {
        ensureDir(path.dirname(target), createdDirs);
        temp = `${target}${tag}-${index}.tmp`;
        writeFileSync(temp, after, { flag: "wx" });
        if (exists) chmodSync(temp, statSync(target).mode);
      }
      staged.push({ target, temp, backup: exists ? `${target}${tag}.bak` : null });
    });
    for (const [index, entry] of staged.entries()) {
      current = plan.changes[index]!.path;
      if (entry.backup) renameSync(entry.target, entry.backup);
      swapped.push({ target: entry.target, backup: entry.backup });
      if (entry.temp) renameSync(entry.temp, entry.target);
    }
  } catch (error) {
    for (const entry of swapped.reverse()) {
      try {
        if (entry.backup) renameSync(entry.backup, entry.target);
        else if (existsSync(entry.target)) unlinkSync(entry.target);
      } catch {
        // Best effort: keep restoring the others.
      }
    }
    for (const entry of staged) {
      if (entry.temp && existsSync(entry.temp)) unlinkSync(entry.temp);
    }
    for (const dir of createdDirs.reverse()) {
      try {
        rmdirSync(dir);
      } catch {
        // Not empty: something else lives there now.
      }
    }
    throw new CliError("ApplyFailed", `Could not write ${current} (${describe(error)}); nothing was changed.`);
  }
  for (const entry of swapped) if (entry.backup) unlinkSync(entry.backup);
  removeEmptiedDirs(root, plan);
  return { written: plan.changes.length };
}

/**
 * The folders a plan's deletes leave empty go too, deepest first, up to the project root (never it): `auth
 * remove` leaves no empty `vendor/auth-runtime/core/` behind. rmdir refuses a folder that holds anything, so
 * nothing else can be lost.
 */
function removeEmptiedDirs(root: string, plan: Plan): void {
  const dirs = new Set<string>();
  for (const change of plan.changes) {
    if (change.kind !== "delete") continue;
    let dir = path.dirname(path.join(root, change.path));
    for (; dir.startsWith(root + path.sep); dir = path.dirname(dir)) dirs.add(dir);
  }
  for (const dir of [...dirs].sort((a, b) => b.length - a.length)) {
    try {
      rmdirSync(dir);
    } catch {
      // Not empty (or already gone): it stays.
    }
  }
}
