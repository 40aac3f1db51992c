/**
 * Writes that survive a crash in the order apply needs them: a file's bytes reach the disk (fsync) before
 * the rename or journal step that relies on them, and a folder is synced after names in it change, so a
 * power cut cannot leave a journal that points at files the disk never received.
 */
import { closeSync, fsyncSync, openSync, writeFileSync } from "node:fs";

/** Writes `data` to a new file (`wx`: never over an existing one) and syncs it before returning. */
export function writeNewFile(file: string, data: string, mode = 0o666): void {
  const fd = openSync(file, "wx", mode);
  try {
    writeFileSync(fd, data);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Syncs a file or a folder (its list of names). Folders that cannot be opened (some filesystems) are skipped. */
export function syncPath(file: string): void {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch {
    return;
  }
  try {
    fsyncSync(fd);
  } catch {
    // A filesystem without fsync on folders: the rename is as durable as it can be made there.
  } finally {
    closeSync(fd);
  }
}
