// The SolidStart fixtures after `create-auth init --providers oidc,credentials`: SolidStart 1 (vinxi, built
// on Node 20) and SolidStart 2 (vite plugin + nitro, built on Node 24), each installed, built and started
// from its production server output, then signed into from headless Chromium through the shared sign-in
// stories: credentials against the demo user plugged into `authorize`, and OIDC through a real oidc-provider's
// login and consent pages. The journal page is protected with the generated `requireUser`, reached both by
// URL and by a client-side link.
import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { DEMO_USER } from "../support/user-edits.mjs";
import { setupApp, sharedBrowser } from "./support/setup-app.js";
import {
  type AppPages,
  expectSignedInAs,
  signInStories,
  signOutThroughBuiltInPage,
} from "./support/sign-in-stories.js";

const browser = sharedBrowser();

/** The journal; its sign-out link leads to the built-in confirmation page, whose button lands back home. */
const JOURNAL: AppPages = {
  protectedPath: "/journal",
  signOut: signOutThroughBuiltInPage("/"),
  // Signed in, the app's own link renders the journal client-side through getUser's server function.
  async whileSignedIn(app, page) {
    await page.goto(`${app.url}/`);
    await page.getByRole("link", { name: "My journal" }).click();
    await expectSignedInAs(app, JOURNAL, page, DEMO_USER);
  },
};

describe.each(["solid-start-1", "solid-start-2"])("the initialised %s app", (fixture) => {
  const app = setupApp(fixture, { browser });

  test("ships the auth config to the server only: no browser asset holds the demo user's password", async () => {
    const publicDir = path.join(app.dir, ".output", "public");
    const entries = await fs.readdir(publicDir, { recursive: true, withFileTypes: true });
    const scripts = entries.filter((entry) => entry.isFile() && entry.name.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const text = await fs.readFile(path.join(script.parentPath, script.name), "utf8");
      expect(text.includes(DEMO_USER.password), script.name).toBe(false);
    }
  });

  signInStories(app, JOURNAL);

  test(
    "sends a signed-out visitor following the app's own link to the built-in sign-in page",
    app.timed("signedOutLink", async () => {
      const page = await app.freshPage();
      // Client-side navigation: requireUser runs as a server function and its redirect leaves the app.
      await page.goto(`${app.url}/`);
      await page.getByRole("link", { name: "My journal" }).click();
      // The router's own navigation to /journal is superseded by the redirect's full-page load, which Chromium
      // reports as an aborted navigation that can fail waitForURL: watch where the page ends up instead.
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toBe(`${app.base}/signin`);
      await page.waitForLoadState();
      expect(new URL(page.url()).searchParams.get("callbackUrl")).toBe("/journal");
      await page.context().close();
    }),
  );
});
