// SQLite without a native module, end to end on Node 24: `create-auth init --providers oidc,credentials --db sqlite`
// run BY Node 24 on the Express 5 (TypeScript) fixture, whose @types/node is raised to 24 first (as an app
// on Node 24 has it), writes a node:sqlite client and adds no better-sqlite3, so the install compiles
// nothing (its time is printed); tsc builds the app, Node 24 starts it, a person signs in through a real
// oidc-provider from headless Chromium, and their user and account rows are in auth.db. Nothing is mocked.
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import Database from "better-sqlite3";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { launchChromium } from "../support/chromium.mjs";
import { applyExpressUserEdits } from "../support/express-app.mjs";
import { appProcessEnv, copyFixture, fixturePath, installApp, REPO_ROOT } from "../support/fixture-app.mjs";
import { loginAtIdentityProvider } from "../support/identity-provider.js";
import { ensureRepositoryBuilt } from "../support/next-app.mjs";
import { ensureNode24, node24Env } from "../support/node24.mjs";
import { type OidcServer, startOidcServer } from "../support/oidc-server.mjs";
import { freePort } from "../support/ports.mjs";
import { type RunningServer, runCommand, startServer } from "../support/processes.mjs";
import { OIDC_CLIENT } from "../support/user-edits.mjs";

const FIXTURE = "express-5-ts";
const timings: Record<string, number> = {};
let dir: string | undefined;
let appUrl = "";
let oidc: OidcServer | undefined;
let server: RunningServer | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  const launching = launchChromium().then((launched) => {
    browser = launched;
  });
  launching.catch(() => {}); // awaited below; a failed step before that must not leave it unhandled
  timings.repositoryBuild = await ensureRepositoryBuilt();
  const { node } = await ensureNode24();
  const env = await node24Env(appProcessEnv());
  const port = await freePort();
  appUrl = `http://localhost:${port}`;
  oidc = await startOidcServer({
    clients: [
      {
        client_id: OIDC_CLIENT.id,
        client_secret: OIDC_CLIENT.secret,
        redirect_uris: [`${appUrl}/auth/callback/oidc`],
      },
    ],
  });

  dir = await copyFixture(fixturePath(FIXTURE));
  const packageFile = path.join(dir, "package.json");
  const pkg = JSON.parse(await fs.readFile(packageFile, "utf8"));
  pkg.devDependencies["@types/node"] = "^24.0.0";
  await fs.writeFile(packageFile, `${JSON.stringify(pkg, null, 2)}\n`);

  const cli = path.join(REPO_ROOT, "bin", "create-auth.js");
  const initArgs = ["init", dir, "--providers", "oidc,credentials", "--db", "sqlite", "--yes", "--no-install"];
  timings.init = (await runCommand(node, [cli, ...initArgs], { cwd: REPO_ROOT, env })).ms;
  await applyExpressUserEdits(dir, FIXTURE, {
    oidc: { issuer: oidc.issuer, clientId: OIDC_CLIENT.id, clientSecret: OIDC_CLIENT.secret },
  });
  timings.install = (await installApp(dir, env)).ms;
  console.info(`${FIXTURE} on Node 24 with node:sqlite: npm install took ${timings.install} ms`);
  timings.build = (await runCommand("npm", ["run", "build"], { cwd: dir, env })).ms;
  server = await startServer("npm", ["start", "--silent"], {
    cwd: dir,
    env: { ...env, PORT: String(port), HOST: "127.0.0.1" },
    readyUrl: `http://127.0.0.1:${port}/`,
    timeoutMs: 30_000,
  });
  timings.start = server.readyMs;
  await launching;
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await oidc?.close();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
  console.info(`${FIXTURE} (Node 24, node:sqlite) e2e timings (ms): ${JSON.stringify(timings)}`);
});

describe("the Express 5 app initialised with --db sqlite by Node 24", () => {
  test("uses node:sqlite: no better-sqlite3 to declare, install or compile", async () => {
    const app = dir!;
    expect(await fs.readFile(path.join(app, "src", "auth-db.ts"), "utf8")).toContain(
      'import { DatabaseSync } from "node:sqlite";',
    );
    const pkg = JSON.parse(await fs.readFile(path.join(app, "package.json"), "utf8"));
    expect(Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })).not.toContain("better-sqlite3");
    expect(existsSync(path.join(app, "node_modules", "better-sqlite3"))).toBe(false);
  });

  test("signs a person in through the identity provider and stores their user and account in auth.db", async () => {
    const page = await browser!.newPage();
    try {
      await page.goto(`${appUrl}/auth/signin?callbackUrl=${encodeURIComponent("/")}`);
      await page.getByRole("button", { name: "Sign in with OIDC" }).click();
      await loginAtIdentityProvider(page, oidc!.issuer);
      await page.waitForURL(`${appUrl}/`);
      const session = await page.request.get(`${appUrl}/auth/session`);
      expect(await session.json()).toMatchObject({ user: { email: "ada@example.test" } });
    } finally {
      await page.context().close();
    }

    const db = new Database(path.join(dir!, "auth.db"), { readonly: true, fileMustExist: true });
    try {
      const users = db.prepare("SELECT id, email FROM users").all() as { id: string; email: string }[];
      expect(users.map((user) => user.email)).toEqual(["ada@example.test"]);
      const accounts = db.prepare("SELECT provider FROM accounts WHERE user_id = ?").all(users[0]!.id);
      expect(accounts).toEqual([{ provider: "oidc" }]);
    } finally {
      db.close();
    }
  });
});
