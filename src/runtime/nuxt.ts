/**
 * Nuxt integration (Nuxt 4 on Nitro 2, whose server is h3 1): `NuxtAuth(config)` gives the four verbs for the
 * app's server code, made once in `server/utils/auth.ts` so that Nitro auto-imports them everywhere on the
 * server:
 * - `handler`, the event handler of `server/routes/auth/[...].ts` (`export default defineEventHandler(handler)`);
 * - `getSession(event)`, writing a rolled JWT back on the event's response;
 * - `requireSession(event)`, the guard of a server route (401 for an API request, sign-in for a page);
 * - `signIn(event, …)` / `signOut(event, …)` from the app's own server routes;
 * - `plugin`, a Nitro plugin (`server/plugins/auth.ts`) through which `useSession()` reads the session while a
 *   page renders on the server (nuxt/session.ts, docs/nuxt.md).
 * A translation layer only: every auth decision is the core's. The origin is the core's rule too: AUTH_URL,
 * else the request's Host, and X-Forwarded-* only under `trustHost` (AUTH_TRUST_HOST). h3 is never imported at
 * run time (nuxt/event.ts).
 */
import { Auth } from "./core/auth.js";
import { normalizeBasePath } from "./core/request.js";
import { isAuthPath } from "./core/server/action-request.js";
import type { IntegrationConfig } from "./core/server/config.js";
import { mountedConfig, processEnv } from "./core/server/mount-defaults.js";
import { writeResponse } from "./core/server/node-message.js";
import { connectionUrl, type NuxtEvent, toWebRequest } from "./nuxt/event.js";
import { H3Answer } from "./nuxt/http-error.js";
import {
  guard,
  type NuxtSignInOptions,
  type NuxtSignOutOptions,
  readEventSession,
  type Served,
  signIn,
  signOut,
} from "./nuxt/verbs.js";
import type { Session } from "./types.js";

export { AuthError, CredentialsSignin } from "./errors.js";
export type { NuxtEvent } from "./nuxt/event.js";
export { H3Answer, MalformedRequest, SessionRequired } from "./nuxt/http-error.js";
export type { NuxtSignInOptions, NuxtSignOutOptions } from "./nuxt/verbs.js";
export type { Account, DefaultSession, Profile, Session, User } from "./types.js";

/** The configuration accepted by `NuxtAuth`: the core's, minus the `raw` marker this layer manages. */
export type NuxtAuthConfig = IntegrationConfig;

/** What the Nitro plugin puts on every event's context: the session read, for `useSession()` on the server. */
export interface NuxtAuthContext {
  /** The request's session (read once per request), or `null`; a rolled JWT goes out with the page. */
  getSession(): Promise<Session | null>;
}

/** The part of Nitro's app the plugin uses: its `request` hook, called with every event before any handler. */
export interface NitroAppHooks {
  hooks: { hook(name: "request", handler: (event: NuxtEvent) => void): unknown };
}

export interface NuxtAuth {
  /**
   * Serves the auth actions: `server/routes/auth/[...].ts` is `export default defineEventHandler(handler)`.
   * The base path is the config's `basePath`, else AUTH_URL's path, else `/auth`; a route file that says
   * otherwise is refused on its first request (NuxtAuthMountError), so the handler and the reads never
   * disagree on it. Any other path or method under the route is answered 404.
   */
  handler: (event: NuxtEvent) => Promise<void>;
  /** The session of the request (read once per request), or `null`; a rolled JWT is written back on the response. */
  getSession(event: NuxtEvent): Promise<Session | null>;
  /**
   * The session of a signed-in user; otherwise throws `SessionRequired`, which h3 answers 401 (JSON) for an
   * API request, or 303 to the sign-in page for a page's navigation. The config's `authorized` callback can
   * refuse a signed-in user too (or answer with its own Response).
   */
  requireSession(event: NuxtEvent): Promise<Session>;
  /** Signs in server-side (credentials: `{ email, password }`), then redirects (303) where the core decided. */
  signIn(event: NuxtEvent, providerId?: string, options?: NuxtSignInOptions): Promise<void>;
  /** Ends the session, then redirects (303) to `redirectTo`, else the Referer, else `/`. */
  signOut(event: NuxtEvent, options?: NuxtSignOutOptions): Promise<void>;
  /** The Nitro plugin (`export default defineNitroPlugin(plugin)`) giving `event.context.auth` to `useSession()`. */
  plugin(nitroApp: NitroAppHooks): void;
}

