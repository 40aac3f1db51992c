/**
 * The apply journal: what an apply is about to do, written (and synced) in the project before its first
 * change, so that a process killed halfway leaves a record the next create-auth command reads first
 * (`recoverApply`) and acts on, instead of a half-applied project with stray files.
 *
 * Two names, one per phase, switched by an atomic rename:
 * - `.create-auth-apply.json` while files are being swapped: an interrupted apply is ROLLED BACK (every
 *   original restored from its backup, every file it created and every temp deleted, the folders it
 *   created removed when empty);
 * - `.create-auth-applied.json` once every change is in: an interrupted clean-up is FINISHED (backups,
 *   temps and the folders the plan's deletes emptied are removed).
 * Each step of both is idempotent and judged by the file's sha256, not by how far the dead process got: an
 * original still in place is never "restored" from a backup that may be half-copied, and a created path is
 * deleted only while it holds what apply wrote there.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, renameSync, rmdirSync, unlinkSync } from "node:fs";
import path from "node:path";
import { CliError } from "../errors.js";
import { unsafeChangePath } from "../project/project-path.js";
import { syncPath, writeNewFile } from "./durable.js";

export const PENDING_JOURNAL = ".create-auth-apply.json";
export const DONE_JOURNAL = ".create-auth-applied.json";

/** One change, by root-relative `/`-separated paths; hashes are sha256 hex of the bytes, null for "no file". */
export interface JournalEntry {
  path: string;
  /** The new content, staged beside the target; null for a delete. */
  temp: string | null;
  /** The original: a copy for an edit, the file itself (renamed) for a delete; null for a create. */
  backup: string | null;
  before: string | null;
  after: string | null;
}

export interface Journal {
  version: 1;
  command: string;
  pid: number;
  /** When the apply began (ms since the epoch): an apply takes seconds, so an old journal's pid is someone else's. */
  startedAt: number;
  entries: JournalEntry[];
  /** Folders apply creates, outermost first. */
  created: string[];
  /** Folders the plan's deletes may leave empty, deepest first. */
  emptied: string[];
}

export function sha256(bytes: Buffer | null): string | null {
  return bytes === null ? null : createHash("sha256").update(bytes).digest("hex");
}

/** A file's bytes, or null when there is none (apply's preflight and recovery read alike). */
export function readBytes(file: string): Buffer | null {
  try {
    return readFileSync(file);
  } catch {
    return null;
  }
}

