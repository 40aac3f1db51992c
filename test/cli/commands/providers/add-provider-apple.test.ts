/**
 * `auth add-provider apple --p8 … --key-id … --team-id … --client-id …` as a user types it, with the built CLI,
 * on a Next app init set up (a git work tree, .env.local ignored): the client secret it writes is an ES256 JWT
 * that Apple's rules accept (verified here with the key's public half), it lands in the ignored env file only,
 * the expiry and the renewal command are printed, and the printed command renews it. Bad inputs are refused
 * in one line, writing nothing. The key is made here with node:crypto; doctor's expiry checks are in
 * test/cli/commands/doctor/apple-secret.test.ts.
 */
import { spawnSync } from "node:child_process";
import { createPublicKey, generateKeyPairSync, type KeyObject, verify } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listFilesRecursive } from "../../../../src/cli/project/reader.js";
import {
  assertBuilt,
  initFixture,
  type MemoryProject,
  materialize,
  read,
  removeTemps,
  runCli,
  runInMemory,
  tempDir,
} from "../../support.js";

afterAll(removeTemps);

const KEY_ID = "ABC123DEFG";
const TEAM_ID = "TEAM123456";
const CLIENT_ID = "com.example.web";
const SIX_MONTHS = 15_777_000;

function pem(key: KeyObject): string {
  return key.export({ type: "pkcs8", format: "pem" }) as string;
}

/** A Next app after `init --providers credentials`, on disk, in a git work tree with its first commit. */
async function app(): Promise<string> {
  const { project, run } = await initFixture("next-app", ["--providers", "credentials", "--yes", "--no-install"]);
  if (run.status !== 0) throw new Error(run.stderr);
  const dir = materialize(project, tempDir("apple"));
  const git = (...args: string[]) => spawnSync("git", args, { cwd: dir, encoding: "utf8" });
  git("init", "-q");
  git("add", "-A");
  git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "init");
  return dir;
}

/** The app's files and their content, git's own folder aside (git refreshes its index on a status). */
function hashTree(dir: string): string {
  return listFilesRecursive(dir)
    .filter((file) => !file.startsWith(".git/"))
    .map((file) => `${file}\0${read(dir, file)}`)
    .join("\0");
}

function decode(part: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as Record<string, unknown>;
}

function envValue(dir: string, key: string): string | undefined {
  return new RegExp(`^${key}=(.*)$`, "m").exec(read(dir, ".env.local"))?.[1];
}

