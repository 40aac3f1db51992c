/**
 * The safety contract's secret half (issue 14 point 4): no command prints a secret unless asked with
 * `secret --raw`, and none writes one to a file git tracks. Every command, with --dry-run and --json where it
 * has them, runs on an app whose env files hold known secrets (AUTH_SECRET, a provider secret, a database URL
 * with its password, a PEM private key across lines); the generated AUTH_SECRET of init and secret is checked
 * too. Then on disk in a git repository: with the env file tracked, the commands that write secrets refuse and
 * write nothing; with it untracked, what they write is ignored by git.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parse } from "dotenv";
import { afterAll, describe, expect, it } from "vitest";
import {
  type CliRun,
  copyFixture,
  hashTree,
  initInMemory,
  type MemoryProject,
  materialize,
  memoryFixture,
  removeTemps,
  runInMemory,
} from "../support.js";
import { runOnDisk } from "../support-disk.js";

afterAll(removeTemps);

const SECRETS = {
  AUTH_SECRET: "K7mVq2xLr9T0pWc4Zb8NfY1hJd6Gs3EuAo5Ik-Qe_Rt",
  AUTH_GITHUB_SECRET: "ghsecret0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b",
  "DATABASE_URL's password": "Pa55-w0rd-xyz",
  "PRIVATE_KEY's body": "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcw",
  "PRIVATE_KEY's last line": "QkFTRTY0LWJvZHktb2YtdGhlLWtleQ",
};

/** Next loads both: .env beneath .env.local. The database URL sits in the shared one, the rest in the local one. */
const ENV_LOCAL = [
  "# Acme Notes (not committed)",
  `AUTH_SECRET=${SECRETS.AUTH_SECRET}`,
  "AUTH_GITHUB_ID=Iv1.3f9a",
  `AUTH_GITHUB_SECRET=${SECRETS.AUTH_GITHUB_SECRET}`,
  'PRIVATE_KEY="-----BEGIN PRIVATE KEY-----',
  SECRETS["PRIVATE_KEY's body"],
  SECRETS["PRIVATE_KEY's last line"],
  '-----END PRIVATE KEY-----"',
  "",
].join("\n");
const ENV = `DATABASE_URL=postgres://notes:${SECRETS["DATABASE_URL's password"]}@127.0.0.1:1/notes\n`;

function leaked(result: CliRun, secrets: Record<string, string> = SECRETS): string[] {
  const said = result.stdout + result.stderr;
  return Object.entries(secrets)
    .filter(([, value]) => said.includes(value))
    .map(([name]) => name);
}

/** next-app with the secrets in its env files and init run on it (with --yes: its output is checked too). */
async function initialised(): Promise<{ project: MemoryProject; init: CliRun }> {
  const project = memoryFixture("next-app");
  project.write(".env.local", ENV_LOCAL);
  project.write(".env", ENV);
  const init = await initInMemory(project, ["--providers", "github", "--yes", "--no-install"]);
  expect(init.status, init.stderr).toBe(0);
  return { project, init };
}

/** What each command is run with, after init; `{dir}` is the project. */
const COMMANDS: string[][] = [
  ["secret", "{dir}", "--dry-run"],
  ["secret", "{dir}", "--dry-run", "--json"],
  ["secret", "{dir}", "--yes"],
  ["secret", "{dir}", "--yes", "--json"],
  ["remove-provider", "github", "{dir}", "--dry-run"],
  ["remove-provider", "github", "{dir}", "--dry-run", "--json"],
  ["remove-provider", "github", "{dir}", "--yes", "--no-install"],
  ["generate", "{dir}", "--db", "postgres", "--dry-run"],
  ["generate", "{dir}", "--db", "postgres", "--dry-run", "--json"],
  ["generate", "{dir}", "--db", "postgres", "--yes"],
  ["doctor", "{dir}"],
  ["doctor", "{dir}", "--json"],
  ["doctor", "{dir}", "--production"],
  ["doctor", "{dir}", "--production", "--json"],
  ["update", "{dir}", "--dry-run"],
  ["update", "{dir}", "--dry-run", "--json"],
  ["update", "{dir}", "--yes", "--no-install"],
  ["remove", "{dir}", "--dry-run"],
  ["remove", "{dir}", "--dry-run", "--json"],
  ["remove", "{dir}", "--yes", "--no-install"],
  ["remove", "{dir}", "--yes", "--no-install", "--json"],
];

