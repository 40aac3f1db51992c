// An existing Express 5 (TypeScript) app on Prisma 7 and SQLite (the orm-prisma-express fixture: its User and
// Post models in prisma/schema.prisma, one PrismaClient on the better-sqlite3 driver adapter in src/db.ts)
// after `create-auth init --orm prisma --db sqlite --providers oidc,nodemailer --strategy database`:
// - the person's edits: DATABASE_URL (the app's .env.example value) and the identity provider and mail relay
//   in .env;
// - installed, built with the app's own `npm run build`: `prisma generate` (offline: support/prisma-express.ts)
//   then tsc, against the schema init merged the auth models into;
// - the tables: the next steps say `npx prisma db push` (no Prisma migrations here), and Prisma cannot run here
//   (its schema engine is a native binary downloaded on first use, and nothing can be downloaded). So the
//   database is made from SQL kept in this file, in the shape `prisma migrate dev` gives SQLite: first the
//   app's own migration (its users and posts, before init), with a writer and a published post, then the auth
//   migration for what init added (users.email_verified and image, the four auth tables). That SQL is the
//   test's, not the CLI's: what is proven is the merged schema, the client generated from it, the auth
//   module's wiring of the app's own PrismaClient, and the runtime's Prisma adapter, end to end;
// - started with `npm start`, then signed into from headless Chromium through a real oidc-provider and by a
//   mailed link (a real smtp-server); the rows are read from the SQLite file (dev.db); the app's own page
//   still lists its post through the same client. Nothing is mocked.
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, test } from "vitest";
import { fillEnvFile } from "../support/fixture-app.mjs";
import { oidcSessionStory, sqliteFileRows } from "./support/database-stories.js";
import { emailLinkSessionStory } from "./support/email-link-story.js";
import { pointAtMailRelay } from "./support/passwordless-stories.js";
import { prismaExpress } from "./support/prisma-express.js";
import { setupApp } from "./support/setup-app.js";

/** The app's own migration, before init, as `prisma migrate dev` writes it for the fixture's schema. */
const APP_MIGRATION = `
CREATE TABLE "users" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "email" TEXT,
    "name" TEXT,
    "role" TEXT NOT NULL DEFAULT 'writer'
);
CREATE TABLE "posts" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'DRAFT',
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "author_id" TEXT,
    CONSTRAINT "posts_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");
CREATE INDEX "posts_author_id_idx" ON "posts"("author_id");
`;

/** What `prisma migrate dev --name auth` writes for the fields and models init merged into the schema. */
const AUTH_MIGRATION = `
ALTER TABLE "users" ADD COLUMN "email_verified" DATETIME;
ALTER TABLE "users" ADD COLUMN "image" TEXT;
CREATE TABLE "accounts" (
    "user_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "provider_account_id" TEXT NOT NULL,
    "refresh_token" TEXT,
    "access_token" TEXT,
    "expires_at" BIGINT,
    "token_type" TEXT,
    "scope" TEXT,
    "id_token" TEXT,
    "session_state" TEXT,
    PRIMARY KEY ("provider", "provider_account_id"),
    CONSTRAINT "accounts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE TABLE "sessions" (
    "session_token" TEXT NOT NULL PRIMARY KEY,
    "user_id" TEXT NOT NULL,
    "expires" DATETIME NOT NULL,
    CONSTRAINT "sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE TABLE "verification_tokens" (
    "identifier" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "expires" DATETIME NOT NULL,
    PRIMARY KEY ("identifier", "token")
);
CREATE TABLE "authenticators" (
    "credential_id" TEXT NOT NULL PRIMARY KEY,
    "user_id" TEXT NOT NULL,
    "provider_account_id" TEXT NOT NULL,
    "credential_public_key" TEXT NOT NULL,
    "counter" BIGINT NOT NULL,
    "credential_device_type" TEXT NOT NULL,
    "credential_backed_up" BOOLEAN NOT NULL,
    "transports" TEXT,
    CONSTRAINT "authenticators_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "accounts_user_id_idx" ON "accounts"("user_id");
CREATE INDEX "sessions_user_id_idx" ON "sessions"("user_id");
CREATE INDEX "authenticators_user_id_idx" ON "authenticators"("user_id");
`;

const DATABASE_FILE = "dev.db";

const app = setupApp("orm-prisma-express", {
  framework: prismaExpress,
  label: "orm-prisma-express (prisma, sqlite)",
  providers: ["oidc", "nodemailer"],
  initArgs: ["--orm", "prisma", "--db", "sqlite", "--strategy", "database"],
  edits: async (dir, context) => {
    const envFile = path.join(dir, ".env");
    await fillEnvFile(envFile, {
      // The app's own setting (its .env.example value): prisma.config.ts and src/db.ts read it.
      DATABASE_URL: `file:./${DATABASE_FILE}`,
      AUTH_OIDC_ID: context.oidc.clientId,
      AUTH_OIDC_SECRET: context.oidc.clientSecret,
      AUTH_OIDC_ISSUER: context.oidc.issuer,
    });
    await pointAtMailRelay(envFile, context);
    // The database: the app's migration and its data from before init, then the auth migration.
    const db = new Database(path.join(dir, DATABASE_FILE));
    try {
      db.exec(APP_MIGRATION);
      db.prepare("INSERT INTO users (id, email, name, role) VALUES (?, ?, ?, ?)").run(
        "writer-1",
        "lin@acme.test",
        "Lin",
        "editor",
      );
      db.prepare("INSERT INTO posts (title, status, created_at, author_id) VALUES (?, ?, ?, ?)").run(
        "Hello from Acme",
        "PUBLISHED",
        new Date().toISOString(),
        "writer-1",
      );
      db.exec(AUTH_MIGRATION);
    } finally {
      db.close();
    }
  },
});

const rows = sqliteFileRows(app, DATABASE_FILE);

describe("Prisma on SQLite: the auth models in the app's own schema, through its own client", () => {
  oidcSessionStory(app, rows);
  emailLinkSessionStory(app, rows);

  test("the users a sign-in created are rows of the app's User model, with its default role; its posts still list", async () => {
    expect(await rows("SELECT email, role FROM users ORDER BY email")).toEqual([
      { email: "ada@example.test", role: "writer" },
      { email: "grace@example.test", role: "writer" },
      { email: "lin@acme.test", role: "editor" },
    ]);
    const posts = await fetch(`${app.url}/posts`);
    expect(posts.status).toBe(200);
    const page = await posts.text();
    expect(page).toContain("Hello from Acme");
    expect(page).toContain("Lin");
  });
});
