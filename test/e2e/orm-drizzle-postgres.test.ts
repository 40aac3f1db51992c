// An existing Next.js app on Drizzle and PostgreSQL (the orm-drizzle-next fixture: its own users, posts and
// comments tables in src/db/schema.ts, one pool in src/db/index.ts) after `create-auth init --orm drizzle --db
// postgres --providers oidc,nodemailer --strategy database`, against a real PostgreSQL that already holds the
// app's tables and a post, as an app in use would:
// - the app's database before init: its own schema (the fixture's, untouched) pushed with the app's
//   drizzle-kit, and a post written;
// - the person's edits: DATABASE_URL in .env (where the app's drizzle.config.ts reads it), the identity
//   provider and the mail relay in .env.local;
// - installed, `next build`, `next start`; then the next steps' `npx drizzle-kit push` creates what init added
//   to the app's schema (users.email_verified and image, the auth tables) in that database;
// - signed into from headless Chromium through a real oidc-provider and by a mailed link (a real
//   smtp-server): sessions in PostgreSQL through the app's own Drizzle instance; the user a sign-in creates
//   is a row of the app's users table, with the app's own column default; the app's post is still there.
// Nothing is mocked.
import fs from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { appProcessEnv, fillEnvFile, fixturePath } from "../support/fixture-app.mjs";
import { runCommand } from "../support/processes.mjs";
import { oidcSessionStory } from "./support/database-stories.js";
import { emailLinkSessionStory } from "./support/email-link-story.js";
import { frameworkOf } from "./support/frameworks.js";
import { pointAtMailRelay } from "./support/passwordless-stories.js";
import { postgresDatabase } from "./support/server-databases.js";
import { setupApp } from "./support/setup-app.js";

const FIXTURE = "orm-drizzle-next";
const database = postgresDatabase();

const app = setupApp(FIXTURE, {
  framework: frameworkOf("next-app"),
  label: "orm-drizzle-next (drizzle, postgres)",
  providers: ["oidc", "nodemailer"],
  initArgs: ["--orm", "drizzle", "--db", "postgres", "--strategy", "database"],
  edits: async (dir, context) => {
    // The app's own settings (its .env.example names DATABASE_URL), read by Next and by drizzle.config.ts.
    await fs.writeFile(path.join(dir, ".env"), `DATABASE_URL=${database.url}\n`);
    const envFile = path.join(dir, ".env.local");
    await fillEnvFile(envFile, {
      AUTH_OIDC_ID: context.oidc.clientId,
      AUTH_OIDC_SECRET: context.oidc.clientSecret,
      AUTH_OIDC_ISSUER: context.oidc.issuer,
    });
    await pointAtMailRelay(envFile, context);
  },
});

/** The app's drizzle-kit, run in its folder as `npx drizzle-kit …` would. */
function drizzleKit(args: string[]) {
  return runCommand(process.execPath, [path.join(app.dir, "node_modules", "drizzle-kit", "bin.cjs"), ...args], {
    cwd: app.dir,
    env: appProcessEnv(),
  });
}

beforeAll(async () => {
  // The database as the app had it before init: its schema as the fixture has it, pushed by the app's own
  // drizzle-kit (a copy inside the app, so it resolves drizzle-orm there), and one post.
  const before = path.join(app.dir, ".schema-before-init.ts");
  await fs.copyFile(path.join(fixturePath(FIXTURE), "src", "db", "schema.ts"), before);
  let begun = performance.now();
  await drizzleKit(["push", "--dialect=postgresql", `--schema=${before}`, `--url=${database.url}`]);
  app.timings.appSchema = Math.round(performance.now() - begun);
  await fs.rm(before);
  await database.rows("INSERT INTO posts (title) VALUES (?)", "Export fails on empty boards");

  // The next steps: create what init added to the app's Drizzle schema.
  begun = performance.now();
  await drizzleKit(["push"]);
  app.timings.drizzleKitPush = Math.round(performance.now() - begun);
});

describe("Drizzle on PostgreSQL: the auth tables in the app's own schema and database", () => {
  test("the next steps' drizzle-kit push added the auth tables beside the app's, and kept its data", async () => {
    const tables = await database.rows<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema()",
    );
    expect(tables.map((table) => table.name)).toEqual(
      expect.arrayContaining([
        "accounts",
        "authenticators",
        "comments",
        "posts",
        "sessions",
        "users",
        "verification_tokens",
      ]),
    );
    const columns = await database.rows<{ name: string }>(
      "SELECT column_name AS name FROM information_schema.columns WHERE table_name = 'users' ORDER BY column_name",
    );
    expect(columns.map((column) => column.name)).toEqual(["email", "email_verified", "id", "image", "name", "role"]);
    expect(await database.rows("SELECT title, status FROM posts")).toEqual([
      { title: "Export fails on empty boards", status: "open" },
    ]);
  });

  oidcSessionStory(app, database.rows);
  emailLinkSessionStory(app, database.rows);

  test("the users a sign-in created are rows of the app's users table, with its own column default", async () => {
    expect(await database.rows("SELECT email, role FROM users ORDER BY email")).toEqual([
      { email: "ada@example.test", role: "member" },
      { email: "grace@example.test", role: "member" },
    ]);
    const home = await fetch(`${app.url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Acme Tracker");
  });
});
