// Qwik City, as create-qwik's empty starter makes it: a person's whole journey, typed as they type it, with no
// commit between the steps (support/journey.ts says what each step checks). No database (JWT sessions). The
// app's checks are its own `npm run fmt.check` (Prettier) and `npm run lint`, and `npm run build` (which also
// type-checks and lints). The breakage: the runtime folder deleted.
import fs from "node:fs/promises";
import path from "node:path";
import { journey } from "./support/journey.js";

journey({
  name: "Qwik City",
  fixture: "scaffold-qwik-empty",
  envFile: ".env",
  init: "--providers github,credentials --yes",
  addProvider: "google",
  removeProvider: "github",
  settings: {
    AUTH_GITHUB_ID: "Iv1.journey0123456789",
    AUTH_GITHUB_SECRET: "journey-github-secret-0123456789abcdef",
    AUTH_GOOGLE_ID: "journey.apps.googleusercontent.com",
    AUTH_GOOGLE_SECRET: "GOCSPX-journey0123456789",
  },
  checks: ["fmt.check", "lint"],
  build: ["build"],
  buildRuns: ["lint"],
  breakage: {
    does: "vendor/auth-runtime deleted (never committed, so git cannot bring it back)",
    finding: "runtime.missing",
    apply: ({ dir }) => fs.rm(path.join(dir, "vendor/auth-runtime"), { recursive: true }),
  },
  runtimeEdit: {
    module: "core/pages/error.js",
    replace: '">Sign in</a>`',
    with: '">Sign in again</a>`',
  },
});
