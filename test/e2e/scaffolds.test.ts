// Apps as the frameworks' own scaffolders make them (test/fixtures/scaffold-*, each FIXTURE.md says how it was
// made), after `create-auth init --providers oidc,credentials` and the one edit its next steps ask for (the
// identity provider's values in the env file): the app's own scripts pass unchanged (lint, check, build), its
// servers start the way the scaffold or our next steps say (dev, preview, start), each on a port that is not the
// framework's default, and the auth routes work there: the built-in sign-in page answers, and a credentials
// sign-in is denied as the generated `authorize` (which returns null) designs it, back to the sign-in page on the
// app's own origin. Under each app's production server (build + start, or preview) a person also signs in
// through the loopback identity provider's login and consent pages in Chromium. The Next starter also gets the
// page docs/next.md shows guarded in the page itself, and docs/react.md's account page: their lint and build
// pass under create-next-app 16's cacheComponents; the guarded page sends a signed-out visitor to sign in, and
// both show the signed-in person. Every install
// starts at once (they wait on the network, not the CPU) and shares npm's cache; each step is timed.
//
// Vite's preview server starts listening before the Qwik City plugin has attached its SSR middleware (Vite calls
// the plugins' configurePreviewServer post hooks without awaiting them, and Qwik's imports server/entry.preview
// first), so the first requests to a fresh `npm run preview` answer 404. Each server is therefore ready once its
// sign-in page answers something else than 404, not at its first answer.
// The SolidStart scaffolder fetches its templates from GitHub, which the test machines cannot reach.
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { launchChromium } from "../support/chromium.mjs";
import { appProcessEnv, copyFixture, fillEnvFile, fixturePath, initAuth, installApp } from "../support/fixture-app.mjs";
import { loginAtIdentityProvider } from "../support/identity-provider.js";
import { ensureRepositoryBuilt, providerNames } from "../support/next-app.mjs";
import { type OidcServer, startOidcServer } from "../support/oidc-server.mjs";
import { freePort } from "../support/ports.mjs";
import { type RunningServer, runCommand, startServer } from "../support/processes.mjs";
import { OIDC_CLIENT } from "../support/user-edits.mjs";
import {
  expectSentToSignIn,
  expectShownTo,
  SNIPPET_ROUTE,
  writeDocsFiles,
  writeDocsProtectedPage,
} from "./support/docs-page.js";
import { expectCredentialsDenied, expectSignInPage } from "./support/http-sign-in.js";
import { IDENTITY_PROVIDER_USER } from "./support/sign-in-stories.js";

interface Scaffold {
  /** The fixture under test/fixtures. */
  fixture: string;
  /** Where the integration serves the auth routes. */
  basePath: string;
  /** The app's own npm scripts, in the order a person runs them before starting the production server. */
  scripts: string[];
  /** The servers the scaffold or our next steps tell the user to start, each on a port that is not its default. */
  servers: Server[];
  /** The production server (its script) under which a person signs in through the identity provider in Chromium. */
  browserSignIn: string;
  /** A page the docs show guarded in the page itself, written before install: its routes directory. */
  docsProtectedPage?: { routesDir: string };
}

interface Server {
  /** The npm script it runs, for the timings. */
  script: string;
  /** The command as the user types it, for the tests' names. */
  command: string;
  /** The npm arguments and environment that start it on `port`. */
  start(port: number): { args: string[]; env?: Record<string, string> };
  /** How long it may take to answer (Qwik's preview builds, type-checks and lints first). */
  timeoutMs: number;
}

/** `npm run <script> -- --port <port> --strictPort`: Vite's dev and preview servers. */
function vite(script: string, timeoutMs = 90_000): Server {
  return {
    script,
    command: `npm run ${script} -- --port <port>`,
    start: (port) => ({ args: ["run", script, "--", "--port", String(port), "--strictPort"] }),
    timeoutMs,
  };
}

/** `PORT=<port> npm run <script>`: Next's servers and express-generator's bin/www read PORT. */
function withPort(script: string): Server {
  return {
    script,
    command: `PORT=<port> npm run ${script}`,
    start: (port) => ({ args: ["run", script], env: { PORT: String(port) } }),
    timeoutMs: 90_000,
  };
}

