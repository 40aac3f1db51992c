#!/usr/bin/env node
// `npm run demo`: the Next fixture app with create-auth added, running locally next to a real OpenID
// Provider, so a person can sign in by hand. The steps are the end-to-end test's own (test/support/*.mjs):
// copy the fixture, `create-auth init`, the user's edits, install, then `next dev` (or, with --build,
// `next build` + `next start`). Runs until Ctrl-C, then stops both servers and removes the temp app.
import fs from "node:fs/promises";
import { ensureRepositoryBuilt, prepareNextApp, providerNames, startApp } from "../test/support/next-app.mjs";
import { startOidcServer } from "../test/support/oidc-server.mjs";
import { freePort } from "../test/support/ports.mjs";
import { DEMO_USER, OIDC_CLIENT } from "../test/support/user-edits.mjs";

// `next dev` is ready in about 3 s where `next build` + `next start` take about 10 s; --build shows the
// production server instead.
const mode = process.argv.includes("--build") ? "start" : "dev";
const log = (line) => console.log(`  ${line}`);

let oidc;
let app;
let appDir;
let stopping = false;

async function stop(exitCode) {
  if (stopping) return;
  stopping = true;
  console.log("\nStopping the app and the identity provider…");
  await app?.stop();
  await oidc?.close();
  if (appDir) await fs.rm(appDir, { recursive: true, force: true });
  process.exit(exitCode);
}

process.once("SIGINT", () => stop(0));
process.once("SIGTERM", () => stop(0));

try {
  console.log("Preparing the demo (Next.js fixture + create-auth + a local OpenID Provider):");
  const buildMs = await ensureRepositoryBuilt();
  log(buildMs ? `build create-auth: ${buildMs} ms` : "create-auth is already built");
  const port = await freePort();
  const appUrl = `http://localhost:${port}`;
  oidc = await startOidcServer({
    clients: [
      {
        client_id: OIDC_CLIENT.id,
        client_secret: OIDC_CLIENT.secret,
        redirect_uris: [`${appUrl}/api/auth/callback/oidc`],
      },
    ],
  });
  log(`OpenID Provider: ${oidc.issuer}`);
  const prepared = await prepareNextApp({
    appUrl,
    oidc: { issuer: oidc.issuer, clientId: OIDC_CLIENT.id, clientSecret: OIDC_CLIENT.secret },
    build: mode === "start",
    log,
  });
  appDir = prepared.dir;
  // The app's own log is shown below the banner: it is where a failed sign-in explains itself.
  app = await startApp(appDir, port, { mode, echo: true });
  log(`next ${mode}: ready in ${app.readyMs} ms (pid ${app.pid})`);
  app.closed.then(() => {
    if (stopping) return;
    console.error("\nThe Next server exited on its own (its log is above).");
    stop(1);
  });

  const oidcName = (await providerNames(appUrl)).oidc;
  console.log(`
Sign in at ${appUrl}/dashboard (or through the app's own form at ${appUrl}/login)

  Credentials     email     ${DEMO_USER.email}
                  password  ${DEMO_USER.password}
  OpenID Connect  press "Sign in with ${oidcName}", then type any login and any password on the
                  provider's page (${oidc.issuer}) and press Continue.

The app's code is in ${appDir} (removed on exit). Press Ctrl-C to stop.`);
} catch (error) {
  console.error(`\nThe demo could not start: ${error instanceof Error ? error.message : error}`);
  await stop(1);
}
