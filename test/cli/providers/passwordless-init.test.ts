/**
 * `create-auth init --providers nodemailer,passkey`, run in memory on the fixtures: the auth module mails
 * links through EMAIL_SERVER/EMAIL_FROM read the framework's way and opts in to passkeys, as snapshotted for
 * Next and SvelteKit; every framework's generated module, written to a disk, typechecks against the runtime
 * it was given; nodemailer and @simplewebauthn/server become the app's dependencies; the next steps say
 * what EMAIL_SERVER looks like and where passkeys work; and without a database init stops before writing
 * (on a terminal, prompts.test.ts: the database question says why None is not offered).
 */
import { mkdirSync, symlinkSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completeAnswers, parseInitFlags } from "../../../src/cli/commands/answers/resolve.js";
import { onNode } from "../on-node.js";
import {
  type CliRun,
  initFixture,
  initInMemory,
  type MemoryProject,
  materialize,
  memoryFixture,
  removeTemps,
  repoRoot,
  stable,
  tempDir,
  typecheckApps,
} from "../support.js";

afterAll(removeTemps);
// The SQLite client init writes depends on the Node it runs on: the snapshots are those of Node 20.
onNode("20.19.0");

const PASSWORDLESS = ["--providers", "nodemailer,passkey", "--strategy", "database", "--db", "sqlite"];

function init(fixture: string, args: string[]) {
  return initFixture(fixture, ["--yes", "--no-install", ...args]);
}

/**
 * `tsc --noEmit` (strict) on the generated auth modules of several projects in one compiler run: each
 * project in its own folder, where `@create-auth/runtime` resolves to the runtime init wrote into it (a
 * package link in the project's node_modules) and everything else to this repository's node_modules.
 * SvelteKit's virtual `$env/dynamic/private` gets the declaration SvelteKit generates for it.
 */
function typecheck(projects: { name: string; project: MemoryProject; files: string[] }[]): {
  status: number | null;
  output: string;
} {
  const root = tempDir("typecheck");
  symlinkSync(path.join(repoRoot, "node_modules"), path.join(root, "node_modules"), "dir");
  for (const { name, project } of projects) {
    const dir = materialize(project, path.join(root, name));
    mkdirSync(path.join(dir, "node_modules/@create-auth"), { recursive: true });
    symlinkSync("../../vendor/auth-runtime", path.join(dir, "node_modules/@create-auth/runtime"), "dir");
  }
  return typecheckApps(root, {
    files: projects.flatMap(({ name, files }) => files.map((file) => `${name}/${file}`)),
    compilerOptions: { paths: { "$lib/*": ["./sveltekit-2/src/lib/*"] } },
  });
}

describe.each([
  { fixture: "next-app", auth: "auth.ts", env: ".env.local", read: "process.env" },
  { fixture: "sveltekit-2", auth: "src/auth.ts", env: ".env", read: "env" },
])("init --providers nodemailer,passkey on $fixture", ({ fixture, auth, env, read: envRead }) => {
  const snapshots = `__snapshots__/init-${fixture}-passwordless`;
  let project: MemoryProject;
  let first: CliRun;

  beforeAll(async () => {
    ({ project, run: first } = await init(fixture, PASSWORDLESS));
  }, 60_000);

  it("exits 0 and prints the plan and next steps: EMAIL_SERVER's shape, passkeys on HTTPS or localhost", async () => {
    expect(first.stderr).toBe("");
    expect(first.status).toBe(0);
    await expect(stable(first.stdout, project.root)).toMatchFileSnapshot(`${snapshots}/summary.txt`);
    expect(first.stdout).toContain("smtp://user:password@smtp.example.com:587");
    expect(first.stdout).toMatch(/passkeys work only in a secure context: HTTPS, or http:\/\/localhost/);
  });

  it("passes EMAIL_SERVER and EMAIL_FROM to the email provider and turns on WebAuthn for the passkey", async () => {
    const config = project.read(auth);
    await expect(config).toMatchFileSnapshot(`${snapshots}/auth.ts.snap`);
    expect(config).toContain(`Nodemailer({ server: ${envRead}.EMAIL_SERVER, from: ${envRead}.EMAIL_FROM }),`);
    expect(config).toContain("experimental: { enableWebAuthn: true },");
    expect(config).toContain("adapter: sqlite(db),");
  });

  it("adds nodemailer and @simplewebauthn/server to the app's dependencies", async () => {
    const pkg = JSON.parse(project.read("package.json")) as { dependencies: Record<string, string> };
    expect(pkg.dependencies).toMatchObject({ nodemailer: "^8.0.11", "@simplewebauthn/server": "^14.0.3" });
    await expect(project.read("package.json")).toMatchFileSnapshot(`${snapshots}/package.json.snap`);
  });

  it("writes blank EMAIL_SERVER and EMAIL_FROM to the env file and .env.example", () => {
    for (const file of [env, ".env.example"]) {
      expect(project.read(file)).toMatch(/^EMAIL_SERVER=$/m);
      expect(project.read(file)).toMatch(/^EMAIL_FROM=$/m);
    }
  });

  it("plans nothing on a second run", async () => {
    const before = project.hash();
    const again = await initInMemory(project, ["--yes", ...PASSWORDLESS]);
    expect(again.status).toBe(0);
    expect(again.stdout).toContain("Nothing to do");
    expect(project.hash()).toBe(before);
  });
});

