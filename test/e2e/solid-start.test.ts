// The SolidStart fixtures after `create-auth init --providers oidc,credentials`: SolidStart 1 (vinxi, built
// on Node 20) and SolidStart 2 (vite plugin + nitro, built on Node 24), each installed, built and started
// with its own `npm start` on a port that is not its default, then signed into from headless Chromium through
// the shared sign-in stories: credentials against the demo user plugged into `authorize`, and OIDC through a
// real oidc-provider's login and consent pages. The journal page is protected with the generated
// `requireUser`, reached both by URL and by a client-side link.
//
// Nothing but the generated auth module loads `.env` for the production server (the built server reads none):
// every story here depends on it. The built output is also run alone, as where it is deployed: no `.env`,
// its settings from the environment.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseEnv } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { appProcessEnv } from "../support/fixture-app.mjs";
import { freePort } from "../support/ports.mjs";
import { type RunningServer, startServer } from "../support/processes.mjs";
import { DEMO_USER } from "../support/user-edits.mjs";
import { expectCredentialsDenied, expectSignInPage } from "./support/http-sign-in.js";
import { setupApp, sharedBrowser } from "./support/setup-app.js";
import {
  type AppPages,
  expectSignedInAs,
  signInStories,
  signOutThroughBuiltInPage,
} from "./support/sign-in-stories.js";

const browser = sharedBrowser();

/** The journal; its sign-out link leads to the built-in confirmation page, whose button lands back home. */
const JOURNAL: AppPages = {
  protectedPath: "/journal",
  signOut: signOutThroughBuiltInPage("/"),
  // Signed in, the app's own link renders the journal client-side through getUser's server function.
  async whileSignedIn(app, page) {
    await page.goto(`${app.url}/`);
    await page.getByRole("link", { name: "My journal" }).click();
    await expectSignedInAs(app, JOURNAL, page, DEMO_USER);
  },
};

describe.each(["solid-start-1", "solid-start-2"])("the initialised %s app", (fixture) => {
  const app = setupApp(fixture, { browser });

  test("ships the auth config to the server only: no browser asset holds the demo user's password", async () => {
    const publicDir = path.join(app.dir, ".output", "public");
    const entries = await fs.readdir(publicDir, { recursive: true, withFileTypes: true });
    const scripts = entries.filter((entry) => entry.isFile() && entry.name.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const text = await fs.readFile(path.join(script.parentPath, script.name), "utf8");
      expect(text.includes(DEMO_USER.password), script.name).toBe(false);
    }
  });

  signInStories(app, JOURNAL);

  test(
    "sends a signed-out visitor following the app's own link to the built-in sign-in page",
    app.timed("signedOutLink", async () => {
      const page = await app.freshPage();
      // Client-side navigation: requireUser runs as a server function and its redirect leaves the app.
      await page.goto(`${app.url}/`);
      await page.getByRole("link", { name: "My journal" }).click();
      // The router's own navigation to /journal is superseded by the redirect's full-page load, which Chromium
      // reports as an aborted navigation that can fail waitForURL: watch where the page ends up instead.
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toBe(`${app.base}/signin`);
      await page.waitForLoadState();
      expect(new URL(page.url()).searchParams.get("callbackUrl")).toBe("/journal");
      await page.context().close();
    }),
  );

  describe("its built output alone, as where it is deployed (no .env: the settings come from the environment)", () => {
    let deployed = "";
    let settings: Record<string, string> = {};

    beforeAll(async () => {
      deployed = await fs.mkdtemp(path.join(os.tmpdir(), `create-auth-${fixture}-deployed-`));
      await fs.cp(path.join(app.dir, ".output"), path.join(deployed, ".output"), { recursive: true });
      settings = parseEnv(await fs.readFile(path.join(app.dir, ".env"), "utf8")) as Record<string, string>;
    });

    afterAll(async () => {
      if (deployed) await fs.rm(deployed, { recursive: true, force: true });
    });

    /**
     * `node .output/server/index.mjs` in the copy, on a free port, with `env` as the platform's settings and
     * AUTH_URL set to where it listens, as the next steps say to do where the app is deployed.
     */
    async function startDeployed(env: Record<string, string>): Promise<{ server: RunningServer; url: string }> {
      const port = await freePort();
      const url = `http://localhost:${port}`;
      const server = await startServer(process.execPath, [path.join(".output", "server", "index.mjs")], {
        cwd: deployed,
        env: appProcessEnv({ ...env, AUTH_URL: url, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production" }),
        readyUrl: `http://127.0.0.1:${port}/`,
        timeoutMs: 60_000,
      });
      return { server, url };
    }

    test(
      "signs in with the platform's settings: the sign-in page answers and a wrong password is denied back to it",
      app.timed("deployedSignIn", async () => {
        const { server, url } = await startDeployed(settings);
        try {
          await expectSignInPage(url, app.base, server.output());
          await expectCredentialsDenied(url, app.base, server.output());
        } finally {
          await server.stop();
        }
      }),
    );

    test("without AUTH_SECRET anywhere keeps serving, and its sign-in page says what to set", async () => {
      const { AUTH_SECRET: _secret, ...withoutSecret } = settings;
      const { server, url } = await startDeployed(withoutSecret);
      try {
        const page = await fetch(`${url}${app.base}/signin`);
        expect(page.status, server.output()).toBe(500);
        expect(await page.text()).toContain("AUTH_SECRET");
        // The missing file was no error: the server is still up and answers the next request.
        expect((await fetch(`${url}/`)).status).toBe(200);
      } finally {
        await server.stop();
      }
    });
  });
});
