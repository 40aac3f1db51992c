/**
 * `create-auth init --providers password`, run in memory on every framework's fixture as a user types it:
 * the auth module hands the password provider EMAIL_SERVER/EMAIL_FROM read the framework's way (snapshotted
 * with the printed plan), the runtime package holds the provider and the flows it loads, package.json gains
 * the three packages the runtime loads for it, the env files get the mail settings once even beside the
 * email provider, the next steps say what to fill in and where users sign up; every generated module
 * typechecks against the runtime it was given; without a database init stops before writing.
 */
import { mkdirSync, symlinkSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
  runtimeModuleHolder,
  stable,
  tempDir,
  typecheckApps,
} from "../support.js";

afterAll(removeTemps);
// The SQLite client init writes depends on the Node it runs on: the snapshots are those of Node 20.
onNode("20.19.0");

const PASSWORD = ["--providers", "password", "--strategy", "database", "--db", "sqlite"];
const RUNTIME = "vendor/auth-runtime";

function init(fixture: string, args: string[]) {
  return initFixture(fixture, ["--yes", "--no-install", ...args]);
}

const FRAMEWORKS = [
  {
    fixture: "next-app",
    auth: "auth.ts",
    env: ".env.local",
    call: "Password({ server: process.env.EMAIL_SERVER, from: process.env.EMAIL_FROM }),",
    signup: "http://localhost:3000/api/auth/signup",
  },
  {
    fixture: "sveltekit-2",
    auth: "src/auth.ts",
    env: ".env",
    call: "Password({ server: env.EMAIL_SERVER, from: env.EMAIL_FROM }),",
    signup: "http://localhost:5173/auth/signup",
  },
  {
    fixture: "express-5-ts",
    auth: "src/auth.ts",
    env: ".env",
    call: "Password({ server: process.env.EMAIL_SERVER, from: process.env.EMAIL_FROM }),",
    signup: "http://localhost:3000/auth/signup",
  },
  {
    fixture: "solid-start-2",
    auth: "src/auth.ts",
    env: ".env",
    call: "Password({ server: process.env.EMAIL_SERVER, from: process.env.EMAIL_FROM }),",
    signup: "http://localhost:3000/api/auth/signup",
  },
  {
    fixture: "qwik-city-1",
    auth: "src/routes/plugin@auth.ts",
    env: ".env",
    call: 'server: event.env.get("EMAIL_SERVER"),\n        from: event.env.get("EMAIL_FROM"),',
    signup: "http://localhost:5173/auth/signup",
  },
];

