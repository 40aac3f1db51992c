// The Astro 7 fixture (@astrojs/node standalone, output "server", TypeScript) after `create-auth init
// --providers oidc,credentials --strategy database --db sqlite` alone (database sessions: each a row of auth.db,
// which the app creates at its first start; JWT sessions in a built Astro 7 app are the runtime tests'
// test/runtime/astro.test.ts) and the edits its next steps ask for: installed, built with `astro build`,
// started with its own `npm start` (node ./dist/server/entry.mjs, which reads .env only through the auth module
// init wrote) on a non-default port under Node 24, and signed into from headless Chromium through the shared
// sign-in stories: credentials against the demo user plugged into `authorize`, and OIDC through a real
// oidc-provider's login and consent pages. The notes page (server-rendered) and the notes API are guarded with
// `auth.requireSession`; the page shows the session read on the server, and its link leads to the built-in
// sign-out page. The app's own middleware keeps stamping every response, after auth.middleware (which init put
// first in it) has set Astro.locals.session for a page of the app's that reads it, signed out and in. The build holds no secret of .env,
// and the dev server the next steps start (`npm run dev`: astro dev) gets .env through the auth module too.
// Nothing is mocked.
import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { astroEnv } from "../support/astro-app.mjs";
import { freePort } from "../support/ports.mjs";
import { startServer } from "../support/processes.mjs";
import { expectSessionRow, oidcSessionStory, sqliteRows } from "./support/database-stories.js";
import { setupApp } from "./support/setup-app.js";
import { signInStories, signOutThroughBuiltInPage } from "./support/sign-in-stories.js";

describe("the astro-7-node app initialised with --strategy database --db sqlite", () => {
  const app = setupApp("astro-7-node", {
    label: "astro-7-node (database sessions, SQLite)",
    initArgs: ["--strategy", "database", "--db", "sqlite"],
  });
  const rows = sqliteRows(app);

  test(
    "serves its own pages through its own middleware, and the auth routes with .env loaded by the auth module",
    app.timed("publicPages", async () => {
      const home = await fetch(`${app.url}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain("Notes for the whole team");
      expect(home.headers.get("x-acme-release")).toBe("2026.11");
      const who = await fetch(`${app.url}/whoami`);
      expect(await who.text()).toContain("Signed out");
      // An empty session (not a configuration error) proves AUTH_SECRET came from .env.
      const session = await fetch(`${app.url}/auth/session`);
      expect(session.status).toBe(200);
      expect(session.headers.get("x-acme-release")).toBe("2026.11");
      expect(await session.json()).toBeNull();
      expect(app.providerNames.oidc).toBe("OIDC");
    }),
  );

  test(
    "answers 401 to a signed-out request of the guarded API",
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
      // auth.middleware, first in the app's middleware, set Astro.locals.session for the app's own page.
      const who = await page.request.get(`${app.url}/whoami`);
      expect(await who.text()).toContain("Signed in as ");
      // The same browser's cookies reach the guarded API.
      const api = await page.request.get(`${app.url}/api/notes`, { headers: { accept: "application/json" } });
      expect(api.status()).toBe(200);
      expect(((await api.json()) as { notes: { title: string }[] }).notes.map((note) => note.title)).toContain(
        "Launch checklist",
      );
      await expectSessionRow(app, page, rows);
    },
  });

  oidcSessionStory(app, rows);

  test(
    "inlines no secret of .env into the build: the settings are read from process.env at the first request",
    app.timed("buildHoldsNoSecret", async () => {
      const secret = /^AUTH_SECRET=(.+)$/m.exec(await fs.readFile(path.join(app.dir, ".env"), "utf8"))?.[1];
      expect(secret).toBeTruthy();
      const files = (await fs.readdir(path.join(app.dir, "dist"), { recursive: true, withFileTypes: true })).filter(
        (entry) => entry.isFile(),
      );
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) {
        const text = await fs.readFile(path.join(file.parentPath, file.name), "utf8");
        expect(text.includes(secret!), file.name).toBe(false);
      }
    }),
  );

  test(
    "npm run dev (astro dev) loads .env through the auth module too: the session endpoint answers, signed out",
    app.timed("devServer", async () => {
      const port = await freePort();
      const dev = await startServer("npm", ["run", "dev", "--", "--host", "127.0.0.1", "--port", String(port)], {
        cwd: app.dir,
        env: await astroEnv(),
        readyUrl: `http://127.0.0.1:${port}/`,
        timeoutMs: 60_000,
      });
      try {
        const session = await fetch(`http://127.0.0.1:${port}/auth/session`);
        expect(session.status).toBe(200);
        expect(await session.json()).toBeNull();
        const api = await fetch(`http://127.0.0.1:${port}/api/notes`, { headers: { accept: "application/json" } });
        expect(api.status).toBe(401);
      } finally {
        await dev.stop();
      }
    }),
  );
});
