// Both Fastify host shapes after `create-auth init` alone: fastify-cli's app (TypeScript, @fastify/autoload; init
// adds an autoloaded plugin, `npm start` builds and runs `fastify start`, which loads .env) with `--providers
// oidc,credentials` (JWT sessions), and a plain app (src/server.ts creating the instance and its routes; init edits
// that module, `npm run build` is tsc and `npm start` is `node dist/server.js`, which loads no .env by itself) with
// the same providers and `--strategy database --db sqlite` (each session a row of auth.db, which the app creates
// at its first start). The two shapes share the runtime, so each session strategy runs once on Fastify without a
// third build. Each is installed, built, started with its own `npm start` on a port of its own, and signed into
// from headless Chromium through the shared sign-in stories: credentials against the demo user plugged into
// `authorize`, and OIDC through a real oidc-provider's login and consent pages. The person guards the notes page
// and the notes API with the `requireAuth` decorator, and the page shows who is signed in from
// `request.getSession()`. One browser serves both. Nothing is mocked.
import { describe, expect, test } from "vitest";
import { expectSessionRow, oidcSessionStory, sqliteRows } from "./support/database-stories.js";
import { setupApp, sharedBrowser } from "./support/setup-app.js";
import { signInStories, signOutThroughBuiltInPage } from "./support/sign-in-stories.js";

const browser = sharedBrowser();

/**
 * What each shape's first story says of it (where init put the auth routes, and what loads .env), and the
 * session strategy it runs with: init's flags for it, none for the default JWT sessions.
 */
const SHAPES = [
  {
    fixture: "fastify-5-cli",
    wiring: "the auth routes autoloaded and .env loaded by fastify start",
    sessions: "JWT sessions",
    initArgs: [],
  },
  {
    fixture: "fastify-5-plain",
    wiring: "the auth plugin registered in src/server.ts and .env loaded there (node dist/server.js loads none)",
    sessions: "database sessions in SQLite",
    initArgs: ["--strategy", "database", "--db", "sqlite"],
  },
] as const;

describe.each(SHAPES)("the initialised $fixture app ($sessions)", ({ fixture, wiring, sessions, initArgs }) => {
  const app = setupApp(fixture, { browser, label: `${fixture} (${sessions})`, initArgs: [...initArgs] });
  const database = initArgs.length > 0;
  const rows = sqliteRows(app);

  test(
    `serves its own pages and hook, with ${wiring}`,
    app.timed("publicPages", async () => {
      const home = await fetch(`${app.url}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain("Acme notes");
      // The user's own onSend hook still decorates every reply.
      expect(home.headers.get("x-acme-build")).toBe("dev");
      // An empty session (not a configuration error) proves AUTH_SECRET came from .env.
      const session = await fetch(`${app.url}/auth/session`);
      expect(session.status).toBe(200);
      expect(await session.json()).toBeNull();
      expect(app.providerNames.oidc).toBe("OIDC");
      // What neither the app nor auth serves is the app's own 404, under /auth too.
      expect((await fetch(`${app.url}/auth/nothing-here`)).status).toBe(404);
    }),
  );

  test(
    "answers 401 to a signed-out request of the guarded API (a page visit goes to sign-in: the stories below)",
    app.timed("guardedApi", async () => {
      const api = await fetch(`${app.url}/api/notes`);
      expect(api.status).toBe(401);
      expect(await api.json()).toEqual({ message: "Sign in to use this resource." });
    }),
  );

  signInStories(app, {
    protectedPath: "/notes",
    signOut: signOutThroughBuiltInPage(),
    async whileSignedIn(_app, page) {
      await expect(page.getByText("Quarterly planning").isVisible()).resolves.toBe(true);
      // The guarded API lets the signed-in browser through (its session cookie).
      const api = await page.request.get(`${app.url}/api/notes`);
      expect(api.status()).toBe(200);
      expect(((await api.json()) as { notes: unknown[] }).notes).toHaveLength(2);
      if (database) await expectSessionRow(app, page, rows);
    },
  });

  if (database) oidcSessionStory(app, rows);
});
