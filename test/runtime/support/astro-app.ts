/**
 * A real Astro 7 app using the Astro integration, as its docs tell a user to wire it: the API route
 * `src/pages/auth/[...auth].ts`, `src/middleware.ts` composing `auth.middleware` with the app's own middleware
 * (which sets a response header on everything) through `sequence()`, pages and endpoints reading the session,
 * guarded routes, and the app's own sign-in and sign-out endpoints. Static output with on-demand routes opting
 * out of prerendering (the documented setup), plus a prerendered home page. Built once (`astro build` with the
 * Node adapter in standalone mode, on Node 24: Astro 7 needs Node ≥ 22.12) into a directory under the repo's
 * .tmp/, whose node_modules the build and the server resolve through; each test file starts the production
 * server (`node dist/server/entry.mjs`) with the environment it needs.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { ensureNode24 } from "../../support/node24.mjs";
import { freePort } from "../../support/ports.mjs";
import { type RunningServer, runCommand, startServer } from "../../support/processes.mjs";
import { DEMO_USER, SECRET } from "../core/support.js";

const ROOT = path.resolve(import.meta.dirname, "..", "..", "..");

/** The runtime's source, imported by the app as a user's app imports the written package. */
const RUNTIME = path.join(ROOT, "src", "runtime");

export interface AstroAppOptions {
  /**
   * `false`: Astro's `security.checkOrigin` off and `auth.checkOrigin` first in the middleware, as the docs tell
   * an app whose provider posts its answer cross-site (Apple's form_post). Default: Astro's own check.
   */
  checkOrigin?: boolean;
}

/** The app's files; `@runtime/` stands for the runtime's source, as a path relative to each file. */
function files({ checkOrigin = true }: AstroAppOptions): Record<string, string> {
  const runtime = "@runtime";
  const prerenderOff = "export const prerender = false;\n";
  return {
    "package.json": JSON.stringify({ name: "astro-auth-app", private: true, type: "module" }, null, 2),
    "astro.config.mjs": `import node from "@astrojs/node";
import { defineConfig } from "astro/config";

export default defineConfig({
  adapter: node({ mode: "standalone" }),
  // The app resolves packages through the repository's node_modules, where a package Astro depends on may be
  // hoisted at another major (cookie 0.6 beside Astro's cookie 2): bundled, each import is resolved from its
  // importer, as an installed app's would be.
  vite: { ssr: { noExternal: true }, environments: { prerender: { resolve: { noExternal: true } } } },${checkOrigin ? "" : "\n  security: { checkOrigin: false },"}
});
`,
    "src/env.d.ts": `declare namespace App {
  interface Locals extends import("${runtime}/astro.js").AstroAuthLocals {}
}
`,
    "src/auth.ts": `import { AstroAuth } from "${runtime}/astro.js";
import credentials from "${runtime}/providers/credentials.js";
import github from "${runtime}/providers/github.js";

/** How many times a session token was decoded (the jwt callback runs once per read): for the test's eyes. */
export const decoded = { count: 0 };

export const auth = AstroAuth({
  // Every read is due for re-issue, so a refreshed cookie must go out with each.
  session: { updateAge: 0 },
  callbacks: {
    jwt({ token }) {
      decoded.count++;
      return token;
    },
  },
  providers: [
    credentials({
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(input) {
        if (input.email === ${JSON.stringify(DEMO_USER.email)} && input.password === "correct horse") {
          return ${JSON.stringify(DEMO_USER)};
        }
        return null;
      },
    }),
    github({ clientId: "Iv1.astro", clientSecret: "s" }),
  ],
});
`,
    "src/middleware.ts": `import { defineMiddleware, sequence } from "astro:middleware";
import { auth } from "./auth";

// The app's own middleware: a header on every response, set after the route answered.
const stamp = defineMiddleware(async (_context, next) => {
  const response = await next();
  response.headers.set("x-app-middleware", "stamped");
  return response;
});

// /raw/ is left to getSession alone, to show it writes a refreshed cookie back by itself.
const session = defineMiddleware((context, next) =>
  context.url.pathname.startsWith("/raw/") ? next() : auth.middleware(context, next),
);

export const onRequest = sequence(${checkOrigin ? "" : "auth.checkOrigin, "}session, stamp);
`,
    "src/pages/index.astro": `---
// Prerendered at build time: no visitor, so no session.
---
<h1>Home</h1>
<p id="state">{Astro.locals.session ? "signed in" : "static"}</p>
`,
    // Prerendered too: the browser client in a page's <script>, bundled by Vite, for the test to drive.
    "src/pages/client.astro": `<h1>Client</h1>
<script>
  import * as client from "@runtime/astro/client.js";

  Object.assign(window, { authClient: client });
  document.body.dataset.ready = "yes";
</script>
`,
    "src/pages/auth/[...auth].ts": `${prerenderOff}import { auth } from "../../auth";

export const { GET, POST } = auth;
`,
    // A second route for the same auth, where the base path (/auth) is not: refused on its first request.
    "src/pages/api/auth/[...auth].ts": `${prerenderOff}import { auth } from "../../../auth";

export const { GET, POST } = auth;
`,
    // The app's own form, posted to its own page.
    "src/pages/notes.astro": `---
${prerenderOff}const saved = Astro.request.method === "POST" ? String((await Astro.request.formData()).get("title")) : "";
---
<form method="post"><input name="title" /><button>Save</button></form>
<p id="saved">{saved}</p>
`,
    "src/pages/decoded.ts": `${prerenderOff}import { decoded } from "../auth";

export const GET = () => Response.json(decoded);
`,
    "src/pages/me.ts": `${prerenderOff}import type { APIRoute } from "astro";
import { auth } from "../auth";

export const GET: APIRoute = async (context) =>
  Response.json({ session: await auth.getSession(context), local: context.locals.session });
`,
    "src/pages/profile.astro": `---
${prerenderOff}import { auth } from "../auth";
const session = await auth.getSession(Astro);
---
<h1>Profile</h1>
<p id="email">{session?.user?.email ?? "signed out"}</p>
<p id="local">{Astro.locals.session?.user?.email ?? "none"}</p>
`,
    "src/pages/raw/me.ts": `${prerenderOff}import type { APIRoute } from "astro";
import { auth } from "../../auth";

export const GET: APIRoute = async (context) => Response.json({ session: await auth.getSession(context) });
`,
    "src/pages/raw/page.astro": `---
${prerenderOff}import { auth } from "../../auth";
const session = await auth.getSession(Astro);
---
<p id="email">{session?.user?.email ?? "signed out"}</p>
`,
    "src/pages/api/notes.ts": `${prerenderOff}import type { APIRoute } from "astro";
import { auth } from "../../auth";

export const GET: APIRoute = async (context) => {
  const session = await auth.requireSession(context);
  if (session instanceof Response) return session;
  return Response.json({ notes: ["one"], user: session.user?.email, local: context.locals.session?.user?.email });
};
`,
    "src/pages/account.astro": `---
${prerenderOff}import { auth } from "../auth";
const session = await auth.requireSession(Astro);
if (session instanceof Response) return session;
---
<h1>Account</h1>
<p id="email">{session.user?.email}</p>
`,
    "src/pages/login.ts": `${prerenderOff}import type { APIRoute } from "astro";
import { auth } from "../auth";

export const POST: APIRoute = (context) => auth.signIn(context, "credentials");
`,
    "src/pages/login/github.ts": `${prerenderOff}import type { APIRoute } from "astro";
import { auth } from "../../auth";

export const POST: APIRoute = (context) => auth.signIn(context, "github", { redirectTo: "/account" });
`,
    "src/pages/logout.ts": `${prerenderOff}import type { APIRoute } from "astro";
import { auth } from "../auth";

export const POST: APIRoute = (context) => auth.signOut(context);
`,
  };
}

