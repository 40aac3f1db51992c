/**
 * What create-auth last wrote in each file of a git work tree, by sha256: the record that lets the
 * uncommitted-edits guard (uncommitted.ts) tell create-auth's own earlier edits (init's mount, add-provider's
 * entry, not yet committed) from the user's. A file whose text is still what the last apply wrote there holds
 * no uncommitted work of the user's that a later command could mix with.
 *
 * The record is local state, as git's index is, so it lives in git's own folder
 * (`.git/create-auth-written.json`), never in the app and never committed. It is a cache: a missing or damaged
 * record, or one a failed write left behind, only makes the guard ask about create-auth's own edits again,
 * never miss the user's (the hash must match the file's current text).
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Plan } from "../plan/types.js";

const RECORD = "create-auth-written.json";

interface WrittenRecord {
  version: 1;
  /** Work-tree-relative path → sha256 (hex) of the text create-auth last wrote there. */
  files: Record<string, string>;
}

export const sha256Hex = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("hex");

/** The record's file in the work tree's git folder (a worktree's own), or null outside a work tree. */
export function recordPath(root: string): string | null {
  const result = spawnSync("git", ["rev-parse", "--path-format=absolute", "--git-path", RECORD], {
    cwd: root,
    encoding: "utf8",
    stdio: "pipe",
  });
  return result.status === 0 && result.stdout.trim() !== "" ? result.stdout.trim() : null;
}

export function readWritten(file: string | null): Record<string, string> {
  if (file === null) return {};
  try {
    const record = JSON.parse(readFileSync(file, "utf8")) as Partial<WrittenRecord>;
    const files = record?.version === 1 ? record.files : null;
    if (typeof files !== "object" || files === null || Array.isArray(files)) return {};
    return Object.fromEntries(Object.entries(files).filter((entry) => typeof entry[1] === "string"));
  } catch {
    return {};
  }
}

/**
 * Records what an applied plan wrote (a deleted file leaves the record). `prefix`: the project's folder
 * inside the work tree (`apps/web/`, or "" at its top), so paths are the work tree's as git status names them.
 */
export function rememberWritten(file: string, prefix: string, plan: Plan): void {
  const files = readWritten(file);
  for (const change of plan.changes) {
    const at = `${prefix}${change.path}`;
    // A file holding secrets is git-ignored (the guard never asks about it): not even its hash is kept.
    if (change.kind === "delete" || (change.kind === "env-merge" && change.secretKeys.length > 0)) delete files[at];
    else files[at] = sha256Hex(change.kind === "create" ? change.content : change.after);
  }
  const record: WrittenRecord = { version: 1, files };
  const temp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, `${JSON.stringify(record)}\n`);
    renameSync(temp, file);
  } catch {
    // A cache: without it the guard asks about create-auth's own edits again, which loses nothing.
  }
}

/** The project's folder inside the work tree whose top is `top`, as a path prefix ("" at the top). */
export function workTreePrefix(top: string, root: string): string {
  const prefix = path.relative(top, path.resolve(root)).split(path.sep).join("/");
  return prefix === "" ? "" : `${prefix}/`;
}