describe("add-provider apple with a .p8 key", () => {
  const keys = generateKeyPairSync("ec", { namedCurve: "P-256" });
  let dir: string;
  let p8: string;
  let first: { status: number | null; stdout: string; stderr: string };

  beforeAll(async () => {
    assertBuilt();
    dir = await app();
    // Where Apple's download lands: outside the app, named after the key.
    p8 = path.join(tempDir("apple-key"), `AuthKey_${KEY_ID}.p8`);
    writeFileSync(p8, pem(keys.privateKey));
    first = runCli(
      [
        "add-provider",
        "apple",
        "--p8",
        p8,
        "--key-id",
        KEY_ID,
        "--team-id",
        TEAM_ID,
        "--client-id",
        CLIENT_ID,
        "--yes",
        "--no-install",
      ],
      { cwd: dir, bin: "auth" },
    );
  }, 60_000);

  it("writes an ES256 client secret Apple accepts, signed by the key, valid six months", () => {
    expect(first.stderr).toBe("");
    expect(first.status).toBe(0);
    const jwt = envValue(dir, "AUTH_APPLE_SECRET")!;
    const [header, payload, signature] = jwt.split(".") as [string, string, string];
    expect(decode(header)).toEqual({ alg: "ES256", kid: KEY_ID });
    const claims = decode(payload);
    expect(claims).toMatchObject({ iss: TEAM_ID, aud: "https://appleid.apple.com", sub: CLIENT_ID });
    expect(Number(claims["exp"]) - Number(claims["iat"])).toBe(SIX_MONTHS);
    expect(Math.abs(Number(claims["iat"]) - Date.now() / 1000)).toBeLessThan(120);
    const valid = verify(
      "sha256",
      Buffer.from(`${header}.${payload}`),
      { key: createPublicKey(keys.privateKey), dsaEncoding: "ieee-p1363" },
      Buffer.from(signature, "base64url"),
    );
    expect(valid).toBe(true);
    expect(envValue(dir, "AUTH_APPLE_ID")).toBe(CLIENT_ID);
    expect(read(dir, "auth.ts")).toContain('import Apple from "@create-auth/runtime/providers/apple"');
  });

  it("prints the expiry date and the command that renews it, never the secret", () => {
    const jwt = envValue(dir, "AUTH_APPLE_SECRET")!;
    const exp = Number(decode(jwt.split(".")[1]!)["exp"]);
    const day = new Date(exp * 1000).toISOString().slice(0, 10);
    expect(first.stdout).toContain(`It expires on ${day}`);
    expect(first.stdout).toContain(
      `renew it before then with: npx create-auth add-provider apple --p8 ${p8} --key-id ${KEY_ID} --team-id ${TEAM_ID} --client-id ${CLIENT_ID}`,
    );
    expect(first.stdout).not.toContain(jwt.split(".")[2]);
  });

  it("puts the secret in the git-ignored .env.local only", () => {
    const jwt = envValue(dir, "AUTH_APPLE_SECRET")!;
    const holders = listFilesRecursive(dir)
      .filter((file) => !file.startsWith(".git/"))
      .filter((file) => read(dir, file).includes(jwt));
    expect(holders).toEqual([".env.local"]);
    expect(spawnSync("git", ["check-ignore", "-q", ".env.local"], { cwd: dir }).status).toBe(0);
    expect(read(dir, ".env.example")).toMatch(/^AUTH_APPLE_SECRET=$/m);
  });

  it("the printed command, typed again, renews the secret and changes nothing else", () => {
    const before = envValue(dir, "AUTH_APPLE_SECRET")!;
    const auth = read(dir, "auth.ts");
    const command = /renew it before then with: npx create-auth (.*)$/m.exec(first.stdout)![1]!;
    const renewed = runCli([...command.split(" "), "--yes", "--no-install"], { cwd: dir });
    expect(renewed.stderr).toBe("");
    expect(renewed.status).toBe(0);
    expect(renewed.stdout).toContain("It expires on ");
    expect(envValue(dir, "AUTH_APPLE_SECRET")).not.toBe(before);
    expect(envValue(dir, "AUTH_APPLE_SECRET")!.split(".")[0]).toBe(before.split(".")[0]);
    expect(read(dir, "auth.ts")).toBe(auth);
    expect(read(dir, ".env.local").match(/^AUTH_APPLE_SECRET=/gm)).toHaveLength(1);
  });

  it("--help lists the Apple flags", () => {
    const help = runCli(["add-provider", "--help"], { bin: "auth" });
    expect(help.status).toBe(0);
    for (const flag of ["--p8 <file>", "--key-id <id>", "--team-id <id>", "--client-id <id>"]) {
      expect(help.stdout).toContain(flag);
    }
  });
});

