// An initialised Fastify fixture (fastify-cli's TypeScript app) as a person would run it: copy the fixture app
// somewhere fresh, run the built CLI on it, make the edits the next steps ask of a user (plug a user into
// `authorize`, guard the notes page and the notes API with `fastify.requireAuth`, show who is signed in from
// `request.getSession()`, fill `.env` with the identity provider's values), install, build (`npm run build:ts`),
// and start it with its own `npm start` (which builds again, then `fastify start`, which loads .env).
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

/** The person's edits of their own files, as text replacements. */
export const FASTIFY_EDITS = {
  "src/routes/notes/index.ts": [
    ["// The notes page, rendered on the server", `${SIGNED_IN_AS}\n\n// The notes page, rendered on the server`],
    [
      "fastify.get('/', async function (_request, reply) {",
      "fastify.get('/', { preHandler: fastify.requireAuth }, async function (request, reply) {\n    const session = await request.getSession()",
    ],
    ["`<h1>Notes</h1><ul>", `\`<h1>Notes</h1>\${signedInAs(session)}<ul>`],
  ],
  "src/routes/api/notes/index.ts": [
    [
      "const notesApi: FastifyPluginAsync = async (fastify): Promise<void> => {",
      "const notesApi: FastifyPluginAsync = async (fastify): Promise<void> => {\n  fastify.addHook('preHandler', fastify.requireAuth)\n",
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

export async function applyFastifyUserEdits(dir, { oidc }) {
  const authFile = path.join(dir, "src/auth.ts");
  await fs.writeFile(authFile, addDemoUser(await fs.readFile(authFile, "utf8")));
  for (const [file, pairs] of Object.entries(FASTIFY_EDITS)) {
    const target = path.join(dir, file);
    await fs.writeFile(target, replaceAll(await fs.readFile(target, "utf8"), pairs, file));
  }
  await fillEnvFile(path.join(dir, ".env"), {
    AUTH_OIDC_ID: oidc.clientId,
    AUTH_OIDC_SECRET: oidc.clientSecret,
    AUTH_OIDC_ISSUER: oidc.issuer,
  });
}

/** Every step before start, timed: fresh copy, init, the user's edits, install, and `npm run build:ts`. */
export function prepareFastifyApp(
  fixture,
  { oidc, providers, initArgs = [], edits = (dir) => applyFastifyUserEdits(dir, { oidc }) },
) {
  return prepareFixtureApp({
    fixture: fixturePath(fixture),
    providers,
    initArgs,
    edits,
    async build(dir, env) {
      return { build: (await runCommand("npm", ["run", "build:ts"], { cwd: dir, env })).ms };
    },
  });
}

/** `npm start` (build, then `fastify start`) on 127.0.0.1:<port> (fastify-cli reads PORT and FASTIFY_ADDRESS). */
export function startFastifyApp(dir, port) {
  return startServer("npm", ["start", "--silent"], {
    cwd: dir,
    env: appProcessEnv({ PORT: String(port), FASTIFY_ADDRESS: "127.0.0.1" }),
    readyUrl: `http://127.0.0.1:${port}/`,
    timeoutMs: 60_000,
  });
}
