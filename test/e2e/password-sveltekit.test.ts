// The SvelteKit 2 fixture after `create-auth init --providers password --strategy database --db sqlite`:
// installed, `vite build`, started from adapter-node's output with EMAIL_SERVER pointing at a real
// smtp-server on loopback, then signed up, verified, reset and rate-limited from headless Chromium on the
// built-in pages (support/password-stories.ts). The person's edits: the env values and a notes page that
// requires a session; the test's own: a short sign-in window (password-stories.ts says why). Then the same
// stories on JWT sessions, after the one-line switch in the auth module and a rebuild. Nothing is mocked.
import fs from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe } from "vitest";
import { PROTECTED_NOTES_LOAD, PROTECTED_NOTES_PAGE } from "../support/sveltekit-app.mjs";
import { passwordStories, pointAtMailRelay, shortSignInWindow, useJwtSessions } from "./support/password-stories.js";
import { rebuildApp } from "./support/rebuild-app.js";
import { setupApp } from "./support/setup-app.js";

const app = setupApp("sveltekit-2", {
  label: "sveltekit-2 (password)",
  providers: ["password"],
  initArgs: ["--strategy", "database", "--db", "sqlite"],
  // What the next steps ask of a person: the mail relay and sender, the public URL, a page to protect; and the
  // test's short sign-in window (password-stories.ts, SIGN_IN_LIMIT, says why).
  edits: async (dir, context) => {
    await pointAtMailRelay(path.join(dir, ".env"), context);
    await shortSignInWindow(path.join(dir, "src", "auth.ts"));
    const notes = path.join(dir, "src", "routes", "notes");
    await fs.writeFile(path.join(notes, "+page.server.ts"), PROTECTED_NOTES_LOAD.replace("LIB/", "$lib/"));
    await fs.writeFile(path.join(notes, "+page.svelte"), PROTECTED_NOTES_PAGE);
  },
});

describe("SvelteKit 2 with email and password, database sessions in SQLite", () => {
  passwordStories(app, { protectedPath: "/notes", strategy: "database" });
});

describe("the same app on JWT sessions", () => {
  // The auth module's `session` line changed and the app built again, not a second app: a second install
  // and build would cost CI minutes for what one line decides.
  beforeAll(() =>
    app.restart(async () => {
      await useJwtSessions(path.join(app.dir, "src", "auth.ts"));
      app.timings.jwtRebuild = await rebuildApp(app.fixture, app.dir);
    }),
  );
  passwordStories(app, { protectedPath: "/notes", strategy: "jwt" });
});
