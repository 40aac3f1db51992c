// Next 16, Pages Router: the endpoints are a Pages API route (pagesApiRoute); /team checks the session in
// getServerSideProps with auth(context); /api/me answers through auth(req, res); sign-out is the built-in page.
import { expect } from "vitest";
import { editNext16Pages } from "../support/user-edits.mjs";
import { describeNextLayout } from "./next-stories.js";

describeNextLayout({
  fixture: "next-16-pages",
  protectedPath: "/team",
  edits: editNext16Pages,
  meRoute: "/api/me",
  async signOut(page, appUrl) {
    await page.getByRole("link", { name: "Sign out" }).click();
    await page.waitForURL(`${appUrl}/api/auth/signout`);
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL((url) => url.pathname !== "/api/auth/signout");
    expect(new URL(page.url()).origin).toBe(appUrl);
  },
});
