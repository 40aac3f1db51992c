/**
 * `auth add-provider password` and `auth remove-provider password` as users type them, in memory on the
 * fixtures after init: on an app with a database every framework's auth module gains what init writes for
 * the same providers, with the passwords table planned for its database and the mail settings; on an app
 * with no adapter it is refused in one line naming the init that writes both; removing it takes back the
 * module's entry, the blank keys, the runtime's module and the packages, except what the email provider
 * still needs, and leaves the table with its data.
 */
import { symlinkSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  type CliRun,
  initFixture,
  type MemoryProject,
  materialize,
  removeTemps,
  repoRoot,
  runInMemory,
  runtimeModuleHolder,
  stable,
} from "../../support.js";
import { migrateIn } from "../../support-migrate.js";

afterAll(removeTemps);

const RUNTIME = "vendor/auth-runtime";
const DATABASE = ["--db", "sqlite", "--strategy", "database", "--yes", "--no-install"];

function command(project: MemoryProject, name: string, id: string, flags: string[] = []): Promise<CliRun> {
  return runInMemory(project, [name, id, project.root, "--yes", "--no-install", ...flags], { bin: "auth" });
}

/** The same imports (a new named import may sit elsewhere) and every other line the same, in order. */
function expectSameModule(added: string, initialised: string): void {
  const imports = (text: string) => text.split("\n").filter((line) => line.startsWith("import "));
  const rest = (text: string) =>
    text
      .split("\n")
      .filter((line) => !line.startsWith("import "))
      .join("\n");
  expect(imports(added).sort()).toEqual(imports(initialised).sort());
  expect(rest(added)).toBe(rest(initialised));
}

