// Next 16, App Router under src/, whose own proxy.ts init wrapped with auth: the app's proxy still tags
// every response, and the authorized callback the user wrote sends signed-out visitors of /dashboard to sign in.
import { describe, expect, test } from "vitest";
import { setupApp } from "./support/setup-app.js";
import { signInStories, signOutWithButton } from "./support/sign-in-stories.js";

const app = setupApp("next-16-src");

describe("the initialised next-16-src app", () => {
  test("keeps the app's own proxy: its release header is still on the home page", async () => {
    const home = await fetch(`${app.url}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get("x-acme-release")).toBe("2026.11");
  });

  signInStories(app, { protectedPath: "/dashboard", signOut: signOutWithButton("/") });
});