/**
 * add-provider and remove-provider show the env file's diff with its last lines as context: the lines of a
 * PEM key inside its quotes are printed, because review/mask.ts masks a secret's first line only. The fix
 * (review/mask.ts delegating to env/mask.ts's maskEnvValues, which reads multi-line values) is not in yet:
 * these runs are marked as failing, and pass the day it is.
 */
const PRINTS_A_MULTI_LINE_VALUE: { before?: string[]; command: string[] }[] = [
  { command: ["add-provider", "google", "{dir}", "--dry-run"] },
  { command: ["add-provider", "google", "{dir}", "--dry-run", "--json"] },
  { command: ["add-provider", "google", "{dir}", "--yes", "--no-install", "--json"] },
  {
    before: ["add-provider", "google", "{dir}", "--yes", "--no-install"],
    command: ["remove-provider", "google", "{dir}", "--dry-run"],
  },
  {
    before: ["add-provider", "google", "{dir}", "--yes", "--no-install"],
    command: ["remove-provider", "google", "{dir}", "--yes", "--no-install", "--json"],
  },
];

const argv = (command: string[], project: MemoryProject) =>
  command.map((arg) => (arg === "{dir}" ? project.root : arg));
const title = (command: string[]) => command.filter((arg) => arg !== "{dir}").join(" ");

