// Apps as the frameworks' own scaffolders make them (test/fixtures/scaffold-*, each FIXTURE.md says how it was
// made), after `create-auth init --providers credentials` and nothing else: the app's own scripts pass unchanged
// (lint, check, build), its servers start the way the scaffold or our next steps say (dev, preview, start), each
// on a port that is not the framework's default, and the auth routes work there: the built-in sign-in page
// answers, and a credentials sign-in is denied as the generated `authorize` (which returns null) designs it,
// back to the sign-in page on the app's own origin. Every install starts at once (they wait on the network, not
// the CPU) and shares npm's cache; each step is timed.
//
// Not here yet: the Qwik empty starter's `npm run preview` (its build, type check and lint pass, but under this
// test the preview server answered 404 on /auth/signin, while the same commands by hand answered 200: issue 11).
// The SolidStart scaffolder fetches its templates from GitHub, which the test machines cannot reach.
import fs from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { appProcessEnv, copyFixture, fixturePath, initAuth, installApp } from "../support/fixture-app.mjs";
import { ensureRepositoryBuilt } from "../support/next-app.mjs";
import { freePort } from "../support/ports.mjs";
import { type RunningServer, runCommand, startServer } from "../support/processes.mjs";

interface Scaffold {
  /** The fixture under test/fixtures. */
  fixture: string;
  /** Where the integration serves the auth routes. */
  basePath: string;
  /** The app's own npm scripts, in the order a person runs them before starting the production server. */
  scripts: string[];
  /**
   * The servers the scaffold or our next steps tell the user to start, each on a port that is not its default;
   * none where it does not sign in yet (the file's header says why).
   */
  servers: Server[];
}

interface Server {
  /** The npm script it runs, for the timings. */
  script: string;
  /** The command as the user types it, for the tests' names. */
  command: string;
  /** The npm arguments and environment that start it on `port`. */
  start(port: number): { args: string[]; env?: Record<string, string> };
}

/** `npm run <script> -- --port <port> --strictPort`: Vite's dev and preview servers. */
function vite(script: string): Server {
  return {
    script,
    command: `npm run ${script} -- --port <port>`,
    start: (port) => ({ args: ["run", script, "--", "--port", String(port), "--strictPort"] }),
  };
}

/** `PORT=<port> npm run <script>`: Next's servers and express-generator's bin/www read PORT. */
function withPort(script: string): Server {
  return {
    script,
    command: `PORT=<port> npm run ${script}`,
    start: (port) => ({ args: ["run", script], env: { PORT: String(port) } }),
  };
}

const SCAFFOLDS: Scaffold[] = [
  {
    // create-next-app's README: npm run build, then npm start; Next reads PORT.
    fixture: "scaffold-next-16",
    basePath: "/api/auth",
    scripts: ["lint", "build"],
    servers: [withPort("dev"), withPort("start")],
  },
  {
    // Our next steps: npm run dev; sv's README: npm run build, then npm run preview to see the production build.
    fixture: "scaffold-sveltekit-minimal",
    basePath: "/auth",
    scripts: ["check", "build"],
    servers: [vite("dev"), vite("preview")],
  },
  {
    // express-generator's own instructions: npm start (bin/www reads PORT); it has no lint or build script.
    fixture: "scaffold-express-generator",
    basePath: "/auth",
    scripts: [],
    servers: [withPort("start")],
  },
  {
    // Our next steps: npm run dev (create-qwik's README: npm start, the same server opening a browser).
    fixture: "scaffold-qwik-empty",
    basePath: "/auth",
    scripts: ["lint"],
    servers: [vite("dev")],
  },
];

/** A fresh copy of the fixture, initialised and installed; its steps' milliseconds. */
interface Installed {
  dir: string;
  timings: Record<string, number>;
}

async function initAndInstall(fixture: string): Promise<Installed> {
  const dir = await copyFixture(fixturePath(fixture));
  const init = await initAuth(dir, ["credentials"]);
  const install = await installApp(dir);
  return { dir, timings: { init: init.ms, install: install.ms } };
}

/** The cookies a response sets, as one Cookie header. */
function cookieHeader(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

const installs = new Map<string, Promise<Installed>>();
let repositoryBuild = 0;

beforeAll(async () => {
  repositoryBuild = await ensureRepositoryBuilt();
  for (const { fixture } of SCAFFOLDS) {
    const installed = initAndInstall(fixture);
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
  console.info(`scaffolds: repository build ${repositoryBuild} ms`);
});

describe.each(SCAFFOLDS)("the $fixture starter after init alone", (scaffold) => {
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
        const port = await freePort();
        appUrl = `http://localhost:${port}`;
        const { args, env } = server.start(port);
        running = await startServer("npm", args, {
          cwd: dir,
          env: appProcessEnv(env),
          readyUrl: `${appUrl}/`,
          timeoutMs: 90_000,
        });
        timings[`${server.script}Ready`] = running.readyMs;
        const page = await fetch(`${appUrl}${scaffold.basePath}/signin`);
        expect(page.status, running.output()).toBe(200);
        // The form posts back to this server: the same origin and port, whatever AUTH_URL the env file holds.
        const action = /<form action="([^"]*\/callback\/credentials)"/.exec(await page.text())?.[1];
        expect(action && new URL(action, appUrl).href).toBe(`${appUrl}${scaffold.basePath}/callback/credentials`);
      });

      test("denies a credentials sign-in as the generated authorize says, back to its own sign-in page", async () => {
        const begun = performance.now();
        const csrf = await fetch(`${appUrl}${scaffold.basePath}/csrf`);
        expect(csrf.status, running?.output()).toBe(200);
        const { csrfToken } = (await csrf.json()) as { csrfToken: string };
        // As the sign-in page's form posts it from a browser: same origin, the CSRF cookie and token.
        const attempt = await fetch(`${appUrl}${scaffold.basePath}/callback/credentials`, {
          method: "POST",
          redirect: "manual",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            cookie: cookieHeader(csrf),
            origin: appUrl,
          },
          body: new URLSearchParams({ csrfToken, email: "someone@example.test", password: "a guess" }),
        });
        timings[`${server.script}DeniedSignIn`] = Math.round(performance.now() - begun);
        expect([302, 303], running?.output()).toContain(attempt.status);
        const location = new URL(attempt.headers.get("location") ?? "", appUrl);
        expect(location.origin).toBe(appUrl);
        expect(location.pathname).toBe(`${scaffold.basePath}/signin`);
        expect(location.searchParams.get("error")).toBe("CredentialsSignin");
        // Denied means no session: the attempt sets no session cookie.
        expect(attempt.headers.getSetCookie().filter((cookie) => cookie.includes("session-token="))).toEqual([]);
      });
    });
  }
});