describe("add-provider apple refuses bad inputs in one line, writing nothing", () => {
  let project: MemoryProject;
  let keyDir: string;
  const key = (name: string) => path.join(keyDir, name);

  beforeAll(async () => {
    ({ project } = await initFixture("next-app", ["--providers", "credentials", "--yes", "--no-install"]));
    keyDir = tempDir("apple-keys");
    const p256 = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey;
    writeFileSync(key(`AuthKey_${KEY_ID}.p8`), pem(p256));
    writeFileSync(key("p384.p8"), pem(generateKeyPairSync("ec", { namedCurve: "P-384" }).privateKey));
    writeFileSync(key("rsa.p8"), pem(generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey));
    writeFileSync(key("sec1.p8"), p256.export({ type: "sec1", format: "pem" }) as string);
    writeFileSync(key("garbage.p8"), "-----BEGIN PRIVATE KEY-----\nnot base64\n-----END PRIVATE KEY-----\n");
  }, 60_000);

  /** The four flags, the key's file named in keyDir; `over` changes some. */
  const flags = (over: Record<string, string>) => {
    const all = { "key-id": KEY_ID, "team-id": TEAM_ID, "client-id": CLIENT_ID, ...over };
    return Object.entries({ ...all, p8: key(over["p8"] ?? `AuthKey_${KEY_ID}.p8`) }).flatMap(([flag, value]) => [
      `--${flag}`,
      value,
    ]);
  };

  /** add-provider apple in this process on the app in memory (the same program the built CLI runs). */
  async function addApple(over: Record<string, string>, id = "apple") {
    const before = new Map(project.files);
    const run = await runInMemory(
      project,
      ["add-provider", id, project.root, ...flags(over), "--yes", "--no-install"],
      {
        bin: "auth",
      },
    );
    expect(project.files).toEqual(before);
    return run;
  }

  it.each<{ case: string; over: Record<string, string>; says: string }>([
    { case: "a P-384 key", over: { p8: "p384.p8" }, says: "not an Apple .p8 key" },
    { case: "an RSA key", over: { p8: "rsa.p8" }, says: "not an Apple .p8 key" },
    { case: "a SEC1 (not PKCS#8) key", over: { p8: "sec1.p8" }, says: "not an Apple .p8 key" },
    { case: "a broken PEM", over: { p8: "garbage.p8" }, says: "not an Apple .p8 key" },
    { case: "a bad key id", over: { p8: "rsa.p8", "key-id": "abc" }, says: '--key-id "abc"' },
    { case: "a bad team id", over: { "team-id": "TEAM-1" }, says: '--team-id "TEAM-1"' },
    { case: "a bad Services ID", over: { "client-id": "com example" }, says: '--client-id "com example"' },
    { case: "another key's file", over: { "key-id": "ZZZ999ZZZZ" }, says: "is the key ABC123DEFG" },
  ])("$case: exit 1", async ({ over, says }) => {
    const run = await addApple(over);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(says);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
  });

  it("an AUTH_APPLE_ID naming another Services ID: exit 1", async () => {
    const env = project.files.get(".env.local")!;
    project.files.set(".env.local", `${env}AUTH_APPLE_ID=com.example.other\n`);
    const run = await addApple({});
    project.files.set(".env.local", env);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("sets AUTH_APPLE_ID=com.example.other, not --client-id com.example.web");
  });

  it("incomplete flags, or on another provider: a usage error (exit 2)", async () => {
    const partial = await runInMemory(
      project,
      ["add-provider", "apple", project.root, "--p8", key("rsa.p8"), "--yes"],
      {
        bin: "auth",
      },
    );
    expect(partial.status).toBe(2);
    expect(partial.stderr).toContain("needs --key-id <id>, --team-id <id>, --client-id <id> too");
    const github = await addApple({}, "github");
    expect(github.status).toBe(2);
    expect(github.stderr).toContain("they go with add-provider apple, not github");
  });

  it("as typed: a missing key file, exit 1 in one line, nothing written", async () => {
    assertBuilt();
    const dir = await app();
    const before = hashTree(dir);
    const run = runCli(["add-provider", "apple", ...flags({ p8: "AuthKey_XXXXXXXXXX.p8", "key-id": "XXXXXXXXXX" })], {
      cwd: dir,
      bin: "auth",
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(`auth: Cannot read the Apple key ${key("AuthKey_XXXXXXXXXX.p8")} (no such file).`);
    expect(hashTree(dir)).toBe(before);
  });

  it("as typed: a tracked env file is refused (EnvFileTracked), nothing written", async () => {
    assertBuilt();
    const dir = await app();
    spawnSync("git", ["add", "-f", ".env.local"], { cwd: dir });
    const before = hashTree(dir);
    const run = runCli(["add-provider", "apple", ...flags({}), "--yes", "--no-install"], { cwd: dir, bin: "auth" });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("is tracked by git");
    expect(hashTree(dir)).toBe(before);
  });
});
