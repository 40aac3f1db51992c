// The SvelteKit 2 fixture after `create-auth init --providers nodemailer,passkey --strategy database --db
// sqlite`: installed (nodemailer, @simplewebauthn/server, better-sqlite3 came with init), `vite build`,
// started from adapter-node's output with EMAIL_SERVER pointing at a real smtp-server on loopback, then
// signed into from headless Chromium by a mailed link and by a passkey (passwordless-stories.ts). The
// person's only edits: the env values and a notes page that requires a session. Nothing is mocked.
import fs from "node:fs/promises";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe } from "vitest";
import { launchChromium } from "../support/chromium.mjs";
import { ensureRepositoryBuilt } from "../support/next-app.mjs";
import { freePort } from "../support/ports.mjs";
import type { RunningServer } from "../support/processes.mjs";
import { type SmtpServer, startSmtpServer } from "../support/smtp-server.mjs";
import {
  PROTECTED_NOTES_LOAD,
  PROTECTED_NOTES_PAGE,
  prepareSvelteKitApp,
  startSvelteKitApp,
} from "../support/sveltekit-app.mjs";
import { fillEnv } from "../support/user-edits.mjs";
import { type PasswordlessApp, passwordlessStories } from "./passwordless-stories.js";

/** This app has no OIDC provider; the fixture helper hands these to the edits, which ignore them. */
const NO_OIDC = { issuer: "", clientId: "", clientSecret: "" };

const timings: Record<string, number> = {};
let appUrl = "";
let appDir = "";
let smtp: SmtpServer | undefined;
let app: RunningServer | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  timings.repositoryBuild = await ensureRepositoryBuilt();
  const port = await freePort();
  // localhost, not 127.0.0.1: WebAuthn runs only in a secure context, and http://localhost is one.
  appUrl = `http://localhost:${port}`;
  const mailRelay = await startSmtpServer();
  smtp = mailRelay;
  const prepared = await prepareSvelteKitApp({
    fixture: "sveltekit-2",
    oidc: NO_OIDC,
    providers: ["nodemailer", "passkey"],
    initArgs: ["--strategy", "database", "--db", "sqlite"],
    // What the next steps ask of a person: the mail relay and sender, the public URL, a page to protect.
    edits: async (dir) => {
      const envFile = path.join(dir, ".env");
      await fs.writeFile(
        envFile,
        fillEnv(await fs.readFile(envFile, "utf8"), {
          AUTH_URL: appUrl,
          EMAIL_SERVER: mailRelay.url,
          EMAIL_FROM: "Acme Notes <no-reply@acme.test>",
        }),
      );
      const notes = path.join(dir, "src", "routes", "notes");
      await fs.writeFile(path.join(notes, "+page.server.ts"), PROTECTED_NOTES_LOAD.replace("LIB/", "$lib/"));
      await fs.writeFile(path.join(notes, "+page.svelte"), PROTECTED_NOTES_PAGE);
    },
  });
  appDir = prepared.dir;
  Object.assign(timings, prepared.timings);
  app = await startSvelteKitApp(appDir, port);
  timings.start = app.readyMs;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await smtp?.close();
  if (appDir) await fs.rm(appDir, { recursive: true, force: true });
  console.info(`sveltekit-2 (passwordless) e2e timings (ms): ${JSON.stringify(timings)}`);
});

describe("SvelteKit 2 with email links and passkeys, database sessions in SQLite", () => {
  passwordlessStories(
    (): PasswordlessApp => ({
      appUrl,
      appDir,
      base: "/auth",
      protectedPath: "/notes",
      browser: browser!,
      smtp: smtp!,
    }),
  );
});
