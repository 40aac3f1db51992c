// The Next fixture after `create-auth init --providers nodemailer,passkey --strategy database --db sqlite`:
// installed (nodemailer, @simplewebauthn/server, better-sqlite3 came with init), `next build`, `next start`
// with EMAIL_SERVER pointing at a real smtp-server on loopback, then signed into from headless Chromium by
// a mailed link and by a passkey (passwordless-stories.ts). The person's only edits: the env values, the
// paths the proxy protects, and a dashboard that shows who is signed in. Nothing is mocked.
import fs from "node:fs/promises";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe } from "vitest";
import { launchChromium } from "../support/chromium.mjs";
import {
  buildApp,
  copyFixture,
  ensureRepositoryBuilt,
  initAuth,
  installApp,
  NEXT_FIXTURE,
  startApp,
} from "../support/next-app.mjs";
import { freePort } from "../support/ports.mjs";
import type { RunningServer } from "../support/processes.mjs";
import { type SmtpServer, startSmtpServer } from "../support/smtp-server.mjs";
import { fillEnv, SESSION_DASHBOARD, setMatcher } from "../support/user-edits.mjs";
import { type PasswordlessApp, passwordlessStories } from "./passwordless-stories.js";

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
  smtp = await startSmtpServer();
  appDir = await copyFixture(NEXT_FIXTURE);
  timings.init = (await initAuth(appDir, ["nodemailer", "passkey"], ["--strategy", "database", "--db", "sqlite"])).ms;
  // What the next steps ask of a person: the mail relay and sender, the public URL, pages to protect.
  const envFile = path.join(appDir, ".env.local");
  await fs.writeFile(
    envFile,
    fillEnv(await fs.readFile(envFile, "utf8"), {
      AUTH_URL: appUrl,
      EMAIL_SERVER: smtp.url,
      EMAIL_FROM: "Acme Notes <no-reply@acme.test>",
    }),
  );
  const proxyFile = path.join(appDir, "proxy.ts");
  await fs.writeFile(proxyFile, setMatcher(await fs.readFile(proxyFile, "utf8"), ["/dashboard/:path*"]));
  await fs.writeFile(path.join(appDir, "app", "dashboard", "page.tsx"), SESSION_DASHBOARD);
  timings.install = (await installApp(appDir)).ms;
  timings.build = (await buildApp(appDir)).ms;
  app = await startApp(appDir, port);
  timings.start = app.readyMs;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await smtp?.close();
  if (appDir) await fs.rm(appDir, { recursive: true, force: true });
  console.info(`next (passwordless) e2e timings (ms): ${JSON.stringify(timings)}`);
});

describe("Next with email links and passkeys, database sessions in SQLite", () => {
  passwordlessStories(
    (): PasswordlessApp => ({
      appUrl,
      appDir,
      base: "/api/auth",
      protectedPath: "/dashboard",
      browser: browser!,
      smtp: smtp!,
    }),
  );
});