describe("the generated auth module typechecks against the runtime it was given", () => {
  const CASES = [
    { fixture: "next-app", auth: "auth.ts" },
    { fixture: "sveltekit-2", auth: "src/auth.ts" },
    { fixture: "express-5-ts", auth: "src/auth.ts" },
    { fixture: "solid-start-2", auth: "src/auth.ts" },
    { fixture: "qwik-city-1", auth: "src/routes/plugin@auth.ts" },
  ];
  const inits = new Map<string, { project: MemoryProject; run: CliRun }>();
  let checked: { status: number | null; output: string };

  beforeAll(async () => {
    for (const { fixture } of CASES) inits.set(fixture, await init(fixture, PASSWORDLESS));
    checked = typecheck(
      CASES.map(({ fixture, auth }) => ({ name: fixture, project: inits.get(fixture)!.project, files: [auth] })),
    );
  }, 60_000);

  it.each(CASES)("$fixture ($auth)", ({ fixture, auth }) => {
    const { project, run } = inits.get(fixture)!;
    expect(run.status).toBe(0);
    const config = project.read(auth);
    expect(config).toContain("Nodemailer(");
    expect(config).toContain("Passkey(),");
    expect(config).toContain("experimental: { enableWebAuthn: true },");
    const output = checked.output
      .split("\n")
      .filter((line) => line.startsWith(`${fixture}/`))
      .join("\n");
    expect(output).toBe("");
  });

  it("tsc finds nothing to say about any of them", () => {
    expect(checked.output).toBe("");
    expect(checked.status).toBe(0);
  });

  it("Qwik City reads the email settings from the request's env", async () => {
    const { project } = await init("qwik-city-1", PASSWORDLESS);
    const plugin = project.read("src/routes/plugin@auth.ts");
    expect(plugin).toContain('server: event.env.get("EMAIL_SERVER"),');
    expect(plugin).toContain('from: event.env.get("EMAIL_FROM"),');
  });
});

describe("email and passkey sign-in need a database", () => {
  it.each([
    ["nodemailer", ["--yes"], "Email"],
    ["passkey", ["--yes"], "Passkey"],
    ["nodemailer,passkey", ["--db", "none"], "Email and Passkey"],
    ["github,passkey", [], "Passkey"],
  ])("--providers %s %j without a database: one line naming --db, nothing written", async (providers, flags, names) => {
    const project = memoryFixture("next-app");
    const before = project.hash();
    const run = await initInMemory(project, ["--providers", providers, "--no-install", ...flags]);
    expect(run.status).not.toBe(0);
    expect(run.stdout).toBe("");
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toContain(`${names} sign-in stores users in a database: pass --db sqlite|postgres|mysql`);
    expect(project.hash()).toBe(before);
  });

  it("with --strategy jwt and a database, the email provider is allowed (users stored, sessions in the cookie)", () => {
    const answers = completeAnswers(
      parseInitFlags({ providers: "nodemailer", strategy: "jwt", db: "postgres" }),
      {},
      { yes: false, framework: "next" },
    );
    expect(answers).toMatchObject({ strategy: "jwt", db: "postgres" });
    expect(answers.providers.map((p) => p.id)).toEqual(["nodemailer"]);
  });

  it("a database picked at the prompt satisfies them", () => {
    const answers = completeAnswers(
      parseInitFlags({ providers: "passkey" }),
      { db: "sqlite" },
      {
        yes: false,
        framework: "next",
      },
    );
    expect(answers).toMatchObject({ db: "sqlite", strategy: "database" });
  });
});
