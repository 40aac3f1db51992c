/**
 * `auth remove [dir]` in memory, on every framework fixture: init, then the user's own edits (a line in each
 * file init edited, a dependency, a filled-in env value), then remove: the tree is the original plus the
 * user's edits, except what the report lists (the env value kept, the .gitignore pattern that keeps the
 * remaining env file out of git). A second remove has nothing to do; --dry-run writes nothing; --json is one
 * object; a project never set up is refused in one line; an auth module edited after init is not kept while
 * what it imports goes (refused, or deleted with --force); an edited runtime file keeps the tools' ignores; an
 * ignore file the app had, even empty, stays (without init's lines), one init created goes.
 */
import { describe, expect, it } from "vitest";
import { addIgnorePattern } from "../../../../src/cli/edit/gitignore.js";
import { addDependencies } from "../../../../src/cli/edit/package-json.js";
import { type CliRun, initFixture, type MemoryProject, memoryFixture, runInMemory } from "../../support.js";

const APPLY = ["--yes", "--no-install"];
const USER_LINE = "export const addedAfterInit = true;\n";

function remove(project: MemoryProject, flags: string[]): Promise<CliRun> {
  return runInMemory(project, ["remove", project.root, ...flags], { bin: "auth" });
}

interface Case {
  fixture: string;
  env: string;
  /** The app's files init edits (not creates): the user adds a line to each after init. */
  edited: string[];
}

const CASES: Case[] = [
  { fixture: "next-app", env: ".env.local", edited: [] },
  { fixture: "next-16-pages", env: ".env.local", edited: [] },
  { fixture: "next-15-app", env: ".env.local", edited: [] },
  { fixture: "next-16-src", env: ".env.local", edited: ["src/proxy.ts"] },
  { fixture: "sveltekit-2", env: ".env", edited: ["src/hooks.server.ts", "src/routes/+layout.server.ts"] },
  { fixture: "sveltekit-3", env: ".env", edited: ["src/hooks.server.ts"] },
  { fixture: "express-5-ts", env: ".env", edited: ["src/app.ts"] },
  { fixture: "express-4-js", env: ".env", edited: ["app.js"] },
  { fixture: "solid-start-1", env: ".env", edited: [] },
  { fixture: "solid-start-2", env: ".env", edited: [] },
  { fixture: "qwik-city-1", env: ".env", edited: [] },
];

/** The user's edits, applied the same way to the original files and to the files after init. */
function userEdits(files: Map<string, string>, edited: readonly string[]): void {
  for (const file of edited) files.set(file, files.get(file)! + USER_LINE);
  const pkg = addDependencies(files.get("package.json")!, { "left-pad": "1.3.0" });
  if (pkg !== "unchanged") files.set("package.json", pkg.content);
}

describe.each(CASES)("remove on $fixture after init --providers github", ({ fixture, env, edited }) => {
  it("gives back the original tree plus the user's edits, except what the report lists", async () => {
    const expected = new Map(memoryFixture(fixture).files);
    const { project, run } = await initFixture(fixture, ["--providers", "github", ...APPLY]);
    expect(run.status, run.stderr).toBe(0);
    for (const file of edited) expect(project.read(file)).not.toBe(expected.get(file));
    userEdits(project.files, edited);
    userEdits(expected, edited);
    project.write(env, project.read(env).replace(/^AUTH_GITHUB_ID=$/m, "AUTH_GITHUB_ID=from-the-user"));

    const dry = await remove(project, ["--dry-run"]);
    const before = project.hash();
    expect(dry.status, dry.stderr).toBe(0);
    expect(dry.stdout).toContain("Dry run: nothing was written.");
    expect(project.hash()).toBe(before);

    const result = await remove(project, [...APPLY, "--json"]);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    const report = JSON.parse(result.stdout) as {
      ok: boolean;
      command: string;
      kept: { editedFiles: string[]; envKeys: { file: string; key: string }[]; data: string[] };
      plan: { notes: string[] };
    };
    expect(report).toMatchObject({ ok: true, command: "remove", kept: { editedFiles: [], data: [] } });
    expect(report.kept.envKeys).toEqual([{ file: env, key: "AUTH_GITHUB_ID" }]);

    // Reported: the filled-in value stays (under init's header), and so does the pattern keeping its file out of git.
    const envAfter = project.read(env);
    expect(envAfter).toContain("AUTH_GITHUB_ID=from-the-user");
    expect(envAfter).not.toMatch(/^(AUTH_SECRET|AUTH_GITHUB_SECRET)=/m);
    expect(envAfter.startsWith(expected.get(env) ?? "")).toBe(true);
    if (report.plan.notes.some((note) => note.startsWith(".gitignore keeps"))) {
      const pattern = env === ".env.local" ? ".env*.local" : ".env";
      const ignored = addIgnorePattern(
        expected.get(".gitignore") ?? null,
        pattern,
        "local env files hold secrets: never commit them",
      );
      expected.set(".gitignore", ignored === "unchanged" ? expected.get(".gitignore")! : ignored);
    }
    const paths = [...new Set([...expected.keys(), ...project.files.keys()])].filter((file) => file !== env).sort();
    const differing = paths.filter((file) => expected.get(file) !== project.files.get(file));
    expect(differing.map((file) => [file, project.files.get(file)])).toEqual([]);

    const again = await remove(project, APPLY);
    expect(again.stderr).toBe("");
    expect(again.status).toBe(0);
    expect(again.stdout).toContain("Nothing to remove");
  });
});

