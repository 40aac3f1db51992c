// An initialised SvelteKit fixture as a person would run it: copy the fixture somewhere fresh, run the built
// CLI on it, make the edits the next steps ask of a user (a demo user in `authorize`, a protected page, the
// SignIn/SignOut components), install, `vite build`, and start adapter-node's output with the env file.
// SvelteKit 3 needs Node ≥ 22.17: its install, build and server run under Node 24 (node24.mjs).
import fs from "node:fs/promises";
import path from "node:path";
import { appProcessEnv, fillEnvFile, fixturePath, prepareFixtureApp } from "./fixture-app.mjs";
import { ensureNode24, node24Env } from "./node24.mjs";
import { runCommand, startServer } from "./processes.mjs";
import { addDemoUser } from "./user-edits.mjs";

/** The notes page after the user protects it: signed out → sign-in page; signed in → who, and a way out. */
export const PROTECTED_NOTES_LOAD = `import { redirect } from "@sveltejs/kit";
import { notes } from "LIB/notes";
import type { PageServerLoad } from "./$types";

// Meant for signed-in team members only.
export const load: PageServerLoad = async (event) => {
  const session = await event.locals.auth();
  if (!session?.user) redirect(303, \`/auth/signin?callbackUrl=\${encodeURIComponent(event.url.pathname)}\`);
  return { notes, user: session.user };
};
`;

export const PROTECTED_NOTES_PAGE = `<script lang="ts">
  import { SignOut } from "@create-auth/runtime/sveltekit/components";
  let { data } = $props();
</script>

<h1>Notes</h1>
<p>
  Signed in as <strong data-testid="user-name">{data.user.name}</strong>
  (<span data-testid="user-email">{data.user.email}</span>)
</p>
<SignOut options={{ redirectTo: "/" }} />
<ul>
  {#each data.notes as note (note.id)}
    <li>{note.title}</li>
  {/each}
</ul>
`;

/** The app's own sign-in page, built on the SignIn component and the generated /signin form action. */
export const LOGIN_PAGE = `<script lang="ts">
  import { SignIn } from "@create-auth/runtime/sveltekit/components";
</script>

<h1>Sign in to Acme Notes</h1>
<SignIn provider="credentials" options={{ redirectTo: "/notes" }}>
  <input name="email" type="email" aria-label="Email" required />
  <input name="password" type="password" aria-label="Password" required />
  {#snippet submitButton()}
    <button type="submit">Log in</button>
  {/snippet}
</SignIn>
`;

/** The home page, saying whether the layout's `session` says signed in. */
export const HOME_PAGE = `<script lang="ts">
  let { data } = $props();
</script>

<h1>Welcome to Acme Notes</h1>
<p data-testid="session-state">{data.session?.user ? \`signed in as \${data.session.user.email}\` : "signed out"}</p>
`;

async function edit(file, change) {
  await fs.writeFile(file, change(await fs.readFile(file, "utf8")));
}

/**
 * The edits a person makes after init; `lib` is how the app imports src/lib (`$lib` in kit 2, `#lib` in kit 3).
 * `origin` (kit 3): adapter-node 6 has no ORIGIN variable and assumes https; the app's public origin goes in
 * the config's `paths.origin` instead.
 */
export async function applySvelteKitEdits(dir, { oidc, lib, origin }) {
  if (origin) {
    await edit(path.join(dir, "vite.config.ts"), (source) => {
      const plugin = "sveltekit({ adapter: adapter() })";
      if (!source.includes(plugin)) throw new Error(`vite.config.ts has no \`${plugin}\``);
      return source.replace(plugin, `sveltekit({ adapter: adapter(), paths: { origin: ${JSON.stringify(origin)} } })`);
    });
  }
  await edit(path.join(dir, "src", "auth.ts"), (source) => addDemoUser(source));
  const notes = path.join(dir, "src", "routes", "notes");
  await fs.writeFile(path.join(notes, "+page.server.ts"), PROTECTED_NOTES_LOAD.replace("LIB/", `${lib}/`));
  await fs.writeFile(path.join(notes, "+page.svelte"), PROTECTED_NOTES_PAGE);
  await fs.mkdir(path.join(dir, "src", "routes", "login"), { recursive: true });
  await fs.writeFile(path.join(dir, "src", "routes", "login", "+page.svelte"), LOGIN_PAGE);
  await fs.writeFile(path.join(dir, "src", "routes", "+page.svelte"), HOME_PAGE);
  await fillEnvFile(path.join(dir, ".env"), {
    AUTH_OIDC_ID: oidc.clientId,
    AUTH_OIDC_SECRET: oidc.clientSecret,
    AUTH_OIDC_ISSUER: oidc.issuer,
  });
}

/** The fixture's Node: SvelteKit 3 runs only on Node ≥ 22.17, so it gets Node 24; SvelteKit 2 our own. */
async function toolchain(node24) {
  if (!node24) return { node: process.execPath, env: appProcessEnv() };
  return { node: (await ensureNode24()).node, env: await node24Env(appProcessEnv()) };
}

/** Copies the fixture, initialises, edits, installs and builds it (`vite build`); every step timed. */
export async function prepareSvelteKitApp({
  fixture,
  node24 = false,
  lib = "$lib",
  origin,
  oidc,
  log = () => {},
  providers,
  initArgs = [],
  edits = applySvelteKitEdits,
}) {
  const { node, env } = await toolchain(node24);
  return prepareFixtureApp({
    fixture: fixturePath(fixture),
    providers,
    initArgs,
    log,
    env,
    edits: (dir) => edits(dir, { oidc, lib, origin }),
    async build(dir) {
      const vite = path.join(dir, "node_modules", "vite", "bin", "vite.js");
      return { build: (await runCommand(node, [vite, "build"], { cwd: dir, env })).ms };
    },
  });
}

/**
 * Starts adapter-node's output as its docs say (`node --env-file=.env build`) on 127.0.0.1:<port>, with
 * ORIGIN set to the URL the browser uses: without it adapter-node assumes https, so the app would build
 * https URLs and `__Host-` cookies that an http browser never sends back.
 */
export async function startSvelteKitApp(dir, port, { node24 = false, echo = false, origin } = {}) {
  const { node, env } = await toolchain(node24);
  return startServer(node, ["--env-file=.env", "build"], {
    cwd: dir,
    env: { ...env, HOST: "127.0.0.1", PORT: String(port), ORIGIN: origin ?? `http://localhost:${port}` },
    readyUrl: `http://127.0.0.1:${port}/`,
    timeoutMs: 60_000,
    echo,
  });
}