describe.each([
  { fixture: "next-app", auth: "auth.ts", env: ".env.local" },
  { fixture: "sveltekit-2", auth: "src/auth.ts", env: ".env" },
  { fixture: "express-4-js", auth: "auth.js", env: ".env" },
  { fixture: "solid-start-2", auth: "src/auth.ts", env: ".env" },
  { fixture: "qwik-city-1", auth: "src/routes/plugin@auth.ts", env: ".env" },
])("add-provider password on $fixture set up with a SQLite database", ({ fixture, auth, env }) => {
  it("writes what init writes for github,password: the module, the packages, the passwords table", async () => {
    const { project, run } = await initFixture(fixture, ["--providers", "github", ...DATABASE]);
    expect(run.status).toBe(0);
    const add = await command(project, "add-provider", "password");
    expect(add.stderr).toBe("");
    expect(add.status).toBe(0);
    if (fixture === "next-app") {
      // The runtime's password flows grow file by file: their count is not what this snapshot is about.
      const counted = stable(add.stdout, project.root).replace(/\d+ create, \d+ edit/, "<n> create, <n> edit");
      await expect(counted).toMatchFileSnapshot("__snapshots__/add-provider-password-next-app.txt");
    }
    const { project: both } = await initFixture(fixture, ["--providers", "github,password", ...DATABASE]);
    expectSameModule(project.read(auth), both.read(auth));
    expect(project.read("package.json")).toBe(both.read("package.json"));
    // The table comes as a migration of its own, after the one init wrote.
    const migration = [...project.files.keys()].find((file) => /0002_passwords\.sql$/.test(file));
    expect(migration).toBeDefined();
    expect(project.read(migration!)).toMatch(/CREATE TABLE (IF NOT EXISTS )?"?passwords"?/);
    for (const file of [env, ".env.example"])
      expect(project.read(file)).toMatch(/^EMAIL_SERVER=\n# The address [^\n]*\nEMAIL_FROM=$/m);
    expect(project.has(`${RUNTIME}/providers/password.js`)).toBe(true);
    expect(runtimeModuleHolder(project, RUNTIME, "core/password/actions.js")).toBeDefined();
    expect(add.stdout).toContain("set EMAIL_SERVER in");
    expect(add.stdout).toMatch(/New users start at http:\/\/localhost:\d+\/(api\/)?auth\/signup/);
    const again = await command(project, "add-provider", "password");
    expect(again.stdout).toContain(`is already in ${auth}: nothing to do.`);
  });
});

describe("add-provider password on an app init set up with --db postgres, its DATABASE_URL still blank", () => {
  const POSTGRES = ["--providers", "github", "--db", "postgres", "--strategy", "database", "--yes", "--no-install"];

  it("the migrate step says to set DATABASE_URL first, as generate's does: migrate refuses before it", async () => {
    const { project, run } = await initFixture("next-app", POSTGRES);
    expect(run.status).toBe(0);
    expect(project.read(".env.local")).toMatch(/^DATABASE_URL=$/m);
    const add = await command(project, "add-provider", "password");
    expect([add.status, add.stderr]).toEqual([0, ""]);
    const steps = add.stdout.slice(add.stdout.indexOf("Next steps:")).split("\n");
    expect(steps).toContain(
      "  2. Set DATABASE_URL in .env.local, where nothing names a database yet: DATABASE_URL=postgres://user:password@host:5432/db. Then create the tables in it: npx create-auth migrate",
    );
    // As the user meets it: the plain "create the tables" step would send them to a migrate that refuses.
    const root = materialize(project);
    symlinkSync(path.join(repoRoot, "node_modules"), path.join(root, "node_modules"), "dir");
    const early = await migrateIn(root, {});
    expect(early.status).toBe(1);
    expect(early.error?.message).toMatch(/^No database to connect to: set DATABASE_URL/);
  }, 60_000);

  it("once DATABASE_URL names the database, the step only says to create the tables", async () => {
    const { project } = await initFixture("next-app", POSTGRES);
    const url = "postgres://app:secret@db.internal:5432/app";
    project.write(".env.local", project.read(".env.local").replace(/^DATABASE_URL=$/m, `DATABASE_URL=${url}`));
    const add = await command(project, "add-provider", "password");
    expect([add.status, add.stderr]).toEqual([0, ""]);
    expect(add.stdout).toContain("  2. Create the tables in the database DATABASE_URL names: npx create-auth migrate");
  }, 60_000);
});

describe("add-provider password refuses an app whose config has no adapter", () => {
  it("in one line, naming the init that writes the database and the provider together; nothing written", async () => {
    const { project, run } = await initFixture("sveltekit-2", ["--providers", "github", "--yes", "--no-install"]);
    expect(run.status).toBe(0);
    expect(project.read("src/auth.ts")).not.toContain("adapter:");
    const before = project.hash();
    const add = await command(project, "add-provider", "password");
    expect(add.status).toBe(1);
    expect(add.stdout).toBe("");
    expect(add.stderr.trim().split("\n")).toHaveLength(1);
    expect(add.stderr).toContain(
      "Password needs a database (users, password hashes, verification and reset links) and src/auth.ts configures no adapter",
    );
    expect(add.stderr).toContain("npx create-auth init --db sqlite --providers github,password");
    expect(project.hash()).toBe(before);
  });

  it("JWT sessions with an adapter are enough: users and hashes in the database, the session in the cookie", async () => {
    const { project } = await initFixture("next-app", [
      ...["--providers", "github", "--db", "sqlite", "--strategy", "jwt", "--yes", "--no-install"],
    ]);
    const add = await command(project, "add-provider", "password");
    expect([add.status, add.stderr]).toEqual([0, ""]);
    expect(project.read("auth.ts")).toContain('session: { strategy: "jwt" },');
    expect(project.read("auth.ts")).toContain("Password({ server: process.env.EMAIL_SERVER");
  });
});

describe("remove-provider password", () => {
  it("takes back what adding wrote and leaves the passwords table and its migration", async () => {
    const { project: githubOnly } = await initFixture("next-app", ["--providers", "github", ...DATABASE]);
    const { project, run } = await initFixture("next-app", ["--providers", "github,password", ...DATABASE]);
    expect(run.status).toBe(0);
    const migrations = [...project.files.keys()].filter((file) => file.startsWith("auth-migrations/"));
    const removed = await command(project, "remove-provider", "password");
    expect([removed.status, removed.stderr]).toEqual([0, ""]);
    expect(project.read("auth.ts")).toBe(githubOnly.read("auth.ts"));
    expect(project.read("package.json")).toBe(githubOnly.read("package.json"));
    for (const file of [".env.local", ".env.example"]) expect(project.read(file)).not.toContain("EMAIL_");
    expect(project.has(`${RUNTIME}/providers/password.js`)).toBe(false);
    expect(project.has(`${RUNTIME}/core/password/actions.js`)).toBe(false);
    // The users' password hashes are data: the table and the migration that made it stay, said.
    for (const file of migrations) expect(project.has(file)).toBe(true);
    expect(removed.stdout).toContain("The passwords table stays in the database");
    expect(removed.stdout).toContain("DROP TABLE passwords;");
  });

  it("keeps the mail settings and nodemailer while the email provider still uses them, and says so", async () => {
    const { project, run } = await initFixture("next-app", ["--providers", "github,nodemailer,password", ...DATABASE]);
    expect(run.status).toBe(0);
    project.write(
      ".env.local",
      project.read(".env.local").replace(/^EMAIL_FROM=$/m, "EMAIL_FROM=no-reply@example.com"),
    );
    const removed = await command(project, "remove-provider", "password");
    expect([removed.status, removed.stderr]).toEqual([0, ""]);
    expect(removed.stdout).toContain("EMAIL_SERVER, EMAIL_FROM stay: Email reads them too.");
    expect(removed.stdout).toContain("nodemailer stays in package.json: Email needs it too.");
    expect(project.read(".env.local")).toMatch(
      /^EMAIL_SERVER=\n# The address [^\n]*\nEMAIL_FROM=no-reply@example.com$/m,
    );
    expect(project.read(".env.example")).toMatch(/^EMAIL_SERVER=\n# The address [^\n]*\nEMAIL_FROM=$/m);
    const dependencies = JSON.parse(project.read("package.json")).dependencies as Record<string, string>;
    expect(dependencies.nodemailer).toBe("^8.0.11");
    expect(dependencies["@node-rs/argon2"]).toBeUndefined();
    expect(dependencies["@zxcvbn-ts/language-common"]).toBeUndefined();
    expect(project.read("auth.ts")).toContain("Nodemailer({ server: process.env.EMAIL_SERVER");
    expect(project.read("auth.ts")).not.toContain("Password");
  });

  it("added after the email provider, it writes the shared keys no second time", async () => {
    const { project } = await initFixture("next-app", ["--providers", "github,nodemailer", ...DATABASE]);
    const add = await command(project, "add-provider", "password");
    expect([add.status, add.stderr]).toEqual([0, ""]);
    for (const file of [".env.local", ".env.example"]) {
      expect(project.read(file).match(/^EMAIL_SERVER=/gm)).toHaveLength(1);
      expect(project.read(file).match(/^EMAIL_FROM=/gm)).toHaveLength(1);
    }
    const { project: all } = await initFixture("next-app", ["--providers", "github,nodemailer,password", ...DATABASE]);
    expectSameModule(project.read("auth.ts"), all.read("auth.ts"));
  });
});
