// A create-auth command killed while it wrote leaves its journal (apply/journal.ts). The doctor reports it and,
// writing nothing, leaves the rollback to the command its fix names, which does it first. The built CLI on disk.
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DONE_JOURNAL, PENDING_JOURNAL } from "../../../../src/cli/apply/journal.js";
import { assertBuilt, copyFixture, hashTree, removeTemps, runCli } from "../../support.js";

afterAll(removeTemps);
beforeAll(assertBuilt);

/** A journal as a killed run leaves it: an hour old, its process long gone, nothing staged yet. */
const journal = JSON.stringify({
  version: 1,
  command: "init",
  pid: 2 ** 22 + 17,
  startedAt: Date.now() - 3_600_000,
  created: [],
  emptied: [],
  entries: [],
});

function doctorJson(dir: string) {
  const run = runCli(["doctor", dir, "--json"]);
  return { status: run.status, report: JSON.parse(run.stdout) as { findings: { id: string; fix?: string }[] } };
}

describe("auth doctor on an app where a create-auth command was killed while writing", () => {
  it("apply.interrupted is an error, the doctor rolls nothing back, and its fix does", () => {
    const dir = copyFixture("next-app");
    writeFileSync(path.join(dir, PENDING_JOURNAL), journal);
    const before = hashTree(dir);
    const { status, report } = doctorJson(dir);
    expect(status).toBe(1);
    const found = report.findings.find((f) => f.id === "apply.interrupted");
    expect(found?.fix).toContain("npx create-auth init --dry-run --yes in the app's folder");
    expect(hashTree(dir)).toBe(before);

    // The fix as printed, in the app's folder: it rolls back, then runs to its end writing nothing more.
    const fix = runCli(["init", "--dry-run", "--yes"], { cwd: dir });
    expect(fix.status, fix.stderr).toBe(0);
    expect(fix.stdout).toMatch(/^An interrupted create-auth init was rolled back/);
    expect(existsSync(path.join(dir, PENDING_JOURNAL))).toBe(false);
    expect(doctorJson(dir).report.findings.map((f) => f.id)).not.toContain("apply.interrupted");
  });

  it("in an app set up by init, the fix is update's dry run, which recovers and ends without an error", () => {
    const dir = copyFixture("express-5-ts");
    expect(runCli(["init", dir, "--providers", "github", "--yes", "--no-install"]).status).toBe(0);
    writeFileSync(path.join(dir, PENDING_JOURNAL), journal);
    const found = doctorJson(dir).report.findings.find((f) => f.id === "apply.interrupted");
    expect(found?.fix).toContain("npx create-auth update --dry-run in the app's folder");
    const fix = runCli(["update", "--dry-run"], { cwd: dir });
    expect(fix.status, fix.stderr).toBe(0);
    expect(fix.stdout).toMatch(/^An interrupted create-auth init was rolled back/);
    expect(existsSync(path.join(dir, PENDING_JOURNAL))).toBe(false);
  });

  it("apply.leftovers is a warning when every change was in before the kill", () => {
    const dir = copyFixture("next-app");
    writeFileSync(path.join(dir, DONE_JOURNAL), journal);
    const { report } = doctorJson(dir);
    expect(report.findings.find((f) => f.id === "apply.leftovers")).toMatchObject({ level: "warning" });
    expect(existsSync(path.join(dir, DONE_JOURNAL))).toBe(true);
  });
});
