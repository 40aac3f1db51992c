// The Hono fixture (Hono 4 on @hono/node-server, TypeScript) after `create-auth init --providers
// oidc,credentials` alone and the edits its next steps ask for: installed, built with tsc, started with its
// own `npm start` (node dist/index.js) on a non-default port, and signed into from headless Chromium through
// the shared sign-in stories: credentials against the demo user plugged into `authorize`, and OIDC through a
// real oidc-provider's login and consent pages. The notes page (server-rendered with hono/html) and the JSON
// API are guarded with `auth.requireAuth()`; the page shows the session read on the server, and its link
// leads to the built-in sign-out page. The same with database sessions in SQLite (the session a row of
// auth.db). Then `init` and `remove` on a fresh copy give back the app's files.
// Nothing is mocked.
import { describe, expect, test } from "vitest";
import { appProcessEnv } from "../support/fixture-app.mjs";
import { startHonoApp } from "../support/hono-app.mjs";
import { runCommand } from "../support/processes.mjs";
import { sessionCookie, sqliteRows } from "./support/database-stories.js";
import { FILLED_KEY, FILLED_VALUE, removeRoundTrip } from "./support/remove-round-trip.js";
import { unexplainedDifferences } from "./support/remove-tree.js";
import { setupApp } from "./support/setup-app.js";
import { signInStories, signOutThroughBuiltInPage } from "./support/sign-in-stories.js";

describe("the initialised hono-4-node app", () => {
  const app = setupApp("hono-4-node");

  test(
    "serves its own pages through its own middleware and loads .env at start without any change to its start command",
    app.timed("publicPages", async () => {
      const home = await fetch(`${app.url}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain("Acme Notes");
      // The app's own middleware still runs, on its pages and on the auth routes mounted after it.
      expect(home.headers.get("x-acme-release")).toBe("2026.11");
      // An empty session (not a configuration error) proves AUTH_SECRET came from .env.
      const session = await fetch(`${app.url}/auth/session`);
      expect(session.status).toBe(200);
      expect(session.headers.get("x-acme-release")).toBe("2026.11");
      expect(await session.json()).toBeNull();
      expect(app.providerNames.oidc).toBe("OIDC");
      // The app's own 404 still answers for what neither it nor auth serves, under /auth too.
      expect((await fetch(`${app.url}/auth/nothing-here`)).status).toBe(404);
    }),
  );

  test(
    "answers 401 to a signed-out request of the guarded JSON API",
    app.timed("apiSignedOut", async () => {
      const response = await fetch(`${app.url}/api/notes`, { headers: { accept: "application/json" } });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: "Sign in to use this resource." });
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
      expect(((await api.json()) as { notes: { title: string }[] }).notes.map((note) => note.title)).toContain(
        "Launch checklist",
      );
    },
  });
});

describe("the hono-4-node app initialised with --strategy database --db sqlite", () => {
  const app = setupApp("hono-4-node", {
    label: "hono-4-node (database sessions, SQLite)",
    initArgs: ["--strategy", "database", "--db", "sqlite"],
  });
  const rows = sqliteRows(app);

  signInStories(app, {
    protectedPath: "/notes",
    signOut: signOutThroughBuiltInPage(),
    async whileSignedIn(_app, page) {
      // The session is a row of auth.db (created at the first start), and its token is the cookie.
      const token = await sessionCookie(app, page);
      expect(token).toBeDefined();
      const sessions = await rows<{ user_id: string }>("SELECT user_id FROM sessions WHERE session_token = ?", token);
      expect(sessions).toHaveLength(1);
      const api = await page.request.get(`${app.url}/api/notes`, { headers: { accept: "application/json" } });
      expect(api.status()).toBe(200);
    },
  });
});

describe("hono-4-node: init, the owner's edits, then remove", () => {
  const trip = removeRoundTrip({
    fixture: "hono-4-node",
    basePath: "/auth",
    envFile: ".env",
    output: ["dist"],
    env: async () => appProcessEnv(),
    build: async (dir, env) => ({ build: (await runCommand("npm", ["run", "build"], { cwd: dir, env })).ms }),
    start: startHonoApp,
    marker: "Acme Notes",
    edits: [
      // init inserted its mount and imports here; the owner then adds a route of their own.
      {
        file: "src/index.ts",
        after:
          'app.get("/api/notes", (c) => {\n  return c.json({ notes: listNotes(Number(process.env.NOTES_PAGE_SIZE ?? 20)) });\n});\n',
        insert: '\napp.get("/team", (c) => c.text("the team"));\n',
      },
      {
        file: "src/layout.ts",
        after: "</main>",
        insert: "\n    <footer>Made by the platform team</footer>",
      },
    ],
  });

  test("the app serves its home page before auth is added", () => {
    expect(trip.before.status).toBe(200);
    expect(trip.before.html).toContain("Acme Notes");
  });

  test("remove reports the env value the owner filled in as kept, and nothing else", () => {
    expect(trip.report.ok).toBe(true);
    expect(trip.report.kept).toEqual({
      editedFiles: [],
      envKeys: [{ file: ".env", key: FILLED_KEY }],
      data: [],
      notOurs: [],
    });
    expect(trip.after.get(".env")?.toString("utf8").split("\n")).toContain(`${FILLED_KEY}=${FILLED_VALUE}`);
  });

  test("the tree is the original, but for the owner's edits and what the report keeps", () => {
    expect(unexplainedDifferences(trip.expected, trip.after, trip.report)).toEqual([]);
  });

  test("builds, starts and serves the same home page as before, with the owner's edits, and no auth routes", async () => {
    const served = await trip.serveAgain(async (_served, url) => {
      expect(await (await fetch(`${url}/team`)).text()).toBe("the team");
    });
    expect(served.status).toBe(200);
    expect(served.html).toContain("Made by the platform team");
    expect(served.headers.get("x-acme-release")).toBe("2026.11");
    expect(served.sessionStatus).toBe(404);
  });
});
