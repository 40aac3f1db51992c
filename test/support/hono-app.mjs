// The initialised Hono fixture as a person would run it: copy the fixture app somewhere fresh, run the built
// CLI on it, make the edits the next steps ask of a user (plug a user into `authorize`, guard the notes page
// and the JSON API with `auth.requireAuth()`, show who is signed in on the server-rendered notes page, fill
// `.env` with the identity provider's values), install, build (`tsc`), and start it with its own
// `npm start` (`node dist/index.js`, which reads no env file by itself).
import fs from "node:fs/promises";
import path from "node:path";
import { appProcessEnv, fillEnvFile, fixturePath, prepareFixtureApp } from "./fixture-app.mjs";
import { runCommand, startServer } from "./processes.mjs";
import { addDemoUser } from "./user-edits.mjs";

const MOUNT = 'app.on(["GET", "POST"], "/auth/*", auth.handler);';

/** Who is signed in (the session read on the server), and the way out: the built-in sign-out page. */
const SIGNED_IN_AS = [
  "// Who is signed in, read on the server, and the way out.",
  "function signedInAs(session: Session | null) {",
  `  return html\`<p>Signed in as <strong data-testid="user-name">\${session?.user?.name}</strong>` +
    ` (<span data-testid="user-email">\${session?.user?.email}</span>) · <a href="/auth/signout">Sign out</a></p>\`;`,
  "}",
].join("\n");

/** The person's edits of src/index.ts, as `[before, after]` text replacements. */
export const HONO_INDEX_EDITS = [
  [
    'import { auth } from "./auth.js";',
    'import { auth } from "./auth.js";\nimport type { Session } from "@create-auth/runtime/hono";',
  ],
  [
    MOUNT,
    `${MOUNT}\n\n// Team members only: the notes page sends visitors to sign in, the JSON API answers 401.\napp.use("/notes/*", auth.requireAuth());\napp.use("/api/*", auth.requireAuth());`,
  ],
  ["const app = new Hono();", `${SIGNED_IN_AS}\n\nconst app = new Hono();`],
  ['app.get("/notes", (c) => {', 'app.get("/notes", async (c) => {\n  const session = await auth.getSession(c);'],
  ["html`<h1>Notes</h1><ul>", `html\`<h1>Notes</h1>\${signedInAs(session)}<ul>`],
];

/** Applies `[before, after]` replacements, failing loudly when the text a user would edit is not there. */
function replaceAll(source, pairs, file) {
  let out = source;
  for (const [before, after] of pairs) {
    if (!out.includes(before)) throw new Error(`${file} has no \`${before}\` to edit`);
    out = out.replace(before, () => after);
  }
  return out;
}

export async function applyHonoUserEdits(dir, { oidc }) {
  const authFile = path.join(dir, "src/auth.ts");
  await fs.writeFile(authFile, addDemoUser(await fs.readFile(authFile, "utf8")));
  const index = path.join(dir, "src/index.ts");
  await fs.writeFile(index, replaceAll(await fs.readFile(index, "utf8"), HONO_INDEX_EDITS, "src/index.ts"));
  await fillEnvFile(path.join(dir, ".env"), {
    AUTH_OIDC_ID: oidc.clientId,
    AUTH_OIDC_SECRET: oidc.clientSecret,
    AUTH_OIDC_ISSUER: oidc.issuer,
  });
}

/** Every step before start, timed: fresh copy, init, the person's edits, install, `npm run build`. */
export function prepareHonoApp(
  fixture,
  { oidc, providers, initArgs = [], edits = (dir) => applyHonoUserEdits(dir, { oidc }) },
) {
  return prepareFixtureApp({
    fixture: fixturePath(fixture),
    providers,
    initArgs,
    edits,
    async build(dir, env) {
      return { build: (await runCommand("npm", ["run", "build"], { cwd: dir, env })).ms };
    },
  });
}

/** `npm start`, the app's own start command, on 127.0.0.1:<port>; stopped by PID through `stop()`. */
export function startHonoApp(dir, port) {
  return startServer("npm", ["start", "--silent"], {
    cwd: dir,
    env: appProcessEnv({ PORT: String(port), HOST: "127.0.0.1" }),
    readyUrl: `http://127.0.0.1:${port}/`,
    timeoutMs: 30_000,
  });
}