describe("remove refuses or keeps", () => {
  it("refuses a project never set up in one line, writing nothing", async () => {
    const project = memoryFixture("sveltekit-2");
    const before = project.hash();
    const result = await remove(project, APPLY);
    expect(result.status).not.toBe(0);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toContain("has no create-auth setup");
    expect(project.hash()).toBe(before);
  });

  it("refuses to keep an auth module edited after init while taking out what it imports, and deletes it with --force", async () => {
    const { project } = await initFixture("next-app", ["--providers", "github", ...APPLY]);
    project.write("auth.ts", `${project.read("auth.ts")}\nexport const teamRule = "their own callback";\n`);
    const before = project.hash();
    const refused = await remove(project, [...APPLY, "--json"]);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain("auth.ts imports @create-auth/runtime, which remove takes out");
    expect(project.hash()).toBe(before);

    const forced = await remove(project, [...APPLY, "--force"]);
    expect(forced.status, forced.stderr).toBe(0);
    expect(project.has("auth.ts")).toBe(false);
  });

  it("deletes the proxy init created when only its matcher changed: the paths it lists were for auth", async () => {
    const { project } = await initFixture("next-app", ["--providers", "github", ...APPLY]);
    const proxy = [...project.files.keys()].find((name) => /^(src\/)?(proxy|middleware)\.ts$/.test(name))!;
    project.write(
      proxy,
      project.read(proxy).replace("matcher: [],", 'matcher: ["/dashboard/:path*", { source: "/settings" }],'),
    );
    const result = await remove(project, [...APPLY, "--json"]);
    expect(result.status, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).kept.editedFiles).toEqual([]);
    expect(project.has(proxy)).toBe(false);
  });

  it("counts more than a matcher change as an edit: the proxy then stays only with --force's consent", async () => {
    const { project } = await initFixture("next-app", ["--providers", "github", ...APPLY]);
    const proxy = [...project.files.keys()].find((name) => /^(src\/)?(proxy|middleware)\.ts$/.test(name))!;
    project.write(proxy, `${project.read(proxy)}export const teamNote = "ours";\n`);
    const refused = await remove(project, APPLY);
    expect(refused.stderr).toContain(`${proxy} imports auth.ts, which remove takes out`);
    expect(refused.stderr).toContain(`delete ${proxy} too (you edited it after init`);
  });

  it("keeps edited runtime files with the tools' ignores of the runtime folder, and says so", async () => {
    const { project } = await initFixture("next-16-src", ["--providers", "github", ...APPLY]);
    const file = "vendor/auth-runtime/index.js";
    const other = "vendor/auth-runtime/jwt.js";
    for (const name of [file, other]) project.write(name, `${project.read(name)}\n// patched by the team\n`);
    const ignores = [...project.files.keys()].filter(
      (name) =>
        /^(tsconfig\.json|eslint\.config\.[cm]?[jt]s|biome\.jsonc?)$/.test(name) &&
        project.read(name).includes("vendor/auth-runtime"),
    );
    expect(ignores.length).toBeGreaterThan(0);
    const result = await remove(project, [...APPLY, "--json"]);
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as { kept: { editedFiles: string[] }; plan: { notes: string[] } };
    expect(report.kept.editedFiles.sort()).toEqual([file, other].sort());
    // The note names each file that keeps ignoring the folder (tsconfig.json, the ESLint config, …).
    const note = report.plan.notes.find((text) => text.includes(" keep ignoring vendor/auth-runtime/: "));
    expect(note).toMatch(/ keep ignoring vendor\/auth-runtime\/: 2 edited files of it stay\.$/);
    for (const name of ignores) expect(note).toContain(name);
    expect(report.plan.notes).toContain(
      "vendor/auth-runtime/MANIFEST.json stays with the edited runtime files: update and doctor read it.",
    );
    // The runtime's files are one entry, as the plan shows the folder.
    expect(report.plan.notes).toContain(
      "Kept, because you edited them after init: 2 files in vendor/auth-runtime/ (on a terminal remove asks about each; --force deletes them).",
    );
    for (const name of ignores) expect(project.read(name)).toContain("vendor/auth-runtime");
    expect(project.has(file)).toBe(true);
  });
});

