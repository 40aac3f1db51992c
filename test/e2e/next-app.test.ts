// The Next fixture after `create-auth init --providers oidc,credentials`, built and started for real, signed
// into from headless Chromium: credentials against the demo user a person plugs into `authorize`, and OIDC
// through a real oidc-provider's login and consent pages (the shared sign-in stories), then the app's own
// sign-in form on the signIn server action, unstable_update, and signIn/signOut with `redirect: false`.
// Nothing is mocked: if a user would see it break, this test fails.
import { describe, expect, test } from "vitest";
import { DEMO_USER } from "../support/user-edits.mjs";
import { setupApp } from "./support/setup-app.js";
import { signInStories, signOutWithButton } from "./support/sign-in-stories.js";

const app = setupApp("next-app", { label: "next" });
/** The dashboard's server-action sign-out form, which lands on the home page. */
const signOut = signOutWithButton("/");

describe("the initialised Next app", () => {
  signInStories(app, { protectedPath: "/dashboard", signOut });

  test(
    "signs in from the app's own form through the signIn server action (CredentialsSignin thrown on a wrong password) and renames the user with unstable_update",
    app.timed("serverActionStory", async () => {
      const page = await app.freshPage();
      await page.goto(`${app.url}/login`);
      await page.getByLabel("Email").fill(DEMO_USER.email);
      await page.getByLabel("Password").fill("not the password");
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(`${app.url}/login?error=CredentialsSignin`);
      await expect(page.locator("p[role=alert]").textContent()).resolves.toContain("(CredentialsSignin)");

      await page.getByLabel("Email").fill(DEMO_USER.email);
      await page.getByLabel("Password").fill(DEMO_USER.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(`${app.url}/dashboard`);
      await expect(page.getByTestId("user-email").textContent()).resolves.toBe(DEMO_USER.email);

      // unstable_update: the new name goes through the app's jwt callback into the re-issued session cookie.
      await page.getByLabel("Display name").fill("Ada Demo");
      await page.getByRole("button", { name: "Save name" }).click();
      await expect(page.getByTestId("user-name").filter({ hasText: "Ada Demo" }).waitFor()).resolves.toBeUndefined();
      expect(await app.sessionOf(page)).toMatchObject({ user: { name: "Ada Demo", email: DEMO_USER.email } });

      // The same update re-rendered in place (revalidatePath, no redirect): auth() in that render must read the
      // cookie the action has just set, not the one the request came with.
      await page.getByLabel("New name (in place)").fill("Ada In Place");
      await page.getByRole("button", { name: "Rename in place" }).click();
      await page.getByTestId("user-name").filter({ hasText: "Ada In Place" }).waitFor({ timeout: 10_000 });
      expect(await app.sessionOf(page)).toMatchObject({ user: { name: "Ada In Place" } });

      await signOut(app, page);
      expect(await app.sessionOf(page)).toBeNull();
      await page.context().close();
    }),
  );

  test(
    "signIn and signOut with redirect: false resolve with the URL and leave the browser where it is",
    app.timed("noRedirectStory", async () => {
      const page = await app.freshPage();
      await page.goto(`${app.url}/quick`);
      // A server action that redirects answers with Next's `x-action-redirect` header; these must not.
      const actionResponse = () =>
        page.waitForResponse(
          (response) => response.request().method() === "POST" && response.url() === `${app.url}/quick`,
        );

      await page.getByLabel("Email").fill(DEMO_USER.email);
      await page.getByLabel("Password").fill(DEMO_USER.password);
      const signedIn = actionResponse();
      await page.getByRole("button", { name: "Sign in here" }).click();
      expect((await signedIn).headers()["x-action-redirect"]).toBeUndefined();
      const link = page.getByTestId("signed-in-url");
      await expect(link.textContent()).resolves.toBe(`${app.url}/dashboard`);
      expect(page.url()).toBe(`${app.url}/quick`);
      expect(await app.sessionOf(page)).toMatchObject({ user: { email: DEMO_USER.email } });

      // The returned URL is the redirectTo, on the app's origin: following it lands signed in.
      await link.click();
      await page.waitForURL(`${app.url}/dashboard`);
      await expect(page.getByTestId("user-email").textContent()).resolves.toBe(DEMO_USER.email);

      await page.goto(`${app.url}/quick`);
      const signedOut = actionResponse();
      await page.getByRole("button", { name: "Sign out here" }).click();
      expect((await signedOut).headers()["x-action-redirect"]).toBeUndefined();
      await expect(page.getByTestId("signed-out-url").textContent()).resolves.toBe(`${app.url}/`);
      expect(page.url()).toBe(`${app.url}/quick`);
      expect(await app.sessionOf(page)).toBeNull();
      await page.context().close();
    }),
  );
});
