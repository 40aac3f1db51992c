// Express, as express-generator makes it, through the headline example of `init --help` (GitHub and
// email/password sign-in, users in SQLite): a person's whole journey, typed as they type it, with no commit
// between the steps (support/journey.ts says what each step checks). On Node 24, so SQLite is node:sqlite and
// nothing native compiles. The generator writes no lint or build script: the app's check is that `npm start`
// serves its home page. The breakage: AUTH_SECRET deleted from .env.
import fs from "node:fs/promises";
import path from "node:path";
import { journey } from "./support/journey.js";

journey({
  name: "Express",
  fixture: "scaffold-express-generator",
  node24: true,
  envFile: ".env",
  init: "--providers github,credentials --db sqlite --yes",
  addProvider: "google",
  removeProvider: "github",
  settings: {
    AUTH_GITHUB_ID: "Iv1.journey0123456789",
    AUTH_GITHUB_SECRET: "journey-github-secret-0123456789abcdef",
    AUTH_GOOGLE_ID: "journey.apps.googleusercontent.com",
    AUTH_GOOGLE_SECRET: "GOCSPX-journey0123456789",
  },
  database: { kind: "sqlite", commands: ["npx create-auth generate", "npx create-auth migrate"] },
  checks: [],
  build: [],
  serve: "start",
  breakage: {
    does: "AUTH_SECRET deleted from .env",
    finding: "secret.missing",
    async apply({ dir }) {
      const file = path.join(dir, ".env");
      await fs.writeFile(file, (await fs.readFile(file, "utf8")).replace(/^AUTH_SECRET=.*\n/m, ""));
    },
  },
  runtimeEdit: {
    module: "core/pages/signin.js",
    replace: '"Sign in failed. Check that the details you entered are correct."',
    with: '"Wrong email or password."',
  },
});
