/**
 * The interactive path, driven through a real pseudo-terminal (util-linux `script`), keystroke by keystroke.
 */
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertBuilt, cliBin, copyFixture, hashTree, read, removeTemps, repoRoot, tempDir } from "../../support.js";

beforeAll(assertBuilt);
afterAll(removeTemps);

const hasScript = spawnSync("script", ["--version"], { stdio: "ignore" }).status === 0;
const ENTER = "\r";
const DOWN = "\x1b[B";
const UP = "\x1b[A";
const TAB = "\t";
const BACKSPACE = "\x7f";

/**
 * Runs the CLI on a 120-column pty; each step waits for a prompt text, then types its keys. `bin` folders go
 * first on PATH (a stand-in package manager).
 */
async function runInPty(
  args: string[],
  steps: { waitFor: string; keys: string[] }[],
  options: { bin?: "create-auth" | "auth"; cwd?: string; path?: string } = {},
) {
  const command = `stty cols 120 rows 50; exec ${process.execPath} ${cliBin(options.bin)} ${args.join(" ")}`;
  const env = options.path ? { ...process.env, PATH: `${options.path}:${process.env["PATH"]}` } : process.env;
  const child = spawn("script", ["-qec", command, "/dev/null"], {
    cwd: options.cwd ?? repoRoot,
    env,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let screen = "";
  child.stdout.on("data", (chunk: Buffer) => {
    screen += chunk.toString("utf8");
  });
  // The pty's last output (the summary after the final answer) may arrive after the exit: the status is taken
  // once stdout has ended too, or a second after the exit (a grandchild may hold the pty open).
  const ended = new Promise<void>((resolve) => child.stdout.on("end", resolve));
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve)).then(async (status) => {
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 1000))]);
    return status;
  });
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  let seen = 0;
  for (const step of steps) {
    for (let waited = 0; screen.indexOf(step.waitFor, seen) === -1; waited += 50) {
      if (waited > 10_000) throw new Error(`prompt "${step.waitFor}" never appeared:\n${screen}`);
      await sleep(50);
    }
    seen = screen.indexOf(step.waitFor, seen) + step.waitFor.length;
    for (const key of step.keys) {
      await sleep(80);
      child.stdin.write(key);
    }
  }
  const status = await exited;
  // Strip ANSI escape sequences (ESC [ … letter) so assertions read the text a person sees.
  const ansi = new RegExp(`${String.fromCharCode(27)}\\[[0-9;?]*[A-Za-z]`, "g");
  return { status, screen: screen.replace(ansi, "") };
}

