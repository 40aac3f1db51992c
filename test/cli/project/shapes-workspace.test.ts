/**
 * The shapes only a real process shows, through the built CLI. The workspace, as a user runs it in an npm
 * monorepo: `create-auth init apps/web` from the workspace root, and `create-auth init --dry-run --json`
 * from inside apps/web; the next steps' workspace command is then asked of npm itself, from both folders.
 * And the invoking tool's npm_config_user_agent choosing the manager when the project names none. Reads
 * dist/: run under the shared lock (flock -s /tmp/create-auth-dist.lock).
 */
import { spawnSync } from "node:child_process";
import { realpathSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listFilesRecursive } from "../../../src/cli/project/reader.js";
import { assertBuilt, cliBin, copyFixture, hashTree, read, removeTemps, runCli } from "../support.js";

const ARGS = ["--providers", "github", "--no-install", "--yes"];

beforeAll(assertBuilt);
afterAll(removeTemps);

/** npm as the user's shell runs it: none of the npm_* settings `npx vitest` passes down. */
function npm(args: string[], cwd: string) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith("npm_")));
  return spawnSync("npm", args, { cwd, env, encoding: "utf8" });
}

/** sha256 of every file outside apps/web: equal means init wrote only inside the app. */
function outsideApp(dir: string): string[] {
  return listFilesRecursive(dir)
    .filter((file) => !file.startsWith("apps/web/"))
    .map((file) => `${file}\0${read(dir, file)}`);
}

describe("create-auth init in an npm workspace (built CLI)", () => {
  it("from the root with the app's folder: writes into apps/web only, next steps as workspace commands npm runs from the root and from the app", () => {
    const dir = copyFixture("shape-npm-workspace");
    const untouched = outsideApp(dir);
    const run = runCli(["init", "apps/web", ...ARGS], { cwd: dir });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout.split("\n")[0]).toBe(
      `Next.js 16.4.6 (App Router, src/, TypeScript, npm, workspace ../..) at ${path.join(dir, "apps/web")}`,
    );
    expect(run.stdout).toContain("Install dependencies: npm install --no-audit --no-fund\n");
    expect(run.stdout).toContain("Start the app (npm run dev -w web)");
    expect(read(dir, "apps/web/src/app/api/auth/[...nextauth]/route.ts")).toContain('from "@/auth"');
    expect(JSON.parse(read(dir, "apps/web/package.json")).dependencies["@create-auth/runtime"]).toBe(
      "file:./vendor/auth-runtime",
    );
    expect(outsideApp(dir)).toEqual(untouched);
    // `-w web` names the workspace npm knows, and its dev script, from either folder.
    for (const cwd of [dir, path.join(dir, "apps/web")]) {
      const listed = npm(["run", "-w", "web"], cwd);
      expect(listed.status).toBe(0);
      expect(listed.stdout).toMatch(/^\s+dev\n\s+next dev$/m);
    }
  });

  it("from inside the app with no folder argument: the same detection, one JSON object, nothing written", () => {
    const dir = copyFixture("shape-npm-workspace");
    const before = hashTree(dir);
    const app = path.join(dir, "apps/web");
    const run = runCli(["init", ...ARGS, "--dry-run", "--json"], { cwd: app });
    expect(run.status).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.project).toMatchObject({
      root: realpathSync(app),
      framework: { id: "next", version: "16.4.6", router: "app" },
      packageManager: "npm",
      language: "ts",
      srcDir: true,
    });
    expect(result.outcome).toMatchObject({ applied: false, install: "skipped" });
    expect(hashTree(dir)).toBe(before);
  });
});

describe("the tool that runs create-auth (npm_config_user_agent)", () => {
  it("chooses the manager of a project with no lockfile and no packageManager, as pnpm dlx sets it", () => {
    const dir = copyFixture("shape-tsconfig-references-solid");
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      npm_config_user_agent: "pnpm/9.15.9 npm/? node/v20.20.2 linux x64",
    };
    const run = spawnSync(process.execPath, [cliBin(), "init", ...ARGS, "--dry-run", "--json"], {
      cwd: dir,
      env,
      encoding: "utf8",
    });
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout).project.packageManager).toBe("pnpm");
    delete env["npm_config_user_agent"];
    const plain = spawnSync(process.execPath, [cliBin(), "init", ...ARGS, "--dry-run", "--json"], {
      cwd: dir,
      env,
      encoding: "utf8",
    });
    expect(JSON.parse(plain.stdout).project.packageManager).toBe("npm");
  });
});
