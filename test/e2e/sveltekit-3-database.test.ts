// The SvelteKit 3 fixture (kit 3, adapter-node 6, Node 24 for install, build and server) after `create-auth
// init --providers oidc,nodemailer --strategy database --db sqlite`: the identity provider and the mail relay
// filled into .env, the public origin put in the config as the next steps say for kit 3, installed (the
// SQLite driver came with init), `vite build`, started from adapter-node's output, then signed into from
// headless Chromium through a real oidc-provider and by a mailed link (a real smtp-server). The tables are
// created by the generated client module on first start, as the next steps say; the test reads the SQLite
// file to see the session row appear at sign-in (its token is the cookie) and go at sign-out. Nothing is mocked.
import fs from "node:fs/promises";
import path from "node:path";
import { describe } from "vitest";
import { fillEnvFile } from "../support/fixture-app.mjs";
import { oidcSessionStory, sqliteRows } from "./support/database-stories.js";
import { emailLinkSessionStory } from "./support/email-link-story.js";
import { pointAtMailRelay } from "./support/passwordless-stories.js";
import { setupApp } from "./support/setup-app.js";

/** Kit 3's adapter-node has no ORIGIN variable and assumes https: the public origin goes in the config. */
async function setPublicOrigin(dir: string, origin: string): Promise<void> {
  const file = path.join(dir, "vite.config.ts");
  const plugin = "sveltekit({ adapter: adapter() })";
  const source = await fs.readFile(file, "utf8");
  if (!source.includes(plugin)) throw new Error(`vite.config.ts has no \`${plugin}\``);
  await fs.writeFile(
    file,
    source.replace(plugin, `sveltekit({ adapter: adapter(), paths: { origin: ${JSON.stringify(origin)} } })`),
  );
}

const app = setupApp("sveltekit-3", {
  label: "sveltekit-3 (sqlite)",
  providers: ["oidc", "nodemailer"],
  initArgs: ["--strategy", "database", "--db", "sqlite"],
  // What the next steps ask of a person: the identity provider and mail relay in .env, the public origin.
  edits: async (dir, context) => {
    const envFile = path.join(dir, ".env");
    await fillEnvFile(envFile, {
      AUTH_OIDC_ID: context.oidc.clientId,
      AUTH_OIDC_SECRET: context.oidc.clientSecret,
      AUTH_OIDC_ISSUER: context.oidc.issuer,
    });
    await pointAtMailRelay(envFile, context);
    await setPublicOrigin(dir, context.appUrl);
  },
});

describe("SvelteKit 3 with database sessions in SQLite", () => {
  const rows = sqliteRows(app);
  oidcSessionStory(app, rows);
  emailLinkSessionStory(app, rows);
});
