// Next.js, as create-next-app 16 makes it (cacheComponents on, ESLint), with users in PostgreSQL: a person's whole
// journey, typed as they type it, with no commit between the steps (support/journey.ts says what each step
// checks). The app's checks are its own `npm run lint` and `npm run build`. The breakage: the sessions table
// dropped from the database, as a stray migration of the app's own might.
import { journey } from "./support/journey.js";

journey({
  name: "Next.js",
  fixture: "scaffold-next-16",
  envFile: ".env.local",
  init: "--providers github,credentials --db postgres --yes",
  addProvider: "gitlab",
  removeProvider: "github",
  settings: {
    AUTH_GITHUB_ID: "Iv1.journey0123456789",
    AUTH_GITHUB_SECRET: "journey-github-secret-0123456789abcdef",
    AUTH_GITLAB_ID: "journey-gitlab-application-id",
    AUTH_GITLAB_SECRET: "gloas-journey0123456789abcdef",
  },
  database: { kind: "postgres", commands: ["npx create-auth generate", "npx create-auth migrate"] },
  checks: ["lint"],
  build: ["build"],
  breakage: {
    does: "the sessions table dropped",
    finding: "database.table-missing",
    apply: (app) => app.sql("DROP TABLE sessions"),
  },
  runtimeEdit: {
    module: "core/pages/signout.js",
    replace: "<p>Are you sure you want to sign out?</p>",
    with: "<p>Sign out of Acme?</p>",
  },
});
