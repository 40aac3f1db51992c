/**
 * `create-auth init` on the Next.js fixture: the program run in memory for the plan and what it writes
 * (snapshots, idempotency, refusals), and the built CLI as a child process on a real copy for what only a
 * real run shows (files on disk, --dry-run and --json as typed, git's answer about the env file).
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listFilesRecursive } from "../../../../src/cli/project/reader.js";
import { runCliAsync } from "../../../support/speed-run-cli.js";
import {
  assertBuilt,
  authorizeBody,
  type CliRun,
  copyFixture,
  hashTree,
  initFixture,
  initInMemory,
  type MemoryProject,
  memoryFixture,
  read,
  removeTemps,
  repoRoot,
  stable,
} from "../../support.js";

afterAll(removeTemps);

const FIXTURE_ENV = read(path.join(repoRoot, "test/fixtures/next-app"), ".env.local");
const ROUTE = "app/api/auth/[...nextauth]/route.ts";

describe("create-auth init (Next.js App Router)", () => {
  let project: MemoryProject;
  let first: CliRun;

  beforeAll(async () => {
    ({ project, run: first } = await initFixture("next-app", [
      "--providers",
      "oidc,credentials",
      "--yes",
      "--no-install",
    ]));
  });

  it("exits 0 and prints the plan summary and next steps", async () => {
    expect(first.stderr).toBe("");
    expect(first.status).toBe(0);
    await expect(stable(first.stdout, project.root)).toMatchFileSnapshot("__snapshots__/init-next/summary.txt");
  });

  it("generates the auth module, the route and the env example as snapshotted", async () => {
    await expect(project.read("auth.ts")).toMatchFileSnapshot("__snapshots__/init-next/auth.ts.snap");
    await expect(project.read(ROUTE)).toMatchFileSnapshot("__snapshots__/init-next/route.ts.snap");
    await expect(project.read("proxy.ts")).toMatchFileSnapshot("__snapshots__/init-next/proxy.ts.snap");
    await expect(project.read(".env.example")).toMatchFileSnapshot("__snapshots__/init-next/env.example.snap");
    await expect(project.read("package.json")).toMatchFileSnapshot("__snapshots__/init-next/package.json.snap");
    await expect(project.read(".gitignore")).toMatchFileSnapshot("__snapshots__/init-next/gitignore.snap");
  });

  it("writes the credentials authorize denied by default, finding users by the runtime's email normaliser", () => {
    const body = authorizeBody(project.read("auth.ts"));
    expect(body.map((line) => line.trim())).toContain(
      'if (email === null || typeof credentials.password !== "string") {',
    );
    expect(body.filter((line) => /\breturn\b/.test(line)).map((line) => line.trim())).toEqual([
      "return null;",
      "return null;",
    ]);
    expect(body.join("\n")).toContain('normalizeEmailAddress(String(credentials.email ?? ""))');
    expect(project.read("auth.ts")).toContain('import { normalizeEmailAddress } from "@create-auth/runtime";');
  });

  it("keeps the existing .env.local byte for byte and appends a fresh secret and provider stubs", async () => {
    const env = project.read(".env.local");
    expect(env.startsWith(FIXTURE_ENV)).toBe(true);
    const secret = /^AUTH_SECRET=(.*)$/m.exec(env)?.[1] ?? "";
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await expect(env.replace(secret, "<secret>")).toMatchFileSnapshot("__snapshots__/init-next/env.local.snap");
    expect(first.stdout).not.toContain(secret);
  });

  it("fixes .gitignore so the env file holding the secret is ignored", () => {
    expect(project.read(".gitignore")).toContain("\n.env*.local\n");
    expect(
      project.read(".gitignore").startsWith(read(path.join(repoRoot, "test/fixtures/next-app"), ".gitignore")),
    ).toBe(true);
  });

  it("plans nothing on a second run and keeps AUTH_SECRET", async () => {
    const envBefore = project.read(".env.local");
    const before = project.hash();
    const second = await initInMemory(project, ["--providers", "oidc,credentials", "--yes", "--no-install", "--json"]);
    expect(second.status).toBe(0);
    const result = JSON.parse(second.stdout);
    expect(result.plan.changes).toEqual([]);
    expect(result.outcome).toMatchObject({ applied: false, filesWritten: 0 });
    expect(project.hash()).toBe(before);
    expect(project.read(".env.local")).toBe(envBefore);
  });

  it("still plans nothing after the user edited the generated auth module", async () => {
    const edited = project.read("auth.ts").replace("return null;", "return null; // edited by the user");
    project.write("auth.ts", edited);
    const again = await initInMemory(project, ["--providers", "oidc,credentials", "--yes", "--no-install"]);
    expect(again.status).toBe(0);
    expect(again.stdout).toContain("Nothing to do");
    expect(project.read("auth.ts")).toBe(edited);
  });
});

describe("create-auth init: safety", () => {
  it("refuses a project that is not Next.js with one line and a non-zero exit", async () => {
    const project = memoryFixture("not-next");
    const before = project.hash();
    const run = await initInMemory(project, ["--providers", "github", "--yes"]);
    expect(run.status).not.toBe(0);
    expect(run.stdout).toBe("");
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toMatch(/No supported framework .*Supported: Next\.js 15–16 .*--framework next/);
    expect(project.hash()).toBe(before);
  });

  it("names the missing flag when not interactive and --yes is absent, and exits 2 (usage)", async () => {
    const project = memoryFixture("next-app");
    const run = await initInMemory(project, ["--db", "none"]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^create-auth: Missing --providers .*\n$/);
  });

  it("exits 2 on a bad value, whether commander or init finds it", async () => {
    const badChoice = await initInMemory(memoryFixture("next-app"), ["--db", "nope", "--yes"]);
    expect(badChoice.status).toBe(2);
    expect(badChoice.stderr).toMatch(/^error: option '--db <db>' argument 'nope' is invalid\./);
    const badProvider = await initInMemory(memoryFixture("next-app"), ["--providers", "githb", "--yes"]);
    expect(badProvider.status).toBe(2);
    expect(badProvider.stderr).toBe(
      'create-auth: Unknown provider "githb" for init --providers: did you mean github?\n',
    );
  });

  it("takes provider ids as add-provider does: `email` is nodemailer, named twice it is listed once", async () => {
    const project = memoryFixture("next-app");
    const run = await initInMemory(project, [
      "--providers",
      "github,email,nodemailer",
      "--db",
      "sqlite",
      "--yes",
      "--no-install",
      "--json",
    ]);
    expect(run.status, run.stderr).toBe(0);
    const auth = project.read("auth.ts") ?? "";
    expect(auth.match(/@create-auth\/runtime\/providers\/nodemailer/g)).toHaveLength(1);
    expect(auth).toContain("@create-auth/runtime/providers/github");
  });

  it("refuses to replace an auth module of the user's without a terminal, naming --force; --force replaces it", async () => {
    const project = memoryFixture("next-app");
    project.write("auth.ts", "export const mine = true;\n");
    const before = project.hash();
    const refused = await initInMemory(project, ["--providers", "github", "--yes", "--no-install"]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toBe(
      "create-auth: auth.ts exists with other content; create-auth will not overwrite it: move it aside, or pass --force to replace it.\n",
    );
    expect(project.hash()).toBe(before);
    const forced = await initInMemory(project, ["--providers", "github", "--yes", "--no-install", "--force"]);
    expect(forced.status).toBe(0);
    expect(project.read("auth.ts")).toContain("NextAuth(");
  });

  it("refuses --orm without a database to name its dialect, before touching anything", async () => {
    const project = memoryFixture("next-app");
    const before = project.hash();
    const run = await initInMemory(project, ["--providers", "github", "--orm", "prisma", "--yes"]);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain("--orm prisma needs the database's dialect");
    expect(run.stderr).toContain("--db sqlite|postgres|mysql");
    expect(project.hash()).toBe(before);
  });

  it("imports the auth module relatively when there is no path alias, and honours --runtime-dir", async () => {
    const project = memoryFixture("next-app");
    const tsconfig = JSON.parse(project.read("tsconfig.json"));
    delete tsconfig.compilerOptions.paths;
    project.write("tsconfig.json", JSON.stringify(tsconfig, null, 2));
    const run = await initInMemory(project, [
      "--providers",
      "github",
      "--yes",
      "--no-install",
      "--runtime-dir",
      "lib/auth",
    ]);
    expect(run.status).toBe(0);
    expect(project.read(ROUTE)).toContain('import { handlers } from "../../../../auth";');
    expect(JSON.parse(project.read("package.json")).dependencies["@create-auth/runtime"]).toBe("file:./lib/auth");
    expect(project.has("lib/auth/MANIFEST.json")).toBe(true);
  });

  it("writes src/auth.js for a JavaScript project with src/app", async () => {
    const project = memoryFixture("next-app");
    project.rename("app", "src/app");
    project.remove("tsconfig.json");
    project.write("jsconfig.json", '{ "compilerOptions": { "paths": { "@/*": ["./src/*"] } } }\n');
    const run = await initInMemory(project, ["--providers", "credentials", "--yes", "--no-install"]);
    expect(run.status).toBe(0);
    expect(project.read("src/auth.js")).toContain("async authorize(credentials) {");
    expect(project.read("src/app/api/auth/[...nextauth]/route.js")).toContain('from "@/auth"');
  });
});

// Each case is a process (or two) on a copy of its own: the cases run at the same time.
describe.concurrent("create-auth init as users run it (the built CLI on a copy of the fixture)", () => {
  beforeAll(assertBuilt);

  it("writes the runtime package whose MANIFEST hashes match every copied file, and plans nothing on a second run", async ({
    expect,
  }) => {
    const dir = copyFixture("next-app");
    const run = await runCliAsync(["init", dir, "--providers", "oidc,credentials", "--yes", "--no-install"]);
    expect(run.status).toBe(0);
    const runtimeDir = path.join(dir, "vendor/auth-runtime");
    const manifest = JSON.parse(read(runtimeDir, "MANIFEST.json")) as {
      version: string;
      files: Record<string, string>;
    };
    const pkg = JSON.parse(read(runtimeDir, "package.json"));
    expect(pkg).toMatchObject({ name: "@create-auth/runtime", type: "module", version: manifest.version });
    expect(pkg.exports["./next"]).toEqual({ types: "./next.d.ts", default: "./next.js" });
    const onDisk = listFilesRecursive(runtimeDir).filter((file) => file !== "MANIFEST.json");
    expect(Object.keys(manifest.files).sort()).toEqual(onDisk);
    for (const file of onDisk) {
      const hash = createHash("sha256")
        .update(readFileSync(path.join(runtimeDir, file)))
        .digest("hex");
      expect(hash, file).toBe(manifest.files[file]);
    }
    // The same bytes as the CLI's own build of the runtime.
    expect(read(runtimeDir, "next.js")).toBe(read(path.join(repoRoot, "dist/runtime"), "next.js"));
    expect(onDisk).toContain("providers/oidc.d.ts");

    const envBefore = read(dir, ".env.local");
    const before = hashTree(dir);
    const second = await runCliAsync([
      "init",
      dir,
      "--providers",
      "oidc,credentials",
      "--yes",
      "--no-install",
      "--json",
    ]);
    expect(second.status).toBe(0);
    const result = JSON.parse(second.stdout);
    expect(result.plan.changes).toEqual([]);
    expect(result.outcome).toMatchObject({ applied: false, filesWritten: 0 });
    expect(hashTree(dir)).toBe(before);
    expect(read(dir, ".env.local")).toBe(envBefore);
  });

  it("--dry-run prints the plan with diffs (secret masked) and writes nothing", async ({ expect }) => {
    const dir = copyFixture("next-app");
    const before = hashTree(dir);
    const run = await runCliAsync(["init", dir, "--providers", "github", "--yes", "--no-install", "--dry-run"]);
    expect(run.status).toBe(0);
    expect(hashTree(dir)).toBe(before);
    expect(run.stdout).toContain("Dry run: nothing was written.");
    expect(run.stdout).toContain("+++ b/auth.ts");
    expect(run.stdout).toContain("+AUTH_SECRET=<hidden>");
    expect(run.stdout).toContain('+    "@create-auth/runtime": "file:./vendor/auth-runtime",');
  });

  it("--json prints one object with the project, the plan and the outcome", async ({ expect }) => {
    const dir = copyFixture("next-app");
    const run = await runCliAsync(["init", dir, "--providers", "github", "--yes", "--no-install", "--json"]);
    expect(run.status).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result).toMatchObject({
      ok: true,
      command: "init",
      dryRun: false,
      project: {
        framework: { id: "next", router: "app" },
        packageManager: "npm",
        language: "ts",
        envFile: ".env.local",
      },
      answers: { providers: ["github"], strategy: "jwt", db: "none", runtimeDir: "vendor/auth-runtime" },
      outcome: { applied: true, install: "skipped" },
    });
    const paths = result.plan.changes.map((c: { path: string }) => c.path);
    expect(paths).toEqual(expect.arrayContaining(["auth.ts", ROUTE, ".env.local", ".gitignore", "package.json"]));
    const env = result.plan.changes.find((c: { path: string }) => c.path === ".env.local");
    expect(env).toMatchObject({
      kind: "env-merge",
      added: ["AUTH_SECRET", "AUTH_GITHUB_ID", "AUTH_GITHUB_SECRET"],
    });
    expect(env.diff).toContain("AUTH_SECRET=<hidden>");
    expect(run.stdout).not.toContain(/^AUTH_SECRET=(.*)$/m.exec(read(dir, ".env.local"))![1]);
    expect(result.plan.nextSteps.join("\n")).toContain("http://localhost:3000/api/auth/callback/github");
  });

  it("refuses to write a secret into an env file that git tracks", async ({ expect }) => {
    const dir = copyFixture("next-app");
    const git = (...args: string[]) => spawnSync("git", args, { cwd: dir, stdio: "ignore" }).status;
    expect(git("init", "-q")).toBe(0);
    expect(git("add", ".env.local")).toBe(0);
    const before = hashTree(dir);
    const run = await runCliAsync(["init", dir, "--providers", "github", "--yes", "--no-install"]);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/\.env\.local is tracked by git.*git rm --cached \.env\.local/);
    expect(hashTree(dir)).toBe(before);
  });

  it("asks git whether the env file is ignored inside a work tree, and leaves .gitignore alone when it is", async ({
    expect,
  }) => {
    const dir = copyFixture("next-app");
    expect(spawnSync("git", ["init", "-q"], { cwd: dir }).status).toBe(0);
    writeFileSync(path.join(dir, ".git/info/exclude"), ".env.local\n");
    const gitignore = read(dir, ".gitignore");
    const run = await runCliAsync(["init", dir, "--providers", "github", "--yes", "--no-install"]);
    expect(run.status).toBe(0);
    expect(read(dir, ".gitignore")).toBe(gitignore);
  });
});