export interface AstroApp {
  dir: string;
  node: string;
  /** Starts the production server on a free loopback port with `env` on top of the test's. */
  start(env?: Record<string, string | undefined>): Promise<{ origin: string; server: RunningServer }>;
  /** Stops every server started and removes the app. */
  dispose(): Promise<void>;
}

/** Writes and builds the app (about 15 s on 2 cores); `start` serves it as many times as a test file needs. */
export async function buildAstroApp(options: AstroAppOptions = {}): Promise<AstroApp> {
  const { node } = await ensureNode24();
  const parent = path.join(ROOT, ".tmp");
  await fs.mkdir(parent, { recursive: true });
  const dir = await fs.mkdtemp(path.join(parent, "astro-app-"));
  for (const [file, text] of Object.entries(files(options))) {
    const target = path.join(dir, file);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.writeFile(target, text.replaceAll('"@runtime/', `"${path.relative(path.dirname(target), RUNTIME)}/`));
  }
  try {
    await runCommand(node, [path.join(ROOT, "node_modules", "astro", "bin", "astro.mjs"), "build"], {
      cwd: dir,
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: "1" },
      timeoutMs: 240_000,
    });
  } catch (error) {
    await fs.rm(dir, { recursive: true, force: true });
    throw error;
  }
  const servers: RunningServer[] = [];
  return {
    dir,
    node,
    async start(env = {}) {
      const port = await freePort();
      const origin = `http://127.0.0.1:${port}`;
      const server = await startServer(node, [path.join(dir, "dist", "server", "entry.mjs")], {
        cwd: dir,
        env: {
          ...process.env,
          NODE_ENV: "production",
          HOST: "127.0.0.1",
          PORT: String(port),
          AUTH_SECRET: SECRET,
          AUTH_URL: undefined,
          AUTH_TRUST_HOST: undefined,
          ...env,
        },
        readyUrl: `${origin}/auth/providers`,
      });
      servers.push(server);
      return { origin, server };
    },
    async dispose() {
      await Promise.all(servers.splice(0).map((server) => server.stop()));
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
