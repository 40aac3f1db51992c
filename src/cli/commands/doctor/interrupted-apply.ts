/**
 * A create-auth command killed while it wrote (apply/journal.ts): its journal is still in the app, and until
 * the next command rolls it back, files may be half-changed. The doctor writes nothing, so it does not roll
 * back itself; it says so, and which command will (every other command recovers first, --dry-run included):
 * one that then runs to its end in this app, writing nothing (update's dry run where the runtime is linked,
 * init's with its defaults where it is not), so the fix works as printed.
 */
import { DONE_JOURNAL, PENDING_JOURNAL } from "../../apply/journal.js";
import { type Finding, finding } from "../../checks/finding.js";
import type { ProjectReader } from "../../project/reader.js";
import type { PackageJson } from "../../project/types.js";
import { linkedRuntime } from "../../runtime-package/link.js";

/** A command that recovers first, then only plans: update where the app links the runtime, else init. */
function recoverCommand(reader: ProjectReader): string {
  let pkg: PackageJson = {};
  try {
    pkg = JSON.parse(reader.read("package.json") ?? "{}") as PackageJson;
  } catch {
    // Not JSON: init's dry run says so after the rollback.
  }
  const link = linkedRuntime(pkg);
  const command = link && "dir" in link ? "update --dry-run" : "init --dry-run --yes";
  return `run npx create-auth ${command} in the app's folder: like every command but doctor, it first`;
}

export function checkInterruptedApply(reader: ProjectReader): Finding[] {
  const recover = recoverCommand(reader);
  if (reader.exists(PENDING_JOURNAL)) {
    return [
      finding(
        "error",
        "apply.interrupted",
        "A create-auth command was stopped while it was writing: files it changed may be half-changed until it is rolled back.",
        `${recover} rolls that change back, then shows what it would do (and writes nothing more)`,
        PENDING_JOURNAL,
      ),
    ];
  }
  if (reader.exists(DONE_JOURNAL)) {
    return [
      finding(
        "warning",
        "apply.leftovers",
        "A create-auth command was stopped after it had written all its changes, before it removed its backups.",
        `${recover} removes them`,
        DONE_JOURNAL,
      ),
    ];
  }
  return [];
}
