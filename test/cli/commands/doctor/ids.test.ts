// The finding ids as a contract: every id a doctor check can return (read from the checks' source, so a new
// one cannot slip past) is explained in docs/cli-doctor.md and produced by at least one doctor test, which
// names it in an expectation. The advisories' ids are built from the advisories file: each is held to the same.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { ADVISORIES } from "../../../../src/cli/commands/doctor/advisories.js";
import { repoRoot } from "../../support.js";

const read = (file: string) => readFileSync(file, "utf8");

/** The modules of a folder of src/cli (`commands/doctor`), or one file of each of its subfolders (`frameworks`, `doctor.ts`). */
function modules(folder: string, fileInEach?: string): string[] {
  const dir = path.join(repoRoot, "src/cli", folder);
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (fileInEach) return entry.isDirectory() ? [path.join(dir, entry.name, fileInEach)] : [];
    return entry.isFile() ? [path.join(dir, entry.name)] : [];
  });
}

/**
 * Every id passed as a literal to finding(level, "id", …) or ok("id", …) in the doctor's checks and command,
 * the checks every framework brings (frameworks/<id>/doctor.ts) and the shared ones (checks/).
 */
function emittedIds(): string[] {
  const sources = [
    ...modules("commands/doctor"),
    ...modules("checks"),
    ...modules("frameworks", "doctor.ts"),
    path.join(repoRoot, "src/cli/commands/doctor.ts"),
  ].map(read);
  const call = /\b(?:finding\(\s*[^,()]+(?:\([^()]*\))?,|ok\()\s*"([a-z-]+\.[a-z-]+)"/g;
  const ids = sources.flatMap((source) => [...source.matchAll(call)].map((match) => match[1]!));
  return [...new Set(ids), ...ADVISORIES.map((advisory) => `advisory.${advisory.id}`)];
}

test("the ids are read from the source: the checks' known ids are among them", () => {
  const ids = emittedIds();
  expect(ids.length).toBeGreaterThan(50);
  expect(ids).toEqual(
    expect.arrayContaining([
      "setup.missing",
      "secret.history-unchecked",
      "database.table-missing",
      "advisory.none",
      // A framework's own (frameworks/<id>/doctor.ts) and a shared one (checks/imports-of.ts).
      "wiring.hooks-missing-handle",
      "wiring.import-missing",
    ]),
  );
});

test("docs/cli-doctor.md explains every finding id", () => {
  const docs = read(path.join(repoRoot, "docs/cli-doctor.md"));
  expect(emittedIds().filter((id) => !docs.includes(`\`${id}\``))).toEqual([]);
});

test("every finding id is produced by a doctor test that names it", () => {
  const dir = path.join(repoRoot, "test/cli/commands/doctor");
  const tests = readdirSync(dir)
    .filter((file) => file.endsWith(".test.ts") && file !== "ids.test.ts")
    .map((file) => read(path.join(dir, file)))
    .join("\n");
  expect(emittedIds().filter((id) => !tests.includes(`"${id}"`))).toEqual([]);
});
