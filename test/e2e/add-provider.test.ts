// `auth add-provider oidc` and `auth remove-provider oidc`, typed in the app's folder as a person types them,
// on one fixture of each framework set up by `init --providers credentials`: after add-provider the person
// fills the env keys it wrote with their identity provider's values (here the loopback oidc-provider), makes
// their usual edits (a demo user, a protected page), installs, builds and starts the app, and signs in through
// the added provider in headless Chromium. Then remove-provider takes it out again: rebuilt and restarted, the
// sign-in page offers credentials only, and the demo user still signs in. Nothing is mocked.
import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { applyExpressUserEdits } from "../support/express-app.mjs";
import { appProcessEnv, REPO_ROOT } from "../support/fixture-app.mjs";
import { loginAtIdentityProvider } from "../support/identity-provider.js";
import { runCommand } from "../support/processes.mjs";
import { applyQwikUserEdits } from "../support/qwik-app.mjs";
import { applySolidUserEdits } from "../support/solid-start-app.mjs";
import { applySvelteKitEdits } from "../support/sveltekit-app.mjs";
import { applyUserEdits, DEMO_USER } from "../support/user-edits.mjs";
import { expectSignInPage } from "./support/http-sign-in.js";
import { rebuildApp } from "./support/rebuild-app.js";
import { type EditContext, setupApp, sharedBrowser } from "./support/setup-app.js";
import {
  type AppPages,
  expectSignedInAs,
  expectSignedOut,
  IDENTITY_PROVIDER_USER,
  signOutThroughBuiltInPage,
  signOutWithButton,
  submitCredentials,
} from "./support/sign-in-stories.js";

const browser = sharedBrowser();

interface Case {
  fixture: string;
  /** Where the framework's auth module is, relative to the app. */
  authModule: string;
  /** The env file add-provider writes the provider's keys into. */
  envFile: string;
  /** The person's usual edits for this fixture (demo user, protected page, the identity provider's values). */
  edits: (dir: string, context: EditContext) => Promise<void>;
  pages: AppPages;
}

/** One fixture per framework: the cheapest that is representative of it. */
const CASES: Case[] = [
  {
    fixture: "next-app",
    authModule: "auth.ts",
    envFile: ".env.local",
    edits: (dir, { appUrl, oidc }) => applyUserEdits(dir, { appUrl, oidc }),
    pages: { protectedPath: "/dashboard", signOut: signOutWithButton("/") },
  },
  {
    fixture: "sveltekit-3",
    authModule: "src/auth.ts",
    envFile: ".env",
    edits: (dir, { appUrl, oidc }) => applySvelteKitEdits(dir, { oidc, lib: "#lib", origin: appUrl }),
    pages: { protectedPath: "/notes", signOut: signOutWithButton("/") },
  },
  {
    fixture: "express-5-ts",
    authModule: "src/auth.ts",
    envFile: ".env",
    edits: (dir, { oidc }) => applyExpressUserEdits(dir, "express-5-ts", { oidc }),
    pages: { protectedPath: "/notes", signOut: signOutThroughBuiltInPage() },
  },
  {
    fixture: "solid-start-2",
    authModule: "src/auth.ts",
    envFile: ".env",
    edits: (dir, { appUrl, oidc }) => applySolidUserEdits(dir, { appUrl, oidc }),
    pages: { protectedPath: "/journal", signOut: signOutThroughBuiltInPage("/") },
  },
  {
    fixture: "qwik-city-1",
    authModule: "src/routes/plugin@auth.ts",
    envFile: ".env",
    edits: (dir, { oidc }) => applyQwikUserEdits(dir, { oidc }),
    pages: { protectedPath: "/journal/", signOut: signOutWithButton("/") },
  },
];

/** `node bin/auth.js <args>` in the app's folder, as `npx auth …` runs it there; resolves with what it printed. */
async function auth(dir: string, args: string[]): Promise<{ output: string; ms: number }> {
  return runCommand(process.execPath, [path.join(REPO_ROOT, "bin", "auth.js"), ...args], {
    cwd: dir,
    env: appProcessEnv(),
  });
}

