/**
 * Apply: all or nothing, even when the process is killed (SIGKILL, a closed terminal, a power cut after
 * the last fsync). The guarantee, exactly:
 *
 * - Nothing is written for a change whose path is not a plain path inside the project, whose folder leads
 *   outside it through a symlink, or which is itself a symlink (project/project-path.ts unsafeChangePath),
 *   nor when a file changed since planning: the whole plan is refused in one line, before any write.
 * - Otherwise a journal (journal.ts) listing every target, its temp and backup, their sha256 before and
 *   after, and the folders apply will create is written and synced in the project root before the first
 *   change. Then: the folders are created; every new content is written to a temp beside its target and
 *   synced; every edited file is COPIED to a backup beside it and synced (the original stays in place);
 *   then each target is replaced by renaming its temp over it (atomic: at every instant the path holds
 *   either the whole old file or the whole new one, never nothing), and each deleted file is renamed to
 *   its backup. The journal is then renamed to its "applied" name (the commit point), and backups, the
 *   folders deletes emptied and the journal itself are removed.
 * - An exception before the commit point rolls back at once. A kill before it leaves the journal, and the
 *   next create-auth command run in the project (commands/lifecycle.ts projectRoot, before it reads
 *   anything; every command but doctor, which reports it) rolls it back first and says so in one line:
 *   every original byte-identical, every file and folder the apply created gone, no temp or backup left.
 *   A kill after the commit point leaves the new state complete; the next command only removes the
 *   leftovers. Either way the project is the plan's "before" or its "after", nothing in between, once a
 *   create-auth command has run there.
 */
import { chmodSync, constants, copyFileSync, existsSync, mkdirSync, renameSync, statSync } from "node:fs";
import path from "node:path";
import { CliError } from "../errors.js";
import { contentAfter, contentBefore, type Plan } from "../plan/types.js";
import { unsafeChangePath } from "../project/project-path.js";
import { syncPath, writeNewFile } from "./durable.js";
import {
  beginJournal,
  commitJournal,
  finishJournal,
  type Journal,
  type JournalEntry,
  readBytes,
  rollBack,
  sha256,
  stagedName,
} from "./journal.js";

function describe(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  return e.code ? `${e.code}: ${e.message}` : String(error);
}

/** The folders missing above the files a plan writes, root-relative, outermost first. */
function missingFolders(root: string, plan: Plan): string[] {
  const missing: string[] = [];
  for (const change of plan.changes) {
    if (contentAfter(change) === null) continue;
    const chain: string[] = [];
    for (let dir = path.posix.dirname(change.path); dir !== "."; dir = path.posix.dirname(dir)) {
      if (missing.includes(dir) || existsSync(path.join(root, dir))) break;
      chain.unshift(dir);
    }
    missing.push(...chain);
  }
  return missing;
}

/**
 * The folders a plan's deletes may leave empty, deepest first, up to the project root (never it): `auth
 * remove` leaves no empty `vendor/auth-runtime/core/` behind. rmdir refuses a folder that holds anything.
 */
function emptiedFolders(plan: Plan): string[] {
  const dirs = new Set<string>();
  for (const change of plan.changes) {
    if (change.kind !== "delete") continue;
    for (let dir = path.posix.dirname(change.path); dir !== "."; dir = path.posix.dirname(dir)) dirs.add(dir);
  }
  return [...dirs].sort((a, b) => b.length - a.length);
}

export function applyPlan(plan: Plan): { written: number } {
  const root = plan.projectDir;
  for (const change of plan.changes) {
    const why = unsafeChangePath(root, change.path);
    if (why) throw new CliError("ApplyFailed", `Refused to write ${change.path}: it ${why}. Nothing was changed.`);
  }
  // Preflight: the disk must still be what we planned against (nothing changed under us).
  const originals = plan.changes.map((change) => {
    const bytes = readBytes(path.join(root, change.path));
    if ((bytes === null ? null : bytes.toString("utf8")) !== contentBefore(change)) {
      throw new CliError("ChangedSincePlan", `${change.path} changed while create-auth was planning; run again.`);
    }
    return bytes;
  });

  const tag = `${process.pid}-${Date.now().toString(36)}`;
  const entries: JournalEntry[] = plan.changes.map((change, index) => {
    const after = contentAfter(change);
    return {
      path: change.path,
      temp: after === null ? null : stagedName(change.path, tag, "tmp"),
      backup: originals[index] === null ? null : stagedName(change.path, tag, "bak"),
      before: sha256(originals[index] ?? null),
      after: after === null ? null : sha256(Buffer.from(after)),
    };
  });
  const journal: Journal = {
    version: 1,
    command: plan.command,
    pid: process.pid,
    startedAt: Date.now(),
    entries,
    created: missingFolders(root, plan),
    emptied: emptiedFolders(plan),
  };
  const at = (file: string) => path.join(root, file);

  beginJournal(root, journal);
  let current = "";
  try {
    for (const dir of journal.created) mkdirSync(at(dir));
    for (const [index, entry] of entries.entries()) {
      current = entry.path;
      const after = contentAfter(plan.changes[index]!);
      if (entry.temp && after !== null) {
        writeNewFile(at(entry.temp), after);
        if (entry.backup) chmodSync(at(entry.temp), statSync(at(entry.path)).mode);
      }
      if (entry.backup && entry.temp) {
        copyFileSync(at(entry.path), at(entry.backup), constants.COPYFILE_EXCL);
        syncPath(at(entry.backup));
      }
    }
    // Staged and synced: only renames from here, each one atomic.
    for (const entry of entries) {
      current = entry.path;
      if (entry.temp) renameSync(at(entry.temp), at(entry.path));
      else if (entry.backup) renameSync(at(entry.path), at(entry.backup));
    }
    for (const dir of new Set(entries.map((entry) => path.dirname(at(entry.path))))) syncPath(dir);
  } catch (error) {
    try {
      rollBack(root, journal);
    } catch (undo) {
      throw new CliError(
        "ApplyFailed",
        `Could not write ${current} (${describe(error)}), nor undo it (${describe(undo)}); the next create-auth command in this project finishes the undo.`,
      );
    }
    throw new CliError("ApplyFailed", `Could not write ${current} (${describe(error)}); nothing was changed.`);
  }
  commitJournal(root);
  finishJournal(root, journal);
  return { written: plan.changes.length };
}