function removeFile(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

/** rmdir refuses a folder that holds anything, so only what is really empty goes. */
function removeEmptyFolders(root: string, folders: readonly string[]): void {
  for (const folder of folders) {
    try {
      rmdirSync(path.join(root, folder));
    } catch {
      // Not empty (or already gone): it stays.
    }
  }
}

/** Records the journal before the first change; a journal already there means another apply is running. */
export function beginJournal(root: string, journal: Journal): void {
  try {
    writeNewFile(path.join(root, PENDING_JOURNAL), `${JSON.stringify(journal, null, 2)}\n`, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    throw new CliError(
      "ApplyFailed",
      `${PENDING_JOURNAL} exists: another create-auth is writing to this project; wait for it, then run again. Nothing was changed.`,
    );
  }
  syncPath(root);
}

/** Every change is in: from here an interruption is finished, not undone. */
export function commitJournal(root: string): void {
  renameSync(path.join(root, PENDING_JOURNAL), path.join(root, DONE_JOURNAL));
  syncPath(root);
}

/** Undoes whatever part of the journal's changes is on disk, then drops the journal. */
export function rollBack(root: string, journal: Journal): { restored: number; removed: number } {
  const at = (file: string) => path.join(root, file);
  let restored = 0;
  let removed = 0;
  for (const entry of [...journal.entries].reverse()) {
    const target = at(entry.path);
    const current = sha256(readBytes(target));
    if (current === entry.before) {
      // The original is in place (never swapped, or already restored): a backup is only a copy of it.
      if (entry.backup) removeFile(at(entry.backup));
    } else if (entry.backup && entry.before !== null) {
      // Backups are complete and synced before the first swap, so one is here whenever its target moved.
      if (existsSync(at(entry.backup))) {
        renameSync(at(entry.backup), target);
        restored++;
      }
    } else if (entry.before === null && current !== null && current === entry.after) {
      removeFile(target);
      removed++;
    }
    if (entry.temp) removeFile(at(entry.temp));
  }
  removeEmptyFolders(root, [...journal.created].reverse());
  removeFile(at(PENDING_JOURNAL));
  syncPath(root);
  return { restored, removed };
}

/** Removes what a complete apply leaves behind: backups, temps, emptied folders, the journal last. */
export function finishJournal(root: string, journal: Journal): void {
  const at = (file: string) => path.join(root, file);
  for (const entry of journal.entries) {
    if (entry.backup) removeFile(at(entry.backup));
    if (entry.temp) removeFile(at(entry.temp));
  }
  removeEmptyFolders(root, journal.emptied);
  removeFile(at(DONE_JOURNAL));
  syncPath(root);
}

/** The suffix apply gives a temp or backup beside its target (`src/auth.ts.create-auth-4242-m3x9.tmp`). */
export const stagedName = (file: string, tag: string, kind: "tmp" | "bak") => `${file}.create-auth-${tag}.${kind}`;
const STAGED = /^\.create-auth-[0-9a-z-]+\.(?:tmp|bak)$/;

/**
 * A journal is a file in the project, so it is input: one naming a path outside it (or a temp that is not
 * its target's) is refused rather than followed, since recovery deletes and renames what it names.
 */
function hostile(root: string, journal: Journal): string | null {
  const staged = (entry: JournalEntry, name: string | null) =>
    name === null || (name.startsWith(entry.path) && STAGED.test(name.slice(entry.path.length)));
  for (const entry of journal.entries) {
    if (typeof entry?.path !== "string") return "an entry without a path";
    const why = unsafeChangePath(root, entry.path);
    if (why) return `${JSON.stringify(entry.path)}, which ${why}`;
    if (!staged(entry, entry.temp) || !staged(entry, entry.backup)) return `a staged file that is not ${entry.path}'s`;
  }
  for (const folder of [...journal.created, ...journal.emptied]) {
    const why = typeof folder === "string" ? unsafeChangePath(root, folder) : "is not a path";
    if (why) return `the folder ${JSON.stringify(folder)}, which ${why}`;
  }
  return null;
}

function readJournal(root: string, file: string): Journal | null {
  let journal: Journal;
  try {
    journal = JSON.parse(readFileSync(file, "utf8")) as Journal;
  } catch {
    return null;
  }
  if (journal?.version !== 1 || !Array.isArray(journal.entries)) return null;
  if (!Array.isArray(journal.created) || !Array.isArray(journal.emptied)) return null;
  const why = hostile(root, journal);
  if (why) {
    throw new CliError(
      "UnsupportedProject",
      `${path.basename(file)} names ${why}: create-auth did not write this journal and will not act on it; delete it, then run again.`,
    );
  }
  return journal;
}

/** An apply this long ago is over, whatever process now has its pid. */
const STALE_AFTER_MS = 10 * 60 * 1000;

function running({ pid, startedAt }: Journal): boolean {
  if (pid === process.pid || !(Date.now() - startedAt < STALE_AFTER_MS)) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * What every writing command does first: an apply that was interrupted in this project is rolled back (or,
 * past its last change, finished), and said in one line; null when there was none.
 */
export function recoverApply(root: string): string | null {
  const pending = path.join(root, PENDING_JOURNAL);
  const done = path.join(root, DONE_JOURNAL);
  if (existsSync(pending)) {
    const journal = readJournal(root, pending);
    if (journal === null) {
      // Written and synced before anything else: one that does not parse was cut before the apply began.
      removeFile(pending);
      return `Removed ${PENDING_JOURNAL}, left by a create-auth run stopped before it changed anything.`;
    }
    if (running(journal)) {
      throw new CliError(
        "ApplyFailed",
        `create-auth ${journal.command} (process ${journal.pid}) is writing to this project; wait for it, then run again.`,
      );
    }
    const { restored, removed } = rollBack(root, journal);
    return `An interrupted create-auth ${journal.command} was rolled back (${restored} file${restored === 1 ? "" : "s"} restored, ${removed} removed): the project is as it was before it.`;
  }
  if (existsSync(done)) {
    const journal = readJournal(root, done);
    if (journal === null) removeFile(done);
    else finishJournal(root, journal);
    return `An interrupted create-auth ${journal?.command ?? "run"} had written all its changes; its leftover backups were removed.`;
  }
  return null;
}
