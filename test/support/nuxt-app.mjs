// An initialised Nuxt 4 fixture as a person would run it: copy the fixture app somewhere fresh, run the built
// CLI on it, make the edits the next steps ask of a user (plug a user into `authorize`, protect the notes page
// with the `auth` middleware and show who is signed in from `useSession()`, guard the notes API with
// `requireSession`, fill `.env` with the identity provider's values), install and build under Node 24 (Nuxt 4.5
// needs ^22.19 or ^24.11), and start the built server as the next steps say: `node .output/server/index.mjs`
// with PORT set, nothing loading .env but the generated auth module.
import fs from "node:fs/promises";
import path from "node:path";
import { appProcessEnv, fillEnvFile, fixturePath, prepareFixtureApp } from "./fixture-app.mjs";
import { ensureNode24, node24Env } from "./node24.mjs";
import { runCommand, startServer } from "./processes.mjs";
import { addDemoUser } from "./user-edits.mjs";

/** The person's edits of their own files, as `[before, after]` text replacements. */
export const NUXT_EDITS = {
  "app/pages/notes.vue": [
    [
      '<script setup lang="ts">\n',
      `<script setup lang="ts">\ndefinePageMeta({ middleware: "auth" });\nconst { data: session } = await useSession();\n`,
    ],
    [
      "    <h1>Notes</h1>\n",
      [
        "    <h1>Notes</h1>",
        "    <p>",
        '      Signed in as <strong data-testid="user-name">{{ session?.user?.name }}</strong>',
        '      (<span data-testid="user-email">{{ session?.user?.email }}</span>) ·',
        '      <a href="/auth/signout">Sign out</a>',
        "    </p>",
        "",
      ].join("\n"),
    ],
  ],
  "server/api/notes.get.ts": [
    [
      "export default defineEventHandler(() => ({ notes: listNotes() }));",
      "export default defineEventHandler(async (event) => {\n  await requireSession(event);\n  return { notes: listNotes() };\n});",
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

export async function applyNuxtUserEdits(dir, { oidc }) {
  const authFile = path.join(dir, "server/utils/auth.ts");
  await fs.writeFile(authFile, addDemoUser(await fs.readFile(authFile, "utf8")));
  for (const [file, pairs] of Object.entries(NUXT_EDITS)) {
    const target = path.join(dir, file);
    await fs.writeFile(target, replaceAll(await fs.readFile(target, "utf8"), pairs, file));
  }
  await fillEnvFile(path.join(dir, ".env"), {
    AUTH_OIDC_ID: oidc.clientId,
    AUTH_OIDC_SECRET: oidc.clientSecret,
    AUTH_OIDC_ISSUER: oidc.issuer,
  });
}

/** Every step before start, timed: fresh copy, init, the user's edits, install and `npm run build` (Node 24). */
export async function prepareNuxtApp(
  fixture,
  { oidc, providers, initArgs = [], edits = (dir) => applyNuxtUserEdits(dir, { oidc }) },
) {
  return prepareFixtureApp({
    fixture: fixturePath(fixture),
    providers,
    initArgs,
    edits,
    env: await node24Env(appProcessEnv({ NUXT_TELEMETRY_DISABLED: "1" })),
    // A Nuxt 4.5 user has Node 24 (or 22.19+) at hand and runs init with it: init then picks node:sqlite for
    // `--db sqlite`, where our Node 20 would pick better-sqlite3, compiled at the install for want of a
    // Node 24 binary (minutes on a loaded machine).
    initNode: (await ensureNode24()).node,
    async build(dir, env) {
      return { build: (await runCommand("npm", ["run", "build"], { cwd: dir, env, timeoutMs: 240_000 })).ms };
    },
  });
}

/** `node .output/server/index.mjs` under Node 24 on 127.0.0.1:<port> (Nitro reads PORT and HOST). */
export async function startNuxtApp(dir, port) {
  const { node } = await ensureNode24();
  return startServer(node, [".output/server/index.mjs"], {
    cwd: dir,
    env: appProcessEnv({ PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production" }),
    readyUrl: `http://127.0.0.1:${port}/`,
    timeoutMs: 60_000,
  });
}