describe("remove with a database", () => {
  it("keeps the migrations (reported with how to drop the tables) and deletes the client module and the driver", async () => {
    const original = new Map(memoryFixture("express-5-ts").files);
    const { project, run } = await initFixture("express-5-ts", ["--providers", "github", "--db", "postgres", ...APPLY]);
    expect(run.status, run.stderr).toBe(0);
    expect(project.has("src/auth-db.ts")).toBe(true);
    expect(project.has("auth-migrations/0001_auth_tables.sql")).toBe(true);

    const result = await remove(project, [...APPLY, "--json"]);
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as { kept: { data: string[] }; plan: { notes: string[] } };
    expect(report.kept.data).toEqual(["auth-migrations/"]);
    expect(report.plan.notes.join("\n")).toContain(
      "DROP TABLE authenticators, verification_tokens, sessions, accounts, users",
    );
    expect(project.has("src/auth-db.ts")).toBe(false);
    expect(project.has("auth-migrations/0001_auth_tables.sql")).toBe(true);
    expect(project.read("package.json")).toBe(original.get("package.json"));
    const left = [...project.files.keys()].filter((file) => original.get(file) !== project.files.get(file)).sort();
    expect(left).toEqual(["auth-migrations/0001_auth_tables.sql"]);
  });

  it("keeps a driver package another file of the app imports, and says which file", async () => {
    const { project } = await initFixture("express-5-ts", ["--providers", "github", "--db", "postgres", ...APPLY]);
    project.write("src/reports.ts", 'import pg from "pg";\n\nexport const reports = new pg.Pool();\n');
    const result = await remove(project, [...APPLY, "--json"]);
    expect(result.status, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).plan.notes).toContain("pg stays in package.json: src/reports.ts imports it.");
    expect(JSON.parse(project.read("package.json")).dependencies.pg).toBeDefined();
    expect(project.read("package.json")).not.toContain("@create-auth/runtime");
  });

  it("takes out jose, which earlier inits added for the runtime, unless a file of the app imports it", async () => {
    for (const imported of [false, true]) {
      const { project } = await initFixture("express-5-ts", ["--providers", "github", ...APPLY]);
      expect(JSON.parse(project.read("package.json")).dependencies.jose).toBeUndefined();
      const pkg = addDependencies(project.read("package.json"), { jose: "^6.2.17" });
      if (pkg !== "unchanged") project.write("package.json", pkg.content);
      if (imported) project.write("src/tokens.ts", 'import { jwtVerify } from "jose";\n\nexport { jwtVerify };\n');
      const result = await remove(project, [...APPLY, "--json"]);
      expect(result.status, result.stderr).toBe(0);
      const notes = JSON.parse(result.stdout).plan.notes as string[];
      expect(JSON.parse(project.read("package.json")).dependencies?.jose, String(imported)).toBe(
        imported ? "^6.2.17" : undefined,
      );
      expect(notes.includes("jose stays in package.json: src/tokens.ts imports it."), String(imported)).toBe(imported);
    }
  });

  it("keeps the SQLite database file and the .gitignore pattern that keeps it out of git", async () => {
    const { project, run } = await initFixture("sveltekit-2", ["--providers", "github", "--db", "sqlite", ...APPLY]);
    expect(run.status, run.stderr).toBe(0);
    project.write("auth.db", "SQLite format 3\u0000 (the users and sessions)");
    const result = await remove(project, [...APPLY, "--json"]);
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as { kept: { data: string[] }; plan: { notes: string[] } };
    expect(report.kept.data).toEqual(["auth-migrations/", "auth.db"]);
    expect(project.has("auth.db")).toBe(true);
    expect(project.read(".gitignore")).toContain("auth.db*");
    expect(report.plan.notes).toContain(
      ".gitignore keeps auth.db*: auth.db stays, and holds users and live sessions, which should not be committed.",
    );
    expect(project.has("src/lib/server/auth-db.ts")).toBe(false);
  });
});

