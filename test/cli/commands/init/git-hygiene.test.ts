/**
 * What init leaves for git: `.env.example` is committed even where a broad pattern (create-next-app 16's
 * `.env*`) would hide it, and a `.gitignore` that init creates holds what the framework's own starter
 * ignores, not only the env file.
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gitignoreMatches } from "../../../../src/cli/project/git-ignore.js";
import { assertBuilt, copyFixture, initInMemory, memoryFixture, removeTemps, runCli } from "../../support.js";

const ARGS = ["--providers", "github", "--yes", "--no-install"];

/** create-next-app 16's env rule (its other lines: dependencies, build output, logs). */
const NEXT_16_GITIGNORE = "/node_modules\n/.next/\n/out/\n\n# env files (can opt-in for committing if needed)\n.env*\n";

describe(".env.example is committed", () => {
  it("un-ignores it after create-next-app 16's .env*, says so, and keeps .env.local ignored", async () => {
    const project = memoryFixture("next-app");
    project.write(".gitignore", NEXT_16_GITIGNORE);
    const run = await initInMemory(project, ARGS);
    expect(run.status).toBe(0);
    const gitignore = project.read(".gitignore");
    expect(gitignore.startsWith(NEXT_16_GITIGNORE)).toBe(true);
    expect(gitignore.endsWith("!.env.example\n")).toBe(true);
    expect(gitignoreMatches(gitignore, ".env.example")).toBe(false);
    expect(gitignoreMatches(gitignore, ".env.local")).toBe(true);
    expect(run.stdout).toContain("Note: .gitignore hid .env.example (a broad pattern such as .env*); init adds");
    expect(run.stdout).toMatch(/edit\s+\.gitignore\s+commit \.env\.example/);
  });

  it("leaves a .gitignore alone that already lets it in (sv create's .env.* then !.env.example)", async () => {
    const project = memoryFixture("sveltekit-2");
    const svelte = "node_modules\n/.svelte-kit\n/build\n\n.env\n.env.*\n!.env.example\n!.env.test\n";
    project.write(".gitignore", svelte);
    const run = await initInMemory(project, ARGS);
    expect(run.status).toBe(0);
    expect(project.read(".gitignore")).toBe(svelte);
    expect(run.stdout).not.toContain(".env.example (a broad pattern");
  });
});

describe("a .gitignore that init creates", () => {
  it.each([
    { fixture: "express-generator-4", holds: ["node_modules/", "dist/", ".env"] },
    { fixture: "next-app", holds: ["/node_modules", "/.next/", "next-env.d.ts", ".env*.local"] },
    { fixture: "sveltekit-2", holds: ["node_modules", "/.svelte-kit", "/build", ".env"] },
    { fixture: "solid-start-2", holds: ["/node_modules", ".output", ".vinxi", ".env"] },
    { fixture: "qwik-city-1", holds: ["node_modules", "/dist", "/server", ".env"] },
  ])("$fixture: holds the starter's ignores and the env file", async ({ fixture, holds }) => {
    const project = memoryFixture(fixture);
    if (project.has(".gitignore")) project.remove(".gitignore");
    const run = await initInMemory(project, ARGS);
    expect(run.status).toBe(0);
    const lines = project.read(".gitignore").split("\n");
    for (const line of holds) expect(lines).toContain(line);
    expect(lines).not.toContain("vendor/auth-runtime");
    expect(run.stdout).toMatch(/create\s+\.gitignore\s+keep dependencies, build output and \.env(\.local)? out of git/);
  });
});

describe("with git itself (the built CLI in a git work tree)", () => {
  beforeAll(assertBuilt);
  afterAll(removeTemps);

  it("leaves .env.example for git to commit and .env.local ignored, under create-next-app 16's .env*", () => {
    const dir = copyFixture("next-app");
    writeFileSync(path.join(dir, ".gitignore"), NEXT_16_GITIGNORE);
    const git = (...args: string[]) => spawnSync("git", args, { cwd: dir, encoding: "utf8" });
    expect(git("init", "-q").status).toBe(0);
    const run = runCli(["init", ...ARGS], { cwd: dir });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(git("check-ignore", "-q", ".env.example").status).toBe(1);
    expect(git("check-ignore", "-q", ".env.local").status).toBe(0);
    expect(git("status", "--porcelain", "--untracked-files=all").stdout).toContain("?? .env.example");
  });
});
