// What `auth doctor` says of password sign-in (issue 22, point 1), on the headline example
// (`init --providers github,credentials --db sqlite`, database sessions) held in memory: init's placeholder
// authorize lets nobody in (a note saying so and what to return, not "nothing to set"); once a person writes
// one, it is ready, saying where the user lives for the strategy in use; a database strategy with no adapter
// is an error whose printed fix, applied as printed, clears it; a hand-made adapter is a note naming the
// methods to check. init's next step says the same as the doctor.
import { beforeAll, describe, expect, test } from "vitest";
import { addDemoUser } from "../../../support/user-edits.mjs";
import { initFixture, type MemoryProject, memoryFixture } from "../../support.js";
import { byId, doctor } from "./support.js";

let headline: MemoryProject;
let headlineStdout = "";

beforeAll(async () => {
  const { project, run } = await initFixture("next-app", [
    "--providers",
    "github,credentials",
    "--db",
    "sqlite",
    "--yes",
    "--no-install",
  ]);
  expect(run.status).toBe(0);
  headline = project;
  headlineStdout = run.stdout;
});

/** A copy of the initialised app, GitHub's keys filled, `edit` applied to auth.ts. */
function app(edit: (auth: string) => string = (auth) => auth): MemoryProject {
  const project = memoryFixture("next-app");
  project.files.clear();
  for (const [file, text] of headline.files) project.files.set(file, text);
  project.write(
    ".env.local",
    project
      .read(".env.local")
      .replace("AUTH_GITHUB_ID=", "AUTH_GITHUB_ID=Iv1.abc")
      .replace("AUTH_GITHUB_SECRET=", "AUTH_GITHUB_SECRET=0123456789abcdef"),
  );
  project.write("auth.ts", edit(project.read("auth.ts")));
  return project;
}

describe("the headline example: GitHub and credentials, database sessions in SQLite", () => {
  test("init picks database sessions, prints no refusal, and its next step says what authorize returns", () => {
    expect(headline.read("auth.ts")).toContain('session: { strategy: "database" }');
    expect(headlineStdout).not.toContain("cannot start a database session");
    expect(headlineStdout).toContain(
      "Credentials: sign-in is denied until you look up the user and verify the password in authorize() in auth.ts; with database sessions, return the id your users table has for that person",
    );
  });

  test("init's placeholder authorize is a note that nobody signs in with a password yet, with what to return", async () => {
    const run = await doctor(app());
    expect(byId(run, "provider.credentials-denies")).toEqual([
      expect.objectContaining({
        level: "info",
        file: "auth.ts",
        message: expect.stringContaining("returns null on every path"),
        fix: expect.stringContaining("id is the user's id in the users table"),
      }),
    ]);
    expect(run.findings.map((f) => f.message)).not.toContain("Credentials: nothing to set.");
    expect(run.findings.filter((f) => f.level === "error" || f.level === "warning")).toEqual([]);
  });

  test("an authorize a person wrote is ready, and says the user lives in the users table", async () => {
    const run = await doctor(app(addDemoUser));
    expect(byId(run, "provider.credentials-denies")).toEqual([]);
    expect(byId(run, "provider.ready").map((f) => f.message)).toContain(
      "Credentials: authorize() in auth.ts can return a user; with database sessions its id names the user in the users table (created there at its first sign-in, its address unverified), and the session is a row there.",
    );
  });

  test("with JWT sessions, ready says the session is a cookie holding that user", async () => {
    const run = await doctor(app((auth) => addDemoUser(auth).replace('strategy: "database"', 'strategy: "jwt"')));
    expect(byId(run, "provider.ready").map((f) => f.message)).toContain(
      "Credentials: authorize() in auth.ts can return a user; the session is an encrypted cookie holding that user.",
    );
  });

  test("a database strategy without an adapter is an error, and its printed fix clears it", async () => {
    const broken = app((auth) => addDemoUser(auth).replace(/^ *adapter: .*\n/m, ""));
    const run = await doctor(broken);
    const [found] = byId(run, "session.database-without-adapter");
    expect(found).toMatchObject({ level: "error", file: "auth.ts" });
    expect(run.status).toBe(1);
    // The fix as printed: set session: { strategy: "jwt" } in auth.ts.
    expect(found!.fix).toContain('set session: { strategy: "jwt" } in auth.ts');
    broken.write(
      "auth.ts",
      broken.read("auth.ts").replace('session: { strategy: "database" }', 'session: { strategy: "jwt" }'),
    );
    const fixed = await doctor(broken);
    expect(byId(fixed, "session.database-without-adapter")).toEqual([]);
    expect(byId(fixed, "provider.ready").map((f) => f.message)).toContain(
      "Credentials: authorize() in auth.ts can return a user; the session is an encrypted cookie holding that user.",
    );
  });

  test("an adapter the app builds itself is a note naming the methods a password sign-in calls", async () => {
    const custom = app((auth) =>
      addDemoUser(auth)
        .replace(/^import sqlite from .*\n/m, 'import { myAdapter } from "./my-adapter";\n')
        .replace(/adapter: sqlite\(db\)/, "adapter: myAdapter(db)"),
    );
    const [note] = byId(await doctor(custom), "provider.credentials-adapter");
    expect(note).toMatchObject({
      level: "info",
      fix: expect.stringContaining("getUser, getUserByEmail and createUser"),
    });
  });
});

test("init --providers credentials --strategy database --db sqlite is no longer refused", async () => {
  const { project, run } = await initFixture("next-app", [
    "--providers",
    "credentials",
    "--strategy",
    "database",
    "--db",
    "sqlite",
    "--yes",
    "--no-install",
  ]);
  expect(run.status).toBe(0);
  expect(project.read("auth.ts")).toContain('session: { strategy: "database" }');
  expect(project.read("auth.ts")).toContain("adapter: sqlite(db)");
});
