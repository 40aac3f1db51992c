/**
 * The one set-up of every e2e file that runs an initialised fixture: `setupApp(fixture, options)` registers
 * the hooks that start the loopback identity provider (and mail relay) the app signs in through, copy the
 * fixture, run the built CLI on it, make the person's edits, install, build and start it, and launch headless
 * Chromium; afterwards they stop everything, remove the copy and print the timings. The handle it returns
 * reads what the hooks made, once they have run. What differs per framework is data in frameworks.ts.
 *
 * The app is browsed as `http://localhost:<port>` and the identity provider as `127.0.0.1`: two hosts, two
 * cookie jars, as with a real hosted provider; and http://localhost is a secure context, so WebAuthn works.
 */
import fs from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { launchChromium } from "../../support/chromium.mjs";
import { ensureRepositoryBuilt, providerNames } from "../../support/next-app.mjs";
import { type OidcServer, startOidcServer } from "../../support/oidc-server.mjs";
import { freePort } from "../../support/ports.mjs";
import type { RunningServer } from "../../support/processes.mjs";
import { type SmtpServer, startSmtpServer } from "../../support/smtp-server.mjs";
import { OIDC_CLIENT, type OidcSettings } from "../../support/user-edits.mjs";
import { type Framework, frameworkOf } from "./frameworks.js";

/** What the person's own edits get to work with: where the app will be, and the servers it signs in through. */
export interface EditContext {
  appUrl: string;
  /** The identity provider's values for `.env` (empty strings when the app has no OIDC provider). */
  oidc: OidcSettings;
  /** The mail relay, when the app has a provider that mails (nodemailer, password). */
  smtp?: SmtpServer;
}

export interface SetupOptions {
  /** `--providers` for init (default: oidc, credentials). The identity provider starts with `oidc`, the mail relay with `nodemailer` or `password`. */
  providers?: string[];
  /** Start the identity provider even when init's providers lack `oidc` (the edits add it later, with `add-provider`). */
  identityProvider?: boolean;
  /** More init flags (`--strategy database --db sqlite`). */
  initArgs?: string[];
  /** The person's edits after init, instead of the fixture's usual ones (demo user, protected page, identity provider in .env). */
  edits?: (dir: string, context: EditContext) => Promise<void>;
  /** The name the timings line is printed under (default: the fixture's). */
  label?: string;
  /** A browser shared by the set-ups of one file (`sharedBrowser()`); by default each set-up launches its own. */
  browser?: () => Browser;
  /**
   * How the fixture is prepared and started, for a fixture whose name does not say its framework
   * (`orm-drizzle-next`: `frameworkOf("next-app")`). Default: `frameworkOf(fixture)`.
   */
  framework?: Framework;
}

/** The session as the app answers `GET <base>/session`. */
export type SessionAnswer = { user?: { name?: string | null; email?: string | null } } | null;

/** The started app and what came with it; every getter throws until the set-up's beforeAll has made it. */
export interface App {
  readonly fixture: string;
  readonly framework: Framework;
  /** The auth routes' base path: `/api/auth` or `/auth`. */
  readonly base: string;
  /** `http://localhost:<port>`. */
  readonly url: string;
  /** The initialised copy of the fixture. */
  readonly dir: string;
  readonly browser: Browser;
  readonly oidc: OidcServer;
  readonly smtp: SmtpServer;
  /** Display names by provider id, as the running app reports them: what its sign-in buttons say. */
  readonly providerNames: Record<string, string>;
  /** Milliseconds per step and per timed story, printed after the file's tests. */
  readonly timings: Record<string, number>;
  /** A page in a fresh browser context: no cookies carried from one story to the next. */
  freshPage(): Promise<Page>;
  /** The session the app answers for this page's cookies (asserting a 200). */
  sessionOf(page: Page): Promise<SessionAnswer>;
  /** Wraps a story so that its duration lands in the timings under `name`. */
  timed(name: string, story: () => Promise<void>): () => Promise<void>;
  /**
   * Stops the app's server, runs `between` (a rebuild after the person's change), starts it again on the same
   * port and reads its providers afresh.
   */
  restart(between?: () => Promise<void>): Promise<void>;
}

/** The providers that send mail (sign-in links; verification and reset links): the mail relay starts with them. */
const MAILING_PROVIDERS = new Set(["nodemailer", "password"]);