const SCAFFOLDS: Scaffold[] = [
  {
    // create-next-app's README: npm run build, then npm start; Next reads PORT.
    fixture: "scaffold-next-16",
    basePath: "/api/auth",
    scripts: ["lint", "build"],
    servers: [withPort("dev"), withPort("start")],
    browserSignIn: "start",
    // docs/next.md's protect-a-page snippet and docs/react.md's account page: lint and build under cacheComponents.
    docsProtectedPage: { routesDir: "src/app" },
  },
  {
    // Our next steps: npm run dev; sv's README: npm run build, then npm run preview to see the production build.
    fixture: "scaffold-sveltekit-minimal",
    basePath: "/auth",
    scripts: ["check", "build"],
    servers: [vite("dev"), vite("preview")],
    browserSignIn: "preview",
  },
  {
    // express-generator's own instructions: npm start (bin/www reads PORT); it has no lint or build script.
    fixture: "scaffold-express-generator",
    basePath: "/auth",
    scripts: [],
    servers: [withPort("start")],
    browserSignIn: "start",
  },
  {
    // Our next steps: npm run dev (create-qwik's README: npm start, the same server opening a browser); its
    // README's production preview: npm run preview, which builds, type-checks and lints before serving. Its
    // Prettier check too (create-qwik's fmt.check): the runtime folder is in its .prettierignore.
    fixture: "scaffold-qwik-empty",
    basePath: "/auth",
    scripts: ["lint", "fmt.check", "build.types"],
    servers: [vite("dev"), vite("preview", 240_000)],
    browserSignIn: "preview",
  },
];

/** A fresh copy of the fixture, initialised and installed; its steps' milliseconds. */
interface Installed {
  dir: string;
  timings: Record<string, number>;
}

/** Where each server listens, by fixture and script: chosen first, since the identity provider registers them. */
const ports = new Map<string, number>();
const portOf = (fixture: string, script: string) => ports.get(`${fixture} ${script}`)!;

/** The env file init wrote the secret to: Next's .env.local, else .env. */
async function envFileOf(dir: string): Promise<string> {
  const local = path.join(dir, ".env.local");
  const text = await fs.readFile(local, "utf8").catch(() => "");
  return /^AUTH_SECRET=/m.test(text) ? local : path.join(dir, ".env");
}

/** Copy, init, the identity provider's values in the env file (as the next steps ask), the docs' page, install. */
async function initAndInstall({ fixture, docsProtectedPage }: Scaffold, issuer: string): Promise<Installed> {
  const dir = await copyFixture(fixturePath(fixture));
  const init = await initAuth(dir, ["oidc", "credentials"]);
  if (docsProtectedPage) {
    await writeDocsProtectedPage(dir, docsProtectedPage.routesDir);
    const react = await writeDocsFiles(dir, docsProtectedPage.routesDir, "react.md");
    expect(react.sort()).toEqual(["account/account.tsx", "account/page.tsx"]);
  }
  await fillEnvFile(await envFileOf(dir), {
    AUTH_OIDC_ID: OIDC_CLIENT.id,
    AUTH_OIDC_SECRET: OIDC_CLIENT.secret,
    AUTH_OIDC_ISSUER: issuer,
  });
  const install = await installApp(dir);
  return { dir, timings: { init: init.ms, install: install.ms } };
}

/**
 * Polls the sign-in page until it answers something else than 404 (see the file's header: a fresh Vite preview
 * serves the app's routes a moment after it starts listening); its milliseconds.
 */
