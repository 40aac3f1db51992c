// The initialised SolidStart fixtures as a person would run them: copy a fixture app somewhere fresh, run
// the built CLI on it, make the edits its next steps ask for (a user in `authorize`, the journal page
// protected with the generated `requireUser`, the identity provider's values in `.env`), install, build,
// and start the production server with the app's own start script. SolidStart 1 builds with vinxi on Node
// 20; SolidStart 2 builds with vite + nitro, which needs Node 24 (its output runs on Node 20, and that is
// what we start it on).
import fs from "node:fs/promises";
import path from "node:path";
import { appProcessEnv, copyFixture, fillEnvFile, fixturePath, prepareFixtureApp } from "./fixture-app.mjs";
import { node24Env } from "./node24.mjs";
import { runCommand, startServer } from "./processes.mjs";
import { addDemoUser } from "./user-edits.mjs";

/** The two fixtures: SolidStart 1 (vinxi) and SolidStart 2 (vite plugin + nitro). */
export const SOLID_START_FIXTURES = Object.freeze({
  1: { name: "solid-start-1", dir: fixturePath("solid-start-1"), buildNode: "20" },
  2: { name: "solid-start-2", dir: fixturePath("solid-start-2"), buildNode: "24" },
});

/**
 * The journal page after the user protects it as the next steps say: `requireUser` in the route's preload
 * and in the component (signed out → the sign-in page, back to /journal afterwards). The sign-out link is
 * `rel="external"` so the router lets the browser load the built-in sign-out page.
 */
export const PROTECTED_JOURNAL = `import { Title } from "@solidjs/meta";
import { createAsync, type RouteDefinition } from "@solidjs/router";
import { For, Show } from "solid-js";
import { requireUser } from "~/lib/session";

// Meant for signed-in hikers only: their own entries.
const entries = [
  { id: 1, title: "Ridge loop at dawn", miles: 7.4 },
  { id: 2, title: "Lakeside switchbacks", miles: 5.1 },
];

export const route = { preload: () => requireUser("/journal") } satisfies RouteDefinition;

export default function Journal() {
  const user = createAsync(() => requireUser("/journal"), { deferStream: true });
  return (
    <section>
      <Title>My journal · Trail Journal</Title>
      <h1>My journal</h1>
      <Show when={user()}>
        {(signedIn) => (
          <p>
            Signed in as <strong data-testid="user-name">{signedIn().name}</strong> (
            <span data-testid="user-email">{signedIn().email}</span>)
          </p>
        )}
      </Show>
      <a href="/api/auth/signout?callbackUrl=/" rel="external">
        Sign out
      </a>
      <ul>
        <For each={entries}>
          {(entry) => (
            <li>
              {entry.title} ({entry.miles} mi)
            </li>
          )}
        </For>
      </ul>
    </section>
  );
}
`;

/** Copies a fixture (without any local install or build output) into a fresh temp directory. */
export function copySolidFixture(fixture) {
  return copyFixture(fixture.dir);
}

/** The edits a person makes after init: demo user, protected journal, identity provider values in `.env`. */
export async function applySolidUserEdits(dir, { appUrl, oidc }) {
  const authFile = path.join(dir, "src", "auth.ts");
  await fs.writeFile(authFile, addDemoUser(await fs.readFile(authFile, "utf8")));
  await fs.writeFile(path.join(dir, "src", "routes", "journal.tsx"), PROTECTED_JOURNAL);
  await fillEnvFile(path.join(dir, ".env"), {
    AUTH_URL: appUrl,
    AUTH_OIDC_ID: oidc.clientId,
    AUTH_OIDC_SECRET: oidc.clientSecret,
    AUTH_OIDC_ISSUER: oidc.issuer,
  });
}

/** The environment installs and builds run in: Node 24 first on PATH for SolidStart 2. */
async function buildEnv(fixture) {
  return fixture.buildNode === "24" ? node24Env(appProcessEnv()) : appProcessEnv();
}

/**
 * Every step before start, timed: fresh copy, init (`providers`, `initArgs`), the user's edits (`edits`, by
 * default applySolidUserEdits), install, build.
 */
export async function prepareSolidStartApp({
  fixture,
  appUrl,
  oidc,
  providers,
  initArgs = [],
  edits = (dir) => applySolidUserEdits(dir, { appUrl, oidc }),
}) {
  return prepareFixtureApp({
    fixture: fixture.dir,
    providers,
    initArgs,
    edits,
    env: await buildEnv(fixture),
    async build(dir, env) {
      return { build: (await runCommand("npm", ["run", "build"], { cwd: dir, env })).ms };
    },
  });
}

/**
 * Starts the production server the way its scaffold says, `PORT=<port> npm start` (vinxi start; node
 * .output/server/index.mjs), under this process's Node (20), with nothing loading `.env` but the generated
 * auth module: the built server reads no env file of its own.
 */
export function startSolidStartApp(dir, port) {
  return startServer("npm", ["start"], {
    cwd: dir,
    env: appProcessEnv({ PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production" }),
    readyUrl: `http://127.0.0.1:${port}/`,
    timeoutMs: 60_000,
  });
}
