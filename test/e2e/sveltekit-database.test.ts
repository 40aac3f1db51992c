// The SvelteKit 2 fixture after `create-auth init --providers oidc --strategy database --db sqlite`: installed
// (with better-sqlite3), `vite build`, started from adapter-node's output, signed into from headless Chromium
// through a real oidc-provider. The session lives in the SQLite file the generated client module created: the
// test reads that file to see the row appear at sign-in (its token is the cookie) and disappear at sign-out.
// Nothing is mocked.
//
// The email and passkey ways into the same kind of app are in the *-passwordless e2e files.
import path from "node:path";
import { describe } from "vitest";
import { fillEnvFile } from "../support/fixture-app.mjs";
import { oidcSessionStory, sqliteRows } from "./support/database-stories.js";
import { setupApp } from "./support/setup-app.js";

const app = setupApp("sveltekit-2", {
  label: "sveltekit-2 (database)",
  providers: ["oidc"],
  initArgs: ["--strategy", "database", "--db", "sqlite"],
  // All a person does after this init: fill in the identity provider's values.
  edits: async (dir, { oidc }) => {
    await fillEnvFile(path.join(dir, ".env"), {
      AUTH_OIDC_ID: oidc.clientId,
      AUTH_OIDC_SECRET: oidc.clientSecret,
      AUTH_OIDC_ISSUER: oidc.issuer,
    });
  },
});

describe("database sessions in SQLite, signing in with OIDC", () => {
  oidcSessionStory(app, sqliteRows(app));
});
