// The Next fixture (App Router) after `create-auth init --providers password --strategy database --db sqlite`:
// installed, `next build`, `next start` with EMAIL_SERVER pointing at a real smtp-server on loopback, then
// signed up, verified, reset and rate-limited from headless Chromium on the built-in pages
// (support/password-stories.ts). The person's edits: the env values, the paths the proxy protects and a
// dashboard that shows who is signed in; the test's own: a short sign-in window (password-stories.ts says
// why). Nothing is mocked.
import fs from "node:fs/promises";
import path from "node:path";
import { describe } from "vitest";
import { REPO_ROOT } from "../support/fixture-app.mjs";
import { SESSION_DASHBOARD, setMatcher } from "../support/user-edits.mjs";
import { passwordByHand, passwordStories, pointAtMailRelay, shortSignInWindow } from "./support/password-stories.js";
import { setupApp } from "./support/setup-app.js";

const app = setupApp("next-app", {
  label: "next (password)",
  providers: ["nodemailer"],
  initArgs: ["--strategy", "database", "--db", "sqlite"],
  edits: async (dir, context) => {
    // Until init writes the password provider: init with nodemailer, then what docs/passwords.md asks by hand.
    await passwordByHand(dir, {
      authModule: path.join(dir, "auth.ts"),
      authDb: path.join(dir, "auth-db.ts"),
      runtime: path.join(REPO_ROOT, "dist", "runtime"),
    });
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
