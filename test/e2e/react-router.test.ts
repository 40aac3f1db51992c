// The React Router 7 app (framework mode, TypeScript, its own route middleware) after `create-auth init
// --providers oidc,credentials --strategy database --db sqlite` alone (database sessions: each a row of auth.db,
// which the app creates at its first start; JWT sessions in React Router's own request handler are the runtime
// tests' test/runtime/react-router.test.ts) and the edits its next steps ask for: installed, built with its own
// `npm run build` (react-router build), started with its own `npm start` (react-router-serve, which reads no
// env file: the auth module init wrote loads .env) on a non-default port, and signed into from headless
// Chromium through the shared sign-in stories: credentials against the demo user plugged into `authorize`,
// and OIDC through a real oidc-provider's login and consent pages. The notes page and the notes API guard
// their loaders with `auth.requireSession(request)`; the page shows the session its loader read on the
// server, and its link leads to the built-in sign-out page. Nothing is mocked.
import { describe, expect, test } from "vitest";
import { expectSessionRow, oidcSessionStory, sqliteRows } from "./support/database-stories.js";
import { setupApp } from "./support/setup-app.js";
import { signInStories, signOutThroughBuiltInPage } from "./support/sign-in-stories.js";

describe("the react-router-7 app initialised with --strategy database --db sqlite", () => {
  const app = setupApp("react-router-7", {
    label: "react-router-7 (database sessions, SQLite)",
    initArgs: ["--strategy", "database", "--db", "sqlite"],
  });
  const rows = sqliteRows(app);

  test(
    "serves its own pages through its own middleware, with the auth routes listed and .env loaded by the auth module",
    app.timed("publicPages", async () => {
      const home = await fetch(`${app.url}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain("Acme Notes");
      // The user's own root middleware still runs, after auth's, on pages and on the auth resource route.
      expect(home.headers.get("x-acme-release")).toBe("2026.11");
      // An empty session (not a configuration error) proves AUTH_SECRET came from .env.
      const session = await fetch(`${app.url}/auth/session`);
      expect(session.status).toBe(200);
      expect(session.headers.get("x-acme-release")).toBe("2026.11");
      expect(await session.json()).toBeNull();
      expect(app.providerNames.oidc).toBe("OIDC");
    }),
  );

  test(
    "answers 401 to a signed-out request of the guarded API (a page visit goes to sign-in: the stories below)",
    app.timed("guardedApi", async () => {
      const api = await fetch(`${app.url}/api/notes`, { headers: { accept: "application/json" } });
      expect(api.status).toBe(401);
      expect(await api.json()).toEqual({ message: "Sign in to use this resource." });
    }),
  );

  signInStories(app, {
    protectedPath: "/notes",
    signOut: signOutThroughBuiltInPage(),
    async whileSignedIn(_app, page) {
      await expect(page.getByText("Launch checklist").isVisible()).resolves.toBe(true);
      // The same browser's cookies reach the guarded API.
      const api = await page.request.get(`${app.url}/api/notes`, { headers: { accept: "application/json" } });
      expect(api.status()).toBe(200);
      expect(((await api.json()) as { notes: unknown[] }).notes).toHaveLength(2);
      await expectSessionRow(app, page, rows);
    },
  });

  oidcSessionStory(app, rows);
});