const OIDC_KEYS = ["AUTH_OIDC_ID", "AUTH_OIDC_SECRET", "AUTH_OIDC_ISSUER"];

describe.each(CASES)("auth add-provider oidc, then remove-provider oidc, on $fixture", (entry) => {
  /** What add-provider printed and left, read before the person's edits change the app. */
  const added = { output: "", env: "", authModule: "" };

  const app = setupApp(entry.fixture, {
    browser,
    label: `${entry.fixture} add-provider`,
    providers: ["credentials"],
    identityProvider: true,
    async edits(dir, context) {
      const run = await auth(dir, ["add-provider", "oidc"]);
      app.timings.addProvider = run.ms;
      added.output = run.output;
      added.env = await fs.readFile(path.join(dir, entry.envFile), "utf8");
      added.authModule = await fs.readFile(path.join(dir, entry.authModule), "utf8");
      await entry.edits(dir, context);
    },
  });

  test("add-provider oidc writes the provider into the auth module and its keys, blank, into the env file", () => {
    expect(added.output).toContain(`${app.base}/callback/oidc`);
    expect(added.authModule).toMatch(/providers\/oidc/);
    for (const key of OIDC_KEYS) expect(added.env).toMatch(new RegExp(`^${key}=$`, "m"));
  });

  test(
    "signs in through the added provider from the built-in sign-in page, then signs out",
    app.timed("addedOidcStory", async () => {
      const page = await app.freshPage();
      await page.goto(`${app.url}${entry.pages.protectedPath}`);
      expect(new URL(page.url()).pathname).toBe(`${app.base}/signin`);
      await expect(page.getByRole("button", { name: "Sign in with Credentials" }).isVisible()).resolves.toBe(true);
      await page.getByRole("button", { name: `Sign in with ${app.providerNames.oidc}` }).click();
      await loginAtIdentityProvider(page, app.oidc.issuer);
      await expectSignedInAs(app, entry.pages, page, IDENTITY_PROVIDER_USER);
      expect(await app.sessionOf(page)).toMatchObject({ user: IDENTITY_PROVIDER_USER });

      await entry.pages.signOut(app, page);
      await expectSignedOut(app, entry.pages, page);
      await page.context().close();
    }),
  );

  test(
    "remove-provider oidc takes it out: rebuilt and restarted, the sign-in page offers credentials only",
    app.timed("removedStory", async () => {
      const removed = await auth(app.dir, ["remove-provider", "oidc"]);
      app.timings.removeProvider = removed.ms;
      const authModule = await fs.readFile(path.join(app.dir, entry.authModule), "utf8");
      expect(authModule).not.toMatch(/providers\/oidc/);
      // The person filled the keys in: they are kept, and the command says so, rather than deleted with the provider.
      expect(removed.output).toMatch(/AUTH_OIDC_ISSUER[^\n]* you set[^\n]*kept/);
      const env = await fs.readFile(path.join(app.dir, entry.envFile), "utf8");
      expect(env).toContain(`AUTH_OIDC_ISSUER=${app.oidc.issuer}`);

      await app.restart(async () => {
        app.timings.rebuild = await rebuildApp(entry.fixture, app.dir);
      });
      expect(Object.keys(app.providerNames)).toEqual(["credentials"]);
      await expectSignInPage(app.url, app.base);

      const page = await app.freshPage();
      await page.goto(`${app.url}${entry.pages.protectedPath}`);
      expect(new URL(page.url()).pathname).toBe(`${app.base}/signin`);
      await expect(page.getByRole("button", { name: /^Sign in with / }).allTextContents()).resolves.toEqual([
        "Sign in with Credentials",
      ]);
      await submitCredentials(page, DEMO_USER.password);
      await expectSignedInAs(app, entry.pages, page, DEMO_USER);
      await page.context().close();
    }),
  );
});
