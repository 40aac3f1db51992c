// The Next fixture after `create-auth init --providers nodemailer,passkey --strategy database --db sqlite`:
// installed (nodemailer, @simplewebauthn/server, better-sqlite3 came with init), `next build`, `next start`
// with EMAIL_SERVER pointing at a real smtp-server on loopback, then signed into from headless Chromium by
// a mailed link and by a passkey (support/passwordless-stories.ts). The person's only edits: the env values,
// the paths the proxy protects, and a dashboard that shows who is signed in. Nothing is mocked.
import fs from "node:fs/promises";
import path from "node:path";
import { describe } from "vitest";
import { SESSION_DASHBOARD, setMatcher } from "../support/user-edits.mjs";
import { passwordlessStories, pointAtMailRelay } from "./support/passwordless-stories.js";
import { setupApp } from "./support/setup-app.js";

const app = setupApp("next-app", {
  label: "next (passwordless)",
  providers: ["nodemailer", "passkey"],
  initArgs: ["--strategy", "database", "--db", "sqlite"],
  // What the next steps ask of a person: the mail relay and sender, the public URL, pages to protect.
  edits: async (dir, context) => {
    await pointAtMailRelay(path.join(dir, ".env.local"), context);
    const proxyFile = path.join(dir, "proxy.ts");
    await fs.writeFile(proxyFile, setMatcher(await fs.readFile(proxyFile, "utf8"), ["/dashboard/:path*"]));
    await fs.writeFile(path.join(dir, "app", "dashboard", "page.tsx"), SESSION_DASHBOARD);
  },
});

describe("Next with email links and passkeys, database sessions in SQLite", () => {
  passwordlessStories(app, { protectedPath: "/dashboard" });
});
