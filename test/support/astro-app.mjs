// The initialised Astro fixture (Astro 7, @astrojs/node standalone, output "server") as a person would run it:
// copy the fixture app somewhere fresh, run the built CLI on it, make the edits the next steps ask of a user
// (plug a user into `authorize`, guard the notes page and the notes API with `auth.requireSession`, show who is
// signed in on the server-rendered notes page, fill `.env` with the identity provider's values), install,
// build (`npm run build`: astro build), and start it with its own `npm start` (`node ./dist/server/entry.mjs`,
// which reads no env file by itself: the auth module init wrote loads it). Astro 7 needs Node ≥ 22.12: install,
// build and server run under Node 24 (node24.mjs).
import fs from "node:fs/promises";
import path from "node:path";
import { appProcessEnv, fillEnvFile, fixturePath, prepareFixtureApp } from "./fixture-app.mjs";
import { ensureNode24, node24Env } from "./node24.mjs";
import { runCommand, startServer } from "./processes.mjs";
import { addDemoUser } from "./user-edits.mjs";

/** The person's edits of their own files, as `[before, after]` text replacements. */
export const ASTRO_EDITS = {
  "src/pages/notes.astro": [
    [
      'import { listNotes } from "../lib/notes";\n',
      'import { listNotes } from "../lib/notes";\nimport { auth } from "../auth";\n\n// Team members only: a signed-out visitor goes to sign in.\nconst session = await auth.requireSession(Astro);\nif (session instanceof Response) return session;\n',
    ],
    [
      "<h1>Notes</h1>\n",
      '<h1>Notes</h1>\n  <p>\n    Signed in as <strong data-testid="user-name">{session.user?.name}</strong>\n    (<span data-testid="user-email">{session.user?.email}</span>) · <a href="/auth/signout">Sign out</a>\n  </p>\n',
    ],
  ],
  "src/pages/api/notes.ts": [
    [
      'import { listNotes } from "../../lib/notes";\n',
      'import { auth } from "../../auth";\nimport { listNotes } from "../../lib/notes";\n',
    ],
    [
      "export const GET: APIRoute = () => {\n",
      "export const GET: APIRoute = async (context) => {\n  const session = await auth.requireSession(context);\n  if (session instanceof Response) return session;\n",
    ],
  ],
};

/** Applies `[before, after]` replacements, failing loudly when the text a user would edit is not there. */
function replaceAll(source, pairs, file) {
  let out = source;
  for (const [before, after] of pairs) {
    if (!out.includes(before)) throw new Error(`${file} has no \`${before}\` to edit`);
    out = out.replace(before, () => after);
  }
  return out;
}

export async function applyAstroUserEdits(dir, { oidc }) {
  const authFile = path.join(dir, "src/auth.ts");
  await fs.writeFile(authFile, addDemoUser(await fs.readFile(authFile, "utf8")));
  for (const [file, pairs] of Object.entries(ASTRO_EDITS)) {
    const target = path.join(dir, file);
    await fs.writeFile(target, replaceAll(await fs.readFile(target, "utf8"), pairs, file));
  }
  await fillEnvFile(path.join(dir, ".env"), {
    AUTH_OIDC_ID: oidc.clientId,
    AUTH_OIDC_SECRET: oidc.clientSecret,
    AUTH_OIDC_ISSUER: oidc.issuer,
  });
}

/** The app's processes under Node 24 (Astro 7 needs Node ≥ 22.12), without Astro's telemetry. */
export async function astroEnv(extra = {}) {
  return node24Env(appProcessEnv({ ASTRO_TELEMETRY_DISABLED: "1", ...extra }));
}

/** Every step before start, timed: fresh copy, init, the person's edits, install, `npm run build`. */
export async function prepareAstroApp(
  fixture,
  { oidc, providers, initArgs = [], edits = (dir) => applyAstroUserEdits(dir, { oidc }) },
) {
  return prepareFixtureApp({
    fixture: fixturePath(fixture),
    providers,
    initArgs,
    edits,
    env: await astroEnv(),
    // An Astro 7 user has Node 22.12+ at hand and runs init with it (for `--db sqlite`: node:sqlite, nothing
    // to compile; the Nuxt set-up says more).
    initNode: (await ensureNode24()).node,
    async build(dir, env) {
      return { build: (await runCommand("npm", ["run", "build"], { cwd: dir, env })).ms };
    },
  });
}

/** `npm start` (node ./dist/server/entry.mjs) on 127.0.0.1:<port> (the Node adapter reads HOST and PORT). */
export async function startAstroApp(dir, port) {
  return startServer("npm", ["start", "--silent"], {
    cwd: dir,
    env: await astroEnv({ PORT: String(port), HOST: "127.0.0.1" }),
    readyUrl: `http://127.0.0.1:${port}/`,
    timeoutMs: 60_000,
  });
}
