// The SvelteKit 2 fixture after `create-auth init --providers oidc --strategy database --db sqlite`: installed
// (with better-sqlite3), `vite build`, started from adapter-node's output, signed into from headless Chromium
// through a real oidc-provider. The session lives in the SQLite file the generated client module created: the
// test reads that file to see the row appear at sign-in (its token is the cookie) and disappear at sign-out.
// Nothing is mocked.
//
// The email and passkey ways into the same kind of app are in the *-passwordless e2e files.
import fs from "node:fs/promises";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe } from "vitest";
import { launchChromium } from "../support/chromium.mjs";
import { ensureRepositoryBuilt } from "../support/next-app.mjs";
import { type OidcServer, startOidcServer } from "../support/oidc-server.mjs";
import { freePort } from "../support/ports.mjs";
import type { RunningServer } from "../support/processes.mjs";
import { prepareSvelteKitApp, startSvelteKitApp } from "../support/sveltekit-app.mjs";
import { fillEnv, OIDC_CLIENT } from "../support/user-edits.mjs";
import { oidcSessionStory } from "./database-stories.js";

const BASE = "/auth";
const timings: Record<string, number> = {};
let appUrl = "";
let appDir = "";
let oidc: OidcServer | undefined;
let app: RunningServer | undefined;
let browser: Browser | undefined;
let providerName: Record<string, string> = {};

beforeAll(async () => {
  timings.repositoryBuild = await ensureRepositoryBuilt();
  const port = await freePort();
  // The app as `localhost`, the identity provider as `127.0.0.1`: two hosts, two cookie jars.
  appUrl = `http://localhost:${port}`;
  oidc = await startOidcServer({
    clients: [
      {
        client_id: OIDC_CLIENT.id,
        client_secret: OIDC_CLIENT.secret,
        redirect_uris: [`${appUrl}${BASE}/callback/oidc`],
      },
    ],
  });
  const prepared = await prepareSvelteKitApp({
    fixture: "sveltekit-2",
    oidc: { issuer: oidc.issuer, clientId: OIDC_CLIENT.id, clientSecret: OIDC_CLIENT.secret },
    providers: ["oidc"],
    initArgs: ["--strategy", "database", "--db", "sqlite"],
    // All a person does after this init: fill in the identity provider's values.
    edits: async (dir, { oidc: settings }) => {
      const envFile = path.join(dir, ".env");
      const env = await fs.readFile(envFile, "utf8");
      await fs.writeFile(
        envFile,
        fillEnv(env, {
          AUTH_OIDC_ID: settings.clientId,
          AUTH_OIDC_SECRET: settings.clientSecret,
          AUTH_OIDC_ISSUER: settings.issuer,
        }),
      );
    },
  });
  appDir = prepared.dir;
  Object.assign(timings, prepared.timings);
  app = await startSvelteKitApp(appDir, port);
  timings.start = app.readyMs;
  const providers = (await (await fetch(`${appUrl}${BASE}/providers`)).json()) as Record<string, { name: string }>;
  providerName = Object.fromEntries(Object.entries(providers).map(([id, provider]) => [id, provider.name]));
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await oidc?.close();
  if (appDir) await fs.rm(appDir, { recursive: true, force: true });
  console.info(`sveltekit-2 (database) e2e timings (ms): ${JSON.stringify(timings)}`);
});

describe("database sessions in SQLite, signing in with OIDC", () => {
  oidcSessionStory(() => {
    if (!browser || !oidc) throw new Error("the app, the identity provider or the browser did not start");
    return { appUrl, appDir, base: BASE, browser, oidcIssuer: oidc.issuer, oidcName: providerName.oidc ?? "OIDC" };
  });
});