async function untilServed(url: string, timeoutMs = 15_000): Promise<number> {
  const begun = performance.now();
  while (performance.now() - begun < timeoutMs) {
    const response = await fetch(url, { redirect: "manual" });
    await response.arrayBuffer();
    if (response.status !== 404) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Math.round(performance.now() - begun);
}

const installs = new Map<string, Promise<Installed>>();
let repositoryBuild = 0;
let oidc: OidcServer | undefined;
let launching: ReturnType<typeof launchChromium> | undefined;

beforeAll(async () => {
  // Chromium starts while the apps install.
  launching = launchChromium();
  launching.catch(() => {}); // awaited by the browser tests, which report the failure there
  repositoryBuild = await ensureRepositoryBuilt();
  for (const { fixture, servers } of SCAFFOLDS) {
    for (const { script } of servers) ports.set(`${fixture} ${script}`, await freePort());
  }
  oidc = await startOidcServer({
    clients: [
      {
        client_id: OIDC_CLIENT.id,
        client_secret: OIDC_CLIENT.secret,
        redirect_uris: SCAFFOLDS.flatMap(({ fixture, basePath, servers }) =>
          servers.map(({ script }) => `http://localhost:${portOf(fixture, script)}${basePath}/callback/oidc`),
        ),
      },
    ],
  });
  for (const scaffold of SCAFFOLDS) {
    const { fixture } = scaffold;
    const installed = initAndInstall(scaffold, oidc.issuer);
    installed.catch(() => {}); // awaited by the fixture's own describe, which reports the failure there
    installs.set(fixture, installed);
  }
});

afterAll(async () => {
  // A describe whose install failed never saw its copy; remove whatever was made.
  for (const installed of installs.values()) {
    const done = await installed.catch(() => undefined);
    if (done) await fs.rm(done.dir, { recursive: true, force: true });
  }
  await (await launching?.catch(() => undefined))?.close();
  await oidc?.close();
  console.info(`scaffolds: repository build ${repositoryBuild} ms`);
});

describe.each(SCAFFOLDS)(
  "the $fixture starter after init and the identity provider's values in its env file",
  (scaffold) => {
    const timings: Record<string, number> = {};
    let dir: string | undefined;

    beforeAll(async () => {
      const installed = await installs.get(scaffold.fixture)!;
      dir = installed.dir;
      Object.assign(timings, installed.timings);
    });

    afterAll(async () => {
      console.info(`${scaffold.fixture} e2e timings (ms): ${JSON.stringify(timings)}`);
    });

    for (const script of scaffold.scripts) {
      test(`passes its own \`npm run ${script}\` unchanged`, async () => {
        const { ms } = await runCommand("npm", ["run", script], { cwd: dir, env: appProcessEnv() });
        timings[script] = ms;
      });
    }

    for (const server of scaffold.servers) {
      describe(server.command, () => {
        let running: RunningServer | undefined;
        let appUrl = "";

        afterAll(async () => {
          await running?.stop();
        });

        test("answers the built-in sign-in page on a port that is not its default", async () => {
          const port = portOf(scaffold.fixture, server.script);
          appUrl = `http://localhost:${port}`;
          const { args, env } = server.start(port);
          running = await startServer("npm", args, {
            cwd: dir,
            env: appProcessEnv(env),
            readyUrl: `${appUrl}/`,
            timeoutMs: server.timeoutMs,
          });
          timings[`${server.script}Ready`] = running.readyMs;
          timings[`${server.script}Served`] = await untilServed(`${appUrl}${scaffold.basePath}/signin`);
          await expectSignInPage(appUrl, scaffold.basePath, running.output());
        });

        test("denies a credentials sign-in as the generated authorize says, back to its own sign-in page", async () => {
          const begun = performance.now();
          await expectCredentialsDenied(appUrl, scaffold.basePath, running?.output());
          timings[`${server.script}DeniedSignIn`] = Math.round(performance.now() - begun);
        });

        if (server.script !== scaffold.browserSignIn) return;
        if (scaffold.docsProtectedPage) {
          test("sends a signed-out visitor of the docs' protected page to sign in, with the way back", async () => {
            const begun = performance.now();
            const context = await (await launching!).newContext();
            try {
              await expectSentToSignIn(await context.newPage(), appUrl, scaffold.basePath, SNIPPET_ROUTE);
            } finally {
              await context.close();
            }
            timings[`${server.script}DocsPageSignedOut`] = Math.round(performance.now() - begun);
          });
        }
        test("signs a person in through the identity provider's login and consent pages in Chromium", async () => {
          const begun = performance.now();
          const names = await providerNames(appUrl, scaffold.basePath);
          const context = await (await launching!).newContext();
          try {
            const page = await context.newPage();
            await page.goto(`${appUrl}${scaffold.basePath}/signin?callbackUrl=/`);
            await page.getByRole("button", { name: `Sign in with ${names.oidc}` }).click();
            await loginAtIdentityProvider(page, oidc?.issuer);
            await page.waitForURL(`${appUrl}/`);
            const session = await page.request.get(`${appUrl}${scaffold.basePath}/session`);
            expect(session.status(), running?.output()).toBe(200);
            expect(await session.json()).toMatchObject({ user: IDENTITY_PROVIDER_USER });
            if (scaffold.docsProtectedPage) {
              await expectShownTo(page, appUrl, SNIPPET_ROUTE, IDENTITY_PROVIDER_USER.email);
              // docs/react.md's account page: SessionProvider given the server's session, useSession below it.
              await page.goto(`${appUrl}/account`);
              await page.getByText(`Signed in as ${IDENTITY_PROVIDER_USER.name}`).waitFor();
            }
          } finally {
            await context.close();
          }
          timings[`${server.script}OidcSignIn`] = Math.round(performance.now() - begun);
        });
      });
    }
  },
);
