/**
 * `auth remove` at the end of a user's walk, with no commit between the steps: init, add-provider google,
 * remove-provider github, then remove, through the real program on a real disk copy of Express 5 (TypeScript).
 * What remove gives back is the app as it was (add-provider's env headers included); what it keeps it keeps
 * whole, so the app type-checks with its own tsconfig after remove, with and without --force.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { listFilesRecursive } from "../../../../src/cli/project/reader.js";
import { typecheckProject } from "../../../support/typecheck.mjs";
import { removeTemps, repoRoot, tempDir } from "../../support.js";
import { runOnDisk } from "../../support-disk.js";

afterAll(removeTemps);

const FIXTURE = path.join(repoRoot, "test/fixtures/express-5-ts");

function tree(dir: string): Map<string, string> {
  return new Map(
    listFilesRecursive(dir)
      .filter((file) => !file.startsWith("node_modules/") && !file.startsWith(".git/"))
      .map((file) => [file, readFileSync(path.join(dir, file), "utf8")]),
  );
}

/** The fixture in `<temp>/app`, beside the repository's node_modules (the app's own packages, for tsc). */
function appCopy(): string {
  const root = tempDir("remove-journey");
  symlinkSync(path.join(repoRoot, "node_modules"), path.join(root, "node_modules"), "dir");
  const dir = path.join(root, "app");
  cpSync(FIXTURE, dir, { recursive: true });
  return dir;
}

async function cli(dir: string, ...argv: string[]) {
  const result = await runOnDisk(argv, { cwd: dir });
  expect(result.status, `${argv.join(" ")}\n${result.stdout}\n${result.stderr}`).toBe(0);
  return result;
}

/** The walk up to remove: init with GitHub, add Google, remove GitHub. */
async function walk(dir: string): Promise<void> {
  await cli(dir, "init", "--providers", "github", "--yes", "--no-install");
  await cli(dir, "add-provider", "google", "--yes", "--no-install");
  await cli(dir, "remove-provider", "github", "--yes", "--no-install");
}

/** tsc with the app's own tsconfig; the runtime's package link as npm install would make it, while it is there. */
function typecheck(dir: string): { status: number; output: string } {
  const runtime = path.join(dir, "vendor/auth-runtime");
  if (listFilesRecursive(dir).some((file) => file.startsWith("vendor/auth-runtime/"))) {
    mkdirSync(path.join(dir, "node_modules/@create-auth"), { recursive: true });
    symlinkSync(runtime, path.join(dir, "node_modules/@create-auth/runtime"), "dir");
  }
  return typecheckProject(dir, { noEmit: true });
}

describe("remove after init, add-provider and remove-provider (express-5-ts)", () => {
  it("gives back .env and .env.example as they were, add-provider's headers included", async () => {
    const dir = appCopy();
    const before = tree(dir);
    await walk(dir);
    expect(readFileSync(path.join(dir, ".env.example"), "utf8")).toContain("# Google sign-in (added by create-auth");
    await cli(dir, "remove", "--yes", "--no-install");
    const after = tree(dir);
    expect(after.get(".env")).toBe(before.get(".env"));
    expect(after.has(".env.example")).toBe(false);
    expect(after).toEqual(before);
  });

  it("refuses to keep an edited auth module while taking out what it imports; the app still type-checks", async () => {
    const dir = appCopy();
    await walk(dir);
    const auth = path.join(dir, "src/auth.ts");
    writeFileSync(auth, `${readFileSync(auth, "utf8")}\nexport const teamRule = "their own callback";\n`);
    const before = tree(dir);
    const refused = await runOnDisk(["remove", "--yes", "--no-install"], { cwd: dir });
    expect(refused.status).not.toBe(0);
    expect(refused.stderr.trim().split("\n")).toHaveLength(1);
    expect(refused.stderr).toContain(
      "src/auth.ts imports @create-auth/runtime, which remove takes out, so the app would no longer build. To go on, delete src/auth.ts too (you edited it after init: pass --force, or answer yes on a terminal)",
    );
    expect(tree(dir)).toEqual(before);
    const checked = typecheck(dir);
    expect(checked.output).toBe("");
    expect(checked.status).toBe(0);
  }, 60_000);

  it("with --force deletes the edited auth module with the rest, and the app type-checks", async () => {
    const dir = appCopy();
    const original = tree(dir);
    await walk(dir);
    const auth = path.join(dir, "src/auth.ts");
    writeFileSync(auth, `${readFileSync(auth, "utf8")}\nexport const teamRule = "their own callback";\n`);
    await cli(dir, "remove", "--yes", "--no-install", "--force");
    expect(tree(dir)).toEqual(original);
    const checked = typecheck(dir);
    expect(checked.output).toBe("");
    expect(checked.status).toBe(0);
  }, 60_000);

  it("refuses when a file of the app's own imports the auth module, naming it", async () => {
    const dir = appCopy();
    await walk(dir);
    writeFileSync(
      path.join(dir, "src/team.ts"),
      'import { requireAuth } from "./auth.js";\nexport const guard = requireAuth;\n',
    );
    const refused = await runOnDisk(["remove", "--yes", "--no-install", "--force"], { cwd: dir });
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain(
      "src/team.ts imports src/auth.ts, which remove takes out, so the app would no longer build. To go on, take those imports out of src/team.ts, then run remove again. Nothing was written.",
    );
  });
});

