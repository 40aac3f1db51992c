// The initialised Qwik City fixture as a person would run it: a fresh copy, the built CLI, the edits the
// generated plugin and the docs ask of a user (a user in `authorize`, a protected page showing the session
// with a sign-out form, their own sign-in page on `useSignIn`), install, a production build (client, then
// the node-server adapter) and the Node server started with the .env file.
import fs from "node:fs/promises";
import path from "node:path";
import { appProcessEnv, fillEnvFile, fixturePath, prepareFixtureApp } from "./fixture-app.mjs";
import { runCommand, startServer } from "./processes.mjs";
import { DEMO_USER } from "./user-edits.mjs";

export const QWIK_FIXTURE = fixturePath("qwik-city-1");
export const PLUGIN_FILE = path.join("src", "routes", "plugin@auth.ts");

const AUTHORIZE_LINE = /^([ \t]*)async authorize\(credentials\) \{[ \t]*$/m;

/**
 * Inserts the demo-user check after `async authorize(credentials) {`, comparing SHA-256 digests in constant
 * time with Web Crypto. Not node:crypto: Qwik also builds the `QwikAuth$` closure for the browser (it never
 * runs there), and a named import from a Node built-in fails that build.
 */
export function addWebCryptoDemoUser(source, user = DEMO_USER) {
  const match = AUTHORIZE_LINE.exec(source);
  if (!match) throw new Error("plugin@auth.ts has no `async authorize(credentials) {` line to add the demo user to");
  const indent = `${match[1]}  `;
  const check = [
    "// Demo user for local testing: compare digests in constant time (no early exit on the first wrong byte).",
    "const digest = async (value: unknown) =>",
    '  new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(String(value ?? ""))));',
    "const same = (a: Uint8Array, b: Uint8Array) => a.reduce((diff, byte, i) => diff | (byte ^ b[i]), 0) === 0;",
    `const emailMatches = same(await digest(credentials.email), await digest(${JSON.stringify(user.email)}));`,
    `const passwordMatches = same(await digest(credentials.password), await digest(${JSON.stringify(user.password)}));`,
    "if (emailMatches && passwordMatches) {",
    `  return { id: ${JSON.stringify(user.id)}, name: ${JSON.stringify(user.name)}, email: ${JSON.stringify(user.email)} };`,
    "}",
  ]
    .map((line) => indent + line)
    .join("\n");
  const end = match.index + match[0].length;
  return `${source.slice(0, end)}\n${check}${source.slice(end)}`;
}

/** The journal once protected: the route's own onRequest turns signed-out visitors away; useSession shows who. */
export const PROTECTED_JOURNAL = `import { component$ } from "@builder.io/qwik";
import { type DocumentHead, Form, type RequestHandler, routeLoader$ } from "@builder.io/qwik-city";
import { useSession, useSignOut } from "~/routes/plugin@auth";

export const onRequest: RequestHandler = ({ sharedMap, redirect, url }) => {
  if (!sharedMap.get("session")) {
    throw redirect(302, \`/auth/signin?\${new URLSearchParams({ callbackUrl: url.pathname })}\`);
  }
};

// Meant for signed-in team members only.
export const useEntries = routeLoader$(({ env }) => {
  const pageSize = Number(env.get("JOURNAL_PAGE_SIZE") ?? 25);
  const entries = [
    { id: 1, title: "Retro: the billing migration" },
    { id: 2, title: "What we learned from the outage drill" },
  ];
  return entries.slice(0, pageSize);
});

export default component$(() => {
  const session = useSession();
  const signOut = useSignOut();
  const entries = useEntries();
  return (
    <section>
      <h1>Journal</h1>
      <p>
        Signed in as <strong data-testid="user-name">{session.value?.user?.name}</strong> (
        <span data-testid="user-email">{session.value?.user?.email}</span>)
      </p>
      <Form action={signOut}>
        <input type="hidden" name="redirectTo" value="/" />
        <button type="submit">Sign out</button>
      </Form>
      <ul>
        {entries.value.map((entry) => (
          <li key={entry.id}>{entry.title}</li>
        ))}
      </ul>
    </section>
  );
});

export const head: DocumentHead = {
  title: "Journal · Acme Journal",
};
`;

/**
 * The app's own sign-in page on the useSignIn action: a credentials form (fields under \`options.\`), a
 * button for the company's identity provider, and a check that sends both actions input they must refuse
 * and shows what came back.
 */
export const LOGIN_PAGE = `import { component$, useSignal } from "@builder.io/qwik";
import { Form, useLocation } from "@builder.io/qwik-city";
import { useSignIn, useSignOut } from "~/routes/plugin@auth";

export default component$(() => {
  const signIn = useSignIn();
  const signOut = useSignOut();
  const checked = useSignal("");
  const error = useLocation().url.searchParams.get("error");
  return (
    <section>
      <h1>Sign in to Acme Journal</h1>
      {error ? <p role="alert">Sign-in failed ({error}).</p> : null}
      <Form action={signIn}>
        <input type="hidden" name="providerId" value="credentials" />
        <input type="hidden" name="options.redirectTo" value="/journal/" />
        <input name="options.email" type="email" aria-label="Email" required />
        <input name="options.password" type="password" aria-label="Password" required />
        <button type="submit">Sign in</button>
      </Form>
      {/* A full-page post: the action redirects to the identity provider, another origin. */}
      <Form action={signIn} reloadDocument>
        <input type="hidden" name="providerId" value="oidc" />
        <input type="hidden" name="redirectTo" value="/journal/" />
        <button type="submit">Sign in with the company account</button>
      </Form>
      <button
        type="button"
        onClick$={async () => {
          const refusedSignIn = await signIn.submit(
            JSON.parse('{"providerId":42,"redirectTo":["/"],"options":"all","authorizationParams":7}'),
          );
          const refusedSignOut = await signOut.submit(JSON.parse('{"redirectTo":{"to":"/"}}'));
          checked.value = JSON.stringify({ signIn: refusedSignIn, signOut: refusedSignOut });
        }}
      >
        Check validation
      </button>
      <pre data-testid="validation">{checked.value}</pre>
    </section>
  );
});
`;

/**
 * Applies the edits to an initialised app. `oidc` is the local identity provider; AUTH_URL stays unset, so
 * the app's origin is the one the browser uses (trusted outside production).
 */
export async function applyQwikUserEdits(dir, { oidc }) {
  const pluginFile = path.join(dir, PLUGIN_FILE);
  await fs.writeFile(pluginFile, addWebCryptoDemoUser(await fs.readFile(pluginFile, "utf8")));
  await fs.writeFile(path.join(dir, "src", "routes", "journal", "index.tsx"), PROTECTED_JOURNAL);
  await fs.mkdir(path.join(dir, "src", "routes", "login"), { recursive: true });
  await fs.writeFile(path.join(dir, "src", "routes", "login", "index.tsx"), LOGIN_PAGE);
  await fillEnvFile(path.join(dir, ".env"), {
    AUTH_OIDC_ID: oidc.clientId,
    AUTH_OIDC_SECRET: oidc.clientSecret,
    AUTH_OIDC_ISSUER: oidc.issuer,
  });
}

function bin(dir, ...segments) {
  return path.join(dir, "node_modules", ...segments);
}

/** What `qwik build` runs, minus its lint: type check, client build, then the node-server adapter's server build. */
export async function buildQwikApp(dir) {
  const env = appProcessEnv();
  const vite = bin(dir, "vite", "bin", "vite.js");
  const types = await runCommand(process.execPath, [bin(dir, "typescript", "bin", "tsc"), "--noEmit"], {
    cwd: dir,
    env,
  });
  const client = await runCommand(process.execPath, [vite, "build"], { cwd: dir, env });
  const server = await runCommand(process.execPath, [vite, "build", "-c", "adapters/node-server/vite.config.ts"], {
    cwd: dir,
    env,
  });
  return { types: types.ms, client: client.ms, server: server.ms };
}

/** The production server (`server/entry.node-server.js`) on `port`, with the .env file loaded as the docs say. */
export function startQwikApp(dir, port, { echo = false } = {}) {
  return startServer(process.execPath, ["--env-file=.env", path.join("server", "entry.node-server.js")], {
    cwd: dir,
    env: appProcessEnv({ PORT: String(port) }),
    readyUrl: `http://127.0.0.1:${port}/`,
    timeoutMs: 30_000,
    echo,
  });
}

/**
 * Every step before start, timed: init (`providers`, `initArgs`), the user's edits (`edits`, by default
 * applyQwikUserEdits), install, build. Removes the copy when a step fails.
 */
export function prepareQwikApp({ oidc, providers, initArgs = [], edits = (dir) => applyQwikUserEdits(dir, { oidc }) }) {
  return prepareFixtureApp({
    fixture: QWIK_FIXTURE,
    providers,
    initArgs,
    edits,
    async build(dir) {
      const { types, client, server } = await buildQwikApp(dir);
      return { typecheck: types, buildClient: client, buildServer: server };
    },
  });
}
