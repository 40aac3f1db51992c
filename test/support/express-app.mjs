// An initialised Express fixture as a person would run it: copy the fixture app somewhere fresh, run the
// built CLI on it, make the edits the next steps ask of a user (plug a user into `authorize`, protect the
// notes page with the generated `requireAuth`, show who is signed in, fill `.env` with the identity
// provider's values), install, build when the app has a build step, and start it with its own start command.
import fs from "node:fs/promises";
import path from "node:path";
import { appProcessEnv, fillEnvFile, fixturePath, prepareFixtureApp } from "./fixture-app.mjs";
import { runCommand, startServer } from "./processes.mjs";
import { addDemoUser, DEMO_USER } from "./user-edits.mjs";

/** The notes page's heading, followed by who is signed in (the `${…}` is code in the app, not ours). */
const SHOW_USER = `\`<h1>Notes</h1>\${signedInAs(res.locals.session)}<ul>`;

/** Per fixture: where init writes the auth module, which file mounts it, and the user's edits as text replacements. */
export const EXPRESS_FIXTURES = {
  "express-5-ts": {
    authFile: "src/auth.ts",
    build: true,
    edits: {
      "src/app.ts": [
        ['import { authConfig } from "./auth.js";', 'import { authConfig, requireAuth } from "./auth.js";'],
        [
          'app.get("/notes", (_req: Request, res: Response) => {',
          'app.get("/notes", requireAuth, (_req: Request, res: Response) => {',
        ],
        ["`<h1>Notes</h1><ul>", SHOW_USER],
        ["export const app = express();", `${signedInAsSource(true)}\n\nexport const app = express();`],
      ],
    },
  },
  "express-4-js": {
    authFile: "auth.js",
    build: false,
    edits: {
      "app.js": [
        ['const { authConfig } = require("./auth");', 'const { authConfig, requireAuth } = require("./auth");'],
        ['app.use("/notes", notesRouter);', 'app.use("/notes", requireAuth, notesRouter);'],
      ],
      "routes/notes.js": [
        ["`<h1>Notes</h1><ul>", SHOW_USER],
        ["const router = express.Router();", `${signedInAsSource(false)}\n\nconst router = express.Router();`],
      ],
    },
  },
};

/** The line a protected page shows: who is signed in, and the way out (the built-in sign-out page). */
function signedInAsSource(typescript) {
  const parameter = typescript ? "session: { user: { name?: string | null; email?: string | null } }" : "session";
  return [
    "// Who is signed in (requireAuth put the session in res.locals), and the way out.",
    `function signedInAs(${parameter}) {`,
    `  return \`<p>Signed in as <strong data-testid="user-name">\${escape(session.user.name)}</strong>` +
      ` (<span data-testid="user-email">\${escape(session.user.email)}</span>) · <a href="/auth/signout">Sign out</a></p>\`;`,
    "}",
  ].join("\n");
}

/**
 * The demo-user check for a CommonJS auth module: user-edits' `addDemoUser` writes TypeScript and an ES
 * import, so it is applied to TypeScript as is and translated for CommonJS JavaScript here.
 */
export function addDemoUserCommonJs(source, user = DEMO_USER) {
  const typed = addDemoUser(source, user);
  return typed
    .replace(
      'import { createHash, timingSafeEqual } from "node:crypto";\n',
      'const { createHash, timingSafeEqual } = require("node:crypto");\n',
    )
    .replace("const digest = (value: unknown) =>", "const digest = (value) =>");
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

export async function applyExpressUserEdits(dir, fixture, { oidc }) {
  const spec = EXPRESS_FIXTURES[fixture];
  const authFile = path.join(dir, spec.authFile);
  const auth = await fs.readFile(authFile, "utf8");
  await fs.writeFile(authFile, spec.authFile.endsWith(".ts") ? addDemoUser(auth) : addDemoUserCommonJs(auth));
  for (const [file, pairs] of Object.entries(spec.edits)) {
    const target = path.join(dir, file);
    await fs.writeFile(target, replaceAll(await fs.readFile(target, "utf8"), pairs, file));
  }
  await fillEnvFile(path.join(dir, ".env"), {
    AUTH_OIDC_ID: oidc.clientId,
    AUTH_OIDC_SECRET: oidc.clientSecret,
    AUTH_OIDC_ISSUER: oidc.issuer,
  });
}

/**
 * Every step before start, timed: fresh copy, init (`providers`, `initArgs`), the user's edits (`edits`, by
 * default the fixture's own), install, and the app's build if it has one.
 */
export function prepareExpressApp(
  fixture,
  { oidc, providers, initArgs = [], edits = (dir) => applyExpressUserEdits(dir, fixture, { oidc }) },
) {
  return prepareFixtureApp({
    fixture: fixturePath(fixture),
    providers,
    initArgs,
    edits,
    async build(dir, env) {
      if (!EXPRESS_FIXTURES[fixture].build) return {};
      return { build: (await runCommand("npm", ["run", "build"], { cwd: dir, env })).ms };
    },
  });
}

/** `npm start`, the app's own start command, on 127.0.0.1:<port>; stopped by PID through `stop()`. */
export function startExpressApp(dir, port) {
  return startServer("npm", ["start", "--silent"], {
    cwd: dir,
    env: appProcessEnv({ PORT: String(port), HOST: "127.0.0.1" }),
    readyUrl: `http://127.0.0.1:${port}/`,
    timeoutMs: 30_000,
  });
}
