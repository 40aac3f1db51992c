/**
 * The Plan: every command describes its effect on the project as a list of file changes before anything
 * is written. That single shape gives dry runs, diffs, idempotency (an empty plan), atomic apply and the
 * `--json` output.
 */

import type { PackageManager } from "../project/package-manager.js";

/** Paths are relative to the project root and use `/` on every platform. */
export type FileChange =
  | { kind: "create"; path: string; content: string; reason: string; group?: string }
  | { kind: "edit"; path: string; before: string; after: string; reason: string; group?: string }
  | {
      kind: "env-merge";
      path: string;
      /** null when the env file does not exist yet. */
      before: string | null;
      after: string;
      added: string[];
      replaced: string[];
      /** Keys whose values are secrets: masked in every printed diff and in `--json`. */
      secretKeys: string[];
      reason: string;
    }
  | { kind: "delete"; path: string; before: string; reason: string; group?: string };

export interface InstallStep {
  packageManager: PackageManager;
  /** The exact argv, e.g. ["npm", "install", "--no-audit", "--no-fund"]. */
  command: string[];
}

export interface Plan {
  command: string;
  projectDir: string;
  changes: FileChange[];
  /** Installing dependencies after the files are written; null when nothing new is depended on. */
  install: InstallStep | null;
  /** What the user does next (printed after apply). */
  nextSteps: string[];
  /** Things the user should know that are not file changes (kept existing values, skipped work). */
  notes: string[];
  /**
   * Existing files the plan would have to replace. A plan with conflicts is never applied: the command
   * asks (on a TTY) and re-plans with permission, or refuses naming the file.
   */
  conflicts: Conflict[];
}

export interface Conflict {
  path: string;
  reason: string;
}

/** The content a change leaves on disk, or null for a delete. */
export function contentAfter(change: FileChange): string | null {
  switch (change.kind) {
    case "create":
      return change.content;
    case "edit":
    case "env-merge":
      return change.after;
    case "delete":
      return null;
  }
}

/** The content a change expects on disk before it runs, or null when the file must not exist. */
export function contentBefore(change: FileChange): string | null {
  switch (change.kind) {
    case "create":
      return null;
    case "edit":
    case "delete":
      return change.before;
    case "env-merge":
      return change.before;
  }
}
