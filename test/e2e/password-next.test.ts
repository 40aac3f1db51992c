// The Next fixture (App Router) after `create-auth init --providers password --strategy database --db sqlite`:
// installed, `next build`, `next start` with EMAIL_SERVER pointing at a real smtp-server on loopback, then
// signed up, verified, reset and rate-limited from headless Chromium on the built-in pages
// (support/password-stories.ts). The person's edits: the env values, the paths the proxy protects and a
// dashboard that shows who is signed in; the test's own: a short sign-in window (password-stories.ts says
// why). Nothing is mocked.
import fs from "node:fs/promises";
import path from "node:path";
import { describe } from "vitest";
import { SESSION_DASHBOARD, setMatcher } from "../support/user-edits.mjs";
import { passwordStories, pointAtMailRelay, shortSignInWindow } from "./support/password-stories.js";
import { setupApp } from "./support/setup-app.js";

const app = setupApp("next-app", {
  label: "next (password)",
  providers: ["password"],
  initArgs: ["--strategy", "database", "--db", "sqlite"],
  // What the next steps ask of a person: the mail relay and sender, the public URL, a page to protect; and the
  // test's short sign-in window (password-stories.ts, SIGN_IN_LIMIT, says why).
  edits: async (dir, context) => {
    await pointAtMailRelay(path.join(dir, ".env.local"), context);
    await shortSignInWindow(path.join(dir, "auth.ts"));
    const proxyFile = path.join(dir, "proxy.ts");
    await fs.writeFile(proxyFile, setMatcher(await fs.readFile(proxyFile, "utf8"), ["/dashboard/:path*"]));
    await fs.writeFile(path.join(dir, "app", "dashboard", "page.tsx"), SESSION_DASHBOARD);
  },
});

describe("Next with email and password, database sessions in SQLite", () => {
  passwordStories(app, { protectedPath: "/dashboard", strategy: "database" });
});