// Each case is its own process on its own pty and fixture copy, and mostly waits (for the CLI's next prompt, between
// keystrokes, on the installer): the cases of a block run at the same time.
describe.skipIf(!hasScript).concurrent("init on a terminal", () => {
  it("finds providers by search, asks for the database, shows the diff, and applies after confirmation", async ({
    expect,
  }) => {
    const dir = copyFixture("next-app");
    const run = await runInPty(
      ["init", dir, "--no-install"],
      [
        // Typing filters the list; Tab selects the one under the cursor; the search is then cleared.
        { waitFor: "Sign-in providers", keys: [..."git", TAB, BACKSPACE, BACKSPACE, BACKSPACE, ..."cred", TAB, ENTER] },
        { waitFor: "Database", keys: [ENTER] },
        { waitFor: "Apply", keys: [ENTER] },
      ],
    );
    expect(run.status).toBe(0);
    expect(run.screen).toMatch(/Search: git.*\(\d+ match(es)?\)/);
    expect(run.screen).toContain("2 providers selected");
    expect(run.screen).toContain("+++ b/auth.ts");
    // The runtime package's hundreds of files are one of the changes counted.
    const count = Number(/Apply (\d+) changes\?/.exec(run.screen)?.[1]);
    expect(count).toBeGreaterThan(5);
    expect(count).toBeLessThan(15);
    expect(run.screen).toMatch(/Created auth\.ts, .*vendor\/auth-runtime\/ \(\d+ files\)/);
    const auth = read(dir, "auth.ts");
    expect(auth).toContain('import GitHub from "@create-auth/runtime/providers/github";');
    expect(auth).toContain('import Credentials from "@create-auth/runtime/providers/credentials";');
    expect(read(dir, ".env.local")).toContain("AUTH_GITHUB_ID=");
  });

  it("finds a provider by its id as by its name, selects with Space after an arrow, and answers with both", async ({
    expect,
  }) => {
    const dir = copyFixture("next-app");
    const run = await runInPty(
      ["init", dir, "--no-install", "--db", "none", "--dry-run"],
      [
        {
          waitFor: "Sign-in providers",
          keys: [
            // X's id: typing it finds X, whose name does not contain it. Tab selects; the search is then cleared.
            ..."twitter",
            TAB,
            ...Array.from("twitter", () => BACKSPACE),
            // Okta by name; an arrow key moves into the list, where Space selects.
            ..."Okta",
            DOWN,
            " ",
            ENTER,
          ],
        },
      ],
    );
    expect(run.status).toBe(0);
    expect(run.screen).toMatch(/Search: twitter.*\(1 match\)/);
    expect(run.screen).toContain("2 providers selected");
    expect(run.screen).toContain('+import Twitter from "@create-auth/runtime/providers/twitter";');
    expect(run.screen).toContain('+import Okta from "@create-auth/runtime/providers/okta";');
    // The issuer's help is written above it in the env file (the diff shows the comment, never a value).
    expect(run.screen).toContain("+# Your Okta org's issuer URL: https://<org>.okta.com");
    expect(run.screen).toContain("Dry run: nothing was written.");
  });

  it("says what one chosen provider is in English (1 provider selected, not clack's 1 items selected)", async ({
    expect,
  }) => {
    const dir = copyFixture("next-app");
    const run = await runInPty(
      ["init", dir, "--no-install", "--db", "none", "--dry-run"],
      [{ waitFor: "Sign-in providers", keys: [..."git", TAB, ENTER] }],
    );
    expect(run.status).toBe(0);
    expect(run.screen).toContain("1 provider selected");
    expect(run.screen).not.toContain("items selected");
  });

  it("asks before replacing an existing auth.ts, and keeps it when the answer is no", async ({ expect }) => {
    const dir = copyFixture("next-app");
    writeFileSync(path.join(dir, "auth.ts"), "export const mine = true;\n");
    const before = hashTree(dir);
    const run = await runInPty(
      ["init", dir, "--providers", "github", "--db", "none", "--no-install"],
      [{ waitFor: "Replace it?", keys: [ENTER] }],
    );
    expect(run.status).not.toBe(0);
    expect(run.screen).toContain("auth.ts kept as it is; nothing was written.");
    expect(hashTree(dir)).toBe(before);
  });

  it("asks where sessions live once a database is chosen, and wires that database", async ({ expect }) => {
    const dir = copyFixture("next-app");
    const run = await runInPty(
      ["init", dir, "--providers", "github", "--no-install", "--yes"],
      [
        { waitFor: "Database", keys: [DOWN, ENTER] },
        { waitFor: "Where sessions live", keys: [ENTER] },
      ],
    );
    expect(run.status).toBe(0);
    const auth = read(dir, "auth.ts");
    expect(auth).toContain("adapter: sqlite(db),");
    expect(auth).toContain('session: { strategy: "database" },');
  });

  it("asks a credentials-only app where sessions live too, starting on JWT, and a database session can be chosen", async ({
    expect,
  }) => {
    const jwtDir = copyFixture("next-app");
    const jwt = await runInPty(
      ["init", jwtDir, "--providers", "credentials", "--no-install", "--yes"],
      [
        { waitFor: "Database", keys: [DOWN, ENTER] },
        { waitFor: "Where sessions live", keys: [ENTER] },
      ],
    );
    expect(jwt.status).toBe(0);
    expect(read(jwtDir, "auth.ts")).not.toContain('strategy: "database"');
    const databaseDir = copyFixture("next-app");
    const database = await runInPty(
      ["init", databaseDir, "--providers", "credentials", "--no-install", "--yes"],
      [
        { waitFor: "Database", keys: [DOWN, ENTER] },
        { waitFor: "Where sessions live", keys: [UP, ENTER] },
      ],
    );
    expect(database.status).toBe(0);
    expect(read(databaseDir, "auth.ts")).toContain('session: { strategy: "database" },');
  });

  it("does not offer None for the database when --strategy database was given", async ({ expect }) => {
    const dir = copyFixture("next-app");
    const run = await runInPty(
      ["init", dir, "--providers", "github", "--strategy", "database", "--no-install", "--yes"],
      [{ waitFor: "Database", keys: [ENTER] }],
    );
    expect(run.status).toBe(0);
    expect(run.screen).not.toContain("Where sessions live");
    // The cursor starts on the first choice that can be picked: SQLite.
    expect(read(dir, "auth.ts")).toContain("adapter: sqlite(db),");
  });

  it("asks for the database without offering None when email sign-in needs one, and says why", async ({ expect }) => {
    const dir = copyFixture("next-app");
    const run = await runInPty(
      ["init", dir, "--providers", "nodemailer", "--strategy", "jwt", "--no-install", "--yes"],
      [{ waitFor: "Database", keys: [ENTER] }],
    );
    expect(run.status).toBe(0);
    expect(run.screen).toContain("Email sign-in needs a database");
    // The cursor starts on the first choice that can be picked: SQLite.
    expect(read(dir, "auth.ts")).toContain("adapter: sqlite(db),");
  }, 60_000);
});

