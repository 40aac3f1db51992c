// The fastify-cli app (TypeScript, @fastify/autoload) after `create-auth init --providers oidc,credentials`
// alone: installed, built (`npm run build:ts`), started with its own `npm start` (`fastify start`, which loads
// .env) on a port of its own, and signed into from headless Chromium through the shared sign-in stories:
// credentials against the demo user plugged into `authorize`, and OIDC through a real oidc-provider's login and
// consent pages. The person guards the notes page and the notes API with `fastify.requireAuth`, and the page
// shows who is signed in from `request.getSession()`. Nothing is mocked.
import { describe, expect, test } from "vitest";
import { setupApp, sharedBrowser } from "./support/setup-app.js";
import { signInStories, signOutThroughBuiltInPage } from "./support/sign-in-stories.js";

const browser = sharedBrowser();

describe("the initialised fastify-5-cli app", () => {
  const app = setupApp("fastify-5-cli", { browser });

  test(
    "serves its own pages and plugins, with the auth routes autoloaded and .env loaded by fastify start",
    app.timed("publicPages", async () => {
      const home = await fetch(`${app.url}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain("Acme notes");
      // The user's own support plugin still decorates every reply.
      expect(home.headers.get("x-acme-build")).toBe("dev");
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
    },
  });
});
