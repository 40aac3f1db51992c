/**
 * `auth secret` and the program's surface (help, version, commands of later versions): the built CLI as
 * users run it for `secret` and `secret --raw` on a copy of the fixture, the same program in memory for the
 * rest.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
} from "./support.js";

afterAll(removeTemps);

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

describe("commands of later versions", () => {
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

  it("rejects an unknown option with one line and a non-zero exit", async () => {
    const run = await runInMemory(memoryFixture("next-app"), ["init", "--bogus"]);
    expect(run.status).not.toBe(0);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
  });

  it("exit non-zero with one line saying they arrive later", async () => {
    const run = await runInMemory(memoryFixture("next-app"), ["doctor"], { bin: "auth" });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toBe("auth: `auth doctor` arrives in a later version of create-auth.\n");
  });
});
