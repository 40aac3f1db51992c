import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { applyPlan } from "../../../src/cli/apply/apply.js";
import { PENDING_JOURNAL, recoverApply } from "../../../src/cli/apply/journal.js";
import type { FileChange, Plan } from "../../../src/cli/plan/types.js";
import { assertBuilt, copyFixture, hashTree, read, removeTemps, runCli, tempDir } from "../support.js";

afterAll(removeTemps);

const plan = (projectDir: string, changes: FileChange[]): Plan => ({
  command: "test",
  projectDir,
  changes,
  install: null,
  nextSteps: [],
  notes: [],
  conflicts: [],
});

describe("applyPlan", () => {
  it("writes creates, edits and deletes, creating folders as needed", () => {
    const dir = copyFixture("next-app");
    const page = read(dir, "app/page.tsx");
    applyPlan(
      plan(dir, [
        { kind: "create", path: "deep/new/file.ts", content: "x\n", reason: "t" },
        { kind: "edit", path: "app/page.tsx", before: page, after: `${page}// edited\n`, reason: "t" },
        { kind: "delete", path: "next.config.ts", before: read(dir, "next.config.ts"), reason: "t" },
      ]),
    );
    expect(read(dir, "deep/new/file.ts")).toBe("x\n");
    expect(read(dir, "app/page.tsx").endsWith("// edited\n")).toBe(true);
    expect(() => read(dir, "next.config.ts")).toThrow();
  });

  it("removes the folders its deletes leave empty, and only those", () => {
    const dir = copyFixture("next-app");
    mkdirSync(path.join(dir, "vendor/auth-runtime/core"), { recursive: true });
    writeFileSync(path.join(dir, "vendor/auth-runtime/core/a.js"), "a\n");
    writeFileSync(path.join(dir, "vendor/auth-runtime/index.js"), "i\n");
    mkdirSync(path.join(dir, "app/kept"));
    writeFileSync(path.join(dir, "app/kept/ours.ts"), "o\n");
    writeFileSync(path.join(dir, "app/kept/theirs.ts"), "t\n");
    applyPlan(
      plan(dir, [
        { kind: "delete", path: "vendor/auth-runtime/core/a.js", before: "a\n", reason: "t" },
        { kind: "delete", path: "vendor/auth-runtime/index.js", before: "i\n", reason: "t" },
        { kind: "delete", path: "app/kept/ours.ts", before: "o\n", reason: "t" },
      ]),
    );
    expect(existsSync(path.join(dir, "vendor"))).toBe(false);
    expect(read(dir, "app/kept/theirs.ts")).toBe("t\n");
    expect(existsSync(dir)).toBe(true);
  });

  it("rolls back every file already swapped in when a later write fails", () => {
    const dir = copyFixture("next-app");
    // A non-empty folder where the plan expects to create a file: the final rename fails.
    mkdirSync(path.join(dir, "blocked"));
    writeFileSync(path.join(dir, "blocked/keep.txt"), "keep");
    const before = hashTree(dir);
    const page = read(dir, "app/page.tsx");
    expect(() =>
      applyPlan(
        plan(dir, [
          { kind: "create", path: "created/early.ts", content: "x\n", reason: "t" },
          { kind: "edit", path: "app/page.tsx", before: page, after: "changed\n", reason: "t" },
          { kind: "create", path: "blocked", content: "y\n", reason: "t" },
        ]),
      ),
    ).toThrow(/Could not write blocked .*nothing was changed/);
    expect(hashTree(dir)).toBe(before);
  });

  it("refuses to apply when a file changed after planning", () => {
    const dir = copyFixture("next-app");
    expect(() =>
      applyPlan(plan(dir, [{ kind: "edit", path: "app/page.tsx", before: "stale", after: "new", reason: "t" }])),
    ).toThrow(/changed while create-auth was planning/);
  });
});