describe.each([
  { fixture: "orm-drizzle-next", args: ["--orm", "drizzle", "--db", "postgres"], schema: "src/db/schema.ts" },
  { fixture: "orm-prisma-express", args: ["--orm", "prisma", "--db", "sqlite"], schema: "prisma/schema.prisma" },
  { fixture: "orm-drizzle-serial-next", args: ["--orm", "drizzle", "--db", "postgres"], schema: "src/db/schema.ts" },
  { fixture: "orm-prisma-int-express", args: ["--orm", "prisma", "--db", "sqlite"], schema: "prisma/schema.prisma" },
])("remove on $fixture after init $args", ({ fixture, args, schema }) => {
  it("gives back every file but the schema holding the auth tables, which the report names", async () => {
    const original = memoryFixture(fixture).files;
    const { project, run } = await initFixture(fixture, ["--providers", "github", ...args, ...APPLY]);
    expect(run.status, run.stderr).toBe(0);
    const result = await remove(project, [...APPLY, "--json"]);
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as { kept: { editedFiles: string[] }; plan: { notes: string[] } };
    expect(report.kept.editedFiles).toEqual([]);
    expect(report.plan.notes).toContain(
      "The auth tables init merged into your Drizzle or Prisma schema stay, and so does what it added to your own users table (its auth columns and relation fields, a unique constraint on email): they describe data in your database. Take them out of the schema with the tables and columns themselves.",
    );
    const files = [...new Set([...original.keys(), ...project.files.keys()])];
    expect(files.filter((file) => original.get(file) !== project.files.get(file))).toEqual([schema]);
  });
});

describe("remove and the ignore files of the app's lint and format check", () => {
  const IGNORE_FILES = [".eslintignore", ".prettierignore"];
  /** An app linted by a legacy .eslintrc and formatted by Prettier: init puts the runtime in both ignore files. */
  function lintedApp(): MemoryProject {
    const project = memoryFixture("express-5-ts");
    project.write(".eslintrc.json", '{ "root": true }\n');
    project.write(".prettierrc", "{}\n");
    return project;
  }

  it("keeps an empty ignore file the app had before init, without init's lines", async () => {
    const project = lintedApp();
    for (const file of IGNORE_FILES) project.write(file, "");
    const init = await runInMemory(project, ["init", project.root, "--providers", "github", ...APPLY]);
    expect(init.status, init.stderr).toBe(0);
    for (const file of IGNORE_FILES) expect(project.read(file)).toMatch(/\nvendor\/auth-runtime\n$/);
    const result = await remove(project, APPLY);
    expect(result.status, result.stderr).toBe(0);
    for (const file of IGNORE_FILES) expect([file, project.files.get(file)]).toEqual([file, ""]);
  });

  it("deletes the ignore files init created", async () => {
    const project = lintedApp();
    const init = await runInMemory(project, ["init", project.root, "--providers", "github", ...APPLY]);
    expect(init.status, init.stderr).toBe(0);
    for (const file of IGNORE_FILES)
      expect(project.read(file)).toMatch(/^# the auth runtime .*\nvendor\/auth-runtime\n$/);
    const result = await remove(project, APPLY);
    expect(result.status, result.stderr).toBe(0);
    for (const file of IGNORE_FILES) expect([file, project.has(file)]).toEqual([file, false]);
  });
});
