// An initialised Fastify fixture as a person would run it: copy the fixture app somewhere fresh, run the built
// CLI on it, make the edits the next steps ask of a user (plug a user into `authorize`, guard the notes page and
// the notes API with the `requireAuth` decorator, show who is signed in from `request.getSession()`, fill `.env`
// with the identity provider's values), install, build, and start it with its own `npm start`. Two host shapes,
// told apart by data (FASTIFY_FIXTURES): fastify-cli's autoload app (`npm run build:ts`; `npm start` builds again,
// then `fastify start`, which loads .env) and a plain app (`npm run build` = tsc; `npm start` = `node
// dist/server.js`, which loads no env file: the module init edited does).
import fs from "node:fs/promises";
import path from "node:path";
import { appProcessEnv, fillEnvFile, fixturePath, prepareFixtureApp } from "./fixture-app.mjs";
import { runCommand, startServer } from "./processes.mjs";
import { addDemoUser } from "./user-edits.mjs";

/** Who is signed in, and the way out (the built-in sign-out page): code the person adds to the notes page. */
const SIGNED_IN_AS = [
  "// Who is signed in (the guard let the request through, so there is a session), and the way out.",
  "function signedInAs (session: { user?: { name?: string | null, email?: string | null } } | null): string {",
  `  return \`<p>Signed in as <strong data-testid="user-name">\${escape(session?.user?.name)}</strong>\` +`,
  `    \` (<span data-testid="user-email">\${escape(session?.user?.email)}</span>) · <a href="/auth/signout">Sign out</a></p>\``,
  "}",
].join("\n");

/** The notes page's heading, followed by who is signed in (the `${…}` is code in the app, not ours). */
const SHOW_USER = ["`<h1>Notes</h1><ul>", `\`<h1>Notes</h1>\${signedInAs(session)}<ul>`];
/** Where the person puts signedInAs: above the notes page, whose comment both fixtures share. */
const ADD_SIGNED_IN_AS = [
  "// The notes page, rendered on the server",
  `${SIGNED_IN_AS}\n\n// The notes page, rendered on the server`,
];

/**
 * Per fixture: the build script (`npm run <build>`; `npm start` runs the built app), the variable its start
 * reads the listening address from besides PORT, and the person's edits of their own files as text
 * replacements, in each fixture's code: a plugin per folder (`fastify.requireAuth`) or one module (`app.…`).
 */
export const FASTIFY_FIXTURES = {
  "fastify-5-cli": {
    build: "build:ts",
    // fastify-cli's `fastify start` reads FASTIFY_ADDRESS (and PORT).
    hostVariable: "FASTIFY_ADDRESS",
    edits: {
      "src/routes/notes/index.ts": [
        ADD_SIGNED_IN_AS,
        [
          "fastify.get('/', async function (_request, reply) {",
          "fastify.get('/', { preHandler: fastify.requireAuth }, async function (request, reply) {\n    const session = await request.getSession()",
        ],
        SHOW_USER,
      ],
      "src/routes/api/notes/index.ts": [
        [
          "const notesApi: FastifyPluginAsync = async (fastify): Promise<void> => {",
          "const notesApi: FastifyPluginAsync = async (fastify): Promise<void> => {\n  fastify.addHook('preHandler', fastify.requireAuth)\n",
        ],
      ],
    },
  },
  "fastify-5-plain": {
    build: "build",
    // src/server.ts listens on PORT and HOST.
    hostVariable: "HOST",
    edits: {
      // As init's next steps put it: `app.get("/notes", { preHandler: app.requireAuth }, handler)`.
      "src/server.ts": [
        ADD_SIGNED_IN_AS,
        [
          "app.get('/notes', async (_request, reply) => {",
          "app.get('/notes', { preHandler: app.requireAuth }, async (request, reply) => {\n  const session = await request.getSession()",
        ],
        SHOW_USER,
        ["app.get('/api/notes', async () => {", "app.get('/api/notes', { preHandler: app.requireAuth }, async () => {"],
      ],
    },
  },
};

function fixtureSpec(fixture) {
  const spec = FASTIFY_FIXTURES[fixture];
  if (!spec) throw new Error(`no e2e set-up for the Fastify fixture ${fixture}`);
  return spec;
}

/** Applies `[before, after]` replacements, failing loudly when the text a user would edit is not there. */
function replaceAll(source, pairs, file) {
  let out = source;
  for (const [before, after] of pairs) {
    if (!out.includes(before)) throw new Error(`${file} has no \`${before}\` to edit`);
    out = out.replace(before, () => after);
  }
  return out;
}

export async function applyFastifyUserEdits(dir, fixture, { oidc }) {
  const authFile = path.join(dir, "src/auth.ts");
  await fs.writeFile(authFile, addDemoUser(await fs.readFile(authFile, "utf8")));
  for (const [file, pairs] of Object.entries(fixtureSpec(fixture).edits)) {
    const target = path.join(dir, file);
    await fs.writeFile(target, replaceAll(await fs.readFile(target, "utf8"), pairs, file));
  }
  await fillEnvFile(path.join(dir, ".env"), {
    AUTH_OIDC_ID: oidc.clientId,
    AUTH_OIDC_SECRET: oidc.clientSecret,
    AUTH_OIDC_ISSUER: oidc.issuer,
  });
}

/** The fixture's own build script (`npm run build:ts`, `npm run build`), timed. */
export async function buildFastifyApp(fixture, dir, env = appProcessEnv()) {
  return { build: (await runCommand("npm", ["run", fixtureSpec(fixture).build], { cwd: dir, env })).ms };
}

/** Every step before start, timed: fresh copy, init, the user's edits, install, and the fixture's build. */
export function prepareFastifyApp(
  fixture,
  { oidc, providers, initArgs = [], edits = (dir) => applyFastifyUserEdits(dir, fixture, { oidc }) },
) {
  fixtureSpec(fixture);
  return prepareFixtureApp({
    fixture: fixturePath(fixture),
    providers,
    initArgs,
    edits,
    build: (dir, env) => buildFastifyApp(fixture, dir, env),
  });
}

/** `npm start`, the app's own start command, on 127.0.0.1:<port> (PORT and the fixture's host variable). */
export function startFastifyApp(fixture, dir, port) {
  return startServer("npm", ["start", "--silent"], {
    cwd: dir,
    env: appProcessEnv({ PORT: String(port), [fixtureSpec(fixture).hostVariable]: "127.0.0.1" }),
    readyUrl: `http://127.0.0.1:${port}/`,
    timeoutMs: 60_000,
  });
}
