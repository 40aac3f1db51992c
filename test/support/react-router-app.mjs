// The initialised React Router fixture (framework mode, TypeScript) as a person would run it: copy the fixture
// app somewhere fresh, run the built CLI on it, make the edits the next steps ask of a user (plug a user into
// `authorize`, guard the notes page and the notes API with `auth.requireSession(request)` in their loaders,
// show who is signed in from the page's loader, fill `.env` with the identity provider's values), install,
// build (`react-router build`), and start it with its own `npm start` (`react-router-serve`, which reads no
// env file by itself: the auth module loads it).
import fs from "node:fs/promises";
import path from "node:path";
import { appProcessEnv, fillEnvFile, fixturePath, prepareFixtureApp } from "./fixture-app.mjs";
import { runCommand, startServer } from "./processes.mjs";
import { addDemoUser } from "./user-edits.mjs";

const IMPORT_AUTH = 'import { auth } from "~/auth.server";';

/** Who is signed in, from the loader's session, and the way out: the built-in sign-out page (a plain link). */
const SIGNED_IN_AS = [
  "<h1>Notes</h1>",
  '      <p>Signed in as <strong data-testid="user-name">{loaderData.user?.name}</strong> (',
  '        <span data-testid="user-email">{loaderData.user?.email}</span>) · <a href="/auth/signout">Sign out</a>',
  "      </p>",
].join("\n");

/** The person's edits of their own files, as `[before, after]` text replacements. */
export const REACT_ROUTER_EDITS = {
  "app/routes/notes.tsx": [
    ['import { Form } from "react-router";', `import { Form } from "react-router";\n${IMPORT_AUTH}`],
    [
      "export async function loader(_: Route.LoaderArgs) {\n  return {",
      "export async function loader({ request }: Route.LoaderArgs) {\n  const session = await auth.requireSession(request);\n  return { user: session.user ?? null,",
    ],
    ["<h1>Notes</h1>", SIGNED_IN_AS],
  ],
  "app/routes/api.notes.ts": [
    ['import { listNotes } from "~/notes.server";', `${IMPORT_AUTH}\nimport { listNotes } from "~/notes.server";`],
    [
      "export async function loader(_: Route.LoaderArgs) {",
      "export async function loader({ request }: Route.LoaderArgs) {\n  await auth.requireSession(request);",
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

export async function applyReactRouterUserEdits(dir, { oidc }) {
  const authFile = path.join(dir, "app/auth.server.ts");
  await fs.writeFile(authFile, addDemoUser(await fs.readFile(authFile, "utf8")));
  for (const [file, pairs] of Object.entries(REACT_ROUTER_EDITS)) {
    const target = path.join(dir, file);
    await fs.writeFile(target, replaceAll(await fs.readFile(target, "utf8"), pairs, file));
  }
  await fillEnvFile(path.join(dir, ".env"), {
    AUTH_OIDC_ID: oidc.clientId,
    AUTH_OIDC_SECRET: oidc.clientSecret,
    AUTH_OIDC_ISSUER: oidc.issuer,
  });
}

/** `npm run build` (react-router build), timed. */
export async function buildReactRouterApp(dir, env) {
  return { build: (await runCommand("npm", ["run", "build"], { cwd: dir, env })).ms };
}

/** Every step before start, timed: fresh copy, init, the person's edits, install, `npm run build`. */
export function prepareReactRouterApp(
  fixture,
  { oidc, providers, initArgs = [], edits = (dir) => applyReactRouterUserEdits(dir, { oidc }) },
) {
  return prepareFixtureApp({ fixture: fixturePath(fixture), providers, initArgs, edits, build: buildReactRouterApp });
}

/** `npm start` (react-router-serve) on 127.0.0.1:<port> (it reads PORT and HOST); stopped by PID through `stop()`. */
export function startReactRouterApp(dir, port) {
  return startServer("npm", ["start", "--silent"], {
    cwd: dir,
    env: appProcessEnv({ PORT: String(port), HOST: "127.0.0.1" }),
    readyUrl: `http://127.0.0.1:${port}/`,
    timeoutMs: 30_000,
  });
}
