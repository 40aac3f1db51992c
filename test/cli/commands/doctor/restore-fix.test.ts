/**
 * doctor's fix for a module create-auth wrote that is gone (SolidStart's auth route, the session module pages
 * import from) works as printed, in a git repository: `git checkout --` only when git has the file; when it
 * was never committed (init ran after the app's last commit), init with the auth module's providers, which
 * writes it again. Each fix is run as printed and the finding goes away.
 */
import { execFileSync } from "node:child_process";
import { cpSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { removeTemps, repoRoot, tempDir } from "../../support.js";
import { runOnDisk } from "../../support-disk.js";

afterAll(removeTemps);

const ROUTE = "src/routes/api/auth/[...solidauth].ts";
const SESSION = "src/lib/session.ts";
const JOURNAL = `import { createAsync } from "@solidjs/router";
import { getUser } from "~/lib/session";

export default function Journal() {
  const viewer = createAsync(() => getUser());
  return <h1>{viewer()?.email}</h1>;
}
`;

interface Finding {
  id: string;
  fix?: string;
}

let dir: string;

function git(...args: string[]): string {
  return execFileSync("git", ["-c", "user.name=Dev", "-c", "user.email=dev@example.com", ...args], {
    cwd: dir,
    encoding: "utf8",
  });
}

async function finding(id: string): Promise<Finding | undefined> {
  const run = await runOnDisk(["doctor", "--json"], { cwd: dir });
  return (JSON.parse(run.stdout) as { findings: Finding[] }).findings.find((f) => f.id === id);
}

/** The argv of `npx create-auth init …` in a fix: its words up to the one a parenthesis, comma or period ends. */
function printedInit(fix: string): string[] {
  const words = fix.split(/\s+/);
  const at = words.findIndex((word, i) => word === "create-auth" && words[i - 1] === "npx" && words[i + 1] === "init");
  expect(at, fix).toBeGreaterThan(0);
  const argv: string[] = [];
  for (const word of words.slice(at + 1)) {
    if (word.startsWith("(")) break;
    argv.push(word.replace(/[,.;)]$/, ""));
    if (/[,.;)]$/.test(word)) break;
  }
  return argv;
}

/** Runs the fix as printed: its git command, else its init command (told not to install, as every test). */
async function runFix(fix: string): Promise<void> {
  const checkout = /git checkout -- (\S+?)\)?(?:,|$|\s)/.exec(fix)?.[1];
  if (checkout) {
    git("checkout", "--", checkout);
    return;
  }
  const result = await runOnDisk([...printedInit(fix), "--no-install"], { cwd: dir });
  expect(result.status, `${fix}\n${result.stdout}${result.stderr}`).toBe(0);
}

beforeEach(async () => {
  dir = tempDir("doctor-restore");
  cpSync(path.join(repoRoot, "test/fixtures/solid-start-2"), dir, { recursive: true });
  writeFileSync(path.join(dir, "src/routes/journal.tsx"), JOURNAL);
  git("init", "-q", "-b", "main");
  git("add", ".");
  git("commit", "-q", "-m", "the app, before create-auth");
  const init = await runOnDisk(["init", "--providers", "github,credentials", "--yes", "--no-install"], { cwd: dir });
  expect(init.status, init.stderr).toBe(0);
});

describe.each([
  ["the auth route", ROUTE, "wiring.solid-route-missing"],
  ["the session module a page imports", SESSION, "wiring.import-missing"],
])("%s gone", (_, file, id) => {
  it("never committed: the fix is init with the app's providers, not git, and it writes the file again", async () => {
    rmSync(path.join(dir, file));
    const found = await finding(id);
    expect(found?.fix).toBeDefined();
    expect(found!.fix).not.toContain("git checkout");
    expect(found!.fix).toContain(`${file} was never committed, so git cannot restore it`);
    expect(printedInit(found!.fix!).join(" ")).toBe("init --providers github,credentials --yes");
    await runFix(found!.fix!);
    expect(await finding(id)).toBeUndefined();
  });

  it("committed: the fix is git checkout, and it brings the file back", async () => {
    git("add", ".");
    git("commit", "-q", "-m", "auth");
    rmSync(path.join(dir, file));
    const found = await finding(id);
    expect(found!.fix).toContain(`git checkout -- ${file}`);
    await runFix(found!.fix!);
    expect(await finding(id)).toBeUndefined();
  });
});
