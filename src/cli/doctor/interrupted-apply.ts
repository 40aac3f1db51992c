/**
 * A create-auth command killed while it wrote (apply/journal.ts): its journal is still in the app, and until
 * the next command rolls it back, files may be half-changed. The doctor writes nothing, so it does not roll
 * back itself; it says so, and which command will (every other command recovers first, --dry-run included).
 */
import { DONE_JOURNAL, PENDING_JOURNAL } from "../apply/journal.js";
import type { ProjectReader } from "../plan/reader.js";
import { type Finding, finding } from "./finding.js";

const RECOVER = "run npx create-auth init --dry-run in the app's folder: like every command but doctor, it first";

export function checkInterruptedApply(reader: ProjectReader): Finding[] {
  if (reader.exists(PENDING_JOURNAL)) {
    return [
      finding(
        "error",
        "apply.interrupted",
        "A create-auth command was stopped while it was writing: files it changed may be half-changed until it is rolled back.",
        `${RECOVER} rolls that change back, then shows what init would do (write nothing more)`,
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
        `${RECOVER} removes them`,
        DONE_JOURNAL,
      ),
    ];
  }
  return [];
}
