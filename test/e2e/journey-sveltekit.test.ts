// SvelteKit, as `sv create --template minimal` makes it: a person's whole journey, typed as they type it, with no
// commit between the steps (support/journey.ts says what each step checks). No database (JWT sessions). The
// app's checks are its own `npm run check` (svelte-check) and `npm run build`. The breakage: a file of the
// runtime package deleted by hand.
import fs from "node:fs/promises";
import path from "node:path";
import { journey } from "./support/journey.js";

journey({
  name: "SvelteKit",
  fixture: "scaffold-sveltekit-minimal",
  envFile: ".env",
  init: "--providers google,credentials --yes",
  addProvider: "github",
  removeProvider: "google",
  settings: {
    AUTH_GOOGLE_ID: "journey.apps.googleusercontent.com",
    AUTH_GOOGLE_SECRET: "GOCSPX-journey0123456789",
    AUTH_GITHUB_ID: "Iv1.journey0123456789",
    AUTH_GITHUB_SECRET: "journey-github-secret-0123456789abcdef",
  },
  checks: ["check"],
  build: ["build"],
  breakage: {
    does: "vendor/auth-runtime/sveltekit/client.js deleted",
    finding: "runtime.file-missing",
    apply: ({ dir }) => fs.rm(path.join(dir, "vendor/auth-runtime/sveltekit/client.js")),
  },
  runtimeEdit: {
    module: "sveltekit/SignIn.svelte",
    replace: '<button type="submit">Sign in',
    with: '<button type="submit" class="sign-in">Sign in',
  },
});
