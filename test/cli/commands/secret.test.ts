/**
 * `auth secret` and the program's surface (help, version, the command list): the built CLI as
 * users run it for `secret` and `secret --raw` on a copy of the fixture, the same program in memory for the
 * rest.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Host } from "../../../src/cli/commands/host.js";
import { COMMANDS } from "../../../src/cli/commands/index.js";
import { buildProgram } from "../../../src/cli/program.js";
import {
  assertBuilt,
  copyFixture,
  hashTree,
  memoryFixture,
  read,
  removeTemps,
  repoRoot,
  runCli,
  runInMemory,
} from "../support.js";

afterAll(removeTemps);

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const FIXTURE_ENV = read(path.join(repoRoot, "test/fixtures/next-app"), ".env.local");
const secretOf = (env: string) => /^AUTH_SECRET=(.*)$/m.exec(env)?.[1];

describe("auth secret as users run it (the built CLI in a copy of the fixture)", () => {
  beforeAll(assertBuilt);

  it("--raw prints only a fresh 32-byte secret and writes nothing", () => {
    const dir = copyFixture("next-app");
    const before = hashTree(dir);
    const a = runCli(["secret", "--raw"], { cwd: dir, bin: "auth" });
    const b = runCli(["secret", "--raw"], { cwd: dir, bin: "auth" });
    expect(a.status).toBe(0);
    expect(a.stdout).toMatch(/^[A-Za-z0-9_-]{43}\n$/);
    expect(Buffer.from(a.stdout.trim(), "base64url")).toHaveLength(32);
    expect(a.stdout).not.toBe(b.stdout);
    expect(hashTree(dir)).toBe(before);
  });

  it("adds AUTH_SECRET to the Next env file, keeping its content, and git-ignores it", () => {
    const dir = copyFixture("next-app");
    const run = runCli(["secret"], { cwd: dir, bin: "auth" });
    expect(run.status).toBe(0);
    const env = read(dir, ".env.local");
    expect(env.startsWith(FIXTURE_ENV)).toBe(true);
    expect(secretOf(env)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(run.stdout).not.toContain(secretOf(env));
    expect(read(dir, ".gitignore")).toContain(".env*.local");
  });
});

describe("auth secret", () => {
  it("replaces only the AUTH_SECRET line and says that is its purpose", async () => {
    const project = memoryFixture("next-app");
    project.write(".env.local", "# keep\r\nAUTH_SECRET=old-old-old\r\nOTHER=1");
    const run = await runInMemory(project, ["secret"], { bin: "auth" });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("Replacing AUTH_SECRET in .env.local with a new one.");
    expect(run.stdout).toContain("existing sessions end");
    const env = project.read(".env.local");
    expect(env).toMatch(/^# keep\r\nAUTH_SECRET=[A-Za-z0-9_-]{43}\r\nOTHER=1$/);
  });

  it("uses .env outside a recognised framework", async () => {
    const project = memoryFixture("not-next");
    const run = await runInMemory(project, ["secret"], { bin: "auth" });
    expect(run.status).toBe(0);
    expect(secretOf(project.read(".env"))).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(project.read(".gitignore")).toBe("# local env files hold secrets: never commit them\n.env\n");
  });
});

describe("auth secret under the flags every command takes", () => {
  it("--dry-run shows the plan and the diff with the secret hidden, and writes nothing", async () => {
    const project = memoryFixture("next-app");
    const before = project.hash();
    const run = await runInMemory(project, ["secret", "--dry-run"], { bin: "auth" });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("Adding a new AUTH_SECRET to .env.local.");
    expect(run.stdout).toContain("+AUTH_SECRET=<hidden>");
    expect(run.stdout).toContain("Dry run: nothing was written.");
    expect(project.hash()).toBe(before);
  });

  it("--dry-run over an existing secret shows that its value changes, and neither value", async () => {
    const project = memoryFixture("next-app");
    project.write(".env.local", "NOTE=1\nAUTH_SECRET=old-secret-value-0123456789abcdef\n");
    const run = await runInMemory(project, ["secret", "--dry-run"], { bin: "auth" });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("-AUTH_SECRET=<hidden>\n+AUTH_SECRET=<hidden, new value>");
    expect(run.stdout).not.toContain("old-secret-value");
  });

  it("--json prints one object: the env file, the plan (secret hidden), the outcome and the next steps", async () => {
    const project = memoryFixture("next-app");
    const run = await runInMemory(project, ["secret", "--json"], { bin: "auth" });
    expect(run.status).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result).toMatchObject({
      ok: true,
      command: "secret",
      dryRun: false,
      envFile: ".env.local",
      replaced: false,
      outcome: { applied: true, changed: [".env.local", ".gitignore"] },
    });
    expect(result.nextSteps).toEqual(["Restart the app so it reads the new AUTH_SECRET from .env.local."]);
    expect(run.stdout).not.toContain(secretOf(project.read(".env.local")));
  });

  it("--raw --json prints the secret in one object", async () => {
    const run = await runInMemory(memoryFixture("next-app"), ["secret", "--raw", "--json"], { bin: "auth" });
    expect(JSON.parse(run.stdout)).toMatchObject({
      ok: true,
      command: "secret",
      secret: expect.stringMatching(/^.{43}$/),
    });
  });

  it("works on the folder it is given, with that app's conventions", async () => {
    const project = memoryFixture("not-next");
    project.write("apps/site/package.json", '{ "devDependencies": { "@sveltejs/kit": "^2.20.0" } }\n');
    const run = await runInMemory(project, ["secret", "apps/site", "--yes"], { bin: "auth" });
    expect(run.status).toBe(0);
    expect(secretOf(project.read("apps/site/.env"))).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(project.has(".env")).toBe(false);
    expect(project.read("apps/site/.gitignore")).toContain("\n/.svelte-kit\n");
  });

  it("exits 2 on a usage error and, with --json, still prints one object on stdout", async () => {
    const run = await runInMemory(memoryFixture("next-app"), ["add-provider", "--json"], { bin: "auth" });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe("error: missing required argument 'id'\n");
    expect(JSON.parse(run.stdout)).toEqual({
      ok: false,
      error: { code: "UsageError", message: "missing required argument 'id'" },
    });
    expect((await runInMemory(memoryFixture("next-app"), ["sercet"], { bin: "auth" })).status).toBe(2);
  });

  it("names the flag in one line when an option is unknown, and exits 2", async () => {
    const run = await runInMemory(memoryFixture("next-app"), ["secret", "--bogus"], { bin: "auth" });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe("error: unknown option '--bogus'\n");
  });
});

describe("auth secret creating a .gitignore", () => {
  // Each framework's fixture without its .gitignore: secret and init must start the new file alike.
  const fixtures = ["next-app", "sveltekit-2", "express-5-ts", "solid-start-2", "qwik-city-1"];

  it.each(fixtures)("%s: starts it with what the framework's starter ignores, as init does", async (fixture) => {
    const bySecret = memoryFixture(fixture);
    bySecret.remove(".gitignore");
    expect((await runInMemory(bySecret, ["secret"], { bin: "auth" })).status).toBe(0);
    const byInit = memoryFixture(fixture);
    byInit.remove(".gitignore");
    const init = await runInMemory(byInit, ["init", byInit.root, "--providers", "github", "--yes", "--no-install"]);
    expect(init.status).toBe(0);
    const starterBlock = (text: string) => text.slice(0, text.indexOf("\n\n") + 1);
    const created = bySecret.read(".gitignore");
    expect(created).toMatch(/^# What the framework's own starter keeps out of git\n/);
    expect(starterBlock(created)).toBe(starterBlock(byInit.read(".gitignore")));
    expect(created.split("\n").filter((line) => /node_modules/.test(line))).toHaveLength(1);
    // …and then keeps the env file holding the secret out of git.
    expect(
      created.endsWith(
        `\n# local env files hold secrets: never commit them\n${fixture === "next-app" ? ".env*.local" : ".env"}\n`,
      ),
    ).toBe(true);
  });
});

describe("--help", () => {
  // Commands that write files take the shared plan flags (PLAN_OPTIONS); migrate and db act on a database.
  const writing = COMMANDS.filter((c) => c.options.some((o) => o.flags === "--force"));

  it("is the same list of commands in the fast root help as in the full parser", async () => {
    const root = await runInMemory(memoryFixture("next-app"), ["--help"], { bin: "auth" });
    const listed = root.stdout
      .split("Commands:\n")[1]!
      .split("\n\n")[0]!
      .split("\n")
      .map((line) => line.trim().split(" ")[0]);
    const parser = buildProgram("auth", { stdout() {}, stderr() {} } as unknown as Host).commands.map((c) => c.name());
    expect(listed).toEqual(parser);
    expect(root.stdout).toContain("Exit codes:\n  0  done, or nothing to do");
    expect(root.stdout).toContain("  2  usage error");
  });

  it.each(writing.map((c) => c.name))(
    "%s --help shows the shared flags, examples as typed, and the exit codes",
    async (name) => {
      const spec = COMMANDS.find((c) => c.name === name)!;
      const help = await runInMemory(memoryFixture("next-app"), [name, "--help"], { bin: "auth" });
      expect(help.status).toBe(0);
      for (const flag of ["--dry-run", "--json", "-y, --yes", "--force"]) expect(help.stdout).toContain(flag);
      expect(spec.examples?.length).toBeGreaterThan(1);
      expect(help.stdout).toContain("\nExamples:\n");
      for (const example of spec.examples ?? [])
        expect(help.stdout).toMatch(new RegExp(`\\n  auth ${literal(example.command)} +${literal(example.does)}\\n`));
      expect(help.stdout).toMatch(/\nExit codes:\n {2}0 .*\n {2}1 .*\n {2}2 .*\n/);
    },
  );
});

describe("--force in --help", () => {
  it.each([
    ["update", "write conflict markers into every file whose edits conflict"],
    ["remove", "also delete the files init wrote that you edited since"],
    ["init", "replace files the plan conflicts with"],
  ])("%s --help says what its own --force does", async (name, says) => {
    const help = await runInMemory(memoryFixture("next-app"), [name, "--help"], { bin: "auth" });
    const flat = help.stdout.replace(/\s+/g, " ");
    expect(flat).toContain(`--force ${says}`);
  });
});

describe("the command list", () => {
  it("are listed in --help", async () => {
    const run = await runInMemory(memoryFixture("next-app"), ["--help"], { bin: "auth" });
    expect(run.status).toBe(0);
    for (const name of [
      "init",
      "secret",
      "add-provider",
      "remove-provider",
      "generate",
      "migrate",
      "doctor",
      "update",
      "remove",
    ]) {
      expect(run.stdout).toContain(name);
    }
  });

  it("shows per-command help and the version through the same program under both names", async () => {
    const project = memoryFixture("next-app");
    const help = await runInMemory(project, ["init", "--help"]);
    expect(help.status).toBe(0);
    for (const flag of [
      "--framework",
      "--providers",
      "--strategy",
      "--db",
      "--orm",
      "--runtime-dir",
      "--yes",
      "--no-install",
      "--dry-run",
      "--json",
    ]) {
      expect(help.stdout).toContain(flag);
    }
    expect((await runInMemory(project, ["--version"], { bin: "auth" })).stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });

  it("rejects an unknown option with one line and exit 2", async () => {
    const run = await runInMemory(memoryFixture("next-app"), ["init", "--bogus"]);
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
  });
});
