// Next 15, App Router: init wrote middleware.ts (not proxy.ts); the user listed /dashboard in its matcher.
// /api/me answers through auth(handler).
import { describe } from "vitest";
import { setupApp } from "./support/setup-app.js";
import { signInStories, signOutWithButton } from "./support/sign-in-stories.js";

const app = setupApp("next-15-app");

describe("the initialised next-15-app app", () => {
  signInStories(app, { protectedPath: "/dashboard", meRoute: "/api/me", signOut: signOutWithButton("/") });
});