describe("remove-provider, then doctor (express-5-ts)", () => {
  it("does not ask to add back to .env.example the keys of a provider remove-provider took out", async () => {
    const dir = appCopy();
    await cli(dir, "init", "--providers", "github", "--yes", "--no-install");
    const env = path.join(dir, ".env");
    writeFileSync(env, readFileSync(env, "utf8").replace(/^AUTH_GITHUB_ID=$/m, "AUTH_GITHUB_ID=set-by-me"));
    await cli(dir, "add-provider", "google", "--yes", "--no-install");
    const removed = await cli(dir, "remove-provider", "github", "--yes", "--no-install");
    expect(removed.stdout).toContain("AUTH_GITHUB_ID in .env has a value you set; kept");
    expect(readFileSync(path.join(dir, ".env.example"), "utf8")).not.toContain("AUTH_GITHUB_ID");
    const doctor = await runOnDisk(["doctor", "--json"], { cwd: dir });
    const findings = (JSON.parse(doctor.stdout) as { findings: { id: string }[] }).findings.map((f) => f.id);
    expect(findings).toContain("env-example.complete");
    expect(findings).not.toContain("env-example.missing-keys");
  });
});

describe("the whole walk in a git repository, committing nothing after the app itself (express-5-ts)", () => {
  it("init, add-provider, remove-provider, doctor, update, remove: no step refuses create-auth's own edits, and the app is back", async () => {
    const dir = appCopy();
    const original = tree(dir);
    const git = (...args: string[]) =>
      execFileSync("git", ["-c", "user.name=Test", "-c", "user.email=test@example.com", ...args], {
        cwd: dir,
        encoding: "utf8",
      });
    git("init", "-q");
    git("add", ".");
    git("commit", "-qm", "app");
    const step = async (...argv: string[]) => {
      const result = await runOnDisk(argv, { cwd: dir, git: true });
      expect(result.status, `${argv.join(" ")}\n${result.stdout}\n${result.stderr}`).toBe(0);
      expect(result.stdout).not.toContain("Git:");
      return result;
    };
    await step("init", "--providers", "github", "--yes", "--no-install");
    await step("add-provider", "google", "--yes", "--no-install");
    await step("remove-provider", "github", "--yes", "--no-install");
    const doctor = await runOnDisk(["doctor", "--json"], { cwd: dir });
    const ids = (JSON.parse(doctor.stdout) as { findings: { id: string }[] }).findings.map((f) => f.id);
    expect(ids).toContain("runtime.intact");
    await step("update", "--yes", "--no-install");
    await step("remove", "--yes", "--no-install");
    expect(tree(dir)).toEqual(original);
    expect(git("status", "--porcelain")).toBe("");
    const checked = typecheck(dir);
    expect(checked.output).toBe("");
  }, 120_000);
});
