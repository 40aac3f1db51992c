// The headline example of `init --help` (issue 22, point 1): `create-auth init --providers github,credentials
// --db sqlite` on the Next fixture picks database sessions; the person writes an `authorize()` (the demo user's
// constant-time check, as the other e2e apps do) and fills in nothing else; installed, built and started (the
// tables are created at the first start, as init's next step says), a password signs in from headless
// Chromium. The SQLite file then holds the user authorize returned (created at its first sign-in, its address
// unverified, no account row) and a session row whose token is the cookie; sign-out deletes that row and the
// old cookie reads as signed out; the next sign-in finds the same user. Nothing is mocked.
import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { fillEnvFile } from "../support/fixture-app.mjs";
import { addDemoUser, DEMO_USER } from "../support/user-edits.mjs";
import { SESSION_COOKIE, sessionCookie, signOutOnBuiltInPage, sqliteRows } from "./support/database-stories.js";
import { setupApp } from "./support/setup-app.js";
import { submitCredentials } from "./support/sign-in-stories.js";

const app = setupApp("next-app", {
  label: "next (credentials, database sessions)",
  providers: ["github", "credentials"],
  initArgs: ["--db", "sqlite"],
  // All a person does after this init to sign in with a password: write authorize(), and (the test's port)
  // the app's URL. GitHub's keys stay blank: its button is not what this story presses.
  edits: async (dir, { appUrl }) => {
    const authFile = path.join(dir, "auth.ts");
    await fs.writeFile(authFile, addDemoUser(await fs.readFile(authFile, "utf8")));
    await fillEnvFile(path.join(dir, ".env.local"), { AUTH_URL: appUrl });
  },
});

const rows = sqliteRows(app);

describe("the headline example: GitHub and a password, users and sessions in SQLite", () => {
  test("init chose database sessions for it", async () => {
    expect(await fs.readFile(path.join(app.dir, "auth.ts"), "utf8")).toContain('session: { strategy: "database" }');
  });

  test(
    "a password signs in with a session row whose token is the cookie; sign-out deletes it; the next sign-in finds the same user",
    app.timed("credentialsDatabaseStory", async () => {
      const page = await app.freshPage();
      try {
        await page.goto(`${app.url}${app.base}/signin?callbackUrl=${encodeURIComponent("/")}`);
        await submitCredentials(page, "not the password");
        await page.waitForURL((url) => url.searchParams.get("error") === "CredentialsSignin");
        expect(await rows("SELECT id FROM users")).toEqual([]);

        await submitCredentials(page, DEMO_USER.password);
        await page.waitForURL(`${app.url}/`);
        expect(await app.sessionOf(page)).toMatchObject({ user: { name: DEMO_USER.name, email: DEMO_USER.email } });

        const token = await sessionCookie(app, page);
        expect(token).toBeDefined();
        // Only the opaque token travels: a JWT would have five dot-separated parts.
        expect(token?.split(".")).toHaveLength(2);
        expect(await rows("SELECT id, email, email_verified FROM users")).toEqual([
          { id: DEMO_USER.id, email: DEMO_USER.email, email_verified: null },
        ]);
        expect(await rows("SELECT session_token, user_id FROM sessions")).toEqual([
          { session_token: token, user_id: DEMO_USER.id },
        ]);
        expect(await rows("SELECT 1 FROM accounts")).toEqual([]);

        await signOutOnBuiltInPage(app, page);
        expect(await rows("SELECT 1 FROM sessions WHERE session_token = ?", token)).toEqual([]);
        const replay = await fetch(`${app.url}${app.base}/session`, {
          headers: { cookie: `${SESSION_COOKIE}=${token}` },
        });
        expect(await replay.json()).toBeNull();

        await page.goto(`${app.url}${app.base}/signin?callbackUrl=${encodeURIComponent("/")}`);
        await submitCredentials(page, DEMO_USER.password);
        await page.waitForURL(`${app.url}/`);
        expect(await app.sessionOf(page)).toMatchObject({ user: { email: DEMO_USER.email } });
        expect(await rows("SELECT id FROM users")).toEqual([{ id: DEMO_USER.id }]);
        expect(await rows("SELECT user_id FROM sessions")).toEqual([{ user_id: DEMO_USER.id }]);
      } finally {
        await page.context().close();
      }
    }),
  );
});