describe("no command prints a secret", () => {
  it("init --yes, on an app whose env files hold secrets", async () => {
    const { init } = await initialised();
    expect(leaked(init)).toEqual([]);
  });

  // The user's own secrets right above the block init appends: its diff shows them as context lines.
  const OWN = { STRIPE_SECRET_KEY: "sk_live_51HqAcmeNotes0123456789", password: "Pa55-w0rd-xyz" };
  const ownEnv = `# mine\nSTRIPE_SECRET_KEY=${OWN.STRIPE_SECRET_KEY}\nexport DATABASE_URL="postgres://notes:${OWN.password}@db/notes"\n`;
  for (const flags of [["--dry-run"], ["--dry-run", "--json"], ["--yes", "--json"]]) {
    it(`init ${flags.join(" ")}, with the user's secrets as context of its env diff`, async () => {
      const project = memoryFixture("next-app");
      project.write(".env.local", ownEnv);
      const result = await initInMemory(project, ["--providers", "github", "--db", "none", "--no-install", ...flags]);
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout).toContain("STRIPE_SECRET_KEY=<hidden>");
      expect(leaked(result, OWN)).toEqual([]);
    });
  }

  it("init --dry-run, with a PEM key as context of its env diff (every line of it is hidden)", async () => {
    const project = memoryFixture("next-app");
    project.write(".env.local", ENV_LOCAL.replace(/^AUTH_.*\n/gm, ""));
    const result = await initInMemory(project, ["--providers", "github", "--db", "none", "--dry-run"]);
    expect(result.status, result.stderr).toBe(0);
    expect(leaked(result)).toEqual([]);
  });

  for (const command of COMMANDS) {
    it(title(command), async () => {
      const { project } = await initialised();
      const result = await runInMemory(project, argv(command, project));
      expect(leaked(result)).toEqual([]);
    });
  }

  for (const { before, command } of PRINTS_A_MULTI_LINE_VALUE) {
    it(`${title(command)} (the lines of a quoted multi-line value)`, async () => {
      const { project } = await initialised();
      if (before) expect((await runInMemory(project, argv(before, project))).status).toBe(0);
      const result = await runInMemory(project, argv(command, project));
      expect(result.status, result.stderr).toBe(0);
      expect(leaked(result)).toEqual([]);
    });
  }

  it("add-provider, when no value spans lines", async () => {
    const { project } = await initialised();
    project.write(".env.local", ENV_LOCAL.replace(/PRIVATE_KEY="[^"]*"\n/, ""));
    for (const flags of [["--dry-run"], ["--dry-run", "--json"], ["--yes", "--no-install", "--json"]]) {
      const result = await runInMemory(project, ["add-provider", "google", project.root, ...flags]);
      expect(result.status, result.stderr).toBe(0);
      expect(leaked(result), flags.join(" ")).toEqual([]);
    }
  });

  it("nor the AUTH_SECRET init and secret generate, with or without --json", async () => {
    for (const flags of [["--yes"], ["--yes", "--json"]]) {
      const project = memoryFixture("sveltekit-2");
      const init = await initInMemory(project, ["--providers", "github", "--no-install", ...flags]);
      expect(init.status, init.stderr).toBe(0);
      const generated = parse(project.read(".env"))["AUTH_SECRET"]!;
      expect(generated).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(leaked(init, { generated })).toEqual([]);

      const secret = await runInMemory(project, ["secret", project.root, ...flags]);
      expect(secret.status, secret.stderr).toBe(0);
      const rotated = parse(project.read(".env"))["AUTH_SECRET"]!;
      expect(rotated).not.toBe(generated);
      expect(leaked(secret, { generated, rotated })).toEqual([]);
    }
  });

  it("secret --raw prints exactly one new secret and writes nothing; with --json, it is the secret field", async () => {
    const { project } = await initialised();
    const before = project.hash();
    const raw = await runInMemory(project, ["secret", "--raw"]);
    expect(raw).toMatchObject({ status: 0, stderr: "" });
    expect(raw.stdout).toMatch(/^[A-Za-z0-9_-]{43}\n$/);
    expect(leaked(raw)).toEqual([]);
    const json = await runInMemory(project, ["secret", project.root, "--raw", "--json"]);
    expect(json.status).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({
      ok: true,
      command: "secret",
      raw: true,
      secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect(JSON.parse(json.stdout).secret).not.toBe(raw.stdout.trim());
    expect(leaked(json)).toEqual([]);
    expect(project.hash()).toBe(before);
  });
});

// ---------------------------------------------------------------------------------------------------
// On disk, in a git repository

function git(dir: string, ...args: string[]): string {
  const result = spawnSync("git", ["-c", "user.name=Test", "-c", "user.email=test@example.com", ...args], {
    cwd: dir,
    encoding: "utf8",
  });
  if (result.status !== 0 && args[0] !== "check-ignore") throw new Error(`git ${args.join(" ")}: ${result.stderr}`);
  return result.stdout;
}

/** A command in the app's folder on disk; every command here passes --no-install. */
const inApp = (dir: string, args: string[]) => runOnDisk(args, { cwd: dir, install: "refuse" });

/**
 * A git repository of `dir` as it is, with `tracked` added even where .gitignore ignores it (git add -f), and
 * the env files left out unless named there: they hold secrets and nobody commits them on purpose.
 */
function committed(dir: string, tracked: string[]): void {
  git(dir, "init", "-q");
  git(dir, "add", ".");
  git(dir, "rm", "-q", "--cached", "--ignore-unmatch", ".env", ".env.local");
  if (tracked.length > 0) git(dir, "add", "-f", ...tracked);
  git(dir, "commit", "-qm", "app");
}

const TRACKED_REFUSAL = (file: string) =>
  `create-auth: ${file} is tracked by git, so a secret written there would be committed; untrack it first (git rm --cached ${file}) and run again.\n`;

describe("no command writes a secret to a file git tracks", () => {
  for (const command of [
    ["init", ".", "--providers", "github", "--yes", "--no-install"],
    ["init", ".", "--providers", "github", "--db", "none", "--dry-run"],
    ["secret", ".", "--yes"],
    // --force writes over uncommitted edits; it never makes a tracked file a place for a secret.
    ["secret", ".", "--yes", "--force"],
    ["secret", ".", "--dry-run", "--json"],
  ]) {
    it(`${command.join(" ")} refuses when the env file is tracked, writing nothing`, async () => {
      const dir = copyFixture("sveltekit-2");
      committed(dir, [".env"]);
      const before = hashTree(dir);
      const result = await inApp(dir, command);
      expect(result.status).toBe(1);
      if (command.includes("--json")) {
        expect(JSON.parse(result.stdout)).toMatchObject({ ok: false, error: { code: "EnvFileTracked" } });
      } else expect(result.stderr).toBe(TRACKED_REFUSAL(".env"));
      expect(hashTree(dir)).toBe(before);
    });
  }

  it("add-provider refuses when the env file became tracked after init, writing nothing", async () => {
    const project = memoryFixture("express-5-ts");
    const init = await initInMemory(project, ["--providers", "github", "--yes", "--no-install"]);
    expect(init.status, init.stderr).toBe(0);
    const dir = materialize(project);
    committed(dir, [".env"]);
    const before = hashTree(dir);
    const result = await inApp(dir, ["add-provider", "google", ".", "--yes", "--no-install"]);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(TRACKED_REFUSAL(".env"));
    expect(hashTree(dir)).toBe(before);
  });

  it("init and secret write the secret to an env file git ignores, when only another env file is tracked", async () => {
    // Next reads .env.local over .env: a committed .env (shared defaults) is fine; the secret goes to .env.local.
    const dir = copyFixture("next-app");
    writeFileSync(path.join(dir, ".env"), "NOTES_TITLE=Acme Notes\n");
    committed(dir, [".env"]);
    const shared = readFileSync(path.join(dir, ".env"), "utf8");
    for (const command of [
      ["init", ".", "--providers", "github", "--yes", "--no-install"],
      ["secret", ".", "--yes"],
    ]) {
      const result = await inApp(dir, command);
      expect(result.status, result.stderr).toBe(0);
      expect(readFileSync(path.join(dir, ".env"), "utf8")).toBe(shared);
      const local = parse(readFileSync(path.join(dir, ".env.local"), "utf8"));
      expect(local["AUTH_SECRET"]).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(leaked(result, { secret: local["AUTH_SECRET"]! })).toEqual([]);
      // git ignores the file holding the secret, and no tracked file holds it.
      expect(git(dir, "check-ignore", ".env.local").trim()).toBe(".env.local");
      const tracked = git(dir, "ls-files").trim().split("\n");
      for (const file of tracked) {
        expect(readFileSync(path.join(dir, file), "utf8"), file).not.toContain(local["AUTH_SECRET"]);
      }
    }
  });

  it("init ignores an env file that git did not ignore yet before writing the secret to it", async () => {
    const dir = copyFixture("express-5-ts");
    // A .gitignore that forgot .env: init adds the pattern in the same apply as the secret.
    writeFileSync(path.join(dir, ".gitignore"), "node_modules\n");
    committed(dir, []);
    expect(git(dir, "ls-files", ".env").trim()).toBe("");
    const result = await inApp(dir, ["init", ".", "--providers", "github", "--yes", "--no-install"]);
    expect(result.status, result.stderr).toBe(0);
    expect(parse(readFileSync(path.join(dir, ".env"), "utf8"))["AUTH_SECRET"]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(git(dir, "check-ignore", ".env").trim()).toBe(".env");
    expect(git(dir, "status", "--porcelain", "--untracked-files=all")).not.toMatch(/\.env$/m);
  });
});
