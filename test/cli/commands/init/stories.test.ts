/**
 * The stories every framework's `init` tells the same way, run in memory on each fixture: a dry run shows
 * the diffs (the secret masked) and writes nothing; a file of the user's where init would write one of its
 * own is never overwritten, and the one-line refusal names it.
 */
import { describe, expect, it } from "vitest";
import { initInMemory, memoryFixture } from "../../support.js";

describe("init --dry-run", () => {
  it.each([
    {
      fixture: "express-4-js",
      providers: "credentials",
      shows: ["+++ b/app.js", '+app.use("/auth", ExpressAuth(authConfig));'],
    },
    { fixture: "solid-start-2", providers: "github", shows: ["+++ b/src/routes/api/auth/[...solidauth].ts"] },
    {
      fixture: "qwik-city-1",
      providers: "github",
      shows: ["+++ b/src/routes/plugin@auth.ts", '+        clientId: event.env.get("AUTH_GITHUB_ID"),'],
    },
  ])(
    "$fixture: prints the plan with diffs, the secret masked, and writes nothing",
    async ({ fixture, providers, shows }) => {
      const project = memoryFixture(fixture);
      const before = project.hash();
      const run = await initInMemory(project, ["--providers", providers, "--yes", "--no-install", "--dry-run"]);
      expect(run.status).toBe(0);
      expect(project.hash()).toBe(before);
      expect(run.stdout).toContain("Dry run: nothing was written.");
      for (const text of shows) expect(run.stdout).toContain(text);
      expect(run.stdout).toContain("+AUTH_SECRET=<hidden>");
    },
  );
});

describe("init never overwrites a file of the user's", () => {
  it.each([
    {
      fixture: "next-app",
      file: "auth.ts",
      content: 'export const users = ["ada"];\n',
      args: ["--providers", "github"],
    },
    {
      fixture: "express-5-ts",
      file: "src/auth.ts",
      content: "export const allowed = ['ada'];\n",
      args: ["--providers", "credentials"],
    },
    {
      fixture: "solid-start-1",
      file: "src/lib/session.ts",
      content: "export const sessionTimeoutMinutes = 30;\n",
      args: ["--providers", "github"],
    },
    {
      fixture: "qwik-city-1",
      file: "src/routes/plugin@auth.ts",
      content: "export const onRequest = () => {};\n",
      args: ["--providers", "github"],
    },
    // The database client module is owned the same way.
    {
      fixture: "next-app",
      file: "auth-db.ts",
      content: "export const db = connectToMyOwnThing();\n",
      args: ["--providers", "oidc", "--db", "sqlite"],
    },
  ])("$fixture: refuses in one line naming $file, writing nothing", async ({ fixture, file, content, args }) => {
    const project = memoryFixture(fixture);
    project.write(file, content);
    const before = project.hash();
    const run = await initInMemory(project, [...args, "--yes", "--no-install"]);
    expect(run.status).not.toBe(0);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toContain(`${file} exists with other content; create-auth will not overwrite it`);
    expect(run.stderr).toContain("--force");
    expect(project.hash()).toBe(before);
  });
});
