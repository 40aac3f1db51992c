/**
 * What every doctor check returns: findings as data, each with a stable `id` (scripts and docs match on it,
 * docs/cli-doctor.md lists every one), a level, one line saying what is wrong (or right), the fix, and the
 * file it is about when there is one. The command only composes and prints them.
 */

/** `error` makes `auth doctor` exit 1; `warning` and `info` are said and do not; `ok` is a check that passed. */
export type FindingLevel = "error" | "warning" | "info" | "ok";

export interface Finding {
  id: string;
  level: FindingLevel;
  message: string;
  /** What to do about it; absent on `ok` findings. */
  fix?: string;
  file?: string;
}

export function finding(level: FindingLevel, id: string, message: string, fix?: string, file?: string): Finding {
  return { id, level, message, ...(fix ? { fix } : {}), ...(file ? { file } : {}) };
}

export const ok = (id: string, message: string, file?: string): Finding => finding("ok", id, message, undefined, file);