/**
 * A stand-in `npm` first on PATH: it says something, as npm does, and exits with `status` (the real install
 * needs the registry). What it was run with is kept in its folder. `seconds` keeps it working that long (the
 * spinner's case, so the spinner turns a few frames: clack draws one every 80 ms); the others need no wait.
 */
function fakeNpm(status: number, seconds = 0): string {
  const bin = tempDir("fake-npm");
  mkdirSync(bin, { recursive: true });
  const script = `#!/bin/sh\necho "$@" > "${bin}/args"\necho "added 3 packages from the stand-in"\nsleep ${seconds}\nexit ${status}\n`;
  writeFileSync(path.join(bin, "npm"), script);
  chmodSync(path.join(bin, "npm"), 0o755);
  return bin;
}

/** The CLI with its output piped (not a terminal), the stand-in `npm` folder first on PATH; resolves when it exits. */
function runPiped(args: string[], npm: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [cliBin(), ...args], {
    env: { ...process.env, PATH: `${npm}:${process.env["PATH"]}` },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  return new Promise((resolve) => child.on("close", (status) => resolve({ status, stdout, stderr })));
}

describe.skipIf(!hasScript).concurrent("install progress", () => {
  const args = (dir: string) => ["init", dir, "--providers", "github", "--db", "none", "--yes"];

  it("shows a spinner on a terminal, holding back the installer's output while it works", async ({ expect }) => {
    const dir = copyFixture("next-app");
    const npm = fakeNpm(0, 0.4);
    const run = await runInPty(args(dir), [], { path: npm });
    expect(run.status).toBe(0);
    expect(read(npm, "args")).toBe("install --no-audit --no-fund\n");
    expect(run.screen).toContain("Installed dependencies (npm install --no-audit --no-fund)");
    expect(run.screen).not.toContain("added 3 packages from the stand-in");
    expect(run.screen.indexOf("Installed dependencies")).toBeLessThan(run.screen.indexOf("Created auth.ts"));
  });

  it("shows the held-back output when the install fails, and exits 1 saying the files are written", async ({
    expect,
  }) => {
    const dir = copyFixture("next-app");
    const run = await runInPty(args(dir), [], { path: fakeNpm(1) });
    expect(run.status).toBe(1);
    expect(run.screen).toContain("added 3 packages from the stand-in");
    expect(run.screen).toContain("npm install --no-audit --no-fund failed (exit 1); the files are written");
    expect(read(dir, "auth.ts")).toContain("NextAuth(");
  });

  it("says a line before and after, with the installer's own output between, when not on a terminal", async ({
    expect,
  }) => {
    const dir = copyFixture("next-app");
    const run = await runPiped(args(dir), fakeNpm(0));
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(
      /Installing dependencies: npm install --no-audit --no-fund\nadded 3 packages from the stand-in\nInstalled dependencies\.\n/,
    );
  });

  it("with --json, keeps stdout for the one object and sends the installer's output to stderr", async ({ expect }) => {
    const dir = copyFixture("next-app");
    const run = await runPiped([...args(dir), "--json"], fakeNpm(0));
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout).outcome.install).toBe("done");
    expect(run.stderr).toContain("added 3 packages from the stand-in");
  });
});

describe.skipIf(!hasScript)("auth secret on a terminal", () => {
  it("shows the diff with the secret hidden and applies after confirmation", async () => {
    const dir = copyFixture("next-app");
    const run = await runInPty(["secret"], [{ waitFor: "Apply 2 changes?", keys: [ENTER] }], { bin: "auth", cwd: dir });
    expect(run.status).toBe(0);
    expect(run.screen).toContain("+AUTH_SECRET=<hidden>");
    expect(read(dir, ".env.local")).toMatch(/^AUTH_SECRET=[A-Za-z0-9_-]{43}$/m);
    expect(run.screen).toContain("Changed .env.local and .gitignore.");
  });
});
