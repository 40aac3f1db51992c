// The Qwik City fixture after `create-auth init --providers oidc,credentials`, built for production (client
// and node-server adapter: the runtime's `*.qwik.js` hooks must pass through Qwik's optimizer for any of
// this to work), started, and used from headless Chromium: the protected journal turns a signed-out visitor
// to the sign-in page, credentials through the built-in page and through the app's own useSignIn form,
// OIDC against a real oidc-provider, the session shown through useSession, sign-out through useSignOut,
// and the actions' validation failures in the spec's shape. The built-in page's stories are the shared ones.
import { describe, expect, test } from "vitest";
import { loginAtIdentityProvider } from "../support/identity-provider.js";
import { DEMO_USER } from "../support/user-edits.mjs";
import { setupApp } from "./support/setup-app.js";
import {
  type AppPages,
  expectSignedInAs,
  expectSignedOut,
  IDENTITY_PROVIDER_USER,
  signInStories,
  signOutWithButton,
} from "./support/sign-in-stories.js";

const app = setupApp("qwik-city-1", { label: "qwik" });

/** The journal, protected by its own onRequest; its useSignOut form lands on the home page. */
const JOURNAL: AppPages = { protectedPath: "/journal/", signOut: signOutWithButton("/") };

describe("the initialised Qwik City app (production build, node-server adapter)", () => {
  signInStories(app, JOURNAL);

  test(
    "signs in from the app's own form through the useSignIn action (a wrong password lands on the sign-in page with CredentialsSignin)",
    app.timed("useSignInCredentialsStory", async () => {
      const page = await app.freshPage();
      await page.goto(`${app.url}/login/`);
      await page.getByLabel("Email").fill(DEMO_USER.email);
      await page.getByLabel("Password").fill("not the password");
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get("error") === "CredentialsSignin");
      expect(new URL(page.url()).searchParams.get("code")).toBe("credentials");
      expect(await app.sessionOf(page)).toBeNull();

      await page.goto(`${app.url}/login/`);
      await page.getByLabel("Email").fill(DEMO_USER.email);
      await page.getByLabel("Password").fill(DEMO_USER.password);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await expectSignedInAs(app, JOURNAL, page, DEMO_USER);
      await JOURNAL.signOut(app, page);
      await expectSignedOut(app, JOURNAL, page);
      await page.context().close();
    }),
  );

  test(
    "signs in with OIDC from the app's own useSignIn button",
    app.timed("useSignInOidcStory", async () => {
      const page = await app.freshPage();
      await page.goto(`${app.url}/login/`);
      await page.getByRole("button", { name: "Sign in with the company account" }).click();
      await loginAtIdentityProvider(page, app.oidc.issuer);
      await expectSignedInAs(app, JOURNAL, page, IDENTITY_PROVIDER_USER);
      await JOURNAL.signOut(app, page);
      await expectSignedOut(app, JOURNAL, page);
      await page.context().close();
    }),
  );

  test(
    "refuses malformed useSignIn and useSignOut input with { failed, fieldErrors, formErrors }",
    app.timed("validationStory", async () => {
      const page = await app.freshPage();
      await page.goto(`${app.url}/login/`);
      await page.getByRole("button", { name: "Check validation" }).click();
      const output = page.getByTestId("validation");
      await output.filter({ hasText: "signOut" }).waitFor();
      const { signIn, signOut } = JSON.parse((await output.textContent()) ?? "") as Record<
        string,
        { status: number; value: { failed: boolean; fieldErrors: Record<string, unknown>; formErrors: unknown } }
      >;
      expect(signIn?.status).toBe(400);
      expect(signIn?.value).toEqual({
        failed: true,
        fieldErrors: {
          providerId: [expect.any(String)],
          redirectTo: [expect.any(String)],
          options: [expect.any(String)],
          authorizationParams: [expect.any(String)],
        },
        formErrors: [],
      });
      expect(signOut?.status).toBe(400);
      expect(signOut?.value).toEqual({
        failed: true,
        fieldErrors: { redirectTo: [expect.any(String)] },
        formErrors: [],
      });
      expect(await app.sessionOf(page)).toBeNull();
      await page.context().close();
    }),
  );
});
