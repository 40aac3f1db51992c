/**
 * How a user gets back a file create-auth wrote, in a command that works as printed: `git checkout --` only
 * where git has the path (a file never committed is not restored by it, it fails), else the command that
 * writes it again. One answer for doctor's fixes and update's refusals.
 */
import { spawnSync } from "node:child_process";
import { importedAdapter, isSchemaOrm } from "../database/flavours.js";
import type { ProjectReader } from "../project/reader.js";
import type { ProjectInfo } from "../project/types.js";
import { providersOf } from "../providers/auth-providers.js";

/** Whether git has `file` (a file, or any file under a folder) in the index: then `git checkout -- file` restores it. */
export function gitHas(root: string, file: string): boolean {
  const result = spawnSync("git", ["ls-files", "-z", "--", file], { cwd: root, encoding: "utf8", stdio: "pipe" });
  return result.status === 0 && result.stdout !== "";
}

/**
 * init with the answers the auth module shows (its providers, its adapter): it plans only what is missing.
 * Without a terminal init needs `--providers`, so they are always named when the module has any.
 */
export function initAgain(authSource: string | null, authPath: string): string {
  const ids = providersOf(authSource, authPath).map((provider) => provider.id);
  const adapter = importedAdapter(authSource);
  const database = adapter && isSchemaOrm(adapter) ? ` --orm ${adapter}` : adapter ? ` --db ${adapter}` : "";
  return `npx create-auth init${ids.length > 0 ? ` --providers ${ids.join(",")}` : ""}${database} --yes`;
}

/**
 * initAgain for the app in `reader`, where no setup was read yet (update refusing before it plans): the auth
 * module is the framework's file there that lists providers (ProjectInfo's existingAuthFiles). A folder
 * detect refuses (`info` null) gets init with the flag it will need, for the user to fill in.
 */
export function initAgainIn(reader: ProjectReader, info: Pick<ProjectInfo, "existingAuthFiles"> | null): string {
  if (!info) return "npx create-auth init --providers <provider ids> --yes";
  const auth = info.existingAuthFiles.find((file) => providersOf(reader.read(file), file).length > 0);
  return auth ? initAgain(reader.read(auth), auth) : initAgain(null, "");
}
