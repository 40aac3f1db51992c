// The Nuxt 4 app after `create-auth init --providers oidc,credentials` alone: installed and built under Node 24
// (`npm run build`: nuxt build), started as the next steps say (`node .output/server/index.mjs`, PORT set, the
// generated auth module loading .env) on a port of its own, and signed into from headless Chromium through the
// shared sign-in stories: credentials against the demo user plugged into `authorize`, and OIDC through a real
// oidc-provider's login and consent pages. The person protects the notes page with the `auth` middleware and
// shows who is signed in from `useSession()` (read on the server while the page renders), and guards the
// notes API with `requireSession`. Nothing is mocked.
import { describe, expect, test } from "vitest";
import { DEMO_USER } from "../support/user-edits.mjs";
import { setupApp, sharedBrowser } from "./support/setup-app.js";
import { signInStories, signOutThroughBuiltInPage } from "./support/sign-in-stories.js";

const browser = sharedBrowser();

describe("the initialised nuxt-4 app", () => {
  const app = setupApp("nuxt-4", { browser });

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
    },
  });
});
