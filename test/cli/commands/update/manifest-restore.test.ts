/**
 * update's refusal of a missing or broken MANIFEST.json says how to get it back in commands that work as
 * printed: `git checkout --` only when git has the file; else init with the providers and database of the
 * auth module (without a terminal init needs --providers), once the old runtime folder is out of the way.
 * Each is then run as printed, and update works again.
 */
import { execFileSync } from "node:child_process";
import { cpSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  initFixture,
  type MemoryProject,
  memoryFixture,
  removeTemps,
  repoRoot,
  runInMemory,
  tempDir,
} from "../../support.js";
import { runOnDisk } from "../../support-disk.js";
import { byId, doctor } from "../doctor/support.js";

afterAll(removeTemps);

const RUNTIME = "vendor/auth-runtime";
const MANIFEST = `${RUNTIME}/MANIFEST.json`;

/** The argv of `npx create-auth init …` in `text`: its words up to the one a comma, period or semicolon ends. */
function printedInit(text: string): string[] {
  const words = text.split(/\s+/);
  const at = words.findIndex((word, i) => word === "create-auth" && words[i - 1] === "npx" && words[i + 1] === "init");
  expect(at, text).toBeGreaterThan(0);
  const argv: string[] = [];
  for (const word of words.slice(at + 1)) {
    argv.push(word.replace(/[,.;]$/, ""));
    if (/[,.;]$/.test(word)) break;
  }
  return argv;
}

function removeFolder(project: MemoryProject, dir: string): void {
  for (const file of [...project.files.keys()]) if (file.startsWith(`${dir}/`)) project.remove(file);
}

describe("a manifest git never had", () => {
  it.each([
    ["missing", null],
    ["not JSON", "{ not json"],
  ])(
    "%s: update names init with the auth module's answers, which works once the folder is moved out",
    async (_, text) => {
      const args = ["--providers", "github,google", "--db", "sqlite", "--yes", "--no-install"];
      const { project, run } = await initFixture("next-app", args);
      expect(run.status).toBe(0);
      if (text === null) project.remove(MANIFEST);
      else project.write(MANIFEST, text);

      const refused = await runInMemory(project, ["update", project.root, "--yes", "--no-install"]);
      expect(refused.status).toBe(1);
      expect(refused.stderr).not.toContain("git checkout");
      expect(refused.stderr).toContain(
        `${MANIFEST} was never committed, so git cannot restore it: move ${RUNTIME} out of the app`,
      );
      const init = printedInit(refused.stderr);
      expect(init.join(" ")).toBe("init --providers github,google --db sqlite --yes");

      removeFolder(project, RUNTIME);
      const again = await runInMemory(project, [...init, project.root, "--no-install"]);
      expect(again.status, again.stdout + again.stderr).toBe(0);
      const update = await runInMemory(project, ["update", project.root, "--yes", "--no-install"]);
      expect(update.status, update.stderr).toBe(0);
    },
  );
});

describe("doctor's fix for the same manifest", () => {
  it("is update's way back, and works as printed on a runtime an older CLI wrote", async () => {
    // update-older-next: a runtime of an older version, so init refuses to write over its files in place.
    const project = memoryFixture("update-older-next");
    project.remove(MANIFEST);
    const [missing] = byId(await doctor(project), "runtime.manifest-missing");
    expect(missing!.fix).toContain(
      `${MANIFEST} was never committed, so git cannot restore it: move ${RUNTIME} out of the app`,
    );
    const refused = await runInMemory(project, ["update", project.root, "--yes", "--no-install"]);
    expect(refused.stderr).toContain(missing!.fix!);

    removeFolder(project, RUNTIME);
    const init = await runInMemory(project, [...printedInit(missing!.fix!), project.root, "--no-install"]);
    expect(init.status, init.stdout + init.stderr).toBe(0);
    expect(byId(await doctor(project), "runtime.manifest-missing")).toEqual([]);
  });
});

describe("a manifest git has", () => {
  it("update names git checkout, which brings it back", async () => {
    const dir = tempDir("update-manifest-git");
    cpSync(path.join(repoRoot, "test/fixtures/express-5-ts"), dir, { recursive: true });
    const init = ["init", "--providers", "github", "--yes", "--no-install"];
    expect((await runOnDisk(init, { cwd: dir })).status).toBe(0);
    const git = (...args: string[]) =>
      execFileSync("git", ["-c", "user.name=Dev", "-c", "user.email=dev@example.com", ...args], { cwd: dir });
    git("init", "-q", "-b", "main");
    git("add", ".");
    git("commit", "-q", "-m", "app with auth");
    rmSync(path.join(dir, MANIFEST));

    const refused = await runOnDisk(["update", "--yes", "--no-install"], { cwd: dir });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(`restore it from git (git checkout -- ${MANIFEST})`);
    // Its other way works as printed too.
    expect(printedInit(refused.stderr).join(" ")).toBe("init --providers github --yes");

    git("checkout", "--", MANIFEST);
    expect((await runOnDisk(["update", "--yes", "--no-install"], { cwd: dir })).status).toBe(0);

    renameSync(path.join(dir, RUNTIME), path.join(tempDir("moved-runtime"), "auth-runtime"));
    const afresh = await runOnDisk([...printedInit(refused.stderr), "--no-install"], { cwd: dir });
    expect(afresh.status, afresh.stdout + afresh.stderr).toBe(0);
  });
});
