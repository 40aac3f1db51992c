/**
 * Uncommitted edits, asked of git itself: review/uncommitted.ts on real repositories, and the built CLI
 * refusing (or, with --force, writing over) a project whose files it would change hold uncommitted edits;
 * and, in process, the walk without commits between commands, where create-auth's own edits are not the user's.
 */
import { spawnSync } from "node:child_process";
import { appendFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uncommittedFiles } from "../../../src/cli/review/uncommitted.js";
import { runCliAsync } from "../../support/speed-run-cli.js";
import { assertBuilt, copyFixture, hashTree, removeTemps, tempDir } from "../support.js";
import { runOnDisk } from "../support-disk.js";

afterAll(removeTemps);

function git(dir: string, ...args: string[]): string {
  const result = spawnSync("git", ["-c", "user.name=Test", "-c", "user.email=test@example.com", ...args], {
    cwd: dir,
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr}`);
  return result.stdout;
}

/** A copy of the fixture, committed as it is but for its env file, which holds secrets. */
function committedFixture(name: string): string {
  const dir = copyFixture(name);
  git(dir, "init", "-q");
  git(dir, "add", ".", ":!.env.local");
  git(dir, "commit", "-qm", "app");
  return dir;
}

describe("uncommittedFiles", () => {
  it("names the given files that differ from HEAD or the index, not untracked or unrelated ones", () => {
    const dir = tempDir("uncommitted");
    mkdirSync(path.join(dir, "app/api/auth/[...nextauth]"), { recursive: true });
    for (const file of ["package.json", "README.md", "staged.ts", "app/api/auth/[...nextauth]/route.ts"]) {
      writeFileSync(path.join(dir, file), "one\n");
    }
    git(dir, "init", "-q");
    git(dir, "add", ".");
    git(dir, "commit", "-qm", "one");
    appendFileSync(path.join(dir, "package.json"), "two\n");
    appendFileSync(path.join(dir, "README.md"), "two\n");
    appendFileSync(path.join(dir, "app/api/auth/[...nextauth]/route.ts"), "two\n");
    appendFileSync(path.join(dir, "staged.ts"), "two\n");
    git(dir, "add", "staged.ts");
    writeFileSync(path.join(dir, "new.ts"), "untracked\n");
    expect(
      uncommittedFiles(dir, ["package.json", "staged.ts", "new.ts", "auth.ts", "app/api/auth/[...nextauth]/route.ts"]),
    ).toEqual(["app/api/auth/[...nextauth]/route.ts", "package.json", "staged.ts"]);
  });

  it("answers relative to a project inside the repository (a workspace member)", () => {
    const dir = tempDir("uncommitted-workspace");
    mkdirSync(path.join(dir, "apps/web"), { recursive: true });
    writeFileSync(path.join(dir, "apps/web/package.json"), "{}\n");
    git(dir, "init", "-q");
    git(dir, "add", ".");
    git(dir, "commit", "-qm", "one");
    writeFileSync(path.join(dir, "apps/web/package.json"), '{ "name": "web" }\n');
    expect(uncommittedFiles(path.join(dir, "apps/web"), ["package.json"])).toEqual(["package.json"]);
  });

  it("has nothing to report outside a git work tree", () => {
    expect(uncommittedFiles(tempDir("no-git"), ["package.json"])).toEqual([]);
  });
});

// Each case is the built CLI on a repository of its own: the cases run at the same time.
describe.concurrent("init on a project with uncommitted edits (the built CLI)", () => {
  beforeAll(assertBuilt);
  const args = (dir: string) => ["init", dir, "--providers", "github", "--yes", "--no-install"];

  it("refuses in one line naming the file and --force when the plan would change an edited file", async ({
    expect,
  }) => {
    const dir = committedFixture("next-app");
    appendFileSync(path.join(dir, ".gitignore"), "# mine, not committed yet\n");
    const before = hashTree(dir);
    const run = await runCliAsync(args(dir));
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(
      "create-auth: .gitignore has uncommitted changes that init's edits would mix with; commit or stash them first, or pass --force to write anyway.\n",
    );
    expect(run.stdout).toContain("Git: .gitignore has uncommitted changes; this plan edits it.");
    expect(hashTree(dir)).toBe(before);
  });

  it("writes over them with --force", async ({ expect }) => {
    const dir = committedFixture("next-app");
    appendFileSync(path.join(dir, ".gitignore"), "# mine, not committed yet\n");
    const run = await runCliAsync([...args(dir), "--force"]);
    expect(run.status).toBe(0);
    expect(git(dir, "status", "--porcelain", "--", "auth.ts")).toBe("?? auth.ts\n");
  });

  it("goes ahead when the edits are in files the plan does not touch, or the repository has no commit yet", async ({
    expect,
  }) => {
    const edited = committedFixture("next-app");
    appendFileSync(path.join(edited, "app/page.tsx"), "// work in progress\n");
    expect((await runCliAsync(args(edited))).status).toBe(0);
    const fresh = copyFixture("next-app");
    git(fresh, "init", "-q");
    expect((await runCliAsync(args(fresh))).status).toBe(0);
  });
});

// The walk a user makes without committing between commands: create-auth's own edits of a minute earlier are
// not the user's uncommitted work (review/written.ts records what each apply wrote, in git's folder).
describe("the guard after create-auth's own uncommitted edits (in process, on disk)", () => {
  const cli = (dir: string, ...argv: string[]) => runOnDisk(argv, { cwd: dir, git: true });
  const APPLY = ["--yes", "--no-install"];

  it("lets remove take back what init wrote, uncommitted", async () => {
    const dir = committedFixture("express-5-ts");
    expect((await cli(dir, "init", "--providers", "github", ...APPLY)).status).toBe(0);
    expect(git(dir, "status", "--porcelain", "--untracked-files=no")).toContain(" M src/app.ts");
    // The record is git's local state: what init wrote, by hash; never a file holding secrets.
    const record = JSON.parse(readFileSync(path.join(dir, ".git/create-auth-written.json"), "utf8"));
    expect(Object.keys(record.files)).toContain("src/app.ts");
    expect(Object.keys(record.files)).not.toContain(".env");
    const removed = await cli(dir, "remove", ...APPLY);
    expect(removed.stderr).toBe("");
    expect(removed.stdout).not.toContain("Git:");
    expect(git(dir, "status", "--porcelain")).toBe("");
  });

  it("lets remove-provider follow add-provider in a committed setup", async () => {
    const dir = committedFixture("express-5-ts");
    expect((await cli(dir, "init", "--providers", "github", ...APPLY)).status).toBe(0);
    git(dir, "add", ".");
    git(dir, "commit", "-qm", "auth");
    expect((await cli(dir, "add-provider", "google", ...APPLY)).status).toBe(0);
    const removed = await cli(dir, "remove-provider", "github", ...APPLY);
    expect(removed.stderr).toBe("");
    expect(removed.status).toBe(0);
  });

  it("still refuses when the user edited a file after create-auth wrote it", async () => {
    const dir = committedFixture("express-5-ts");
    expect((await cli(dir, "init", "--providers", "github", ...APPLY)).status).toBe(0);
    appendFileSync(path.join(dir, "src/app.ts"), "// work in progress\n");
    const refused = await cli(dir, "remove", ...APPLY);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toBe(
      "create-auth: src/app.ts has uncommitted changes that remove's edits would mix with; commit or stash them first, or pass --force to write anyway.\n",
    );
  });

  it("names the runtime folder once, with its count, not each of its files", async () => {
    const dir = committedFixture("express-5-ts");
    expect((await cli(dir, "init", "--providers", "github", ...APPLY)).status).toBe(0);
    git(dir, "add", ".");
    // A setup written before the record existed (or a record lost): every staged file counts as uncommitted.
    rmSync(path.join(dir, ".git/create-auth-written.json"));
    const refused = await cli(dir, "remove", ...APPLY);
    expect(refused.status).toBe(1);
    expect(refused.stdout).toMatch(
      /^Git: \.env\.example, package\.json, src\/app\.ts, src\/auth\.ts and vendor\/auth-runtime\/ \(\d+ files\) have uncommitted changes; this plan edits them\.$/m,
    );
  });
});
