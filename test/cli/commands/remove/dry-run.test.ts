/**
 * `auth remove --dry-run` as a user types it, on an app that uses auth (a page imports the auth module, as
 * init's next step shows): remove refuses to apply a plan that leaves such an app unbuildable, but the dry
 * run shows that plan all the same (what it deletes, edits and keeps, its notes and diff), says why applying
 * it would be refused, writes nothing and exits 0; with --json, as one object. In memory, and once through
 * the built CLI in the app's folder.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCliAsync } from "../../../support/speed-run-cli.js";
import {
  assertBuilt,
  type CliRun,
  copyFixture,
  hashTree,
  initFixture,
  type MemoryProject,
  removeTemps,
  runInMemory,
} from "../../support.js";

afterAll(removeTemps);

const APPLY = ["--yes", "--no-install"];
const PAGE = "app/account/page.tsx";
const USER_PAGE =
  'import { auth } from "../../auth";\n\nexport default async function Account() {\n  const session = await auth();\n  return <p>{session?.user?.name}</p>;\n}\n';

function remove(project: MemoryProject, flags: string[]): Promise<CliRun> {
  return runInMemory(project, ["remove", project.root, ...flags], { bin: "auth" });
}

/** next-app after init, with a page of the user's that reads the session. */
async function appUsingAuth(): Promise<MemoryProject> {
  const { project, run } = await initFixture("next-app", ["--providers", "github", ...APPLY]);
  expect(run.status, run.stderr).toBe(0);
  project.write(PAGE, USER_PAGE);
  return project;
}

const REFUSAL =
  "app/account/page.tsx imports auth.ts, which remove takes out, so the app would no longer build. To go on, take those imports out of app/account/page.tsx, then run remove again.";

describe("remove --dry-run on an app whose own page imports the auth module", () => {
  it("shows the plan and why applying it is refused, writes nothing, exits 0", async () => {
    const project = await appUsingAuth();
    const before = project.hash();
    const dry = await remove(project, ["--dry-run"]);
    expect([dry.status, dry.stderr]).toEqual([0, ""]);
    expect(project.hash()).toBe(before);
    const out = dry.stdout;
    expect(out).toContain(`Note: Without --dry-run, remove refuses this plan: ${REFUSAL}\n`);
    // What it would delete and edit, one row each, then the diff.
    expect(out).toMatch(/^ {2}delete {2}auth\.ts {2,}auth module/m);
    expect(out).toMatch(/^ {2}delete {2}vendor\/auth-runtime\/ \(\d+ files\) {2,}runtime package$/m);
    expect(out).toMatch(/^ {2}edit {4}package\.json {2,}dependencies: removes @create-auth\/runtime/m);
    expect(out).toContain("--- a/auth.ts\n+++ /dev/null\n");
    expect(out.trimEnd().endsWith("Dry run: nothing was written.")).toBe(true);
  });

  it("with --json: one object with the plan, its notes (the refusal among them) and nothing applied", async () => {
    const project = await appUsingAuth();
    const before = project.hash();
    const dry = await remove(project, ["--dry-run", "--json"]);
    expect([dry.status, dry.stderr]).toEqual([0, ""]);
    expect(project.hash()).toBe(before);
    const report = JSON.parse(dry.stdout) as {
      ok: boolean;
      dryRun: boolean;
      plan: { changes: { kind: string; path: string }[]; notes: string[] };
      outcome: { applied: boolean; filesWritten: number };
    };
    expect(report).toMatchObject({ ok: true, dryRun: true, outcome: { applied: false, filesWritten: 0 } });
    expect(report.plan.changes).toContainEqual(expect.objectContaining({ kind: "delete", path: "auth.ts" }));
    expect(report.plan.notes).toContain(`Without --dry-run, remove refuses this plan: ${REFUSAL}`);
  });

  it("still refuses to apply it, in one line, writing nothing", async () => {
    const project = await appUsingAuth();
    const before = project.hash();
    const refused = await remove(project, APPLY);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr.trim().split("\n")).toHaveLength(1);
    expect(refused.stderr).toContain(`${REFUSAL} Nothing was written.`);
    expect(project.hash()).toBe(before);
  });
});

describe("the built CLI: auth remove --dry-run in the app's folder", () => {
  it("prints the plan with why applying it is refused, writes nothing, exits 0", async () => {
    assertBuilt();
    const dir = copyFixture("next-app");
    const init = await runCliAsync(["init", "--providers", "github", ...APPLY], { cwd: dir });
    expect(init.status, init.stderr).toBe(0);
    mkdirSync(path.join(dir, path.dirname(PAGE)), { recursive: true });
    writeFileSync(path.join(dir, PAGE), USER_PAGE);
    const before = hashTree(dir);
    const dry = await runCliAsync(["remove", "--dry-run"], { cwd: dir, bin: "auth" });
    expect([dry.status, dry.stderr]).toEqual([0, ""]);
    expect(dry.stdout).toContain(`Note: Without --dry-run, remove refuses this plan: ${REFUSAL}\n`);
    expect(dry.stdout).toMatch(/^ {2}delete {2}auth\.ts {2,}auth module/m);
    expect(dry.stdout.trimEnd().endsWith("Dry run: nothing was written.")).toBe(true);
    expect(hashTree(dir)).toBe(before);
  });
});
