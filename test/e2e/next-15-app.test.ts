// Next 15, App Router: init wrote middleware.ts (not proxy.ts); the user listed /dashboard in its matcher.
// /api/me answers through auth(handler). /team is the page docs/next.md shows guarded in the page itself
// (inside <Suspense>), built here without cacheComponents (scaffolds.test.ts builds it with them).
import { describe, test } from "vitest";
import { DEMO_USER, editNext15App } from "../support/user-edits.mjs";
import { expectSentToSignIn, expectShownTo, writeDocsProtectedPage } from "./support/docs-page.js";
import { setupApp } from "./support/setup-app.js";
import { signInStories, signOutWithButton, submitCredentials } from "./support/sign-in-stories.js";

const DOCS_PAGE = "/team";

const app = setupApp("next-15-app", {
  async edits(dir, { appUrl, oidc }) {
    await editNext15App(dir, { appUrl, oidc });
    await writeDocsProtectedPage(dir, "app", DOCS_PAGE);
  },
});

describe("the initialised next-15-app app", () => {
  signInStories(app, { protectedPath: "/dashboard", meRoute: "/api/me", signOut: signOutWithButton("/") });

  test(
    "sends a signed-out visitor of the docs' protected page to sign in, and shows it to them once signed in",
    app.timed("docsPageStory", async () => {
      const page = await app.freshPage();
      try {
        await expectSentToSignIn(page, app.url, app.base, DOCS_PAGE);
        await submitCredentials(page, DEMO_USER.password);
        await page.waitForURL(`${app.url}${DOCS_PAGE}`);
        await expectShownTo(page, app.url, DOCS_PAGE, DEMO_USER.email);
      } finally {
        await page.context().close();
      }
    }),
  );
});
