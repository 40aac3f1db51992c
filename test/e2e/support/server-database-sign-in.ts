// One story for an app on a database server (PostgreSQL, MariaDB) after `create-auth init --providers
// oidc,nodemailer --strategy database --db <db>`: DATABASE_URL, the identity provider and the mail relay filled
// into the app's env file as the next steps ask, installed (the driver came with init), built, started, the tables
// created as the next steps say (`npx create-auth migrate` in the app's folder: applied once, a second run applies
// nothing), then signed into from headless Chromium through a real oidc-provider and by a mailed link (a real
// smtp-server). The rows are read from the server: a session row whose token is the cookie at sign-in, gone after
// sign-out. Nothing is mocked.
import path from "node:path";
import { beforeAll, describe, expect } from "vitest";
import { fillEnvFile } from "../../support/fixture-app.mjs";
import { oidcSessionStory } from "./database-stories.js";
import { emailLinkSessionStory } from "./email-link-story.js";
import { pointAtMailRelay } from "./passwordless-stories.js";
import { mariadbDatabase, migrateAsNextStepsSay, postgresDatabase } from "./server-databases.js";
import { setupApp } from "./setup-app.js";

const SERVERS = {
  postgres: {
    open: postgresDatabase,
    tables: "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema()",
  },
  mysql: {
    open: mariadbDatabase,
    tables: "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE()",
  },
} as const;

export function serverDatabaseSignIn(options: { fixture: string; db: keyof typeof SERVERS; title: string }): void {
  const server = SERVERS[options.db];
  // Before setupApp: its hooks then unwind first, so the app stops before its database is dropped.
  const database = server.open();
  const app = setupApp(options.fixture, {
    label: `${options.fixture} (${options.db})`,
    providers: ["oidc", "nodemailer"],
    initArgs: ["--strategy", "database", "--db", options.db],
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

  // After install (migrate loads the driver from the app's node_modules); the app has not touched the database
  // yet: its pool connects on the first query.
  beforeAll(async () => {
    const begun = performance.now();
    expect(await migrateAsNextStepsSay(app.dir)).toContain("Applied 1 migration.");
    app.timings.migrate = Math.round(performance.now() - begun);
    expect(await migrateAsNextStepsSay(app.dir)).toContain("Nothing to apply");
    const tables = await database.rows<{ name: string }>(server.tables);
    expect(tables.map((table) => table.name)).toEqual(
      expect.arrayContaining(["accounts", "authenticators", "sessions", "users", "verification_tokens"]),
    );
  });

  describe(options.title, () => {
    oidcSessionStory(app, database.rows);
    emailLinkSessionStory(app, database.rows);
  });
}
