// The Express fixtures (Express 5 in TypeScript, Express 4 in CommonJS JavaScript) after
// `create-auth init --providers oidc,credentials`, installed, built when they have a build step, started
// with their own `npm start`, and signed into from headless Chromium through the shared sign-in stories:
// credentials against the demo user plugged into `authorize`, and OIDC through a real oidc-provider's login
// and consent pages. The notes page is protected with the generated `requireAuth`; its link leads to the
// built-in sign-out page. Nothing is mocked.
import { describe, expect, test } from "vitest";
import { setupApp, sharedBrowser } from "./support/setup-app.js";
import { signInStories, signOutThroughBuiltInPage } from "./support/sign-in-stories.js";

const browser = sharedBrowser();

describe.each(["express-5-ts", "express-4-js"])("the initialised %s app", (fixture) => {
  const app = setupApp(fixture, { browser });

  test(
    "serves its own pages and loads .env at start without any change to its start command",
    app.timed("publicPages", async () => {
      const home = await fetch(`${app.url}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain("Acme Notes");
      // An empty session (not a configuration error) proves AUTH_SECRET came from .env.
      const session = await fetch(`${app.url}/auth/session`);
      expect(session.status).toBe(200);
      expect(await session.json()).toBeNull();
      // The OIDC provider keeps its catalog name: the built-in page's button reads "Sign in with OIDC".
      expect(app.providerNames.oidc).toBe("OIDC");
    }),
  );

  signInStories(app, {
    protectedPath: "/notes",
    signOut: signOutThroughBuiltInPage(),
    async whileSignedIn(_app, page) {
      await expect(page.getByText("Launch checklist").isVisible()).resolves.toBe(true);
    },
  });
});
