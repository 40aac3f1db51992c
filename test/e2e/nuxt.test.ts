// The Nuxt 4 app after `create-auth init --providers oidc,credentials --strategy database --db sqlite` alone
// (database sessions: each a row of auth.db, which the app creates at its first start; JWT sessions on Nuxt's
// server are the runtime tests' test/runtime/nuxt.test.ts and nuxt-session.test.ts): installed and built under Node 24
// (`npm run build`: nuxt build), started as the next steps say (`node .output/server/index.mjs`, PORT set, the
// generated auth module loading .env) on a port of its own, and signed into from headless Chromium through the
// shared sign-in stories: credentials against the demo user plugged into `authorize`, and OIDC through a real
// oidc-provider's login and consent pages. The person protects the notes page with the `auth` middleware and
// shows who is signed in from `useSession()` (read on the server while the page renders), and guards the
// notes API with `requireSession`. Nothing is mocked.
import { describe, expect, test } from "vitest";
import { DEMO_USER } from "../support/user-edits.mjs";
import { expectSessionRow, oidcSessionStory, sqliteRows } from "./support/database-stories.js";
import { setupApp, sharedBrowser } from "./support/setup-app.js";
import { signInStories, signOutThroughBuiltInPage } from "./support/sign-in-stories.js";

const browser = sharedBrowser();

describe("the nuxt-4 app initialised with --strategy database --db sqlite", () => {
  const app = setupApp("nuxt-4", {
    browser,
    label: "nuxt-4 (database sessions, SQLite)",
    initArgs: ["--strategy", "database", "--db", "sqlite"],
  });
  const rows = sqliteRows(app);

  test(
    "serves its own pages, layout and server middleware, with the auth routes and .env loaded by the auth module",
    app.timed("publicPages", async () => {
      const home = await fetch(`${app.url}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain("Plans, minutes and lists for the whole team");
      // The user's own server middleware still marks every response, with the label the app's own .env sets
      // (NUXT_PUBLIC_BUILD_LABEL=local): the auth module loads the whole file for the built server.
      expect(home.headers.get("x-acme-build")).toBe("local");
      // An empty session (not a configuration error) proves AUTH_SECRET came from .env.
      const session = await fetch(`${app.url}/auth/session`);
      expect(session.status).toBe(200);
      expect(await session.json()).toBeNull();
      expect(app.providerNames.oidc).toBe("OIDC");
    }),
  );

  test(
    "answers 401 to a signed-out request of the guarded API (a page visit goes to sign-in: the stories below)",
    app.timed("guardedApi", async () => {
      const api = await fetch(`${app.url}/api/notes`, { headers: { accept: "application/json" } });
      expect(api.status).toBe(401);
      expect(await api.json()).toMatchObject({ statusCode: 401, data: { message: "Sign in to use this resource." } });
    }),
  );

  signInStories(app, {
    protectedPath: "/notes",
    signOut: signOutThroughBuiltInPage(),
    async whileSignedIn(_app, page) {
      // Rendered on the server: the notes came through the guarded API with the visitor's cookie.
      await expect(page.getByText("Quarterly planning").isVisible()).resolves.toBe(true);
      const api = await page.request.get(`${app.url}/api/notes`);
      expect(api.status()).toBe(200);
      expect(((await api.json()) as { notes: unknown[] }).notes).toHaveLength(2);
      // The page as the server sent it (before any script runs) already names the signed-in user.
      const html = await (await page.request.get(`${app.url}/notes`)).text();
      expect(html).toMatch(new RegExp(`data-testid="user-name"[^>]*>${DEMO_USER.name}<`));
      await expectSessionRow(app, page, rows);
    },
  });

  oidcSessionStory(app, rows);
});