/** A route file whose path is not the base path the reads and helpers build URLs on. */
export class NuxtAuthMountError extends Error {
  readonly code = "NUXT_AUTH_MOUNT";
  override name = "NuxtAuthMountError";
}

/** The path as h3's router matches it (percent-decoded), or as sent when it does not decode. */
function decodedPath(pathname: string): string {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}

/**
 * Where the route file lives, from h3's router: `server/routes/auth/[...].ts` matches `/auth/**`, and the
 * catch-all's value is the rest of the path, so the path without it is the mount. Undefined when the route has
 * no catch-all (an exact route) or its value is not the end of the path.
 */
function mountOf(event: NuxtEvent, pathname: string): string | undefined {
  const params = event.context.params;
  if (typeof params !== "object" || params === null) return undefined;
  for (const value of Object.values(params as Record<string, unknown>)) {
    if (typeof value !== "string" || value === "") continue;
    const rest = `/${value}`;
    // h3 matches the decoded path: the value is compared with it, and the mount taken from it.
    const path = decodedPath(pathname);
    if (path.endsWith(rest)) return path.slice(0, path.length - rest.length).replace(/\/+$/, "");
  }
  return undefined;
}

export function NuxtAuth(config: NuxtAuthConfig): NuxtAuth {
  let env: Record<string, string | undefined> | undefined;
  // Read on the first request: the app has loaded its env (`nuxi dev`'s .env, the platform's) by then.
  const served: Served = {
    env: () => {
      env ??= processEnv();
      return env;
    },
    // Made once per config object, never mutating the app's (core/server/mount-defaults.ts).
    config: () => mountedConfig(config, undefined, served.env()),
  };
  const reads = new WeakMap<NuxtEvent, Promise<Session | null>>();

  async function handler(event: NuxtEvent): Promise<void> {
    const current = served.config();
    const basePath = normalizeBasePath(current.basePath);
    const url = connectionUrl(event);
    const mount = mountOf(event, url.pathname);
    if (mount !== undefined && mount !== basePath && isAuthPath(url.pathname.slice(mount.length), "/")) {
      throw new NuxtAuthMountError(
        `The auth route is served at ${mount || "/"} but its base path is ${basePath || "/"}: set \`basePath: "${mount}"\` in the auth config (or AUTH_URL's path), or move the route file to serve ${basePath}/**.`,
      );
    }
    const method = event.node.req.method?.toUpperCase();
    // Not the core's: a 404 thrown, not a handler that returns nothing, which Nitro's preemptive router
    // would answer 204.
    if ((method !== "GET" && method !== "POST") || !isAuthPath(url.pathname, current.basePath)) {
      throw new H3Answer(404, "Not Found", `No auth action at ${method ?? "GET"} ${url.pathname}.`);
    }
    await writeResponse(await Auth(await toWebRequest(event), current), event.node.res);
  }

  function getSession(event: NuxtEvent): Promise<Session | null> {
    let read = reads.get(event);
    if (!read) {
      read = readEventSession(served, event);
      reads.set(event, read);
    }
    return read;
  }

  async function requireSession(event: NuxtEvent): Promise<Session> {
    const session = await guard(served, event, reads.has(event));
    // A later getSession(event) in the route answers from the guard's read (its cookies are already set).
    reads.set(event, Promise.resolve(session));
    return session;
  }

  function plugin(nitroApp: NitroAppHooks): void {
    nitroApp.hooks.hook("request", (event) => {
      const context: NuxtAuthContext = { getSession: () => getSession(event) };
      event.context.auth = context;
    });
  }

  return {
    handler,
    getSession,
    requireSession,
    signIn: (event, providerId, options) => signIn(served, event, providerId, options ?? {}),
    signOut: (event, options) => signOut(served, event, options ?? {}),
    plugin,
  };
}
