// SolidStart 2 (Vite plugin and Nitro, on Node 24), with users in SQLite through node:sqlite: a person's whole
// journey, typed as they type it, with no commit between the steps (support/journey.ts says what each step
// checks). The app has no lint script; its check is its own `npm run build`. The breakage: the catch-all auth
// route deleted.
import fs from "node:fs/promises";
import path from "node:path";
import { journey } from "./support/journey.js";

journey({
  name: "SolidStart",
  fixture: "solid-start-2",
  node24: true,
  envFile: ".env",
  init: "--providers discord,github --db sqlite --yes",
  addProvider: "google",
  removeProvider: "discord",
  settings: {
    AUTH_DISCORD_ID: "1234567890123456789",
    AUTH_DISCORD_SECRET: "journey-discord-secret-0123456789",
    AUTH_GITHUB_ID: "Iv1.journey0123456789",
    AUTH_GITHUB_SECRET: "journey-github-secret-0123456789abcdef",
    AUTH_GOOGLE_ID: "journey.apps.googleusercontent.com",
    AUTH_GOOGLE_SECRET: "GOCSPX-journey0123456789",
  },
  database: { kind: "sqlite", commands: ["npx create-auth generate", "npx create-auth migrate"] },
  checks: [],
  build: ["build"],
  breakage: {
    does: "src/routes/api/auth/[...solidauth].ts deleted",
    finding: "wiring.solid-route-missing",
    apply: ({ dir }) => fs.rm(path.join(dir, "src/routes/api/auth/[...solidauth].ts")),
  },
  runtimeEdit: {
    module: "solid-start.js",
    replace: 'const DEFAULT_PREFIX = "/api/auth";',
    with: 'const DEFAULT_PREFIX = "/api/auth"; // where our API routes live',
  },
});
