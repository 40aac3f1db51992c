// The SvelteKit fixtures (kit 2 on Node 20, kit 3 on Node 24) after `create-auth init --providers
// oidc,credentials`, built with `vite build` and started from adapter-node's output, signed into from
// headless Chromium: the shared sign-in stories (credentials and OIDC through the built-in page, sign-out
// through the SignOut component), then credentials through the app's own SignIn component. Nothing is mocked.
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { DEMO_USER } from "../support/user-edits.mjs";
import { type App, setupApp, sharedBrowser } from "./support/setup-app.js";
import { type AppPages, expectSignedInAs, signInStories, signOutWithButton } from "./support/sign-in-stories.js";

const browser = sharedBrowser();

/** The notes page, its SignOut component (back home, where the layout's session says signed out), the home page. */
const NOTES: AppPages = {
  protectedPath: "/notes",
  async signOut(app, page) {
    await signOutWithButton("/")(app, page);
    await expect(page.getByTestId("session-state").textContent()).resolves.toBe("signed out");
  },
  async whileSignedIn(app, page) {
    await page.goto(`${app.url}/`);
    await expect(page.getByTestId("session-state").textContent()).resolves.toBe(`signed in as ${DEMO_USER.email}`);
    await page.goto(`${app.url}/notes`);
  },
};

async function logIn(app: App, page: Page, password: string): Promise<void> {
  await page.goto(`${app.url}/login`);
  await page.getByLabel("Email").fill(DEMO_USER.email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

describe.each(["sveltekit-2", "sveltekit-3"])("the initialised %s app", (fixture) => {
  const app = setupApp(fixture, { browser });

  test("keeps the app's own hook: its header is still on the home page", async () => {
    const home = await fetch(`${app.url}/`);
    expect(home.headers.get("x-served-by")).toBe("acme-notes");
  });

  signInStories(app, NOTES);

  test("credentials through the SignIn component and the /signin form action (CredentialsSignin thrown, shown)", async () => {
    const page = await app.freshPage();
    await logIn(app, page, "not the password");
    await page.waitForURL(`${app.url}/signin`);
    await expect(page.getByRole("alert").textContent()).resolves.toContain("(CredentialsSignin)");
    expect(await app.sessionOf(page)).toBeNull();

    await logIn(app, page, DEMO_USER.password);
    await expectSignedInAs(app, NOTES, page, DEMO_USER);
    expect(await app.sessionOf(page)).toMatchObject({ user: { email: DEMO_USER.email } });
    await NOTES.signOut(app, page);
    expect(await app.sessionOf(page)).toBeNull();
    await page.context().close();
  });
});
