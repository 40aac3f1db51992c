import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { applyPlan } from "../../src/cli/apply/apply.js";
import type { FileChange, Plan } from "../../src/cli/plan/types.js";
import { copyFixture, hashTree, read, removeTemps } from "./support.js";

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
