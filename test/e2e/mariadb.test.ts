// The Express 4 (JavaScript, CommonJS) fixture after `create-auth init --providers oidc,nodemailer --strategy
// database --db mysql`, against a real MariaDB server: DATABASE_URL, the identity provider and the mail relay
// filled into .env, installed (mysql2 came with init), started with `npm start`, the tables created as the
// next steps say (`npx create-auth migrate` in the app's folder: auth-migrations/0001_auth_tables.sql applied
// once; a second run applies nothing), then signed into from headless Chromium through a real oidc-provider
// and by a mailed link (a real smtp-server). The rows are read from MariaDB: a session row whose
// token is the cookie at sign-in, gone after sign-out. Nothing is mocked.
import path from "node:path";
import { beforeAll, describe, expect } from "vitest";
import { fillEnvFile } from "../support/fixture-app.mjs";
import { oidcSessionStory } from "./support/database-stories.js";
import { emailLinkSessionStory } from "./support/email-link-story.js";
import { pointAtMailRelay } from "./support/passwordless-stories.js";
import { mariadbDatabase, migrateAsNextStepsSay } from "./support/server-databases.js";
import { setupApp } from "./support/setup-app.js";

const database = mariadbDatabase();

const app = setupApp("express-4-js", {
  label: "express-4-js (mariadb)",
  providers: ["oidc", "nodemailer"],
  initArgs: ["--strategy", "database", "--db", "mysql"],
  // What the next steps ask of a person in .env: the database, the identity provider, the mail relay.
  edits: async (dir, context) => {
    const envFile = path.join(dir, ".env");
    await fillEnvFile(envFile, {
      DATABASE_URL: database.url,
      AUTH_OIDC_ID: context.oidc.clientId,
      AUTH_OIDC_SECRET: context.oidc.clientSecret,
      AUTH_OIDC_ISSUER: context.oidc.issuer,
    });
    await pointAtMailRelay(envFile, context);
  },
});

// After install (migrate loads the driver from the app's node_modules); the app has not touched the
// database yet: its pool connects on the first query.
beforeAll(async () => {
  const begun = performance.now();
  expect(await migrateAsNextStepsSay(app.dir)).toContain("Applied 1 migration.");
  app.timings.migrate = Math.round(performance.now() - begun);
  expect(await migrateAsNextStepsSay(app.dir)).toContain("Nothing to apply");
  const tables = await database.rows<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE() ORDER BY table_name",
  );
  expect(tables.map((table) => table.name)).toEqual(
    expect.arrayContaining(["accounts", "authenticators", "sessions", "users", "verification_tokens"]),
  );
});

describe("database sessions in MariaDB (Express 4, mysql2)", () => {
  oidcSessionStory(app, database.rows);
  emailLinkSessionStory(app, database.rows);
});