/** No identity provider: the values the edits would write are empty. */
const NO_OIDC: OidcSettings = { issuer: "", clientId: "", clientSecret: "" };

/** Launches one browser for every set-up of the file that passes it (`setupApp(…, { browser })`). */
export function sharedBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => started(browser, "the browser");
}

function started<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} did not start (see the failing beforeAll)`);
  return value;
}

/** Registers the hooks that bring `fixture` up (and down) around the tests beside them; returns its handle. */
export function setupApp(fixture: string, options: SetupOptions = {}): App {
  const framework = options.framework ?? frameworkOf(fixture);
  const providers = options.providers ?? ["oidc", "credentials"];
  const timings: Record<string, number> = {};
  let url: string | undefined;
  let dir: string | undefined;
  let oidc: OidcServer | undefined;
  let smtp: SmtpServer | undefined;
  let server: RunningServer | undefined;
  let ownBrowser: Browser | undefined;
  let launching: Promise<Browser> | undefined;
  let names: Record<string, string> | undefined;

  const app: App = {
    fixture,
    framework,
    base: framework.basePath,
    get url() {
      return started(url, "the app");
    },
    get dir() {
      return started(dir, "the app");
    },
    get browser() {
      return options.browser ? options.browser() : started(ownBrowser, "the browser");
    },
    get oidc() {
      return started(oidc, "the identity provider");
    },
    get smtp() {
      return started(smtp, "the mail relay");
    },
    get providerNames() {
      return started(names, "the app");
    },
    timings,
    async freshPage() {
      return (await app.browser.newContext()).newPage();
    },
    async sessionOf(page) {
      const response = await page.request.get(`${app.url}${app.base}/session`);
      expect(response.status()).toBe(200);
      return response.json();
    },
    timed(name, story) {
      return async () => {
        const begun = performance.now();
        try {
          await story();
        } finally {
          timings[name] = Math.round(performance.now() - begun);
        }
      };
    },
    async restart(between) {
      const appUrl = app.url;
      await server?.stop();
      server = undefined;
      await between?.();
      server = await framework.start(fixture, app.dir, Number(new URL(appUrl).port));
      names = await providerNames(appUrl, framework.basePath);
    },
  };

  beforeAll(async () => {
    if (!options.browser) {
      // Chromium starts while the app is prepared: its launch need not wait for the install and build.
      const begun = performance.now();
      launching = launchChromium().then((browser) => {
        ownBrowser = browser;
        timings.browserLaunch = Math.round(performance.now() - begun);
        return browser;
      });
      launching.catch(() => {}); // awaited below; a failed step before that must not leave it unhandled
    }
    timings.repositoryBuild = await ensureRepositoryBuilt();
    const port = await freePort();
    const appUrl = `http://localhost:${port}`;
    if (options.identityProvider ?? providers.includes("oidc")) {
      oidc = await startOidcServer({
        clients: [
          {
            client_id: OIDC_CLIENT.id,
            client_secret: OIDC_CLIENT.secret,
            redirect_uris: [`${appUrl}${framework.basePath}/callback/oidc`],
          },
        ],
      });
    }
    if (providers.some((id) => MAILING_PROVIDERS.has(id))) smtp = await startSmtpServer();
    const settings = oidc
      ? { issuer: oidc.issuer, clientId: OIDC_CLIENT.id, clientSecret: OIDC_CLIENT.secret }
      : NO_OIDC;
    const { edits } = options;
    const context: EditContext = { appUrl, oidc: settings, smtp };
    const prepared = await framework.prepare(fixture, {
      appUrl,
      oidc: settings,
      providers: options.providers,
      initArgs: options.initArgs,
      edits: edits ? (copy) => edits(copy, context) : undefined,
    });
    dir = prepared.dir;
    for (const [step, ms] of Object.entries(prepared.timings)) if (ms !== undefined) timings[step] = ms;
    server = await framework.start(fixture, dir, port);
    timings.start = server.readyMs;
    url = appUrl;
    names = await providerNames(appUrl, framework.basePath);
    await launching;
  });

  afterAll(async () => {
    await launching?.catch(() => {});
    await ownBrowser?.close();
    await server?.stop();
    await oidc?.close();
    await smtp?.close();
    if (dir) await fs.rm(dir, { recursive: true, force: true });
    console.info(`${options.label ?? fixture} e2e timings (ms): ${JSON.stringify(timings)}`);
  });

  return app;
}