describe("applyPlan's last line of defence: nothing outside the project", () => {
  /** An app beside a folder outside it, reached by a symlink in the app (`out`) and by a link as `.env`. */
  function linkedApp(): { dir: string; outside: string } {
    const dir = copyFixture("next-app");
    const outside = tempDir("apply-outside");
    writeFileSync(path.join(outside, "victim.txt"), "theirs\n");
    symlinkSync(outside, path.join(dir, "out"));
    symlinkSync(path.join(outside, "victim.txt"), path.join(dir, ".env"));
    return { dir, outside };
  }

  it.each([
    ["../victim.txt", "has an empty, . or .. segment"],
    ["app/../../victim.txt", "has an empty, . or .. segment"],
    ["/etc/victim.txt", "is not a relative path"],
    ["out/new.ts", "once symlinks are followed, outside the project"],
    ["out/deeper/new.ts", "once symlinks are followed, outside the project"],
  ])("refuses to create %s, writing nothing anywhere", (file, why) => {
    const { dir, outside } = linkedApp();
    const before = [hashTree(dir), hashTree(outside)];
    const attempt = () =>
      applyPlan(
        plan(dir, [
          { kind: "create", path: "fine.ts", content: "x\n", reason: "t" },
          { kind: "create", path: file, content: "x\n", reason: "t" },
        ]),
      );
    expect(attempt).toThrow(`Refused to write ${file}: it `);
    expect(attempt).toThrow(why);
    expect([hashTree(dir), hashTree(outside)]).toEqual(before);
  });

  it("refuses to edit or delete a file that is a symlink, even to a file it could read", () => {
    const { dir, outside } = linkedApp();
    const before = [hashTree(dir), hashTree(outside)];
    for (const change of [
      { kind: "edit", path: ".env", before: "theirs\n", after: "A=1\n", reason: "t" },
      { kind: "delete", path: ".env", before: "theirs\n", reason: "t" },
    ] as const) {
      expect(() => applyPlan(plan(dir, [change]))).toThrow(/^Refused to write \.env: it is a symbolic link \(to /);
    }
    expect([hashTree(dir), hashTree(outside)]).toEqual(before);
  });
});

describe("recovery from an interrupted apply (the kill itself: test/e2e/apply-kill.test.ts)", () => {
  it("refuses a journal that names a file outside the project, touching nothing", () => {
    const dir = copyFixture("next-app");
    const outside = tempDir("apply-outside");
    writeFileSync(path.join(outside, "victim.txt"), "theirs\n");
    const journal = {
      version: 1,
      command: "init",
      pid: 2 ** 22 + 1,
      created: [],
      emptied: [],
      entries: [
        { path: `../${path.basename(outside)}/victim.txt`, temp: null, backup: null, before: null, after: "0" },
      ],
    };
    writeFileSync(path.join(dir, PENDING_JOURNAL), JSON.stringify(journal));
    expect(() => recoverApply(dir)).toThrow(/create-auth did not write this journal and will not act on it/);
    expect(readFileSync(path.join(outside, "victim.txt"), "utf8")).toBe("theirs\n");
  });

  it("leaves the journal of an apply still running in another process alone", async () => {
    const dir = copyFixture("next-app");
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 20000)"], { stdio: "ignore" });
    try {
      const journal = { version: 1, command: "update", pid: other.pid, created: [], emptied: [], entries: [] };
      const file = path.join(dir, PENDING_JOURNAL);
      writeFileSync(file, JSON.stringify({ ...journal, startedAt: Date.now() }));
      expect(() => recoverApply(dir)).toThrow(`create-auth update (process ${other.pid}) is writing to this project`);
      expect(existsSync(file)).toBe(true);
      // An hour old, the same pid is not that apply any more: its journal is rolled back.
      writeFileSync(file, JSON.stringify({ ...journal, startedAt: Date.now() - 3_600_000 }));
      expect(recoverApply(dir)).toMatch(
        /^An interrupted create-auth update was rolled back \(0 files restored, 0 removed\)/,
      );
      expect(existsSync(file)).toBe(false);
    } finally {
      other.kill();
    }
  });

  it("is done by any command first, and said on stderr under --json, whose stdout stays the one object", () => {
    const dir = copyFixture("next-app");
    assertBuilt();
    const journal = { version: 1, command: "update", pid: 2 ** 22 + 17, created: [], emptied: [], entries: [] };
    writeFileSync(path.join(dir, PENDING_JOURNAL), JSON.stringify({ ...journal, startedAt: Date.now() - 3_600_000 }));
    const run = runCli(["secret", dir, "--json"]);
    expect(run.stderr).toMatch(/^An interrupted create-auth update was rolled back/);
    expect(JSON.parse(run.stdout)).toMatchObject({ ok: true, command: "secret" });
    expect(existsSync(path.join(dir, PENDING_JOURNAL))).toBe(false);
  });

  it("has nothing to say where no apply was interrupted", () => {
    expect(recoverApply(copyFixture("next-app"))).toBeNull();
  });
});
