/**
 * A Nuxt server, as far as it runs without Nuxt: h3 1.15 (Nitro 2's server layer) with its router, served on
 * loopback through node:http, wired as Nitro wires a Nuxt app's `server/` folder: the `request` hook of the
 * Nitro plugins (Nitro's `onRequest` calls it for every event), `server/routes/auth/[...].ts` as `/auth/**`,
 * and the app's own routes. Also what the tests send as a browser would (fetch with a cookie jar, raw HTTP for
 * what fetch refuses to send).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createApp, createRouter, defineEventHandler, type H3Event, readBody, toNodeListener } from "h3";
import { type NitroAppHooks, type NuxtAuthConfig, NuxtAuth as NuxtAuthFactory } from "../../../src/runtime/nuxt.js";
import { baseConfig, captureLogger } from "../core/support.js";

/** The config as a user writes it in server/utils/auth.ts: no basePath (the route file's `/auth` is the default). */
export function userConfig(overrides: Partial<NuxtAuthConfig> = {}): NuxtAuthConfig {
  const { basePath: _unused, ...config } = baseConfig({ logger: captureLogger().logger });
  return { ...config, ...overrides };
}

/** The request hook's handlers, as Nitro's `nitroApp.hooks` holds them (hookable's `hook`/`callHook`). */
function nitroHooks(): NitroAppHooks & { callHook(event: H3Event): Promise<void> } {
  const handlers: Array<(event: H3Event) => unknown> = [];
  return {
    hooks: {
      hook: (_name, handler) => handlers.push(handler as (event: H3Event) => unknown),
    },
    async callHook(event) {
      for (const handler of handlers) await handler(event);
    },
  };
}

export interface NuxtServer {
  origin: string;
  auth: ReturnType<typeof NuxtAuthFactory>;
  close(): Promise<void>;
}

/**
 * The app: `server/utils/auth.ts` (NuxtAuth), `server/plugins/auth.ts` (its plugin), `server/routes/auth/[...].ts`,
 * and the app's routes under `server/api/` and `server/routes/`, some guarded. `setup` adds more routes first.
 */
export async function nuxtServer(
  config: NuxtAuthConfig,
  options: {
    route?: string;
    /** Nuxt's `app.baseURL`: Nitro mounts its router there, and h3 strips it from `req.url`. */
    baseURL?: string;
    setup?: (router: ReturnType<typeof createRouter>, auth: NuxtServer["auth"]) => void;
    onRequest?: (event: H3Event) => void | Promise<void>;
  } = {},
): Promise<NuxtServer> {
  const auth = NuxtAuthFactory(config);
  const { handler, getSession, requireSession, signIn, signOut } = auth;
  const nitro = nitroHooks();
  auth.plugin(nitro);
  const app = createApp({
    onRequest: async (event) => {
      await options.onRequest?.(event);
      await nitro.callHook(event);
    },
  });
  // Preemptive, as Nitro makes its router: a matched handler that returns nothing is answered 204.
  const router = createRouter({ preemptive: true });
  options.setup?.(router, auth);
  router.use(options.route ?? "/auth/**", defineEventHandler(handler));
  router.get(
    "/api/me",
    defineEventHandler(async (event) => ({ session: await getSession(event) })),
  );
  router.get(
    "/api/notes",
    defineEventHandler(async (event) => {
      const session = await requireSession(event);
      return { notes: ["Launch checklist"], owner: session.user?.email };
    }),
  );
  router.get(
    "/dashboard",
    defineEventHandler(async (event) => {
      await requireSession(event);
      return "dashboard";
    }),
  );
  // What useSession() does while a page renders on the server: the plugin's read on the event's context.
  router.get(
    "/ssr",
    defineEventHandler(async (event) => {
      const context = event.context.auth as { getSession(): Promise<unknown> };
      return { session: await context.getSession() };
    }),
  );
  router.post(
    "/login",
    defineEventHandler(async (event) => {
      const body = await readBody<Record<string, string>>(event);
      return signIn(event, "credentials", { ...body, redirectTo: "/dashboard" });
    }),
  );
  router.post(
    "/logout",
    defineEventHandler((event) => signOut(event, { redirectTo: "/" })),
  );
  router.post(
    "/api/notes",
    defineEventHandler(async (event) => ({ title: (await readBody<{ title: string }>(event)).title })),
  );
  if (options.baseURL) app.use(options.baseURL, router.handler);
  else app.use(router);
  const server = http.createServer(toNodeListener(app));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    auth,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