describe.each(FRAMEWORKS)("init --providers password on $fixture", ({ fixture, auth, env, call, signup }) => {
  const snapshots = `__snapshots__/init-${fixture}-password`;
  let project: MemoryProject;
  let first: CliRun;

  beforeAll(async () => {
    ({ project, run: first } = await init(fixture, PASSWORD));
  }, 60_000);

  it("exits 0 and prints the plan and next steps: the mail settings to fill in, the sign-up page", async () => {
    expect(first.stderr).toBe("");
    expect(first.status).toBe(0);
    await expect(stable(first.stdout, project.root)).toMatchFileSnapshot(`${snapshots}/summary.txt`);
    expect(first.stdout).toContain(`set EMAIL_SERVER in ${env} to your mail relay's SMTP URL`);
    expect(first.stdout).toContain("verification and reset links are mailed from there");
    expect(first.stdout).toContain(`New users start at ${signup}`);
  });

  it("configures the provider with the mail settings read the framework's way, beside the database adapter", async () => {
    const config = project.read(auth);
    await expect(config).toMatchFileSnapshot(`${snapshots}/auth.ts.snap`);
    expect(config).toContain('import Password from "@create-auth/runtime/providers/password";');
    expect(config).toContain(call);
    expect(config).toMatch(/adapter: sqlite\(/);
    expect(config).not.toContain("enableWebAuthn");
  });

  it("puts the provider and the flows it loads into the runtime package", () => {
    expect(project.has(`${RUNTIME}/providers/password.js`)).toBe(true);
    // Loaded by a dynamic import on the first request that needs them: the package follows import().
    expect(runtimeModuleHolder(project, RUNTIME, "core/password/actions.js")).toBeDefined();
    const manifest = JSON.parse(project.read(`${RUNTIME}/MANIFEST.json`)) as { entries: string[] };
    expect(manifest.entries).toContain("./providers/password");
  });

  it("adds the packages the runtime loads for it, at the ranges this repository tests", async () => {
    const pkg = JSON.parse(project.read("package.json")) as { dependencies: Record<string, string> };
    expect(pkg.dependencies).toMatchObject({
      "@node-rs/argon2": "^2.2.1",
      "@zxcvbn-ts/language-common": "^4.1.3",
      nodemailer: "^8.0.11",
    });
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
    const again = await initInMemory(project, ["--yes", ...PASSWORD]);
    expect(again.status).toBe(0);
    expect(again.stdout).toContain("Nothing to do");
    expect(project.hash()).toBe(before);
  });
});

describe("init --providers nodemailer,password", () => {
  it("writes the shared mail settings once, and both providers read them", async () => {
    const { project, run } = await init("next-app", [
      ...["--providers", "nodemailer,password", "--strategy", "jwt", "--db", "postgres"],
    ]);
    expect(run.status).toBe(0);
    for (const file of [".env.local", ".env.example"]) {
      expect(project.read(file).match(/^EMAIL_SERVER=/gm)).toHaveLength(1);
      expect(project.read(file).match(/^EMAIL_FROM=/gm)).toHaveLength(1);
    }
    const config = project.read("auth.ts");
    expect(config).toContain("Nodemailer({ server: process.env.EMAIL_SERVER, from: process.env.EMAIL_FROM }),");
    expect(config).toContain("Password({ server: process.env.EMAIL_SERVER, from: process.env.EMAIL_FROM }),");
    expect(config).toContain('session: { strategy: "jwt" },');
  });
});

describe("the generated auth modules typecheck against the runtime they were given", () => {
  const inits = new Map<string, { project: MemoryProject; run: CliRun }>();
  let checked: { status: number | null; output: string };

  beforeAll(async () => {
    for (const { fixture } of FRAMEWORKS) inits.set(fixture, await init(fixture, PASSWORD));
    const root = tempDir("typecheck");
    symlinkSync(path.join(repoRoot, "node_modules"), path.join(root, "node_modules"), "dir");
    for (const { fixture } of FRAMEWORKS) {
      const dir = materialize(inits.get(fixture)!.project, path.join(root, fixture));
      mkdirSync(path.join(dir, "node_modules/@create-auth"), { recursive: true });
      symlinkSync(`../../${RUNTIME}`, path.join(dir, "node_modules/@create-auth/runtime"), "dir");
    }
    checked = typecheckApps(root, {
      files: FRAMEWORKS.map(({ fixture, auth }) => `${fixture}/${auth}`),
      compilerOptions: { paths: { "$lib/*": ["./sveltekit-2/src/lib/*"] } },
    });
  }, 90_000);

  it("tsc (strict) finds nothing to say about any of them", () => {
    expect(checked.output).toBe("");
    expect(checked.status).toBe(0);
    for (const { fixture } of FRAMEWORKS) expect(inits.get(fixture)!.run.status).toBe(0);
  });
});

describe("password sign-in needs a database", () => {
  it.each([
    ["password", ["--yes"]],
    ["password", ["--db", "none"]],
    ["github,password", ["--strategy", "jwt", "--db", "none"]],
  ])("--providers %s %j without a database: one line naming --db, nothing written", async (providers, flags) => {
    const project = memoryFixture("sveltekit-2");
    const before = project.hash();
    const run = await initInMemory(project, ["--providers", providers, "--no-install", ...flags]);
    expect(run.status).not.toBe(0);
    expect(run.stdout).toBe("");
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toContain("Password sign-in stores users in a database: pass --db sqlite|postgres|mysql");
    expect(project.hash()).toBe(before);
  });
});
